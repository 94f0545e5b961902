//! The report as the text the CLI prints and the page shows: one function, so both print
//! the same bytes. Field names stay the lesson's identifiers; explanations are Chinese.
//! Columns are padded by display width, so Chinese labels line up in a terminal.

use crate::findings::Finding;
use crate::lab::{FencingRun, LAB_FINDINGS};
use crate::path::Step;
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::report::{CaseRun, OperationsRun, Report};
use crate::scenario::{Defect, Defects, Scenario};
use crate::words::{
    self, assumptions, cause, chain, harm, lease, lost_why, none_of, note, note_kind, op_note, opt, reused_fence, tag, unfired, why,
    GRANT_NOTE, HARMLESS_BY_LUCK, OP_SEQ_WHY, SPLIT_ORDER,
};
use std::fmt::Write;

mod model;

/// The JSON form of the report (`--json`).
#[cfg(feature = "json")]
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
            let _ = writeln!(
                out,
                "场景：issuer={}，A.op_seq={}，B.op_seq={}；资源条件 {}",
                s.issuer,
                s.op_seq_a,
                s.op_seq_b,
                condition(s.defects)
            );
            if s.op_seq_a > s.op_seq_b && !s.defects.no_fence {
                let _ = writeln!(out, "{OP_SEQ_WHY}");
            }
            let _ = writeln!(out, "{}", assumptions(false));
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
            let _ = writeln!(out, "{}", assumptions(s.model.delay));
            defects(&mut out, s);
            model::run(&mut out, s, run);
        }
    }
    out
}

/// Where and whether the resource compares `(max_fence, last_seq) < (fence, seq)`.
fn condition(d: Defects) -> &'static str {
    match (d.no_fence, d.precheck) {
        (true, false) => "关闭（不检查 token）",
        (true, true) => "关闭（不检查 token；写入前单独的那一步也不比较）",
        (false, true) => "(max_fence, last_seq) < (fence, seq) 是写入之前单独的一步，写入本身无条件（先检查后写入）",
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
            0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 => {
                2
            }
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
        ("max_fence", 9, true, |s| s.after.max_fence.to_string()),
        ("last_seq", 8, true, |s| s.after.last_seq.to_string()),
        ("value", 8, false, |s| opt(&s.after.value)),
        ("writer", 6, false, |s| opt(&s.after.writer)),
        ("token", 12, false, |s| s.after.token.map_or("-".to_string(), words::token)),
    ];
    let authority: Vec<Column> = vec![
        ("generation", 10, true, |s| s.after.generation.to_string()),
        ("owner", 5, false, |s| opt(&s.after.owner)),
        ("lease", 7, false, |s| lease(s.after.lease).to_string()),
    ];
    // Split authority's independent counter is a service of its own, apart from the grant.
    let counter: Vec<Column> = vec![("counter", 7, true, |s| opt(&s.after.counter))];
    if split {
        vec![resource, authority, counter]
    } else {
        vec![resource, authority]
    }
}

/// The one step table, for the lab's interleavings and the explorer's paths: a row per step,
/// key steps marked `*`.
pub(crate) fn step_table(out: &mut String, steps: &[Step], keys: &[String], d: Defects, key_steps: &[usize]) {
    let groups = columns(d.split_authority);
    let row = |n: &str, event: &str, cells: Vec<Vec<String>>, result: &str| {
        let groups: Vec<String> = cells.into_iter().map(|g| g.join(" ")).collect();
        format!("{} {} | {} | {}", rpad(n, 5), pad(event, 10), groups.join(" | "), result)
    };
    let header: Vec<Vec<String>> = groups.iter().map(|g| g.iter().map(|(h, w, right, _)| align(h, *w, *right)).collect()).collect();
    let _ = writeln!(out, "{}", row("#", "event", header, "结果"));
    for (i, step) in steps.iter().enumerate() {
        let cells = groups.iter().map(|g| g.iter().map(|(_, w, right, value)| align(&value(step), *w, *right)).collect()).collect();
        let n = if key_steps.contains(&(i + 1)) { format!("*{}", i + 1) } else { (i + 1).to_string() };
        let _ = writeln!(out, "{}", row(&n, &step.action, cells, &words::event(&step.event, keys, d)));
    }
}

