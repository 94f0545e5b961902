//! How the model words each fact, in one place: the text report and the page's tables both
//! call these, so a fact reads the same wherever it is shown.

use crate::checks::{Note, ReusedFence};
use crate::operations::{OpOutcome, OpResult};
use crate::world::{Event, Guard, Lease, Outcome, Token};

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

/// A grant by its number in true order.
pub fn grant(n: usize) -> String {
    format!("授予#{n}")
}

/// A token with the grant it came from, which only the checker knows: `41（授予#1）`, or
/// `43（未绑定）` for a number no grant minted.
pub fn token(t: Token) -> String {
    match t.grant {
        Some(g) => format!("{}（{}）", t.fence, grant(g)),
        None => format!("{}（未绑定）", t.fence),
    }
}

/// One Chinese phrase for what a transition did.
pub fn outcome(event: Event, o: &Outcome) -> String {
    let who = opt(&event.client());
    match *o {
        Outcome::Granted { owner, token: Some(t), .. } => format!("原子授予 owner={owner}，token {}", token(t)),
        Outcome::Granted { owner, grant: g, token: None } => format!("{} 给 owner={owner}（不发 token）", grant(g)),
        Outcome::Refused { owner } => format!("拒绝：{owner} 的租约仍有效"),
        Outcome::Minted { token: t } => format!("独立发号 {}", token(t)),
        Outcome::Paused => format!("{who} 暂停"),
        Outcome::Resumed => format!("{who} 恢复，仍持旧 token"),
        Outcome::Expired => format!("授权权威判 {who} 的租约到期"),
        Outcome::NoEffect => "无效果".to_string(),
        Outcome::Recovered { issuer, from_backup: false } => format!("持久恢复：发号器仍为 {issuer}"),
        Outcome::Recovered { issuer, from_backup: true } => format!("从旧备份恢复：发号器回到 {issuer}"),
        Outcome::Checked { compared: false, .. } => "自查：不比较 token".to_string(),
        Outcome::Checked { token: t, seq, current, passed, .. } => {
            let incoming = pair((t.fence, seq));
            if passed {
                format!("事务外自查通过：{} < {incoming}", pair(current))
            } else {
                format!("事务外自查未通过：{} ≥ {incoming}", pair(current))
            }
        }
        Outcome::Accepted { token: t, seq, previous, guard: Guard::Atomic } => {
            format!("接受 {}：{} < {}", token(t), pair(previous), pair((t.fence, seq)))
        }
        Outcome::Accepted { token: t, seq, guard: Guard::Unchecked, .. } => format!("接受 {} seq={seq}（未检查 token）", token(t)),
        Outcome::Accepted { token: t, seq, previous, guard: Guard::EarlierCheck } => {
            format!("无条件写入 {} seq={seq}，覆盖 {}（不再比较）", token(t), pair(previous))
        }
        Outcome::Rejected { token: t, seq, current } => {
            format!("拒绝 {}：(max_fence,last_seq)={} ≥ (fence,seq)={}，影响 0 行", token(t), pair(current), pair((t.fence, seq)))
        }
        Outcome::Skipped => format!("{who} 自查未通过，不写"),
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

/// The short tag an interleaving carries for a note.
pub fn note_tag(n: &Note) -> &'static str {
    match n {
        Note::KeyCaveat { .. } => "关键限定",
        Note::LostWrite { .. } => "合法写入被拒",
    }
}

/// A note in one sentence.
pub fn note(n: &Note) -> String {
    match *n {
        Note::KeyCaveat { grant: g, newer, .. } => format!(
            "关键限定：{}的写入在资源持久接受{}的新状态之前提交，资源接受了它。这不违反 fence 性质：fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它，不按租约墙钟倒推此前写入非法。",
            grant(g),
            grant(newer)
        ),
        Note::LostWrite { grant: g, .. } => format!(
            "活性：当前{}的合法写入没有落地，两条性质都不标记它——这里的安全是用一次丢失的写入换来的。",
            grant(g)
        ),
    }
}

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

/// Whether the reused fence's harm reached the resource, interleaving by interleaving.
pub fn harm(r: &ReusedFence) -> String {
    let each: Vec<String> = r
        .harm
        .iter()
        .enumerate()
        .map(|(i, step)| match step {
            Some(s) => format!("交错 {} 到达（第 {s} 步）", i + 1),
            None => format!("交错 {} 未到达", i + 1),
        })
        .collect();
    format!("危害是否到达资源（较早授予的写入在较新授予之后被接受）：{}", each.join("；"))
}
