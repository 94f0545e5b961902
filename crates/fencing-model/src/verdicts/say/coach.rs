//! The coach's sentences: how far a finding still is, the step after which it no longer can
//! happen, and what no way from the initial state leads to; all it says of a state (`says`),
//! which the page lays out and the CLI prints.

use super::never::never;
use super::tag;
use crate::defects::Defects;
use crate::findings::Finding;
use crate::machine::Event;
use crate::path::{Move, Step};
use crate::verdicts::{Kind, Marks};

/// A finding as the coach names it beside others (chips, lines, ways): a violation in a few
/// words (`Property::short`), the rest by their tags; the page puts the name in a tooltip.
pub fn coach_name(f: Finding) -> String {
    match f {
        Finding::Broken(p) => p.short().to_string(),
        f => tag(f, Kind::Holds),
    }
}

/// The coach on one finding: at best `d` more moves after the state, or after the move it is
/// said under (`moved`: a chip, which counts what is left once the move is chosen); none: no
/// way there any more. Never names the moves.
pub fn reach(f: Finding, d: Option<u8>, moved: bool) -> String {
    let t = coach_name(f);
    match (d, moved) {
        (Some(0), true) => format!("{t}：选它就发生"),
        (Some(0), false) => format!("{t} 在这个状态已经发生"),
        (Some(d), true) => format!("{t}：选它后最少还需 {d} 步"),
        (Some(d), false) => format!("{t} 最少还需 {d} 步"),
        (None, true) => format!("{t}：选它后不再可能"),
        (None, false) => format!("{t} 不再可能"),
    }
}

/// The coach on the findings `fs` the move to step `step` (what it did: `action`, as the path's
/// steps name it) made: said first, before the coach says they can no longer (or can again)
/// happen. A property's name follows its words, as the report names it.
pub fn made(step: usize, action: &str, fs: &[Finding]) -> Option<String> {
    let tags: Vec<String> = fs
        .iter()
        .map(|f| match f {
            Finding::Broken(p) => format!("{}（{}）", p.short(), p.name()),
            f => coach_name(*f),
        })
        .collect();
    (!tags.is_empty()).then(|| format!("在第 {step} 步（{action}）出现：{}。", tags.join("、")))
}

/// Why the write accepted at step `step` is not the key caveat, when only its fence keeps it
/// from being one: no grant newer than its own has a larger number (a rollback issued numbers
/// again, or under split authority the newer holder has not taken one yet), so the fence cannot
/// tell which is newer; the key caveat is an older, smaller fence accepted before the newer
/// grant's result was committed.
pub fn not_caveat(step: usize, action: &str, defects: Defects, m: &Move) -> Option<String> {
    let Event::Accepted { fence, grant, .. } = m.event else { return None };
    let b = &m.before;
    let caveat_but_fence = !defects.no_fence
        && grant != 0
        && grant < b.grants
        && b.newest < b.grants
        && fence >= b.max_issued;
    let why = match (defects.rollback_issuer, defects.split_authority) {
        (true, false) => "发号器回退后重新发号",
        (false, true) => "拆开发号时新持有者还没取号",
        _ => "发号器回退后重新发号，或拆开发号时新持有者还没取号",
    };
    caveat_but_fence.then(|| {
        format!(
            "第 {step} 步（{action}）被接受，但不算关键限定：比它新的授予至今没拿到比它的 fence \
             更大的号（{why}），fence 分不出谁更新；关键限定说的是较小的 fence 赶在较新授予的\
             结果提交之前被接受。"
        )
    })
}

/// The coach at the step after which `f` can no longer happen (`again`: it did already, on
/// this path) on any way on; `action` names step `step`, `e` is what it did, `newest` whether
/// it was the newest grant's write. Where the lesson says why, so does the coach: under the
/// correct protocol the key caveat's window closes when the newest grant's result is committed.
pub fn closed(
    f: Finding,
    (step, action): (usize, &str),
    again: bool,
    e: &Event<u64, char>,
    newest: bool,
    defects: Defects,
) -> String {
    let (t, again_word) = (coach_name(f), if again { "再" } else { "" });
    let why = match (f, e) {
        (Finding::KeyCaveat, Event::Accepted { client, .. })
            if newest && !again && defects == Defects::default() =>
        {
            format!("{client} 的结果（最新授予）已被资源持久接受；课程说：「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」。")
        }
        _ => String::new(),
    };
    format!(
        "第 {step} 步（{action}）之后，{t} 已不可能{again_word}发生：\
         从那一步之后能走到的每一个状态，教练都查过（本场景的完整搜索），没有一条走法通向它。{why}"
    )
}