fn fencing(out: &mut String, d: Defects, run: &FencingRun) {
    let Some(first) = run.traces.first() else { return };
    let _ = writeln!(
        out,
        "固定前缀：{}（recover 即课程的「持久恢复」：一次宕机及其恢复，算作一步）",
        first.events[..run.prefix_len].join(" → ")
    );
    let why_count = if d.split_authority { SPLIT_ORDER } else { "" };
    let _ = writeln!(out, "交错数：{}{why_count}", run.interleavings);
    let legend = if d.precheck { "（先检查后写入时，放行写入的那次比较也算）" } else { "" };
    let _ = writeln!(out, "（token 后的{GRANT_NOTE}行号前的 * 标出本交错发现的关键步骤{legend}。）");
    for (i, trace) in run.traces.iter().enumerate() {
        let n = i + 1;
        let mut tags: Vec<&str> = run.notes_on(n).map(|x| tag(note_kind(x))).collect();
        tags.extend(run.findings.iter().filter(|h| h.interleaving == n).map(|h| tag(h.finding)).filter(|t| !t.is_empty()));
        tags.dedup();
        let tags = if tags.is_empty() { String::new() } else { format!("（{}）", tags.join("，")) };
        let _ = writeln!(out, "\n交错 {n}：{}{tags}", trace.events[run.prefix_len..].join(" → "));
        let keys: Vec<usize> = run.findings.iter().filter(|h| h.interleaving == n).flat_map(|h| h.key_steps.iter().copied()).collect();
        step_table(out, &trace.steps, &[], d, &keys);
    }
    let _ = writeln!(out, "\n性质检查：");
    for p in Property::ALL {
        let _ = writeln!(out, "  {}（{}）：{}", p.name(), p.promise(), words::verdict(run, p));
    }
    let _ = writeln!(out, "  {BOUND_TO_A_GRANT}");
    for &u in &run.unfired {
        let _ = writeln!(out, "  {}", unfired(u, d, true));
    }
    let violations: Vec<_> = run.findings.iter().filter(|h| h.property.is_some()).collect();
    if violations.is_empty() {
        let _ = writeln!(out, "结论：无违例。");
    }
    for (i, v) in violations.iter().enumerate() {
        let trace = &run.traces[v.interleaving - 1];
        let p = v.property.unwrap_or(Property::RevokedGenerationOverwrite);
        let _ = writeln!(out, "\n违例 {}：{} —— 交错 {} 第 {} 步（{}）", i + 1, p.name(), v.interleaving, v.step, trace.events[v.step - 1]);
        let _ = writeln!(out, "  原因：{}", p.why());
        let overwritten = v.step.checked_sub(2).and_then(|k| trace.steps[k].after.token);
        if let Some(c) = cause(p, &trace.steps[v.step - 1].event, overwritten, d) {
            let _ = writeln!(out, "  {c}");
        }
        let _ = writeln!(out, "  关键步骤：{}", chain(&v.key_steps, &trace.events));
        let _ = writeln!(out, "  counterexample.events: {}", trace.events[..v.step].join(", "));
        let values: Vec<String> = trace.steps[..v.step].iter().map(|st| format!("{}={}", st.action, opt(&st.after.value))).collect();
        let _ = writeln!(out, "  每步资源值: {}", values.join(", "));
    }
    let _ = writeln!(out, "\n活性（本学习台补充，不属于课程的两条性质）：");
    for f in &LAB_FINDINGS[2..] {
        let hits: Vec<_> = run.hits(*f).collect();
        if hits.is_empty() {
            let _ = writeln!(out, "  {}：{}", f.name(), none_of(*f, run.interleavings));
        }
        for h in hits {
            let trace = &run.traces[h.interleaving - 1];
            let _ = writeln!(out, "  {}：交错 {} 第 {} 步 —— {}", f.name(), h.interleaving, h.step, why(*f));
            if *f == Finding::LostOperation {
                let _ = writeln!(out, "    {}", lost_why(&trace.steps[h.step - 1]));
            }
            let _ = writeln!(out, "    关键步骤：{}", chain(&h.key_steps, &trace.events));
        }
    }
    let _ = writeln!(out, "\n发号检查（本学习台补充，不属于课程的两条性质）：");
    if run.reused_fences.is_empty() {
        let _ = writeln!(out, "  每个 fence 只发给了一次授予。");
    }
    for r in &run.reused_fences {
        let _ = writeln!(out, "  {}", reused_fence(r));
        let _ = writeln!(out, "  {}", harm(r));
        if r.harm.iter().all(Option::is_none) {
            let _ = writeln!(out, "  {}", HARMLESS_BY_LUCK);
        }
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
