//! The authority under an asynchronous failover (this app's addition): U60's authority on a
//! Redis primary with one replica, watched by three sentinels.
//!
//! The replica is cut off before A's grant — stopped (SIGSTOP) and its link killed from the
//! primary's side: a stopped process's socket still receives the replication stream and would
//! apply it on resume — so A's `INCR` exists only on the primary. The primary is killed, the
//! replica resumed at once (Sentinel skips a replica whose link has been down for more than ten
//! times `down-after-milliseconds`) and promoted. B's grant on it gets A's fence again.

use crate::authority::{Authority, GenerationStore};
use crate::evidence::{model_says, timeline, within, FaultLog, Injected, ModelSays};
use crate::faults::Faults;
use crate::resource::{Resource, WriteOutcome};
use crate::{committed, outcome, publish, Error, LEASE_MS};
use fencing_model::scenario::Defects;
use redis::Connection;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The name the sentinels monitor the primary under (scripts/u60.sh).
const MASTER: &str = "u60";
/// The lesson's issuer before the first grant: A's fence is 41, as in the lesson.
const SEEDED: u64 = 40;
/// How long the grant waits for the replica's acknowledgement (`WAIT 1 WAIT_MS`).
const WAIT_MS: u64 = 100;

/// The servers: the two Redis nodes and the three sentinels, by loopback port.
pub struct Replicated {
    pub nodes: [u16; 2],
    pub sentinels: Vec<u16>,
}

#[derive(Debug, Serialize)]
pub struct AsyncFailover {
    /// The grant followed by `WAIT 1`, and refused unless the replica acknowledged it.
    pub wait: bool,
    pub primary: u16,
    pub replica: u16,
    /// The generation before A's grant, on both nodes.
    pub seeded: u64,
    /// A's grant on the primary, and whether A may use it (with `wait`: only if acknowledged).
    pub fence_a: u64,
    pub a_granted: bool,
    pub acked: Option<i64>,
    /// From the primary's death to the replica answering as the new primary.
    pub failover_ms: u128,
    /// The generation the promoted replica holds.
    pub promoted_generation: u64,
    pub fence_b: u64,
    pub b_write: WriteOutcome,
    /// A writes only with a grant it may use.
    pub a_write: Option<WriteOutcome>,
    pub committed: (Option<String>, u64, u64),
    pub injected: Vec<Injected>,
    /// The model's verdict for the same order, where the model has that run.
    pub model: Option<ModelSays>,
}

fn connect(port: u16) -> Result<Connection, Error> {
    Ok(redis::Client::open(format!("redis://127.0.0.1:{port}/"))?.get_connection()?)
}

/// Sentinel's replies to `SENTINEL master|replicas` are flat field/value lists.
fn field(flat: &[String], name: &str) -> String {
    flat.chunks(2).find(|kv| kv[0] == name).map(|kv| kv[1].clone()).unwrap_or_default()
}

/// The primary every sentinel names, once all three know each other and the replica is
/// linked and healthy: `(primary, replica)`.
fn settled(r: &Replicated) -> Result<Option<(u16, u16)>, Error> {
    let mut primaries = Vec::new();
    for &port in &r.sentinels {
        let mut s = connect(port)?;
        let master: Vec<String> = redis::cmd("SENTINEL").arg("master").arg(MASTER).query(&mut s)?;
        if field(&master, "flags") != "master"
            || field(&master, "num-other-sentinels") != (r.sentinels.len() - 1).to_string()
        {
            return Ok(None);
        }
        let replicas: Vec<Vec<String>> =
            redis::cmd("SENTINEL").arg("replicas").arg(MASTER).query(&mut s)?;
        if !replicas
            .iter()
            .any(|f| field(f, "flags") == "slave" && field(f, "master-link-status") == "ok")
        {
            return Ok(None);
        }
        primaries.push(field(&master, "port").parse::<u16>()?);
    }
    let primary = primaries[0];
    let Some(&replica) = r.nodes.iter().find(|&&n| n != primary) else { return Ok(None) };
    if primaries.iter().any(|&p| p != primary) || !r.nodes.contains(&primary) {
        return Ok(None);
    }
    let info: String = redis::cmd("INFO").arg("replication").query(&mut connect(replica)?)?;
    let linked = info.contains("master_link_status:up")
        && info.contains(&format!("master_port:{primary}\r"));
    Ok(linked.then_some((primary, replica)))
}