/// Fewest moves to each finding of `Finding::COACHED` from one state (none: no way there).
pub type Row = [Option<u8>; Finding::COACHED.len()];

/// What the coach says of the state at the end of `moves`: the finding the last move made, what
/// is still possible, the step after which each finding stopped being possible, and what no way
/// from the initial state leads to. Laid out by the page, printed by `fencing-lab … --path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Says {
    pub made: Option<String>,
    pub open: String,
    pub closed: Vec<String>,
    pub never: Option<String>,
}

impl Says {
    /// One line each, as the CLI prints them.
    pub fn lines(&self) -> Vec<String> {
        let closed = self.closed.iter().cloned();
        self.made
            .iter()
            .cloned()
            .chain([self.open.clone()])
            .chain(closed)
            .chain(self.never.clone())
            .collect()
    }
}

/// The coach along a path: `along` one row per state from the initial one to the end of
/// `moves` (their `steps` and `marks` the page's and the report's), under `defects` with an
/// authority that may crash (`crash`), `states` searched (as written, when known).
pub fn says(
    along: &[Row],
    (moves, steps, marks): (&[Move], &[Step], &Marks),
    defects: Defects,
    crash: bool,
    states: Option<&str>,
) -> Says {
    let here = along.last().copied().unwrap_or([None; Finding::COACHED.len()]);
    // What the last move made, said first (and so not again among what is still possible): a
    // finding judged on its transition, or one judged on a state that holds from this one on.
    let n = along.len().saturating_sub(1);
    let just: Vec<Finding> = moves
        .get(n.wrapping_sub(1))
        .map(|m| {
            let made = |(k, f): &(usize, &Finding)| match f.on_transition() {
                true => f.made_under(defects, &m.before, &m.event),
                false => here[*k] == Some(0) && along[n - 1][*k] != Some(0),
            };
            Finding::COACHED.iter().enumerate().filter(made).map(|(_, f)| *f).collect()
        })
        .unwrap_or_default();
    let open: Vec<String> = Finding::COACHED
        .iter()
        .zip(here)
        .filter(|(f, d)| matches!(d, Some(x) if *x > 0 || !just.contains(f)))
        .map(|(f, d)| reach(*f, d, false))
        .collect();
    let open = if open.is_empty() {
        "教练（从当前状态起）：往后无论怎么走，教练跟踪的各项发现都不会出现了。".to_string()
    } else {
        format!("教练（从当前状态起）：{}。", open.join("；"))
    };
    let mut shut = Vec::new();
    for k in 1..along.len() {
        for (j, f) in Finding::COACHED.iter().enumerate() {
            if along[k - 1][j].is_none() || along[k][j].is_some() {
                continue;
            }
            // Made on the path by then: a report's finding is marked; a challenge's goal is not.
            let made = |m: &Move| f.made_under(defects, &m.before, &m.event);
            let again = marks.flags.iter().any(|g| g.finding == *f && g.step <= k)
                || moves[..k.min(moves.len())].iter().any(made);
            // Whether step k was the newest grant's write (the lesson's reason applies then).
            let newest = moves.get(k - 1).is_some_and(|m| match m.event {
                Event::Accepted { grant, .. } => grant != 0 && grant == m.before.grants,
                _ => false,
            });
            let step = &steps[k - 1];
            shut.push(closed(*f, (k, &step.action), again, &step.event, newest, defects));
        }
    }
    let start = along.first().copied().unwrap_or([None; Finding::COACHED.len()]);
    let impossible: Vec<Finding> =
        Finding::COACHED.iter().zip(start).filter(|(_, d)| d.is_none()).map(|(f, _)| *f).collect();
    // What the last move made, and why a write that looks like the key caveat is not one.
    let last = steps.get(n.wrapping_sub(1)).zip(moves.get(n.wrapping_sub(1)));
    let made = last.and_then(|(s, m)| {
        let said: Vec<String> = [made(n, &s.action, &just), not_caveat(n, &s.action, defects, m)]
            .into_iter()
            .flatten()
            .collect();
        (!said.is_empty()).then(|| said.join(""))
    });
    Says {
        made,
        open,
        closed: shut,
        never: states.and_then(|n| never(&impossible, n, defects, crash)),
    }
}
