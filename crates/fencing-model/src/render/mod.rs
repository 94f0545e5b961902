//! The report as the text the CLI prints and the page shows: one function, so both print
//! the same bytes. Field names stay the lesson's identifiers; explanations are Chinese.
//! Columns are padded by display width, so Chinese labels line up in a terminal.

use crate::explore::Step;
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::report::{CaseRun, FencingRun, OperationsRun, Report};
use crate::scenario::{Defect, Defects, Scenario};
use crate::words::{self, harm, lease, note, note_tag, op_note, opt, outcome, reused_fence};
use crate::world::Event;
use std::fmt::Write;

mod model;

/// The JSON form of the report (`--json`).
pub fn json(report: &Report) -> String {
    let mut s = serde_json::to_string_pretty(report).expect("a report always serializes");
    s.push('\n');
    s
}

/// The readable text form of the report.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let s = &report.scenario;
    let _ = writeln!(out, "fencing-lab · case={} · variant={}", s.case.name(), report.variant);
    match &report.case {
        CaseRun::Fencing(run) => {
            let _ = writeln!(out, "场景：issuer={}，A.op_seq={}，B.op_seq={}；资源条件 {}", s.issuer, s.op_seq_a, s.op_seq_b, condition(s.defects));
            defects(&mut out, s);
            fencing(&mut out, s.defects, run);
        }
        CaseRun::Operations(run) => {
            defects(&mut out, s);
            operations(&mut out, !s.defects.no_fence, run);
        }
        CaseRun::Model(run) => {
            model::scenario(&mut out, s);
            let _ = writeln!(out, "资源条件 {}", condition(s.defects));
            defects(&mut out, s);
            model::run(&mut out, run);
        }
    }
    out
}

/// Where and whether the resource compares `(max_fence, last_seq) < (fence, seq)`.
fn condition(d: Defects) -> &'static str {
    match (d.no_fence, d.precheck) {
        (true, false) => "关闭（不检查 token）",
        (true, true) => "关闭（不检查 token；写入前的自查也不比较）",
        (false, true) => "(max_fence, last_seq) < (fence, seq) 在写入前单独一步自查，写入本身无条件",
        (false, false) => "(max_fence, last_seq) < (fence, seq)，与写入同一事务",
    }
}

/// Each defect switched on, with the lesson's words on why it breaks the protocol.
fn defects(out: &mut String, s: &Scenario) {
    let on: Vec<Defect> = s.defects.iter().collect();
    if on.is_empty() {
        return;
    }
    let _ = writeln!(out, "缺陷：");
    for d in on {
        let _ = writeln!(out, "  {} {}", pad(d.name(), 16), d.summary());
        let _ = writeln!(out, "  {} {}{}", pad("", 16), if d.in_lesson() { "课程：" } else { "对应课程：" }, d.lesson_words());
    }
}

/// Display width: CJK and full-width characters take two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