/// One run: A's grant on a primary whose replica is cut off, the primary killed, B's grant on
/// the promoted replica, then B's write and A's at the resource (B first).
pub fn async_failover(
    r: &Replicated,
    db: &mut Resource,
    faults: &Faults,
    wait: bool,
    id: &str,
) -> Result<AsyncFailover, Error> {
    let (primary, replica) =
        within("复制与三个 sentinel 就绪", Duration::from_secs(30), || settled(r))?;
    let mut p = connect(primary)?;
    redis::cmd("FLUSHALL").exec(&mut p)?;
    redis::cmd("SET").arg(format!("generation:{id}")).arg(SEEDED).exec(&mut p)?;
    let seeded_acks: i64 = redis::cmd("WAIT").arg(1).arg(5000).query(&mut p)?;
    if seeded_acks < 1 {
        return Err("副本没有确认初始 generation".into());
    }
    db.create(id)?;
    let mut log = FaultLog::new(faults);
    log.inject(&["pause", &replica.to_string()], format!("副本 {replica} 被暂停（SIGSTOP）"))?;
    let cut: i64 = redis::cmd("CLIENT").arg("KILL").arg("TYPE").arg("replica").query(&mut p)?;
    log.record(format!("主节点一侧断开复制连接（CLIENT KILL TYPE replica：{cut} 个）"));
    let mut auth = Authority::new(p, id, GenerationStore::Durable);
    // A's lease is U60's short one and A never renews it (its pause). The promoted replica lacks
    // A's lease key too: it grants B because it knows nothing of A; only because the failover
    // takes longer than the lease does B's grant not overlap A's lease in this run.
    let fence_a = auth.acquire("A", LEASE_MS, &format!("{id}-A-1"))?.ok_or("A 的授予被拒")?;
    log.record(format!(
        "A 在主节点 {primary} acquire → fence={fence_a}，租约 {LEASE_MS} ms（这次 INCR 只在主节点上）；A 随后不再续租（模拟暂停）"
    ));
    // Shorter than A's lease: an acknowledged grant still has most of its lease left.
    let acked = if wait { Some(auth.wait_replicas(1, WAIT_MS)?) } else { None };
    let a_granted = acked.is_none_or(|n| n >= 1);
    if let Some(n) = acked {
        log.record(if a_granted {
            format!("WAIT 1 {WAIT_MS} → {n}：副本已确认，授予成立")
        } else {
            format!(
                "WAIT 1 {WAIT_MS} → {n}：{WAIT_MS} ms 内没有副本确认，授权权威答复 A 授予被拒；\
                 A 的客户端收到过 41，按协议不使用它（资源无法分辨；主节点上的 INCR 与租\
                 约键也不回滚）"
            )
        });
    }
    log.inject(&["kill", &primary.to_string()], format!("主节点 {primary} 被杀（SIGKILL）"))?;
    let died = Instant::now();
    log.inject(&["resume", &replica.to_string()], format!("副本 {replica} 恢复运行（SIGCONT）"))?;
    within("Sentinel 提升副本", Duration::from_secs(30), || {
        let mut s = connect(r.sentinels[0])?;
        let addr: Vec<String> =
            redis::cmd("SENTINEL").arg("get-master-addr-by-name").arg(MASTER).query(&mut s)?;
        let role: Vec<redis::Value> = redis::cmd("ROLE").query(&mut connect(replica)?)?;
        let is_master = matches!(role.first(), Some(redis::Value::BulkString(b)) if b == b"master");
        Ok((addr.get(1) == Some(&replica.to_string()) && is_master).then_some(()))
    })?;
    let failover_ms = died.elapsed().as_millis();
    let mut promoted = connect(replica)?;
    let promoted_generation: u64 =
        redis::cmd("GET").arg(format!("generation:{id}")).query(&mut promoted)?;
    log.record(format!(
        "Sentinel 把 {replica} 提升为主节点（主节点死后 {failover_ms} ms）；它的 generation 仍是 \
         {promoted_generation}（从未收到 A 的 INCR）"
    ));
    let fence_b = Authority::new(promoted, id, GenerationStore::Durable)
        .acquire("B", LEASE_MS * 10, &format!("{id}-B-1"))?
        .ok_or("B 的授予被拒")?;
    log.record(format!("B 在新主节点 {replica} acquire → fence={fence_b}"));
    let b_write = publish(db, id, 'B', fence_b, 1)?;
    let a_write = if a_granted { Some(publish(db, id, 'A', fence_a, 2)?) } else { None };
    let committed = db.state(id)?;
    // The old primary comes back empty; Sentinel turns it into the new primary's replica.
    log.inject(
        &["start", &primary.to_string()],
        format!("旧主节点 {primary} 重新启动（空数据，由 Sentinel 改为副本）"),
    )?;
    let model =
        a_granted.then(|| model_says(Defects { rollback_issuer: true, ..Defects::default() }));
    Ok(AsyncFailover {
        wait,
        primary,
        replica,
        seeded: SEEDED,
        fence_a,
        a_granted,
        acked,
        failover_ms,
        promoted_generation,
        fence_b,
        b_write,
        a_write,
        committed,
        injected: log.injected,
        model,
    })
}

