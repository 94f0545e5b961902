//! Helpers the integration tests share: the `fencing-lab` binary run with arguments (as text
//! and as JSON), a shipped preset's scenario, and a search's verdicts in brief.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::Programs;
use fencing_model::presets::PRESETS;
use fencing_model::{Defects, Scenario};
use std::process::{Command, Output};

/// The `fencing-lab` binary run with `args`.
pub fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fencing-lab")).args(args).output().expect("binary runs")
}

/// The binary's `--json` output for `args`, which must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = lab(&all);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// The scenario of the shipped preset `name`.
pub fn preset(name: &str) -> Scenario {
    PRESETS.iter().find(|p| p.name == name).unwrap().read().scenario
}

/// Each finding's shortest counterexample length (None: holds), and whether the search was
/// complete (the evidence `stale_refused`, last, is tested apart).
pub fn verdicts(model: &Programs, defects: Defects) -> ([Option<usize>; 7], bool) {
    let run = check(model, defects, 40, DEFAULT_CAP);
    let lengths: Vec<Option<usize>> =
        run.findings.iter().take(7).map(|f| f.path.as_ref().map(Vec::len)).collect();
    (lengths.try_into().unwrap(), run.complete)
}