/// Left-aligned in `w` columns.
fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Right-aligned in `w` columns.
fn rpad(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// In `w` columns, right- or left-aligned.
fn align(s: &str, w: usize, right: bool) -> String {
    if right {
        rpad(s, w)
    } else {
        pad(s, w)
    }
}

/// The step table's columns: (header, width, right-aligned, value of a step).
type Column = (&'static str, usize, bool, fn(&Step) -> String);

fn columns(split: bool) -> Vec<Vec<Column>> {
    let resource: Vec<Column> = vec![
        ("max_fence", 9, true, |s| s.after.resource.max_fence.to_string()),
        ("last_seq", 8, true, |s| s.after.resource.last_seq.to_string()),
        ("value", 8, false, |s| opt(&s.after.resource.value)),
        ("writer", 6, false, |s| opt(&s.after.resource.writer)),
        ("token", 12, false, |s| s.after.resource.committed.map_or("-".to_string(), words::token)),
    ];
    let authority: Vec<Column> = vec![
        ("generation", 10, true, |s| s.after.authority.generation.to_string()),
        ("owner", 5, false, |s| opt(&s.after.authority.owner)),
        ("lease", 7, false, |s| lease(s.after.authority.lease).to_string()),
    ];
    // Split authority's independent counter is a service of its own, apart from the grant.
    let counter: Vec<Column> = vec![("counter", 7, true, |s| opt(&s.after.counter))];
    if split {
        vec![resource, authority, counter]
    } else {
        vec![resource, authority]
    }
}

fn fencing(out: &mut String, d: Defects, run: &FencingRun) {
    let Some(first) = run.traces.first() else { return };
    let prefix: Vec<String> = first.events[..run.prefix_len].iter().map(Event::to_string).collect();
    let _ = writeln!(out, "固定前缀：{}", prefix.join(" → "));
    let _ = writeln!(out, "交错数：{}", run.interleavings);
    let _ = writeln!(out, "（token 后的「授予#n」是检查器的知识：资源只看到 fence 数字。）");
    let groups = columns(d.split_authority);
    let row = |n: &str, event: &str, cells: Vec<Vec<String>>, result: &str| {
        let groups: Vec<String> = cells.into_iter().map(|g| g.join(" ")).collect();
        format!("{} {} | {} | {}", rpad(n, 4), pad(event, 10), groups.join(" | "), result)
    };
    let header: Vec<Vec<String>> = groups.iter().map(|g| g.iter().map(|(h, w, right, _)| align(h, *w, *right)).collect()).collect();
    for (i, trace) in run.traces.iter().enumerate() {
        let rest: Vec<String> = trace.events[run.prefix_len..].iter().map(Event::to_string).collect();
        let mut tags: Vec<&str> = run.notes_on(i + 1).map(note_tag).collect();
        tags.dedup();
        let tags = if tags.is_empty() { String::new() } else { format!("（{}）", tags.join("，")) };
        let _ = writeln!(out, "\n交错 {}：{}{tags}", i + 1, rest.join(" → "));
        let _ = writeln!(out, "{}", row("#", "event", header.clone(), "结果"));
        for (n, step) in trace.steps.iter().enumerate() {
            let cells = groups.iter().map(|g| g.iter().map(|(_, w, right, value)| align(&value(step), *w, *right)).collect()).collect();
            let _ = writeln!(out, "{}", row(&(n + 1).to_string(), &step.event.to_string(), cells, &outcome(step.event, &step.outcome)));
        }
    }
    let _ = writeln!(out, "\n性质检查：");
    for p in Property::ALL {
        let broken = run.violations_of(p).count();
        let verdict = if broken == 0 {
            format!("成立（{} 条交错均满足）", run.interleavings)
        } else {
            format!("违反（{}/{} 条交错）", broken, run.interleavings)
        };
        let _ = writeln!(out, "  {}（{}）：{}", p.name(), p.promise(), verdict);
    }
    let _ = writeln!(out, "  {BOUND_TO_A_GRANT}");
    if run.violations.is_empty() {
        let _ = writeln!(out, "结论：无违例。");
    }
    for (i, v) in run.violations.iter().enumerate() {
        let _ = writeln!(out, "\n违例 {}：{} —— 交错 {} 第 {} 步（{}）", i + 1, v.property.name(), v.interleaving, v.step, v.events[v.step - 1]);
        let _ = writeln!(out, "  原因：{}", v.property.why());
        let _ = writeln!(out, "  counterexample.events: {}", v.events.join(", "));
        let values: Vec<String> = v.steps.iter().map(|st| format!("{}={}", st.event, opt(&st.after.resource.value))).collect();
        let _ = writeln!(out, "  每步资源值: {}", values.join(", "));
    }
    let _ = writeln!(out, "\n发号检查（本学习台补充，不属于课程的两条性质）：");
    if run.reused_fences.is_empty() {
        let _ = writeln!(out, "  每个 fence 只发给了一次授予。");
    }
    for r in &run.reused_fences {
        let _ = writeln!(out, "  {}", reused_fence(r));
        let _ = writeln!(out, "  {}", harm(r));
    }
    // Each kind of note once, with every place it occurs.
    let mut said: Vec<(String, Vec<String>)> = Vec::new();
    for n in &run.notes {
        let (text, at) = (note(n), format!("交错 {} 第 {} 步", n.interleaving(), n.step()));
        match said.iter_mut().find(|(t, _)| *t == text) {
            Some((_, places)) => places.push(at),
            None => said.push((text, vec![at])),
        }
    }
    if !said.is_empty() {
        let _ = writeln!(out, "\n注：");
    }
    for (text, places) in said {
        let _ = writeln!(out, "  {text}\n    见：{}", places.join("、"));
    }
}

fn operations(out: &mut String, checked: bool, run: &OperationsRun) {
    let _ = writeln!(
        out,
        "资源事务：先查业务身份（幂等键 + 请求摘要），再比较 {}，业务效果与幂等记录同一事务提交",
        if checked { "(max_fence, last_seq) < (fence, seq)" } else { "——（已关闭，不比较）" }
    );
    let _ = writeln!(out, "   # key        digest       fence   seq | outcome   | max_fence last_seq value        | 说明");
    for (i, r) in run.operations.iter().enumerate() {
        let _ = writeln!(
            out,
            "{} {} {} {} {} | {} | {} {} {} | {}",
            rpad(&(i + 1).to_string(), 4),
            pad(&r.op.key, 10),
            pad(&r.op.digest, 12),
            rpad(&r.op.fence.to_string(), 5),
            rpad(&r.op.seq.to_string(), 5),
            pad(r.outcome.name(), 9),
            rpad(&r.max_fence.to_string(), 9),
            rpad(&r.last_seq.to_string(), 8),
            pad(&opt(&r.value), 12),
            op_note(r)
        );
    }
    let _ = writeln!(out, "效果数：{}", run.effects);
}
