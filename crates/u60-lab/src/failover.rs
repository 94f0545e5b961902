//! The authority under real failover (this app's addition). The lesson argues it —
//! 「跨故障单调性同样属于授权权威」「Redis INCR 的异步故障切换也不天然满足此要求」 — and U60 ran
//! only a standalone Redis. Here both sides run on real replicated systems on loopback: an
//! asynchronously replicated Redis under Sentinel (`sentinel.rs`) and a Raft-replicated etcd
//! (`raft.rs`), with MariaDB as the resource, the judge of what either does to business data.

use crate::etcd::Member;
use crate::faults::Faults;
use crate::raft::{self, MemberLoss, QuorumLoss, Victim};
use crate::resource::Resource;
use crate::sentinel::{self, AsyncFailover, Replicated};
use crate::{mysql_version, redis_version, Error};
use fencing_model::lab;
use fencing_model::scenario::{Case, Defects, Scenario};
use serde::Serialize;
use std::time::{Duration, Instant};

/// A fault or a remark, with its time since the scenario's first fault.
#[derive(Debug, Serialize)]
pub struct Injected {
    pub at_ms: u128,
    pub what: String,
}

/// The faults one scenario injects, timed.
pub(crate) struct FaultLog<'a> {
    faults: &'a Faults,
    start: Instant,
    pub injected: Vec<Injected>,
}

