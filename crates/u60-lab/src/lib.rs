//! U60 for real: the lesson's validation replayed against a Redis lease authority and a
//! MySQL-compatible resource. Each scenario returns what happened as data; `report` prints it.
//! With a fault injector (`scripts/u60.sh fault …`) two more scenarios run: the authority
//! killed mid-scenario, and the resource restarted between two writes.

pub mod authority;
pub mod etcd;
pub mod failover;
pub mod faults;
pub mod raft;
pub mod resource;
pub mod sentinel;

use authority::{Authority, GenerationStore};
use faults::{AuthorityDown, DbRestart, Faults};
use resource::{Resource, Write, WriteOutcome};
use std::time::{Duration, Instant};

/// Lease time used by the scenarios: short, so "A pauses past its lease" takes a moment.
pub const LEASE_MS: u64 = 300;

pub struct Servers {
    pub redis_url: String,
    pub mysql_url: String,
}

pub type Error = Box<dyn std::error::Error>;

impl Servers {
    pub(crate) fn authority(
        &self,
        resource: &str,
        store: GenerationStore,
    ) -> Result<Authority, Error> {
        Ok(Authority::new(
            redis::Client::open(self.redis_url.as_str())?.get_connection()?,
            resource,
            store,
        ))
    }

    pub(crate) fn mysql(&self) -> Result<mysql::Conn, Error> {
        Ok(mysql::Conn::new(mysql::Opts::from_url(&self.mysql_url)?)?)
    }

    /// Server versions, for the report's header.
    pub fn versions(&self) -> Result<(String, String), Error> {
        Ok((redis_version(self.redis_url.as_str())?, mysql_version(&mut self.mysql()?)?))
    }
}

/// The version a Redis server (or sentinel) reports.
pub(crate) fn redis_version(url: &str) -> Result<String, Error> {
    let info: String =
        redis::cmd("INFO").arg("server").query(&mut redis::Client::open(url)?.get_connection()?)?;
    Ok(info
        .lines()
        .find_map(|l| l.strip_prefix("redis_version:"))
        .unwrap_or("?")
        .trim()
        .to_string())
}

/// The version the MySQL-compatible server reports.
pub(crate) fn mysql_version(conn: &mut mysql::Conn) -> Result<String, Error> {
    Ok(mysql::prelude::Queryable::query_first(conn, "SELECT VERSION()")?.unwrap_or_default())
}

/// A's or B's result at the resource, as in the 41/42/41 timeline.
pub(crate) fn publish(
    db: &mut Resource,
    id: &str,
    who: char,
    fence: u64,
    seq: u64,
) -> Result<WriteOutcome, Error> {
    let (key, digest, value) =
        (format!("{id}:publish-{who}"), format!("result={who}"), format!("{who} 的结果"));
    Ok(db.write(id, &Write { key: &key, digest: &digest, value: &value, fence, seq })?)
}

