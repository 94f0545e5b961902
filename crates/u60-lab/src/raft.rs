//! The authority on a Raft-replicated store (this app's addition): the grant on a three-member
//! etcd cluster (`etcd.rs`), with members killed while A's lease runs out, and with the quorum
//! lost (`raft/quorum.rs`).

use crate::etcd::Member;
use crate::evidence::{model_says, timeline, within, FaultLog, Injected, ModelSays};
use crate::faults::Faults;
use crate::resource::{Resource, WriteOutcome};
use crate::{committed, outcome, publish, Error};
use fencing_model::scenario::Defects;
use serde::Serialize;
use std::time::{Duration, Instant};

mod quorum;

pub use quorum::{quorum_loss, QuorumLoss};

/// A's lease: long enough for the kill to land inside it, short enough to wait out.
const TTL_S: u64 = 2;
/// How long a client waits for an answer before it calls the authority unavailable.
const ASK: Duration = Duration::from_secs(3);

/// Which member is killed while A's lease runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Victim {
    /// The leader, which A's client is connected to.
    Leader,
    /// The leader, after a follower was paused before A's grant and is resumed after the kill:
    /// the Redis scenario's fault, on Raft.
    LeaderWithPausedFollower,
    /// The follower A's client is connected to.
    ClientsFollower,
    /// A follower no client is connected to.
    OtherFollower,
}

impl Victim {
    pub const ALL: [Victim; 4] = [
        Victim::Leader,
        Victim::LeaderWithPausedFollower,
        Victim::ClientsFollower,
        Victim::OtherFollower,
    ];

    pub fn words(self) -> &'static str {
        match self {
            Victim::Leader => "杀掉 leader（A 的客户端连在它上面）",
            Victim::LeaderWithPausedFollower => {
                "先暂停一个 follower，A 在 leader 上取号，再杀掉 leader、恢复那个 follower（仿照 \
                 Redis 场景：暂停 follower，但不断开它的连接）"
            }
            Victim::ClientsFollower => "杀掉 A 的客户端所连的 follower",
            Victim::OtherFollower => "杀掉另一个 follower（没有客户端连它）",
        }
    }

    /// The fault in a few words, for the conclusions.
    pub fn short(self) -> &'static str {
        match self {
            Victim::Leader => "杀掉 leader",
            Victim::LeaderWithPausedFollower => "暂停一个 follower 后杀掉 leader",
            Victim::ClientsFollower => "杀掉 A 所连的 follower",
            Victim::OtherFollower => "杀掉另一个 follower",
        }
    }
}

#[derive(Debug, Serialize)]
pub struct MemberLoss {
    pub victim: Victim,
    pub killed: u16,
    pub a_member: u16,
    pub b_member: u16,
    pub leader_before: u16,
    pub leader_after: u16,
    pub ttl_s: u64,
    pub fence_a: u64,
    /// From A's grant to B's watch seeing the owner key deleted: the lease's end as the
    /// cluster judged it.
    pub expired_after_ms: u128,
    /// A asks about its lease after B's grant (-1: gone).
    pub a_lease_ttl: i64,
    pub fence_b: u64,
    pub b_write: WriteOutcome,
    pub a_write: WriteOutcome,
    pub committed: (Option<String>, u64, u64),
    pub injected: Vec<Injected>,
    pub model: ModelSays,
}

/// The members' ports, the leader's first.
fn by_role(members: &[Member]) -> Result<Vec<&Member>, Error> {
    let ids: Vec<(String, String)> =
        members.iter().map(Member::status).collect::<Result<_, _>>()?;
    let leader = ids.iter().position(|(id, _)| *id == ids[0].1).ok_or("没有成员是 leader")?;
    let mut ordered: Vec<&Member> = members.iter().collect();
    ordered.swap(0, leader);
    Ok(ordered)
}

fn all_healthy(members: &[Member]) -> Result<(), Error> {
    within("etcd 三个成员就绪", Duration::from_secs(30), || {
        Ok(members.iter().all(Member::healthy).then_some(()))
    })
}

