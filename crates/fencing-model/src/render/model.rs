//! The explorer's report as text: the scenario, how far the search went, the judgment's
//! sections, and each counterexample as the one step table. No timing: the page and the CLI
//! print the same bytes for the same scenario.

use super::{legend, section, step_table};
use crate::checker::ModelRun;
use crate::machine::client_name;
use crate::note::APP_NOTE;
use crate::scenario::Scenario;
use crate::verdicts::{Part, Verdicts, KEY_STEPS};
use std::fmt::Write;

/// The scenario: environment switches, then each client's program.
pub(super) fn scenario(out: &mut String, s: &Scenario) {
    let m = &s.model;
    let crash =
        if m.crash { "授权权威可崩溃一次并恢复" } else { "授权权威不崩溃" };
    let delay =
        if m.delay { "网络可延迟写入，送达次序任意" } else { "写入即时送达" };
    let _ = writeln!(
        out,
        "场景：issuer={}；{crash}（crash={}）；{delay}（delay={}）",
        s.issuer, m.crash, m.delay
    );
    for (i, program) in m.clients.iter().enumerate() {
        let ops: Vec<String> = program.iter().map(|op| m.op_text(*op)).collect();
        let _ = writeln!(out, "  {}  {}", client_name(i), ops.join(" "));
    }
}

/// The search's extent, the verdicts, then every counterexample.
pub(super) fn run(out: &mut String, s: &Scenario, run: &ModelRun, v: &Verdicts) {
    for h in &v.head {
        let _ = writeln!(out, "{h}");
    }
    legend(out);
    for part in [Part::Properties, Part::Progress, Part::Issuer] {
        if let Some(sec) = v.section(part) {
            section(out, sec, false, &v.marks);
        }
    }
    let mut said_key = false;
    for l in v.lines() {
        for o in &l.occurrences {
            let Some(path) = run.findings.get(o.at.path).and_then(|r| r.path.as_ref()) else {
                continue;
            };
            if !said_key {
                let _ = writeln!(out, "\n{KEY_STEPS}");
                said_key = true;
            }
            // An expected failure is no counterexample: it is the shortest path to it.
            let _ = writeln!(out, "\n{}：{} 步", v.marks[o.at.path].name, path.len());
            let _ = writeln!(out, "  {}{}", crate::verdicts::WHY, o.why);
            for q in o.cause.iter().chain(&o.qualifiers) {
                let _ = writeln!(out, "  {q}");
            }
            let _ = writeln!(out, "  {APP_NOTE}{}", o.chain);
            step_table(out, path, &s.model.keys, s.defects, &v.marks[o.at.path]);
        }
    }
}
