//! How the model words each fact, in one place: the text report and the page's tables both
//! call these, so a fact reads the same wherever it is shown.

use crate::operations::{OpOutcome, OpResult};
use crate::world::{Event, Lease, Outcome};

/// An optional value, `-` when absent.
pub fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "-".to_string(), T::to_string)
}

/// The authority's lease state.
pub fn lease(l: Lease) -> &'static str {
    match l {
        Lease::None => "-",
        Lease::Valid => "valid",
        Lease::Expired => "expired",
    }
}

/// `(fence,seq)` as the resource compares it.
pub fn pair((f, s): (u64, u64)) -> String {
    format!("({f},{s})")
}

/// One Chinese phrase for what a transition did.
pub fn outcome(event: Event, o: &Outcome) -> String {
    let who = opt(&event.client());
    match o {
        Outcome::Granted { owner, fence: Some(f) } => format!("原子授予 owner={owner}，fence={f}"),
        Outcome::Granted { owner, fence: None } => format!("授予租约 owner={owner}（不发 token）"),
        Outcome::Refused { owner } => format!("拒绝：{owner} 的租约仍有效"),
        Outcome::Minted { fence, bound: true } => format!("独立发号 fence={fence}"),
        Outcome::Minted { fence, bound: false } => format!("独立发号 fence={fence}（{who} 未持有效授予）"),
        Outcome::Paused => format!("{who} 暂停"),
        Outcome::Resumed => format!("{who} 恢复，仍持旧 token"),
        Outcome::Expired => format!("授权权威判 {who} 的租约到期"),
        Outcome::NoEffect => "无效果".to_string(),
        Outcome::Recovered { generation, from_backup: false } => format!("持久恢复 generation={generation}"),
        Outcome::Recovered { generation, from_backup: true } => format!("从旧备份恢复 issuer={generation}"),
        Outcome::Accepted { incoming, previous, checked: true } => format!("接受：{} < {}", pair(*previous), pair(*incoming)),
        Outcome::Accepted { incoming, .. } => format!("接受 {}（未检查 token）", pair(*incoming)),
        Outcome::Rejected { incoming, current } => {
            format!("拒绝：(max_fence,last_seq)={} ≥ (fence,seq)={}，影响 0 行", pair(*current), pair(*incoming))
        }
        Outcome::NotReady => format!("{who} 无法执行"),
    }
}

/// What the resource did with one operation, and why.
pub fn op_note(r: &OpResult) -> String {
    let effect = r.effect.unwrap_or(0);
    match r.outcome {
        OpOutcome::Applied => format!("执行效果 #{effect}，提交 {}", pair((r.op.fence, r.op.seq))),
        OpOutcome::Duplicate => format!("同键同摘要：返回原结果 #{effect}，不重复副作用，不推进 fence"),
        OpOutcome::Conflict => "同键异参：报参数冲突，不返回别人的成功".to_string(),
        OpOutcome::Stale => format!("{} ≥ {}，影响 0 行，不写业务", pair(r.before), pair((r.op.fence, r.op.seq))),
    }
}
