//! The coach's sentences: how far a finding still is, the step after which it no longer can
//! happen, and what no way from the initial state leads to.

use super::absent::by_construction;
use super::tag;
use crate::findings::Finding;
use crate::scenario::{Defect, Defects};
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

/// The coach on the findings `fs` the move to step `step` made: said first, before the coach
/// says they can no longer (or can again) happen.
pub fn made(step: usize, fs: &[Finding]) -> Option<String> {
    let tags: Vec<String> = fs.iter().map(|f| tag(*f, Kind::Holds)).collect();
    (!tags.is_empty()).then(|| format!("第 {step} 步刚出现：{}。", tags.join("、")))
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

/// Why the variant's own rules keep `f` from happening, if they do: then it is not the
/// search's finding (the report's reasons, `by_construction`; under no-fence a resource that
/// compares nothing and so refuses nothing). `None` inside: not worth naming at all (a
/// defect's step while its switch is off, or precheck's under no-fence).
fn ruled_out(f: Finding, defects: Defects, crash: bool) -> Option<Option<&'static str>> {
    let refuses_nothing = "no-fence 下资源不比较 fence，旧写入从不被拒";
    match f {
        Finding::ReusedFence if by_construction(f, defects, crash).is_some() => {
            Some(Some("发号器不会回退"))
        }
        f if by_construction(f, defects, crash).is_some() => Some(Some("每个 token 都由授予铸出")),
        Finding::StaleRefused
        | Finding::LockedOut
        | Finding::LostOperation
        | Finding::KeyCaveat
            if defects.no_fence =>
        {
            Some(Some(refuses_nothing))
        }
        Finding::CheckRaced if !defects.has(Defect::Precheck) || defects.no_fence => Some(None),
        _ => None,
    }
}

/// A finding as the coach names it among those that do not happen, by the report's sections.
fn named(f: Finding, defects: Defects) -> (usize, String) {
    match f {
        Finding::Broken(p) => (0, format!("{}（违反「{}」）", p.name(), p.promise())),
        Finding::UnboundOverwrite => (0, tag(f, Kind::Holds)),
        Finding::LockedOut | Finding::LostOperation | Finding::Stuck => (1, tag(f, Kind::Holds)),
        Finding::ReusedFence => (2, tag(f, Kind::Holds)),
        Finding::StaleRefused => {
            let unbound = if defects.split_authority {
                "；未绑定 token 的写入被拒不计在内"
            } else {
                ""
            };
            (3, format!("旧写入被拒（较早授予的写入在较新授予的结果提交后到达、被拒{unbound}）"))
        }
        Finding::KeyCaveat => {
            (4, "关键限定（较早授予的写入赶在较新授予的结果提交之前被接受）".to_string())
        }
        Finding::CheckRaced => (5, tag(f, Kind::Holds)),
    }
}

/// The coach on the findings `fs` that no way from the initial state leads to: those the
/// search rules out (of `states` states of this scenario), by the report's sections, then
/// those the variant's own rules rule out, with why. `crash`: whether the authority may crash.
pub fn never(fs: &[Finding], states: &str, defects: Defects, crash: bool) -> Option<String> {
    let searched: Vec<(usize, String)> = fs
        .iter()
        .filter(|f| ruled_out(**f, defects, crash).is_none())
        .map(|f| named(*f, defects))
        .collect();
    let sections =
        ["性质检查：", "进展：", "发号检查：", "fence 受考验的证据：", "课程的", "缺陷的一步："];
    let groups: Vec<String> = sections
        .iter()
        .enumerate()
        .filter_map(|(k, title)| {
            let these: Vec<&str> =
                searched.iter().filter(|(s, _)| *s == k).map(|(_, n)| n.as_str()).collect();
            (!these.is_empty()).then(|| format!("{title}{}", these.join("、")))
        })
        .collect();
    let mut by_rule: Vec<(String, &str)> = Vec::new();
    for f in fs {
        if let Some(Some(why)) = ruled_out(*f, defects, crash) {
            by_rule.push((tag(*f, Kind::Holds), why));
        }
    }
    let protocol = match defects == Defects::default() {
        true => "正确协议".to_string(),
        false => format!("{} 变体", defects.variant_name()),
    };
    let mut said = Vec::new();
    if !groups.is_empty() {
        said.push(format!(
            "{protocol}下，从初始状态起怎么走都不会出现——{}。这是教练查遍本场景全部 {states} 个可达状态\
             得出的（只覆盖本场景声明的有限情形，不证明任意客户端、任意长历史）。",
            groups.join("；")
        ));
    }
    if !by_rule.is_empty() {
        let names: Vec<&str> = by_rule.iter().map(|(n, _)| n.as_str()).collect();
        let mut whys: Vec<&str> = Vec::new();
        for (_, why) in &by_rule {
            if !whys.contains(why) {
                whys.push(why);
            }
        }
        said.push(format!(
            "{}由{}的规则本身排除，不靠搜索：{}。",
            names.join("、"),
            // (a space between Chinese and a variant's Latin name, as everywhere in the app)
            if defects == Defects::default() { protocol.clone() } else { format!(" {protocol}") },
            whys.join("；")
        ));
    }
    (!said.is_empty()).then(|| said.join(""))
}
