//! The `fencing-lab` binary's text as reviewed, byte for byte: the lesson's commands and the
//! model checker's verdicts for every small scenario and defect, against `tests/golden/`.

mod common;

use common::{json, lab};

/// `tests/golden/<name>.txt`, compared with a readable diff on failure; `SNAPSHOTS=overwrite
/// cargo test -p fencing-model --test cli_golden` rewrites it after a deliberate change (read
/// the diff before committing it).
fn golden(name: &str, actual: String) {
    let path =
        std::path::PathBuf::from(format!("{}/tests/golden/{name}.txt", env!("CARGO_MANIFEST_DIR")));
    snapbox::assert_data_eq!(actual, snapbox::Data::read_from(&path, None).raw());
}

/// The text a reader sees, byte for byte: tables aligned for Chinese (wide) characters, each
/// defect with its lesson sentence, the resource's condition, every property with its reason,
/// what lies beside them. Each file was read cold against the lesson before it was committed.
#[test]
fn the_lesson_commands_print_exactly_the_reviewed_text() {
    let preset = format!("{}/presets/lesson.json", env!("CARGO_MANIFEST_DIR"));
    for (name, args) in [
        ("help", vec!["--help"]),
        ("fencing-correct", vec!["fencing"]),
        ("fencing-no-fence", vec!["fencing", "--variant", "no-fence"]),
        ("fencing-split-authority", vec!["fencing", "--variant", "split-authority"]),
        ("fencing-rollback-issuer", vec!["fencing", "--variant", "rollback-issuer"]),
        ("fencing-precheck", vec!["fencing", "--variant", "precheck"]),
        ("operations", vec!["fencing", "--case", "operations"]),
        // The coach of 「你来调度」 at the start and at the end of the lesson's counterexample.
        ("coach-correct-start", vec!["fencing", "--path", ""]),
        (
            "coach-no-fence-counterexample",
            vec![
                "fencing",
                "--variant",
                "no-fence",
                "--path",
                "A.A.expire.crash.recover.B.B.resume-A.A",
            ],
        ),
        (
            "explore-lesson-rollback-issuer",
            vec!["explore", "--scenario", &preset, "--variant", "rollback-issuer"],
        ),
        (
            "explore-lesson-split-authority",
            vec!["explore", "--scenario", &preset, "--variant", "split-authority"],
        ),
    ] {
        golden(name, String::from_utf8(lab(&args).stdout).unwrap());
    }
}

/// The model checker's verdicts for each small preset and a scenario that uses every kind of
/// step (several keys retried, a failed renewal, delayed writes), under each defect and the
/// combinations that change a step, compact: the states, then per finding whether it holds
/// or its shortest path's actions (the prose those paths print is pinned once, above).
#[test]
fn the_checker_reports_every_scenario_and_defect_as_reviewed() {
    let presets = format!("{}/presets", env!("CARGO_MANIFEST_DIR"));
    let every_step =
        "acquire write:1:a write:2:b pause renew write:3:b;acquire write:1:b write:2:a";
    let scenarios: Vec<(String, Vec<String>)> = ["lesson", "three-holders", "retry-after-failover"]
        .iter()
        .map(|p| (p.to_string(), vec!["--scenario".into(), format!("{presets}/{p}.json")]))
        .chain([
            (
                "every-step".into(),
                ["--clients", every_step, "--delay", "true", "--crash", "false"]
                    .map(String::from)
                    .to_vec(),
            ),
            (
                "every-step-in-order".into(),
                ["--clients", every_step, "--delay", "false", "--crash", "true"]
                    .map(String::from)
                    .to_vec(),
            ),
        ])
        .collect();
    let variants = [
        "correct",
        "no-fence",
        "split-authority",
        "rollback-issuer",
        "precheck",
        "no-fence,precheck",
        "split-authority,precheck",
        "split-authority,rollback-issuer",
    ];
    let mut out = String::new();
    for (name, args) in &scenarios {
        for variant in variants {
            let mut all: Vec<&str> = vec!["explore"];
            all.extend(args.iter().map(String::as_str));
            all.extend(["--variant", variant]);
            let v = json(&all);
            out.push_str(&format!(
                "{name} · {variant}: {} states, {} transitions, unfired {}\n",
                v["states"], v["transitions"], v["unfired"]
            ));
            for f in v["findings"].as_array().unwrap() {
                let said = match f["path"].as_array() {
                    None => "holds".to_string(),
                    Some(path) => {
                        let steps: Vec<String> = path
                            .iter()
                            .map(|s| s["action"].as_str().unwrap().to_string())
                            .collect();
                        format!(
                            "{} steps, key {}: {}",
                            steps.len(),
                            f["key_steps"],
                            steps.join(" / ")
                        )
                    }
                };
                out.push_str(&format!("  {}: {said}\n", f["name"].as_str().unwrap()));
            }
        }
    }
    golden("explore-matrix", out);
}
