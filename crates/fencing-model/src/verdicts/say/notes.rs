//! The notes and the marks: each note's tag and sentence, a finding's short tag where the
//! picture marks it, and a path's key and enabling steps as lists.

use crate::findings::Finding;
use crate::lab::Note;
use crate::note::APP_NOTE;
use crate::verdicts::Kind;
use crate::words::grant;

/// A note's short tag.
pub fn note_tag(n: &Note) -> &'static str {
    match n {
        Note::KeyCaveat { .. } => "关键限定",
        Note::SeqDecided { .. } => "op_seq 定胜负",
    }
}

/// A finding's short tag, where the picture marks it (a violation by the lesson's name).
pub fn tag(f: Finding, kind: Kind) -> String {
    let t = match f {
        Finding::Broken(p) => return p.name().to_string(),
        Finding::UnboundOverwrite => "未绑定 token 覆盖",
        Finding::ReusedFence => "fence 重用",
        Finding::LockedOut => "持有者被挡",
        Finding::LostOperation => "操作丢失",
        Finding::Stuck => "卡住",
        Finding::StaleRefused => "旧写入被拒",
        Finding::KeyCaveat => "关键限定",
        Finding::CheckRaced => "比较过时仍写入",
    };
    if kind == Kind::Expected {
        format!("{t}（预期内）")
    } else {
        t.to_string()
    }
}

/// How the coach's chips show a finding: the legend's kind (✗ the lesson's property, ⚠ a harm
/// this app finds, ✓ the evidence that the fence was tested); none for the key caveat, which
/// is neither.
pub fn chip_kind(f: Finding) -> Option<Kind> {
    match f {
        Finding::Broken(_) => Some(Kind::Broken),
        Finding::StaleRefused => Some(Kind::Holds),
        Finding::KeyCaveat => None,
        _ => Some(Kind::Harm),
    }
}

/// A note in one sentence.
pub fn note(n: &Note) -> String {
    match *n {
        Note::KeyCaveat { grant: g, newer, .. } => format!(
            "关键限定：{}的写入在资源持久接受{}的新状态之前提交，资源接受了它。\
             这不违反 fence 性质：fencing 保证新代际业务写入已被资源持久接受后，\
             旧代际不能再覆盖它，不按租约墙钟倒推此前写入非法。",
            grant(g),
            grant(newer)
        ),
        Note::SeqDecided { grant: g, over, accepted: true, .. } => format!(
            "{APP_NOTE}{}的写入与{}已提交的结果 fence 相同，资源按 op_seq 接受了它：\
             这次成功靠的是 op_seq 较大，而不是授予较新。",
            grant(g),
            grant(over)
        ),
        Note::SeqDecided { grant: g, over, accepted: false, .. } => format!(
            "{APP_NOTE}{}的写入与{}已提交的结果 fence 相同，资源按 op_seq 拒绝了它：\
             挡住它的只是 op_seq 较小，fence 已被重用，资源分不清任期。",
            grant(g),
            grant(over)
        ),
    }
}

/// Key and enabling steps as two lists of the path's actions.
pub fn chain(key: &[usize], enabling: &[usize], names: &[String]) -> String {
    let list = |steps: &[usize]| {
        steps
            .iter()
            .map(|&k| format!("第 {k} 步 {}", names.get(k - 1).map_or("", String::as_str)))
            .collect::<Vec<_>>()
            .join("、")
    };
    if enabling.is_empty() {
        format!("关键步骤：{}", list(key))
    } else {
        format!("关键步骤：{}；使能步骤：{}", list(key), list(enabling))
    }
}