impl<'a> FaultLog<'a> {
    pub fn new(faults: &'a Faults) -> FaultLog<'a> {
        FaultLog { faults, start: Instant::now(), injected: Vec::new() }
    }

    pub fn inject(&mut self, what: &[&str], said: String) -> Result<(), Error> {
        self.faults.inject(what)?;
        self.record(said);
        Ok(())
    }

    pub fn record(&mut self, said: String) {
        self.injected.push(Injected { at_ms: self.start.elapsed().as_millis(), what: said });
    }
}

/// Ask until `probe` answers `Some` (an error counts as not yet: a node coming back refuses
/// connections for a moment), or fail after `limit`.
pub(crate) fn within<T>(
    what: &str,
    limit: Duration,
    mut probe: impl FnMut() -> Result<Option<T>, Error>,
) -> Result<T, Error> {
    let start = Instant::now();
    loop {
        if let Ok(Some(v)) = probe() {
            return Ok(v);
        }
        if start.elapsed() > limit {
            return Err(format!("{what}：{} s 内未达成", limit.as_secs()).into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The model's verdict for the real run's order: the lesson's lab (issuer 40, A's op_seq 2,
/// B's 1) under `variant`, in its first interleaving where B writes before A.
#[derive(Debug, Serialize)]
pub struct ModelSays {
    pub variant: String,
    pub interleaving: usize,
    pub order: String,
    pub a_applied: bool,
    /// The lesson's properties broken there, by their promise.
    pub broken: Vec<&'static str>,
}

pub(crate) fn model_says(defects: Defects) -> ModelSays {
    let run = lab::run(&Scenario::lesson(Case::Fencing, defects));
    let at = |t: &lab::Trace, e: &str| t.events.iter().position(|x| x == e);
    let (i, trace) = run
        .traces
        .iter()
        .enumerate()
        .find(|(_, t)| at(t, "write B") < at(t, "write A"))
        .expect("an order where B writes first");
    let a = at(trace, "write A").unwrap_or_default();
    ModelSays {
        variant: defects.variant_name(),
        interleaving: i + 1,
        order: trace.events[run.prefix_len..].join(" → "),
        a_applied: trace.steps[a].after.writer == Some('A'),
        broken: run
            .findings
            .iter()
            .filter(|h| h.interleaving == i + 1)
            .filter_map(|h| h.property)
            .map(|p| p.promise())
            .collect(),
    }
}

/// The servers: the replicated Redis, the etcd members, the resource.
pub struct FailoverServers {
    pub redis: Replicated,
    pub etcd: Vec<Member>,
    pub mysql_url: String,
}

#[derive(Debug, Serialize)]
pub struct FailoverRun {
    /// Redis, etcd and MariaDB, as the servers report them.
    pub versions: [String; 3],
    /// Without and with `WAIT 1` after the grant.
    pub redis: Vec<AsyncFailover>,
    pub etcd: Vec<MemberLoss>,
    pub quorum: QuorumLoss,
}

pub fn run(s: &FailoverServers, faults: &Faults) -> Result<FailoverRun, Error> {
    let mut conn = mysql::Conn::new(mysql::Opts::from_url(&s.mysql_url)?)?;
    let mariadb = mysql_version(&mut conn)?;
    let mut db = Resource::setup(conn)?;
    let redis_version = redis_version(&format!("redis://127.0.0.1:{}/", s.redis.sentinels[0]))?;
    let etcd_version = s.etcd[0].version()?;
    let redis = vec![
        sentinel::async_failover(&s.redis, &mut db, faults, false, "redis-async")?,
        sentinel::async_failover(&s.redis, &mut db, faults, true, "redis-wait")?,
    ];
    let etcd = Victim::ALL
        .iter()
        .enumerate()
        .map(|(i, v)| raft::member_loss(&s.etcd, &mut db, faults, *v, &format!("etcd-{}", i + 1)))
        .collect::<Result<_, _>>()?;
    let quorum = raft::quorum_loss(&s.etcd, faults, "etcd-quorum")?;
    Ok(FailoverRun { versions: [redis_version, etcd_version, mariadb], redis, etcd, quorum })
}

/// The scenario's timed steps, one per line.
pub(crate) fn timeline(steps: &[Injected]) -> String {
    steps.iter().map(|s| format!("   +{} ms  {}\n", s.at_ms, s.what)).collect()
}

impl ModelSays {
    pub fn line(&self) -> String {
        format!(
            "   模型（{}，交错 {}：{}）：A 的写入{}；{}\n",
            self.variant,
            self.interleaving,
            self.order,
            if self.a_applied { "被接受" } else { "被拒" },
            if self.broken.is_empty() {
                "课程的两条性质均成立".to_string()
            } else {
                format!("违反「{}」", self.broken.join("」「"))
            }
        )
    }
}

impl FailoverRun {
    /// Each scenario's verdict: did the real systems behave as the lesson says?
    pub fn verdicts(&self) -> Vec<(String, bool)> {
        let mut v: Vec<(String, bool)> =
            self.redis.iter().map(|r| (r.verdict().to_string(), r.holds())).collect();
        v.extend(self.etcd.iter().map(|e| (e.verdict(), e.holds())));
        let before = self.etcd.iter().map(|e| e.fence_b).max().unwrap_or(0);
        v.push((self.quorum.verdict().to_string(), self.quorum.holds(before)));
        v
    }

    pub fn report(&self) -> String {
        let [redis, etcd, mariadb] = &self.versions;
        let mut out = format!(
            "故障切换下的授权权威（本学习台补充：课程的 U60 只跑了单机 Redis；课程说「跨故障单调性\
             同样属于授权权威」「Redis INCR 的异步故障切换也不天然满足此要求」）\n\
             Redis {redis}：一主一从，三个 Sentinel（quorum 2，down-after 500 ms）；\
             授予脚本与本仓库 U60 相同（generation 在不过期的独立键上 INCR），\
             但这两个节点不开 RDB/AOF，数据只在内存\n\
             etcd {etcd}：三成员 Raft 集群（心跳 50 ms，选举超时 500 ms）；授予＝LeaseGrant 加一次\
             事务（owner 键不存在才写入），fence＝owner 键的 create_revision\n\
             资源：MariaDB {mariadb}，与 U60 相同的条件更新；A 的 op_seq=2，B 的 op_seq=1，\
             B 先写（课程的次序）\n\n"
        );
        let (r, e) = (self.redis.len(), self.etcd.len());
        out += &self.redis.iter().enumerate().map(|(i, x)| x.report(i + 1)).collect::<String>();
        out += &self.etcd.iter().enumerate().map(|(i, x)| x.report(r + i + 1)).collect::<String>();
        out += &self.quorum.report(r + e + 1);
        out += "结论（与预期是否一致）：\n";
        for (name, ok) in self.verdicts() {
            out += &format!("   [{}] {name}\n", if ok { "符合预期" } else { "与预期不符" });
        }
        out + "\n边界：所有节点在同一台机器的回环地址上，故障是进程级的（SIGSTOP、SIGKILL、重启）；\
               没有网络分区（也就没有旧主节点仍存活的脑裂）、没有时钟注入。每个场景只跑了 B 先写、\
               A 后写一个次序、一个注入时刻；模型只判定课程声明的交错，不模拟复制、\
               Sentinel 或 Raft。Redis 只有一个副本，没有设置 min-replicas-to-write。\
               etcd 的 fence 只在多数派保有已提交日志时单调：从旧快照恢复或 --force-new-cluster 会\
               让 revision 回退（课程说的「旧备份」），本实验没有运行。\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_verdict_for_b_writing_first() {
        let rollback = model_says(Defects { rollback_issuer: true, ..Defects::default() });
        assert_eq!(
            (rollback.interleaving, rollback.order.as_str()),
            (1, "write B → resume A → write A")
        );
        assert!(rollback.a_applied);
        assert_eq!(rollback.broken, ["已提交资源代际不后退"]);
        assert!(rollback.line().contains("A 的写入被接受；违反「已提交资源代际不后退」"));
        let correct = model_says(Defects::default());
        assert!(!correct.a_applied && correct.broken.is_empty());
        assert!(correct.line().contains(
            "（correct，交错 1：write B → resume A → write A）：A 的写入被拒；课程的两条性质均成立"
        ));
    }
}
