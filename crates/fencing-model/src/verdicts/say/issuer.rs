//! The issuer check's sentences: a fence handed to two grants, and whether that reached the
//! resource.

use crate::findings::Finding;
use crate::lab::ReusedFence;
use crate::words::{grant, interleaving_name};

/// The issuer-side finding in one sentence.
pub fn reused_fence(r: &ReusedFence) -> String {
    format!(
        "同一 fence 发给了两次授予：fence={}，{}（{}，第 {} 步）与{}（{}，第 {} 步）；资源分不清这两个 {} 属于哪个任期",
        r.fence,
        grant(r.first.grant),
        r.first.owner,
        r.first.step,
        grant(r.second.grant),
        r.second.owner,
        r.second.step,
        r.fence
    )
}

/// Said when a reused fence did no harm in any interleaving: only the op_seq order stopped it.
pub const HARMLESS_BY_LUCK: &str =
    "每条交错都无害，只因本场景 A 的 op_seq 小于 B：fence 已被重用，两个任期的写入只靠 op_seq 分先\
     后；换成课程所说「旧 A 的较大 op_seq」（A.op_seq=2、B.op_seq=1），就会出现越代覆盖或挡\
     住当前持有者。";

/// Whether the reused fence's harm reached the resource, interleaving by interleaving.
pub fn harm(r: &ReusedFence) -> String {
    let each: Vec<String> = r
        .harm
        .iter()
        .enumerate()
        .map(|(i, h)| match h {
            Some(h) if h.finding == Finding::LockedOut => format!(
                "{} 有害（第 {} 步：当前持有者被拒，资源保留着较早授予的结果）",
                interleaving_name(i),
                h.step
            ),
            Some(h) => format!(
                "{} 有害（第 {} 步：较早授予的写入覆盖了较新授予的结果）",
                interleaving_name(i),
                h.step
            ),
            None => format!("{} 无害", interleaving_name(i)),
        })
        .collect();
    format!("这次重用是否造成危害：{}", each.join("；"))
}