/// Wait until the server itself has expired the lease: the pause outlives it.
pub(crate) fn pause_past_lease(auth: &mut Authority) -> Result<Duration, Error> {
    let start = Instant::now();
    while auth.lease_pttl()? != -2 {
        if start.elapsed() > Duration::from_secs(5) {
            return Err("the lease did not expire within 5 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(start.elapsed())
}

#[derive(Debug, serde::Serialize)]
pub struct Timeline {
    pub fence_a: u64,
    pub fence_b: u64,
    pub paused_ms: u128,
    pub a_renewed_after_expiry: bool,
    pub b_write: WriteOutcome,
    pub a_write: WriteOutcome,
    pub committed: (Option<String>, u64, u64),
}

/// 41/42/41 with real fences: A acquires, pauses past its lease, B acquires and commits,
/// A's stale write reaches the resource.
pub fn timeline(
    s: &Servers,
    db: &mut Resource,
    store: GenerationStore,
    resource_id: &str,
) -> Result<Timeline, Error> {
    let mut auth = s.authority(resource_id, store)?;
    db.create(resource_id)?;
    let fence_a = auth
        .acquire("A", LEASE_MS, &format!("{resource_id}-A-1"))?
        .ok_or("A's first acquire was refused")?;
    let paused = pause_past_lease(&mut auth)?;
    let a_renewed_after_expiry = auth.renew("A", LEASE_MS)?;
    let fence_b = auth
        .acquire("B", LEASE_MS * 10, &format!("{resource_id}-B-1"))?
        .ok_or("B's acquire was refused")?;
    let b_write = publish(db, resource_id, 'B', fence_b, 1)?;
    // A resumes and publishes with its old fence; its op_seq is larger, as in the lesson.
    let a_write = publish(db, resource_id, 'A', fence_a, 2)?;
    Ok(Timeline {
        fence_a,
        fence_b,
        paused_ms: paused.as_millis(),
        a_renewed_after_expiry,
        b_write,
        a_write,
        committed: db.state(resource_id)?,
    })
}

#[derive(Debug, serde::Serialize)]
pub struct SeqOrder {
    pub fence: u64,
    pub seq2: WriteOutcome,
    pub late_seq1: WriteOutcome,
    pub committed: (Option<String>, u64, u64),
}

/// One term, seq2 arrives before seq1.
pub fn seq_order(s: &Servers, db: &mut Resource) -> Result<SeqOrder, Error> {
    let id = "stream";
    db.create(id)?;
    let fence = s
        .authority(id, GenerationStore::Durable)?
        .acquire("C", LEASE_MS * 10, "stream-C-1")?
        .ok_or("acquire refused")?;
    let seq2 = db.write(
        id,
        &Write { key: "stream:op-2", digest: "state=2", value: "状态 2", fence, seq: 2 },
    )?;
    let late_seq1 = db.write(
        id,
        &Write { key: "stream:op-1", digest: "state=1", value: "状态 1", fence, seq: 1 },
    )?;
    Ok(SeqOrder { fence, seq2, late_seq1, committed: db.state(id)? })
}

#[derive(Debug, serde::Serialize)]
pub struct Idempotency {
    pub fences: (u64, u64),
    pub first: WriteOutcome,
    pub retry_same: WriteOutcome,
    pub other_params: WriteOutcome,
    pub effects: u64,
}

/// The same idempotency key across terms: same digest → the original result; other
/// parameters → conflict. Exactly one effect.
pub fn idempotency(s: &Servers, db: &mut Resource) -> Result<Idempotency, Error> {
    let id = "orders";
    db.create(id)?;
    let mut auth = s.authority(id, GenerationStore::Durable)?;
    let f1 = auth.acquire("D", LEASE_MS, "orders-D-1")?.ok_or("acquire refused")?;
    let before = db.effects()?;
    let first = db.write(
        id,
        &Write { key: "order-1", digest: "amount=10", value: "扣款 10", fence: f1, seq: 1 },
    )?;
    pause_past_lease(&mut auth)?;
    let f2 = auth.acquire("E", LEASE_MS * 10, "orders-E-1")?.ok_or("acquire refused")?;
    let retry_same = db.write(
        id,
        &Write { key: "order-1", digest: "amount=10", value: "扣款 10", fence: f2, seq: 1 },
    )?;
    let other_params = db.write(
        id,
        &Write { key: "order-1", digest: "amount=99", value: "扣款 99", fence: f2, seq: 2 },
    )?;
    Ok(Idempotency {
        fences: (f1, f2),
        first,
        retry_same,
        other_params,
        effects: db.effects()? - before,
    })
}

/// Every scenario, with whether it showed what the lesson reports.
#[derive(Debug, serde::Serialize)]
pub struct Run {
    pub durable: Timeline,
    pub seq: SeqOrder,
    pub idem: Idempotency,
    pub in_lease_key: Timeline,
    /// Run only with a fault injector: the resource restarted, then the authority killed.
    pub faults: Option<(DbRestart, AuthorityDown)>,
}

/// Run the scenarios; with `faults`, the fault scenarios last (the authority's stays down).
pub fn run_all(s: &Servers, faults: Option<&Faults>) -> Result<Run, Error> {
    let mut db = Resource::setup(s.mysql()?)?;
    let mut flush = redis::Client::open(s.redis_url.as_str())?.get_connection()?;
    redis::cmd("FLUSHDB").exec(&mut flush)?;
    Ok(Run {
        durable: timeline(s, &mut db, GenerationStore::Durable, "job-42")?,
        seq: seq_order(s, &mut db)?,
        idem: idempotency(s, &mut db)?,
        in_lease_key: timeline(s, &mut db, GenerationStore::InLeaseKey, "job-43")?,
        faults: match faults {
            Some(f) => {
                Some((faults::db_restart(s, &mut db, f)?, faults::authority_down(s, &mut db, f)?))
            }
            None => None,
        },
    })
}

/// The resource's row as committed: `(value, max_fence, last_seq)`.
pub(crate) fn committed((v, f, s): &(Option<String>, u64, u64)) -> String {
    format!("value={}，max_fence={f}，last_seq={s}", v.as_deref().unwrap_or("-"))
}

pub(crate) fn outcome(o: &WriteOutcome) -> String {
    match o {
        WriteOutcome::Applied => "applied（影响 1 行）".into(),
        WriteOutcome::Duplicate { original } => {
            format!("duplicate（返回原结果 {original}，无第二次效果）")
        }
        WriteOutcome::Conflict => "conflict（同键异参）".into(),
        WriteOutcome::Stale => "rejected（条件不成立，影响 0 行，回滚）".into(),
    }
}

impl Run {
    /// Each scenario's verdict: did the real services behave as the lesson reports?
    pub fn verdicts(&self) -> Vec<(&'static str, bool)> {
        let d = &self.durable;
        let l = &self.in_lease_key;
        let mut v = vec![
            (
                "41/42/41 时间线：过期 fence 在资源提交处被拒",
                d.fence_b > d.fence_a
                    && d.b_write == WriteOutcome::Applied
                    && d.a_write == WriteOutcome::Stale
                    && !d.a_renewed_after_expiry,
            ),
            (
                "同任期 seq2 先到，迟到的 seq1 被拒",
                self.seq.seq2 == WriteOutcome::Applied && self.seq.late_seq1 == WriteOutcome::Stale,
            ),
            (
                "同键同摘要返回原结果、同键异参报冲突，只有一个效果",
                self.idem.first == WriteOutcome::Applied
                    && matches!(self.idem.retry_same, WriteOutcome::Duplicate { .. })
                    && self.idem.other_params == WriteOutcome::Conflict
                    && self.idem.effects == 1,
            ),
            (
                "generation 放进会过期的租约键：B 拿到与 A 相同的 fence（按预期复现该缺陷）",
                l.fence_a == l.fence_b && l.a_write == WriteOutcome::Applied,
            ),
        ];
        if let Some((restart, down)) = &self.faults {
            v.push((
                "MariaDB 在两次写之间重启：第二次写恰好生效一次，已报成功的写重启后仍在",
                restart.holds(),
            ));
            v.push((
                "Redis 在场景中途被杀：授权权威不可用，不授予任何租约（活性边界）",
                down.holds(),
            ));
        }
        v
    }

    pub fn report(&self, versions: &(String, String)) -> String {
        let d = &self.durable;
        let l = &self.in_lease_key;
        let mut out = format!(
            "U60 真实服务验证\n授权权威：Redis {} standalone（Lua 原子授予：generation 独立持久键 \
             INCR、租期 PEXPIRE、owner 校验续租、request_id 幂等）\n\
             资源：MariaDB {}（Debian 的 MySQL 兼容服务器，代替课程中的 MySQL 8.4.7；\
             (max_fence,last_seq) 字典序条件更新与业务写同事务）\n\n",
            versions.0, versions.1
        );
        out += &format!(
            "1. 41/42/41 时间线\n   A acquire → fence={}；A 暂停 {} ms，租约由服务器过期；A 续租：\
             {}\n   B acquire → fence={}；B 带 ({},1) 提交：{}\n   A 恢复，带过期的 ({},2) 提交：\
             {}\n   资源最终：{}\n\n",
            d.fence_a,
            d.paused_ms,
            if d.a_renewed_after_expiry {
                "成功（不应发生）"
            } else {
                "失败（租约已由服务器过期，不存在 owner=A 的租约）"
            },
            d.fence_b,
            d.fence_b,
            outcome(&d.b_write),
            d.fence_a,
            outcome(&d.a_write),
            committed(&d.committed)
        );
        out += &format!(
            "2. 同任期多次写（fence={}）\n   seq2 先到：{}\n   迟到的 seq1：{}\n   资源最终：{}\n\n",
            self.seq.fence,
            outcome(&self.seq.seq2),
            outcome(&self.seq.late_seq1),
            committed(&self.seq.committed)
        );
        out += &format!(
            "3. 业务幂等（同一键 order-1，跨任期 fence={} → {}）\n   首次 amount=10：\
             {}\n   跨任期重试，同键同摘要：{}\n   同键异参 amount=99：{}\n   效果数：{}\n\n",
            self.idem.fences.0,
            self.idem.fences.1,
            outcome(&self.idem.first),
            outcome(&self.idem.retry_same),
            outcome(&self.idem.other_params),
            self.idem.effects
        );
        out += &format!(
            "4. 实现缺陷复现：generation 存进会过期的租约哈希\n   A acquire → fence={}；\
             租约过期后哈希消失；B acquire → fence={}（与 A 相同）\n   B 带 ({},1) 提交：\
             {}\n   旧 A 带 ({},2) 提交：{} —— 资源分不清两个 {}，旧 A 覆盖了 B\n   资\
             源最终：{}\n\n",
            l.fence_a,
            l.fence_b,
            l.fence_b,
            outcome(&l.b_write),
            l.fence_a,
            outcome(&l.a_write),
            l.fence_a,
            committed(&l.committed)
        );
        if let Some((restart, down)) = &self.faults {
            out += &restart.report();
            out += &down.report();
        }
        out += "结论：\n";
        for (name, ok) in self.verdicts() {
            out += &format!("   [{}] {name}\n", if ok { "符合课程所述" } else { "与课程所述不符" });
        }
        out += "\n边界：单机 Redis 是唯一权威，其自身故障即权威不可用（活性边界）；未运行跨主机网络故障、多权威共识与时钟注入。\n";
        if self.faults.is_none() {
            out += "（未注入故障：故障场景由 scripts/u60.sh 传入 --faults 时运行。）\n";
        }
        out
    }
}
