//! The report as the text the CLI prints and the page shows: one function, so both print
//! the same bytes. Field names stay the lesson's identifiers; explanations are Chinese.
//! Columns are padded by display width, so Chinese labels line up in a terminal (the step
//! table and the padding: `table.rs`; the explorer's report: `model.rs`).

use crate::lab::FencingRun;
use crate::note::APP_NOTE;
use crate::report::{CaseRun, OperationsRun, Report};
use crate::scenario::{Defect, Defects, Scenario};
use crate::verdicts::{Kind, Line, Marks, Part, Section, Verdicts, KEY_STEPS, WHY};
use crate::words::{op_note, opt, GRANT_NOTE};
use std::fmt::Write;

mod model;
mod table;

use table::{pad, rpad, step_table};

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
            for h in &report.verdicts.head {
                let _ = writeln!(out, "{h}");
            }
            assumed(&mut out, &report.verdicts);
            defects(&mut out, s);
            fencing(&mut out, s.defects, run, &report.verdicts);
        }
        CaseRun::Operations(run) => {
            defects(&mut out, s);
            operations(&mut out, !s.defects.no_fence, run);
        }
        CaseRun::Model(run) => {
            model::scenario(&mut out, s);
            let _ = writeln!(out, "资源条件 {}", condition(s.defects));
            assumed(&mut out, &report.verdicts);
            defects(&mut out, s);
            model::run(&mut out, s, run, &report.verdicts);
        }
    }
    out
}

/// The model's assumptions, in the report's head.
fn assumed(out: &mut String, v: &Verdicts) {
    for r in v.section(Part::Assumptions).map_or(&[][..], |s| &s.remarks) {
        let _ = writeln!(out, "{}", r.text);
    }
}

/// A section of the judgment: its heading, then each line with its sign, verdict and
/// qualifiers, then its remarks; `occurrences` prints each place a finding happened under its
/// line, naming its path by `marks` (else the caller prints them as counterexamples of their
/// own).
pub(crate) fn section(out: &mut String, s: &Section, occurrences: bool, marks: &[Marks]) {
    let ours = if s.ours { format!("（{}）", crate::verdicts::OURS) } else { String::new() };
    let _ = writeln!(out, "\n{}{ours}：", s.title);
    // Progress says first when its findings are judged; elsewhere remarks follow the lines.
    let lines_first = s.part != Part::Progress;
    let remarks = |out: &mut String| {
        for r in &s.remarks {
            let _ = writeln!(out, "  {}", r.text);
        }
    };
    if !lines_first {
        remarks(out);
    }
    for l in &s.lines {
        line(out, l);
        if occurrences {
            for o in &l.occurrences {
                let _ = writeln!(
                    out,
                    "    {} {}（{}）",
                    o.kind.sign(),
                    marks[o.at.path].place(o.at.step),
                    o.action
                );
                let _ = writeln!(out, "      {WHY}{}", o.why);
                for q in o.cause.iter().chain(&o.qualifiers) {
                    let _ = writeln!(out, "      {q}");
                }
                let _ = writeln!(out, "      {APP_NOTE}{}", o.chain);
            }
        }
    }
    if lines_first {
        remarks(out);
    }
}

/// One finding's verdict: sign, name, promise, verdict; its qualifiers under it.
fn line(out: &mut String, l: &Line) {
    let promise = l.promise.map_or(String::new(), |p| format!("（{p}）"));
    let _ = writeln!(out, "  {} {}{promise}：{}", l.kind.sign(), l.finding.name(), l.verdict);
    for q in &l.qualifiers {
        let _ = writeln!(out, "    {q}");
    }
}

/// What the signs mean, once.
fn legend(out: &mut String) {
    let kinds: Vec<String> =
        Kind::ALL.iter().map(|k| format!("{} {}", k.sign(), k.label())).collect();
    let _ = writeln!(out, "（符号：{}。）", kinds.join("；"));
    let _ = writeln!(out, "{}", crate::properties::legend());
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
        let _ = writeln!(
            out,
            "  {} {}{}",
            pad("", 16),
            if d.in_lesson() { "课程：" } else { "对应课程：" },
            d.lesson_words()
        );
    }
}

fn fencing(out: &mut String, d: Defects, run: &FencingRun, v: &Verdicts) {
    let Some(first) = run.traces.first() else { return };
    let _ = writeln!(
        out,
        "固定前缀：{}（recover 即课程的「持久恢复」：一次宕机及其恢复，算作一步）",
        first.events[..run.prefix_len].join(" → ")
    );
    let _ = writeln!(out, "交错数：{}", run.interleavings);
    let _ = writeln!(out, "（token 后的{GRANT_NOTE}）");
    let precheck = if d.precheck {
        "（先检查后写入时，放行写入的那次比较也是关键步骤）"
    } else {
        ""
    };
    let _ = writeln!(out, "{KEY_STEPS}{precheck}");
    legend(out);
    for (trace, marks) in run.traces.iter().zip(&v.marks) {
        let tags = marks.tags();
        let tags =
            if tags.is_empty() { String::new() } else { format!("（{}）", tags.join("，")) };
        let _ = writeln!(out, "\n{}：{}{tags}", marks.name, marks.order);
        step_table(out, &trace.steps, &[], d, marks);
    }
    let Some(properties) = v.section(Part::Properties) else { return };
    section(out, properties, false, &v.marks);
    let violations: Vec<_> =
        properties.lines.iter().flat_map(|l| l.occurrences.iter().map(move |o| (l, o))).collect();
    if violations.is_empty() {
        let _ = writeln!(out, "结论：无违例。");
    }
    for (n, (l, o)) in violations.iter().enumerate() {
        let trace = &run.traces[o.at.path];
        let _ = writeln!(
            out,
            "\n违例 {}：{} —— {}（{}）",
            n + 1,
            l.finding.name(),
            v.marks[o.at.path].place(o.at.step),
            o.action
        );
        let _ = writeln!(out, "  {WHY}{}", o.why);
        for q in o.cause.iter().chain(&o.qualifiers) {
            let _ = writeln!(out, "  {q}");
        }
        let _ = writeln!(out, "  {APP_NOTE}{}", o.chain);
        let _ = writeln!(out, "  counterexample.events: {}", trace.events[..o.at.step].join(", "));
        let values: Vec<String> = trace.steps[..o.at.step]
            .iter()
            .map(|st| format!("{}={}", st.action, opt(&st.after.value)))
            .collect();
        let _ = writeln!(out, "  每步资源值: {}", values.join(", "));
    }
    for part in [Part::Progress, Part::Issuer] {
        if let Some(s) = v.section(part) {
            section(out, s, true, &v.marks);
        }
    }
    if let Some(notes) = v.section(Part::Notes).filter(|s| !s.remarks.is_empty()) {
        let _ = writeln!(out, "\n注：");
        for r in &notes.remarks {
            let places: Vec<String> = r.at.iter().map(|p| v.marks[p.path].place(p.step)).collect();
            let _ = writeln!(out, "  {}\n    见：{}", r.text, places.join("、"));
        }
    }
}

fn operations(out: &mut String, checked: bool, run: &OperationsRun) {
    let _ =
        writeln!(
        out,
        "资源事务：先查业务身份（幂等键 + 请求摘要），再比较 {}，业务效果与幂等记录同一事务提交",
        if checked { "(max_fence, last_seq) < (fence, seq)" } else { "——（已关闭，不比较）" }
    );
    let _ = writeln!(
        out,
        "   # key        digest       fence   seq | outcome   | max_fence last_seq \
         value        | 说明"
    );
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
