//! The coach's sentences: how far a finding still is, and the step after which it no longer
//! can happen.

use super::tag;
use crate::findings::Finding;
use crate::scenario::Defects;
use crate::verdicts::Kind;
use crate::Event;

/// The coach on one finding: at best `d` more moves after the state (or the move, `moved`)
/// it is said of; none: no way there any more. Never names the moves.
pub fn reach(f: Finding, d: Option<u8>, moved: bool) -> String {
    let t = tag(f, Kind::Holds);
    match d {
        Some(0) if moved => format!("{t} 这一步就会发生"),
        Some(0) => format!("{t} 在这个状态已经发生"),
        Some(d) => format!("{t} 最少还需 {d} 步"),
        None => format!("{t} 不再可能"),
    }
}

/// The coach at the step after which `f` can no longer happen (`again`: it did already, on
/// this path) on any way on; `e` is what that step did, `newest` whether it was the newest
/// grant's write. Where the lesson says why, so does the coach: under the correct protocol
/// the key caveat's window closes when the newest grant's result is committed.
pub fn closed(
    f: Finding,
    step: usize,
    again: bool,
    e: &Event<u64, char>,
    newest: bool,
    defects: Defects,
) -> String {
    let (t, again_word) = (tag(f, Kind::Holds), if again { "再" } else { "" });
    let why = match (f, e) {
        (Finding::KeyCaveat, Event::Accepted { client, .. })
            if newest && !again && defects == Defects::default() =>
        {
            format!("{client} 的结果（最新授予）已被资源持久接受；课程说：「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」。")
        }
        _ => String::new(),
    };
    format!("第 {step} 步之后，{t} 已不可能{again_word}发生：从那一步之后能走到的每一个状态，教练都查过（本场景的完整搜索），没有一条走法通向它。{why}")
}
