//! The report as the text the CLI prints and the page shows: one function, so both print
//! the same bytes. Field names stay the lesson's identifiers; explanations are Chinese.

use crate::explore::Step;
use crate::operations::{OpOutcome, OpResult};
use crate::properties::Property;
use crate::report::Report;
use crate::scenario::Client;
use crate::world::{Event, Lease, Outcome};
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
    let _ = writeln!(out, "fencing-lab · case={} · variant={}", report.case.name(), report.variant);
    match &report.operations {
        None => {
            let _ = writeln!(
                out,
                "场景：issuer={}，A.op_seq={}，B.op_seq={}；资源条件 {}",
                s.issuer,
                s.op_seq_a,
                s.op_seq_b,
                if s.defects.no_fence { "关闭（不检查 token）" } else { "(max_fence, last_seq) < (fence, seq)" }
            );
            fencing(&mut out, report);
        }
        Some(ops) => operations(&mut out, report, ops),
    }
    out
}

fn fencing(out: &mut String, report: &Report) {
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

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "-".to_string(), T::to_string)
}

fn lease(l: Lease) -> &'static str {
    match l {
        Lease::None => "-",
        Lease::Valid => "valid",
        Lease::Expired => "expired",
    }
}

fn pair((f, s): (u64, u64)) -> String {
    format!("({f},{s})")
}

/// One Chinese phrase for what a transition did.
pub fn outcome(event: Event, o: &Outcome) -> String {
    let who = event.client().map(|c: Client| c.to_string()).unwrap_or_default();
    match o {
        Outcome::Granted { owner, fence: Some(f) } => format!("原子授予 owner={owner}，fence={f}"),
        Outcome::Granted { owner, fence: None } => format!("授予租约 owner={owner}（不发 token）"),
        Outcome::Refused { owner } => format!("拒绝：{owner} 的租约仍有效"),
        Outcome::Minted { fence, bound: true } => format!("独立发号 fence={fence}"),
        Outcome::Minted { fence, bound: false } => format!("独立发号 fence={fence}（{who} 未持有效授予）"),
        Outcome::Paused => format!("{who} 暂停"),
        Outcome::Resumed => format!("{who} 恢复，仍持旧 token"),
        Outcome::Expired => format!("授权权威判 {who} 的租约到期"),
        Outcome::NoEffect => "无效果".to_string(),
        Outcome::Recovered { generation, from_backup: false } => {
            format!("持久恢复 generation={generation}")
        }
        Outcome::Recovered { generation, from_backup: true } => {
            format!("从旧备份恢复 issuer={generation}")
        }
        Outcome::Accepted { incoming, previous, checked: true } => {
            format!("接受：{} < {}", pair(*previous), pair(*incoming))
        }
        Outcome::Accepted { incoming, .. } => format!("接受 {}（未检查 token）", pair(*incoming)),
        Outcome::Rejected { incoming, current } => {
            format!("拒绝：(max_fence,last_seq)={} ≥ (fence,seq)={}，影响 0 行", pair(*current), pair(*incoming))
        }
        Outcome::NotReady => format!("{who} 无法执行"),
    }
}

fn operations(out: &mut String, report: &Report, ops: &[OpResult]) {
    let checked = !report.scenario.defects.no_fence;
    let _ = writeln!(
        out,
        "资源事务：先查业务身份（幂等键 + 请求摘要），再比较 {}，业务效果与幂等记录同一事务提交",
        if checked { "(max_fence, last_seq) < (fence, seq)" } else { "——（已关闭，不比较）" }
    );
    let _ = writeln!(out, "   # key        digest       fence   seq | outcome   | max_fence last_seq value        | 说明");
    for (i, r) in ops.iter().enumerate() {
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
    let _ = writeln!(out, "效果数：{}", report.effects.unwrap_or(0));
}

fn op_note(r: &OpResult) -> String {
    let effect = r.effect.unwrap_or(0);
    match r.outcome {
        OpOutcome::Applied => format!("执行效果 #{effect}，提交 {}", pair((r.op.fence, r.op.seq))),
        OpOutcome::Duplicate => format!("同键同摘要：返回原结果 #{effect}，不重复副作用，不推进 fence"),
        OpOutcome::Conflict => "同键异参：报参数冲突，不返回别人的成功".to_string(),
        OpOutcome::Stale => format!("{} ≥ {}，影响 0 行，不写业务", pair(r.before), pair((r.op.fence, r.op.seq))),
    }
}
