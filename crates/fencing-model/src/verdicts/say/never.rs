//! What the coach says no way from the initial state leads to: the findings the search rules
//! out, by the report's sections, and those the variant's own rules rule out, with why.

use super::absent::by_construction;
use super::tag;
use crate::defects::{Defect, Defects};
use crate::findings::Finding;
use crate::verdicts::Kind;

/// Why the variant's own rules keep `f` from happening, if they do: then it is not the
/// search's finding (the report's reasons, `by_construction`; under no-fence a resource that
/// compares nothing and so refuses nothing). `None` inside: not named among them (a defect's
/// step while its switch is off, precheck's under no-fence, and the key caveat under no-fence,
/// which `never` says apart: it does happen there, it is only not counted).
fn ruled_out(f: Finding, defects: Defects, crash: bool) -> Option<Option<&'static str>> {
    match f {
        Finding::ReusedFence if !defects.rollback_issuer => {
            Some(Some("发号器只增不减，恢复读回持久状态"))
        }
        Finding::ReusedFence if !crash => Some(Some("本场景的授权权威不会崩溃，发号器无从回退")),
        f if by_construction(f, defects, crash).is_some() => Some(Some("每个 token 都由授予铸出")),
        Finding::StaleRefused | Finding::LockedOut | Finding::LostOperation if defects.no_fence => {
            Some(Some("no-fence 下资源不比较 fence，什么写入都不拒"))
        }
        Finding::KeyCaveat if defects.no_fence => Some(None),
        Finding::CheckRaced if !defects.has(Defect::Precheck) || defects.no_fence => Some(None),
        _ => None,
    }
}

/// Under no-fence the key caveat is not counted, though what it describes happens.
const CAVEAT_UNCOUNTED: &str =
    "关键限定在 no-fence 下不计：它说的是 fence 检查放行了较早授予的写入；\
    这里资源根本不比较，较早授予的写入赶在较新结果提交之前被接受照样会发生。";

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
    // By the variant's rules: the findings of each reason together, the reason after them.
    let mut by_rule: Vec<(&str, Vec<String>)> = Vec::new();
    for f in fs {
        if let Some(Some(why)) = ruled_out(*f, defects, crash) {
            let name = tag(*f, Kind::Holds);
            match by_rule.iter_mut().find(|(w, _)| *w == why) {
                Some((_, names)) => names.push(name),
                None => by_rule.push((why, vec![name])),
            }
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
        let each: Vec<String> =
            by_rule.iter().map(|(why, names)| format!("{}（{why}）", names.join("、"))).collect();
        said.push(format!(
            "以下由{}的规则本身排除，不靠搜索：{}。",
            // (a space between Chinese and a variant's Latin name, as everywhere in the app)
            if defects == Defects::default() { protocol.clone() } else { format!(" {protocol}") },
            each.join("；")
        ));
    }
    if defects.no_fence && fs.contains(&Finding::KeyCaveat) {
        said.push(CAVEAT_UNCOUNTED.to_string());
    }
    (!said.is_empty()).then(|| said.join(""))
}
