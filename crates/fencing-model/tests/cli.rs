//! The `fencing-lab` binary: the lesson's five commands, JSON shape, help and bad arguments.

use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fencing-lab")).args(args).output().expect("binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = lab(&all);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn properties(v: &serde_json::Value) -> Vec<String> {
    let mut p: Vec<String> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|x| Some(x.get("property")?.as_str()?.to_string()))
        .collect();
    p.sort();
    p.dedup();
    p
}

/// `tests/golden/<name>.txt`, compared with a readable diff on failure; `SNAPSHOTS=overwrite
/// cargo test -p fencing-model --test cli` rewrites it after a deliberate change (read the
/// diff before committing it).
fn golden(name: &str, actual: String) {
    let path =
        std::path::PathBuf::from(format!("{}/tests/golden/{name}.txt", env!("CARGO_MANIFEST_DIR")));
    snapbox::assert_data_eq!(actual, snapbox::Data::read_from(&path, None).raw());
}

#[test]
fn the_five_lesson_commands() {
    let correct = json(&["fencing"]);
    assert_eq!(
        (correct["variant"].as_str(), correct["interleavings"].as_u64()),
        (Some("correct"), Some(3))
    );
    assert!(properties(&correct).is_empty());

    assert_eq!(
        properties(&json(&["fencing", "--variant", "no-fence"])),
        ["revoked_generation_overwrite"]
    );

    let split = json(&["fencing", "--variant", "split-authority"]);
    assert_eq!(split["interleavings"], 2);
    assert_eq!(properties(&split), ["unauthorized_accept"]);
    let v = &split["findings"][0];
    let trace = &split["traces"][v["interleaving"].as_u64().unwrap() as usize - 1];
    let step = &trace["steps"][v["step"].as_u64().unwrap() as usize - 1];
    assert_eq!(trace["steps"].as_array().unwrap().len(), trace["events"].as_array().unwrap().len());
    assert_eq!(step["after"]["token"], serde_json::json!({ "fence": 43, "grant": null }));
    assert_eq!(step["after"]["value"], "result-A");

    assert_eq!(
        properties(&json(&["fencing", "--variant", "rollback-issuer"])),
        ["revoked_generation_overwrite"]
    );

    let ops = json(&["fencing", "--case", "operations"]);
    let outcomes: Vec<&str> = ops["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["applied", "applied", "duplicate", "conflict", "stale"]);
    assert_eq!(ops["effects"], 2);
}

#[test]
fn text_output_names_the_counterexample() {
    let out = lab(&["fencing", "--variant", "no-fence"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("revoked_generation_overwrite"));
    assert!(text.contains(
        "counterexample.events: acquire A, pause A, expire A, recover, acquire B, write B, \
         resume A, write A"
    ));
}

#[test]
fn the_op_seq_line_explains_only_a_larger_op_seq_for_a() {
    let text = |seqs: &str| String::from_utf8(lab(&["fencing", "--op-seq", seqs]).stdout).unwrap();
    assert!(text("2,1").contains(fencing_model::words::OP_SEQ_WHY));
    for seqs in ["1,1", "1,2"] {
        assert!(!text(seqs).contains("A 的 op_seq 较大"), "{seqs}");
    }
}

#[test]
fn variant_sets_combine() {
    let v = json(&["fencing", "--variant", "no-fence,rollback-issuer"]);
    assert_eq!(v["variant"], "no-fence,rollback-issuer");
    let all = json(&["fencing", "--variant=split-authority,no-fence,rollback-issuer"]);
    assert_eq!(all["variant"], "no-fence,split-authority,rollback-issuer");
}

#[test]
fn the_report_names_grants_the_reused_fence_and_precheck() {
    let text = |args: &[&str]| String::from_utf8(lab(args).stdout).unwrap();
    let rollback = text(&["fencing", "--variant", "rollback-issuer", "--op-seq", "1,2"]);
    assert!(rollback.contains("结论：无违例。"), "{rollback}");
    assert!(
        rollback.contains(
            "同一 fence 发给了两次授予：fence=41，授予#1（A，第 1 步）与授予#2（B，第 5 步）"
        ),
        "{rollback}"
    );
    assert!(rollback.contains("交错 1 无害；交错 2 无害；交错 3 无害"), "{rollback}");
    assert!(
        rollback.contains("这次成功靠的是 op_seq 较大，而不是授予较新。\n    见：交错 3 第 8 步"),
        "{rollback}"
    );
    let precheck = lab(&["fencing", "--variant", "precheck"]);
    assert!(precheck.status.success());
    let precheck = String::from_utf8(precheck.stdout).unwrap();
    assert!(precheck.contains("违例 1：revoked_generation_overwrite"), "{precheck}");
    assert!(
        precheck.contains(
            "counterexample.events: acquire A, pause A, expire A, recover, acquire B, check B, \
             resume A, check A, write B, write A"
        ),
        "{precheck}"
    );
    assert!(
        precheck.contains("资源无条件写入 A 的 41（授予#1） seq=2，覆盖 (42,1)（比较在前一步）"),
        "{precheck}"
    );
    let split = text(&["fencing", "--variant", "split-authority"]);
    assert!(split.contains("A 向独立计数器取号：43（未绑定）"), "{split}");
    assert!(split.contains("counter"), "{split}");
    let correct = text(&["fencing"]);
    assert!(correct.contains("交错 3：resume A → write A → write B（关键限定）"), "{correct}");
    assert!(
        correct.contains("unauthorized_accept（未绑定授予的 token 不可产生效果）"),
        "{correct}"
    );
    // precheck applies to the fencing case only.
    let ops = lab(&["fencing", "--case", "operations", "--variant", "precheck"]);
    assert_eq!(ops.status.code(), Some(2));
}

#[test]
fn help_lists_cases_and_variants() {
    let out = lab(&["--help"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    for name in [
        "fencing",
        "operations",
        "explore",
        "--scenario FILE",
        "model",
        "correct",
        "no-fence",
        "split-authority",
        "rollback-issuer",
        "precheck",
        "本学习台补充",
    ] {
        assert!(text.contains(name), "help lacks {name}");
    }
}

#[test]
fn bad_arguments_exit_2_with_the_valid_choices() {
    for (args, must) in [
        (
            &["fencing", "--variant", "nofence"][..],
            "no-fence, split-authority, rollback-issuer, precheck",
        ),
        (&["fencing", "--case", "ops"][..], "fencing, operations"),
        (&["fencing", "--variant"][..], "--variant 需要一个值"),
        (
            &["fencing", "--verbose"][..],
            "--case, --variant, --issuer, --op-seq, --ops, --clients, --crash, --delay, \
             --scenario, --json, --help",
        ),
        (&["fencing", "--issuer", "x"][..], "issuer 须为非负整数"),
        (
            &["fencing", "--case", "operations", "--op-seq", "3,1"][..],
            "op-seq 不适用于 operations 案例",
        ),
        (&["fence"][..], "可选：fencing, explore"),
        (&["fencing", "--case", "model"][..], "model 案例由 explore 运行"),
        (&["explore", "--clients", "acquire write:1:a"][..], "需要 2 到 4 个客户端"),
        (&["explore", "--crash", "yes"][..], "crash 须为 true 或 false"),
        (&["explore", "--scenario", "no/such/file.json"][..], "读不了场景文件"),
        (&["fencing", "--scenario", "x.json"][..], "--scenario 属于 explore"),
        (&[][..], "缺少实验名"),
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(must), "{args:?}: {err}");
    }
}

#[test]
fn explore_runs_each_shipped_preset_as_the_report_says() {
    for preset in fencing_model::presets::PRESETS {
        let path = format!("{}/presets/{}.json", env!("CARGO_MANIFEST_DIR"), preset.name);
        let out = lab(&["explore", "--scenario", &path]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let report = fencing_model::run(&preset.read().scenario).unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            fencing_model::render::text(&report),
            "{}",
            preset.name
        );
    }
    // Options after the file override it: the lesson's preset with no fence breaks the property.
    let path = format!("{}/presets/lesson.json", env!("CARGO_MANIFEST_DIR"));
    let v = json(&["explore", "--scenario", &path, "--variant", "no-fence"]);
    assert_eq!(v["case"], "model");
    assert_eq!(v["findings"][0]["name"], "revoked_generation_overwrite");
    assert_eq!(v["findings"][0]["path"].as_array().unwrap().len(), 7);
}

#[test]
fn a_counterexample_reads_in_the_lessons_numbers_and_grants() {
    // The lesson's preset with the issuer restored from an old backup: both grants carry 41,
    // told apart only by the checker's grant labels; the resource's high-water mark stays 41.
    let path = format!("{}/presets/lesson.json", env!("CARGO_MANIFEST_DIR"));
    let out = String::from_utf8(
        lab(&["explore", "--scenario", &path, "--variant", "rollback-issuer"]).stdout,
    )
    .unwrap();
    for line in [
        "✗ revoked_generation_overwrite（已提交资源代际不后退）：违反，最短反例 9 步",
        "⚠ reused_fence：发生，最短 6 步",
        "   *1 acquire A  |         0        0 -        -      -            |         41 A     \
         valid   | 原子授予 owner=A，token 41（授予#1）",
        "   *6 recover    |         0        0 -        -      -            |         40 A     \
         expired | 从旧备份恢复：发号器回到 40",
        "   *7 acquire B  |         0        0 -        -      -            |         41 B     \
         valid   | 原子授予 owner=B，token 41（授予#2）",
        "   *8 write B    |        41        1 result-B B      41（授予#2） |         41 B     \
         valid   | 资源接受 B 的 41（授予#2） seq=1 key=b：(0,0) < (41,1)",
        "   *9 write A    |        41        2 result-A A      41（授予#1） |         41 B     \
         valid   | 资源接受 A 的 41（授予#1） seq=2 key=a：(41,1) < (41,2)",
        "关键步骤：第 1 步 acquire A、第 6 步 recover、第 7 步 acquire B、第 8 步 write B、\
         第 9 步 write A；使能步骤：第 2 步 pause A、第 3 步 expire A、\
         第 4 步 resume A、第 5 步 crash",
    ] {
        assert!(out.contains(line), "missing «{line}» in\n{out}");
    }
}

#[test]
fn the_page_runs_command_lines_as_the_binary_does_and_reads_no_files() {
    use fencing_model::cli;
    for args in [
        &["fencing"][..],
        &["fencing", "--variant", "no-fence"],
        &["fencing", "--case", "operations", "--json"],
    ] {
        let out = lab(args);
        assert_eq!(cli::execute(args), (String::from_utf8(out.stdout).unwrap(), 0), "{args:?}");
    }
    assert!(cli::execute(&["fencing"]).0.contains("见：交错 3 第 7 步"), "the key caveat's step");
    let (err, code) = cli::execute(&["explore", "--scenario", "mine.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("这里不能读取文件「mine.json」"), "{err}");
    // Words after the experiment that are not options are named whole.
    for (args, must) in [
        (&["fencing", "x=y"][..], "多余的参数「x=y」"),
        (&["fencing", "explore"], "多余的参数「explore」"),
        (&["fencing", "extra"], "多余的参数「extra」"),
        (&["fencing", "--nope"], "未知选项「--nope」"),
    ] {
        let (err, code) = cli::execute(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(must), "{args:?}: {err}");
    }
}

#[test]
fn help_gives_each_option_its_value_and_meaning() {
    let help = fencing_model::cli::help();
    for line in [
        "--case <case>",
        "--variant <variant,…>",
        "--issuer <n>",
        "--op-seq <a,b>",
        "--ops <list>",
        "--clients <programs>",
        "--crash <true|false>",
        "fencing：A 与 B 写入时的 op_seq（默认 2,1）",
        "初始 issuer（默认 40；operations 的课程输入随之从 issuer+1 起）",
        "model：网络可延迟写入，送达次序任意（默认 false）",
    ] {
        assert!(help.contains(line), "help lacks «{line}»");
    }
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

#[test]
fn each_preset_names_the_file_a_command_line_runs() {
    for preset in fencing_model::presets::PRESETS {
        let path = preset.path();
        assert_eq!(path, format!("crates/fencing-model/presets/{}.json", preset.name));
        let from_root = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(std::fs::read_to_string(from_root).unwrap(), preset.file);
    }
}

#[test]
fn a_bad_scenario_file_names_its_line_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("fencing-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text, must) in [
        (
            "program.json",
            concat!(
                "{\n",
                "  \"case\": \"model\",\n",
                "  \"clients\": [\n",
                "    \"acquire write:1:a\",\n",
                "    \"acquire fly\"\n",
                "  ]\n",
                "}\n"
            ),
            "第 5 行：clients：客户端 B 的程序里有未知的一步「fly」",
        ),
        (
            "syntax.json",
            "{\n  \"case\": \"model\"\n  \"delay\": true\n}\n",
            "第 3 行：不是一个 JSON 对象",
        ),
        (
            "key.json",
            "{\n  \"case\": \"model\",\n  \"speed\": 2\n}\n",
            "第 3 行：未知的键「speed」",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = lab(&["explore", "--scenario", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(must), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