/// A takes the lease and pauses past it; `victim` is killed; B acquires once its watch sees
/// the owner key deleted; B writes first, then A with its old fence.
pub fn member_loss(
    members: &[Member],
    db: &mut Resource,
    faults: &Faults,
    victim: Victim,
    id: &str,
) -> Result<MemberLoss, Error> {
    all_healthy(members)?;
    let roles = by_role(members)?;
    let (leader, f1, f2) = (roles[0], roles[1], roles[2]);
    let (a, killed, b) = match victim {
        Victim::Leader => (leader, leader, f1),
        // B asks through the member that was paused while A's grant was committed.
        Victim::LeaderWithPausedFollower => (leader, leader, f2),
        Victim::ClientsFollower => (f1, f1, f2),
        Victim::OtherFollower => (f1, f2, leader),
    };
    let key = format!("owner/{id}");
    db.create(id)?;
    let mut log = FaultLog::new(faults);
    let paused = victim == Victim::LeaderWithPausedFollower;
    if paused {
        log.inject(
            &["pause", &f2.port.to_string()],
            format!("follower {} 被暂停（SIGSTOP）", f2.port),
        )?;
    }
    let granted = Instant::now();
    let (fence_a, lease_a) = a.acquire(&key, "A", TTL_S, ASK)?.ok_or("A 的授予被拒")?;
    log.record(format!(
        "A 在 {} acquire → fence={fence_a}（owner 键的 create_revision），租约 {TTL_S} s；A 随后不再续租（模拟暂停）",
        a.port
    ));
    log.inject(
        &["kill", &killed.port.to_string()],
        format!("成员 {} 被杀（SIGKILL）", killed.port),
    )?;
    if paused {
        log.inject(
            &["resume", &f2.port.to_string()],
            format!(
                "follower {} 恢复运行（SIGCONT）：它可能从套接字缓冲里收到 A 的授予，也可能没有；\
                 A 的授予已由 leader 与另一个 follower 组成的多数派提交，\
                 新 leader 只能是有这条日志的成员",
                f2.port
            ),
        )?;
    }
    let deleted = b.wait_deleted(&key, fence_a + 1, Duration::from_secs(30))?;
    let expired_after_ms = granted.elapsed().as_millis();
    log.record(format!(
        "B 在 {} 上的 watch 看到 owner 键被删除（revision {deleted}）：租约由集群判定到期",
        b.port
    ));
    let (fence_b, _) = b.acquire(&key, "B", TTL_S * 15, ASK)?.ok_or("B 的授予被拒")?;
    log.record(format!("B 在 {} acquire → fence={fence_b}", b.port));
    let survivors: Vec<Member> =
        members.iter().filter(|m| m.port != killed.port).cloned().collect();
    let leader_after = by_role(&survivors)?[0].port;
    let a_lease_ttl = b.lease_ttl(&lease_a)?;
    let b_write = publish(db, id, 'B', fence_b, 1)?;
    let a_write = publish(db, id, 'A', fence_a, 2)?;
    let committed = db.state(id)?;
    log.inject(&["start", &killed.port.to_string()], format!("成员 {} 重新启动", killed.port))?;
    Ok(MemberLoss {
        victim,
        killed: killed.port,
        a_member: a.port,
        b_member: b.port,
        leader_before: leader.port,
        leader_after,
        ttl_s: TTL_S,
        fence_a,
        expired_after_ms,
        a_lease_ttl,
        fence_b,
        b_write,
        a_write,
        committed,
        injected: log.injected,
        model: model_says(Defects::default()),
    })
}

impl MemberLoss {
    pub fn holds(&self) -> bool {
        self.fence_b > self.fence_a
            && self.b_write == WriteOutcome::Applied
            && self.a_write == WriteOutcome::Stale
            && self.committed.0.as_deref() == Some("B 的结果")
            && !self.model.a_applied
            && self.model.broken.is_empty()
    }

    pub fn verdict(&self) -> String {
        format!(
            "etcd {}（多数派仍在）：B 的 fence 大于 A 的，A 的过期写入被资源拒绝，课程的两条性质成立，与模型的正确协议一致",
            self.victim.short()
        )
    }

    pub fn report(&self, n: usize) -> String {
        let mut out = format!(
            "{n}. etcd：{}\n   leader 为 {}；A 的客户端连 {}，B 的连 {}\n",
            self.victim.words(),
            self.leader_before,
            self.a_member,
            self.b_member
        );
        out += &timeline(&self.injected);
        out += &format!(
            "   从 A 的授予到 owner 键被删除：{} ms（租约 {} s）",
            self.expired_after_ms, self.ttl_s
        );
        out += &if self.leader_after != self.leader_before {
            format!(
                "；新 leader 为 {}。新 leader 上任时把所有租约重置为完整 TTL 加一个选举超时（etcd \
                 3.4 默认不开启实验性的租约 checkpoint），再加上选举本身和约 500 ms 一次的到期检\
                 查，所以晚于 TTL（本次没有分段测量）\n",
                self.leader_after
            )
        } else {
            "；leader 未变：到期检查约每 500 ms 一次，撤销还要经 Raft 提交，所以也略晚于 TTL\n"
                .to_string()
        };
        out += &format!(
            "   B 取号后，经 B 所连成员查询 A 的租约：{}；A 恢复后仍带旧 fence 去写\n   B 带 \
             ({},1) 提交：{}\n   旧 A 带 ({},2) 提交：{}\n   资源最终：{}\n",
            if self.a_lease_ttl < 0 {
                "已不存在（TTL=-1）".to_string()
            } else {
                format!("TTL={} s（不应发生）", self.a_lease_ttl)
            },
            self.fence_b,
            outcome(&self.b_write),
            self.fence_a,
            outcome(&self.a_write),
            committed(&self.committed)
        );
        out + &self.model.line() + "\n"
    }
}
