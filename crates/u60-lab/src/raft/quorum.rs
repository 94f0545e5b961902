//! The Raft-replicated authority without a quorum: two of three members killed, B's acquire
//! at the third, both restarted, B asking again; and how a client's question was answered.

use super::{all_healthy, by_role, ASK, TTL_S};
use crate::etcd::Member;
use crate::evidence::{timeline, FaultLog, Injected};
use crate::faults::{Asked, Faults};
use crate::Error;
use serde::Serialize;
use std::time::Instant;

#[derive(Debug, Serialize)]
pub struct QuorumLoss {
    pub killed: Vec<u16>,
    pub asked_at: u16,
    /// B's acquire while two of three members are down.
    pub during: Asked,
    /// B's acquire once both are back, and how long the cluster took to answer again.
    pub after: Asked,
    pub recovered_ms: u128,
    pub injected: Vec<Injected>,
}

fn ask(m: &Member, key: &str) -> Asked {
    match m.acquire(key, "B", TTL_S * 15, ASK) {
        Ok(Some((fence, _))) => Asked::Granted(fence),
        Ok(None) => Asked::Refused,
        // A timeout is what a client sees of a cluster without a quorum: say it plainly.
        Err(e) if e.to_string().contains("timed out") => {
            Asked::Unavailable(format!("{} s 内没有应答", ASK.as_secs()))
        }
        Err(e) => Asked::Unavailable(e.to_string()),
    }
}

/// Two of three members killed: B's acquire at the third; both restarted; B asks again.
pub fn quorum_loss(members: &[Member], faults: &Faults, id: &str) -> Result<QuorumLoss, Error> {
    all_healthy(members)?;
    let roles = by_role(members)?;
    let mut log = FaultLog::new(faults);
    for m in &roles[1..] {
        log.inject(&["kill", &m.port.to_string()], format!("成员 {} 被杀（SIGKILL）", m.port))?;
    }
    let key = format!("owner/{id}");
    let during = ask(roles[0], &key);
    log.record(format!("B 在剩下的 {} acquire：{}", roles[0].port, asked(&during)));
    for m in &roles[1..] {
        log.inject(&["start", &m.port.to_string()], format!("成员 {} 重新启动", m.port))?;
    }
    let restarted = Instant::now();
    all_healthy(members)?;
    let recovered_ms = restarted.elapsed().as_millis();
    let after = ask(roles[0], &key);
    log.record(format!(
        "三个成员都可用（重启后 {recovered_ms} ms）；B 再次 acquire：{}",
        asked(&after)
    ));
    Ok(QuorumLoss {
        killed: roles[1..].iter().map(|m| m.port).collect(),
        asked_at: roles[0].port,
        during,
        after,
        recovered_ms,
        injected: log.injected,
    })
}

fn asked(a: &Asked) -> String {
    match a {
        Asked::Granted(f) => format!("授予 fence={f}"),
        Asked::Refused => "拒绝（租约仍被持有）".into(),
        Asked::Unavailable(e) => format!("授权权威不可用（{e}）"),
    }
}

impl QuorumLoss {
    /// Nothing granted without a quorum; once it is back, a fence above `before`.
    pub fn holds(&self, before: u64) -> bool {
        matches!(self.during, Asked::Unavailable(_))
            && matches!(self.after, Asked::Granted(f) if f > before)
    }

    pub fn verdict(&self) -> &'static str {
        "etcd 失去多数派：3 s 内没有授予任何租约，与课程所说单机 Redis 的活性边界同类；恢复后授予继续，fence 大于此前的每一个"
    }

    pub fn report(&self, n: usize) -> String {
        format!(
            "{n}. etcd：杀掉两个成员（失去多数派）\n{}   3 s 内无应答：B 的 LeaseGrant 结果未知（未\
             提交的提议在多数派恢复后仍可能被提交，留下无主租约），客户端不把它当作已授予，\
             也没有发出写 owner 键的事务；恢复后 B 的授予成功。没有多数派就不授予，是活性边界，\
             与课程所说单机 Redis 的活性边界同类（本场景里故障期间没有人持有租约）\n\n",
            timeline(&self.injected)
        )
    }
}
