//! The authority under real failover (this app's addition). The lesson argues it —
//! 「跨故障单调性同样属于授权权威」「Redis INCR 的异步故障切换也不天然满足此要求」 — and U60 ran
//! only a standalone Redis. Here both sides run on real replicated systems on loopback: an
//! asynchronously replicated Redis under Sentinel (`sentinel.rs`) and a Raft-replicated etcd
//! (`raft.rs`), with MariaDB as the resource, the judge of what either does to business data.

use crate::etcd::Member;
pub use crate::evidence::{Injected, ModelSays};
use crate::faults::Faults;
use crate::raft::{self, MemberLoss, QuorumLoss, Victim};
use crate::resource::Resource;
use crate::sentinel::{self, AsyncFailover, Replicated};
use crate::{mysql_version, redis_version, Error};
use serde::Serialize;

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