impl AsyncFailover {
    /// Without `WAIT`: the fence reissued and A's stale write over B's, as the model's
    /// `rollback-issuer` says of the same order. With it: A's grant refused, B's fence B's alone.
    pub fn holds(&self) -> bool {
        // B's grant came after A's lease would have run out: a legitimate grant, a reused number.
        let after_lease = self.failover_ms > u128::from(LEASE_MS);
        let reissued = after_lease
            && self.promoted_generation + 1 == self.fence_a
            && self.fence_b == self.fence_a
            && self.b_write == WriteOutcome::Applied;
        if self.wait {
            reissued && self.acked == Some(0) && !self.a_granted && self.a_write.is_none()
        } else {
            let model = self.model.as_ref().is_some_and(|m| m.a_applied && !m.broken.is_empty());
            reissued && self.a_granted && self.a_write == Some(WriteOutcome::Applied) && model
        }
    }

    pub fn verdict(&self) -> &'static str {
        if self.wait {
            "Redis 故障切换，授予后 WAIT 1（本学习台补充，课程未讨论 WAIT）：100 ms 内无副本确认，授予被拒；本次运行里 41 只由 B 使用"
        } else {
            "Redis 异步复制的故障切换：被提升的副本仍是 40，B 再次拿到 41，旧 A 的写入覆盖了 B——课\
             程「Redis INCR 的异步故障切换也不天然满足此要求」的一个实例（复制缺口是人为制造的）"
        }
    }

    pub fn report(&self, n: usize) -> String {
        let mut out = format!(
            "{n}. Redis 异步复制下的故障切换{}\n   主节点 {}，副本 {}；初始 generation={}，\
             两个节点都有（WAIT 1 已确认）；A 取号之前，副本被暂停并断开复制\n",
            if self.wait {
                "，授予后 WAIT 1 100，无副本确认即拒绝授予"
            } else {
                "，授予后不等副本确认"
            },
            self.primary,
            self.replica,
            self.seeded
        );
        out += &timeline(&self.injected);
        out += &format!("   B 带 ({},1) 提交：{}\n", self.fence_b, outcome(&self.b_write));
        out += &match &self.a_write {
            Some(o) => format!("   旧 A 带 ({},2) 提交：{}\n", self.fence_a, outcome(o)),
            None => "   A 没有拿到授予，不写入\n".to_string(),
        };
        out += &format!("   资源最终：{}\n", committed(&self.committed));
        if let Some(m) = &self.model {
            out += &format!(
                "   A 的租约在 B 取号前已到期；但被提升的副本同样没有 A 的租约键，若切换快于租期，\
                 B 会在 A 的租约仍有效时获授——本次只因切换慢于租期才没有发生。\n   \
                 资源上的数值没有后退（41 → 41），后退的是已提交结果所属的授予：\
                 第 2 次授予（B）的结果被第 1 次授予（A）的写入覆盖，即课程说的「资源无法区分两个 \
                 41 所属的任期，旧 A 的较大 op_seq 甚至可能覆盖 B」\n\
                 {}   资源侧结果与模型相同；成因相近：模型里发号器从旧备份恢复到 40，\
                 这里被提升的副本从未收到 A 的 INCR，仍是 40\n",
                m.line()
            );
        }
        if self.wait {
            out += "   （本学习台补充）WAIT 在这次故障里改变的：100 ms 内没有副本确认，\
                    授权权威拒绝了这次授予，本次运行里 41 只由 B 使用；代价是可用性——副本不确认就\
                    不授予。\n   \
                    它不承诺的：Redis 文档说 WAIT 不让 Redis 成为强一致存储，故障切换时 Sentinel 只\
                    是尽力提升收到了该写入的副本，被副本确认过的写入仍可能丢失（这两个节点也不\
                    落盘）。\n   \
                    课程给的办法是「可靠持久高水位、保证不重用的新 epoch 加计数器，\
                    或先封停旧权威/旧资源通道再受控切换授权域」；尽力而为的 WAIT 不在其中，\
                    本次也没有运行「副本已确认、写入仍丢失」的路径。\n";
        }
        out + "\n"
    }
}
