//! The explorer's report as text: the scenario, how far the search went, a verdict per
//! finding, and each counterexample as a table of its steps. No timing: the page and the CLI
//! print the same bytes for the same scenario.

use super::{pad, rpad};
use crate::checker::spec::client_name;
use crate::checker::{FindingResult, ModelRun, PathStep};
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::scenario::Scenario;
use std::fmt::Write;

/// The scenario: environment switches, then each client's program.
pub(super) fn scenario(out: &mut String, s: &Scenario) {
    let m = &s.model;
    let crash = if m.crash { "授权权威可崩溃一次并恢复" } else { "授权权威不崩溃" };
    let delay = if m.delay { "网络可延迟写入，送达次序任意" } else { "写入即时送达" };
    let _ = writeln!(out, "场景：issuer={}；{crash}（crash={}）；{delay}（delay={}）", s.issuer, m.crash, m.delay);
    for (i, program) in m.clients.iter().enumerate() {
        let ops: Vec<String> = program.iter().map(|op| m.op_text(*op)).collect();
        let _ = writeln!(out, "  {}  {}", client_name(i), ops.join(" "));
    }
}

/// The search's extent, the verdicts, then every counterexample.
pub(super) fn run(out: &mut String, run: &ModelRun) {
    if run.complete {
        let _ = writeln!(out, "搜索：广度优先，遍历全部可达状态——{} 个不同状态，{} 次转移", run.states, run.transitions);
    } else {
        let _ = writeln!(
            out,
            "搜索：在上限 {} 个状态处停止，未穷尽（已转移 {} 次）；「未发现」只说明已访问的状态里没有",
            run.cap, run.transitions
        );
    }
    let holds = if run.complete { "成立（全部可达状态）" } else { "未发现违例（未穷尽）" };
    let _ = writeln!(out, "\n性质检查：");
    for (p, f) in Property::ALL.into_iter().zip(&run.findings) {
        let verdict = f.path.as_ref().map_or(holds.to_string(), |path| format!("违反，最短反例 {} 步", path.len()));
        let _ = writeln!(out, "  {}（{}）：{verdict}", p.name(), p.promise());
    }
    let _ = writeln!(out, "  {BOUND_TO_A_GRANT}");
    let _ = writeln!(out, "\n发号检查与卡住（本学习台补充，不属于课程的两条性质）：");
    let none = |what: &str| if run.complete { what.to_string() } else { format!("{what}（未穷尽）") };
    for f in &run.findings[2..] {
        let verdict = match &f.path {
            None if f.name == "stuck" => none("没有卡住的状态"),
            None => none("每个 fence 只发给了一次授予"),
            Some(path) => format!("发生，最短 {} 步", path.len()),
        };
        let _ = writeln!(out, "  {}：{verdict}", f.name);
    }
    for f in run.findings.iter().filter(|f| f.path.is_some()) {
        counterexample(out, f);
    }
}

/// Why each finding matters, in one sentence.
fn why(name: &str) -> &'static str {
    match name {
        "revoked_generation_overwrite" => Property::RevokedGenerationOverwrite.why(),
        "unauthorized_accept" => Property::UnauthorizedAccept.why(),
        "reused_fence" => "同一个 fence 发给了第二次授予：资源只看数字，分不清这个号属于哪个任期。",
        _ => "有客户端的程序没走完，却没有任何事件能发生。",
    }
}

fn counterexample(out: &mut String, f: &FindingResult) {
    let Some(path) = &f.path else { return };
    let _ = writeln!(out, "\n反例：{}（最短，{} 步）", f.name, path.len());
    let _ = writeln!(out, "  原因：{}", why(f.name));
    let _ = writeln!(out, "{} {} | max_fence last_seq owner lease   | 结果", rpad("#", 4), pad("动作", 18));
    for (n, step) in path.iter().enumerate() {
        let _ = writeln!(out, "{}", row(n + 1, step));
    }
}

fn row(n: usize, step: &PathStep) -> String {
    format!(
        "{} {} | {} {} {} {} | {}",
        rpad(&n.to_string(), 4),
        pad(&step.action, 18),
        rpad(&step.max_fence.to_string(), 9),
        rpad(&step.last_seq.to_string(), 8),
        pad(&step.owner.map_or("-".to_string(), String::from), 5),
        pad(step.lease, 7),
        step.what
    )
}
