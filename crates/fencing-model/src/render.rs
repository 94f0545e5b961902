//! The report as the text the CLI prints and the page shows: one function, so both print
//! the same bytes. Field names stay the lesson's identifiers; explanations are Chinese.

use crate::explore::Step;
use crate::properties::Property;
use crate::report::{CaseRun, FencingRun, OperationsRun, Report};
use crate::words::{lease, op_note, opt, outcome};
use crate::world::Event;
use std::fmt::Write;

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
            let _ = writeln!(
                out,
                "场景：issuer={}，A.op_seq={}，B.op_seq={}；资源条件 {}",
                s.issuer,
                s.op_seq_a,
                s.op_seq_b,
                if s.defects.no_fence { "关闭（不检查 token）" } else { "(max_fence, last_seq) < (fence, seq)" }
            );
            fencing(&mut out, run);
        }
        CaseRun::Operations(run) => operations(&mut out, !s.defects.no_fence, run),
    }
    out
}

fn fencing(out: &mut String, report: &FencingRun) {
    let Some(first) = report.traces.first() else { return };
    let prefix: Vec<String> = first.events[..report.prefix_len].iter().map(Event::to_string).collect();
    let _ = writeln!(out, "固定前缀：{}", prefix.join(" → "));
    let _ = writeln!(out, "交错数：{}", report.interleavings);
    for (i, trace) in report.traces.iter().enumerate() {
        let rest: Vec<String> = trace.events[report.prefix_len..].iter().map(Event::to_string).collect();
        let _ = writeln!(out, "\n交错 {}：{}", i + 1, rest.join(" → "));
        let _ = writeln!(
            out,
            "   # event      | max_fence last_seq value    writer | generation owner lease   | 结果"
        );
        for (n, step) in trace.steps.iter().enumerate() {
            let _ = writeln!(out, "{}", step_line(n + 1, step));
        }
    }
    let _ = writeln!(out, "\n性质检查：");
    for p in Property::ALL {
        let broken = report.violations.iter().filter(|v| v.property == p).count();
        let verdict = if broken == 0 {
            format!("成立（{} 条交错均满足）", report.interleavings)
        } else {
            format!("违反（{}/{} 条交错）", broken, report.interleavings)
        };
        let _ = writeln!(out, "  {}（{}）：{}", p.name(), p.promise(), verdict);
    }
    if report.violations.is_empty() {
        let _ = writeln!(out, "结论：无违例。");
        return;
    }
    for (i, v) in report.violations.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n违例 {}：{} —— 交错 {} 第 {} 步（{}）",
            i + 1,
            v.property.name(),
            v.interleaving,
            v.step,
            v.events[v.step - 1]
        );
        let _ = writeln!(out, "  原因：{}", v.property.why());
        let _ = writeln!(out, "  counterexample.events: {}", v.events.join(", "));
        let values: Vec<String> = v
            .steps
            .iter()
            .map(|st| format!("{}={}", st.event, opt(&st.after.resource.value)))
            .collect();
        let _ = writeln!(out, "  每步资源值: {}", values.join(", "));
    }
}

fn step_line(n: usize, step: &Step) -> String {
    let r = &step.after.resource;
    let a = &step.after.authority;
    format!(
        "{:>4} {:<10} | {:>9} {:>8} {:<8} {:<6} | {:>10} {:<5} {:<7} | {}",
        n,
        step.event.to_string(),
        r.max_fence,
        r.last_seq,
        opt(&r.value),
        opt(&r.writer),
        a.generation,
        opt(&a.owner),
        lease(a.lease),
        outcome(step.event, &step.outcome)
    )
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
            "{:>4} {:<10} {:<12} {:>5} {:>5} | {:<9} | {:>9} {:>8} {:<12} | {}",
            i + 1,
            r.op.key,
            r.op.digest,
            r.op.fence,
            r.op.seq,
            r.outcome.name(),
            r.max_fence,
            r.last_seq,
            opt(&r.value),
            op_note(r)
        );
    }
    let _ = writeln!(out, "效果数：{}", run.effects);
}
