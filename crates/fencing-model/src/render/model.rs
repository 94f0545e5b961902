//! The explorer's report as text: the scenario, how far the search went, a verdict per
//! finding, and each counterexample as the one step table. No timing: the page and the CLI
//! print the same bytes for the same scenario.

use super::step_table;
use crate::checker::{FindingResult, ModelRun};
use crate::findings::Finding;
use crate::machine::client_name;
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::scenario::{Defects, Scenario};
use crate::words::{cause, chain, lost_why, none_of, unfired, why};
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
pub(super) fn run(out: &mut String, s: &Scenario, run: &ModelRun) {
    let d = s.defects;
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
    for p in Property::ALL {
        let path = run.finding(Finding::Broken(p)).and_then(|f| f.path.as_ref());
        let mut verdict = path.map_or(holds.to_string(), |path| format!("违反，最短反例 {} 步", path.len()));
        if let (Property::UnauthorizedAccept, Some(over)) = (p, run.finding(Finding::UnboundOverwrite).and_then(|f| f.path.as_ref())) {
            verdict.push_str(&format!("；其中覆盖已提交结果的（unbound_overwrite，本学习台补充）最短 {} 步", over.len()));
        }
        let _ = writeln!(out, "  {}（{}）：{verdict}", p.name(), p.promise());
    }
    let _ = writeln!(out, "  {BOUND_TO_A_GRANT}");
    for &u in &run.unfired {
        let _ = writeln!(out, "  {}", unfired(u, d, s.model.crash));
    }
    let _ = writeln!(out, "\n发号检查、活性与卡住（本学习台补充，不属于课程的两条性质）：");
    for f in [Finding::ReusedFence, Finding::LockedOut, Finding::LostOperation, Finding::Stuck] {
        let verdict = match run.finding(f).and_then(|r| r.path.as_ref()) {
            Some(path) => format!("发生，最短 {} 步", path.len()),
            None if run.complete => none_of(f, 0),
            None => format!("{}（未穷尽）", none_of(f, 0)),
        };
        let _ = writeln!(out, "  {}：{verdict}", f.name());
    }
    for f in Finding::ALL {
        if let Some(r) = run.finding(f).filter(|r| r.path.is_some()) {
            counterexample(out, s, d, f, r);
        }
    }
}

fn counterexample(out: &mut String, s: &Scenario, d: Defects, f: Finding, r: &FindingResult) {
    let Some(path) = &r.path else { return };
    let _ = writeln!(out, "\n反例：{}（最短，{} 步）", r.name, path.len());
    let _ = writeln!(out, "  原因：{}", why(f));
    if let (Finding::Broken(p), Some(last)) = (f, path.last()) {
        let overwritten = path.len().checked_sub(2).and_then(|k| path[k].after.token);
        if let Some(c) = cause(p, &last.event, overwritten, d) {
            let _ = writeln!(out, "  {c}");
        }
    }
    // A lost operation's key steps end at the step that refused its write.
    if let (Finding::LostOperation, Some(&at)) = (f, r.key_steps.last()) {
        let _ = writeln!(out, "  {}", lost_why(&path[at - 1]));
    }
    let names: Vec<String> = path.iter().map(|st| st.action.clone()).collect();
    let _ = writeln!(out, "  关键步骤：{}", chain(&r.key_steps, &names));
    step_table(out, path, &s.model.keys, d, &r.key_steps);
}
