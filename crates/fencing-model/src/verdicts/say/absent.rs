//! What an absence means: a finding that cannot happen in this variant, one that did not
//! happen (and the evidence that it was put to the test), a defect that never fired.

use crate::defects::{Defect, Defects};
use crate::findings::Finding;
use crate::note::APP_NOTE;
use crate::properties::Property;

/// Why a finding cannot happen in this variant, if it cannot: every token minted by a grant
/// (no split authority), an issuer that never goes back (no rollback, or no crash).
pub fn by_construction(f: Finding, defects: Defects, crash: bool) -> Option<&'static str> {
    match f {
        Finding::Broken(Property::UnauthorizedAccept) | Finding::UnboundOverwrite
            if !defects.split_authority =>
        {
            Some(app_note!(
                "本变体里每个 token 都由授予铸出，不存在未绑定 token：这一条在此无从违反。"
            ))
        }
        Finding::ReusedFence if !defects.rollback_issuer => Some(app_note!(
            "本变体里发号器只增不减（恢复读回持久状态）：同一 fence 无从发给两次授予。"
        )),
        Finding::ReusedFence if !crash => Some(app_note!(
            "本场景的授权权威不会崩溃，发号器无从回退：同一 fence 无从发给两次授予。"
        )),
        _ => None,
    }
}

/// The evidence that revoked_generation_overwrite was put to the test in the lab: in how many
/// of its interleavings an older grant's write arrived after a newer grant's commit.
pub fn stale_in_lab(stale: usize, of: usize) -> String {
    if stale == 0 {
        format!("{APP_NOTE}这 {of} 条交错里没有较早授予的写入在较新授予的结果提交之后到达资源：这条性质在此没有受到考验。")
    } else {
        format!("{APP_NOTE}证据：{stale}/{of} 条交错里，较早授予的写入在较新授予的结果提交之后到达资源，都被拒绝。")
    }
}

/// The same evidence over every reachable state: the shortest such path, if any.
pub fn stale_in_search(shortest: Option<usize>) -> String {
    match shortest {
        Some(k) => format!("{APP_NOTE}证据：较早授予的写入在较新授予的结果提交之后到达资源是\
                            可达的（最短 {k} 步），每次都没有生效：或被拒绝，或按业务身份返回原结果\
                            （duplicate）。"),
        None => app_note!("没有哪条路径让较早授予的写入在较新授予的结果提交之后到达资源：这条性质在本场景里没有受到考验。").into(),
    }
}

/// What a finding that did not happen means, over `over` (some interleavings, or every
/// reachable state).
pub fn none_of(f: Finding, over: &str) -> String {
    match f {
        Finding::LockedOut => format!("未发生（{over}）：当前授予的持有者从未因较早授予或未绑定 token 写下的结果被拒"),
        Finding::LostOperation => format!(
            "未发生（{over}）：持有有效租约时发出的写入没有一次落空——被拒的，同键后来也有写入生效（接受后是否又被覆盖，见性质检查）"
        ),
        Finding::ReusedFence => format!("未发生（{over}）：每个 fence 只发给了一次授予"),
        Finding::Stuck => format!("未发生（{over}）：没有卡住的状态"),
        _ => format!("成立（{over}）"),
    }
}

/// A defect that never fired, in one sentence: `defects` are all those on, `crash` whether the
/// authority may crash.
pub fn unfired(d: Defect, defects: Defects, crash: bool) -> String {
    let what = match d {
        Defect::RollbackIssuer if !crash => "本场景 crash=false，授权权威不会崩溃、恢复不可达",
        Defect::RollbackIssuer => "没有一次恢复让发号器回退",
        Defect::SplitAuthority => "没有谁在失去租约之后向计数器取号",
        Defect::NoFence => "没有哪次比较本会拒绝的写入被资源接受",
        Defect::Precheck if defects.no_fence => {
            "与 no-fence 同开时，写入前那一步不作比较，照单全收的是 no-fence；precheck 在此不起作用"
        }
        Defect::Precheck => "没有哪次写入在比较通过之后、资源已变到本会拒绝它的值时被无条件写入",
    };
    format!("{APP_NOTE}{}：{what}，本缺陷从未触发——这里的结论与它无关，不说明它无害。", d.name())
}
