//! The `fencing-lab` binary: the lesson's five commands, JSON shape, help and bad arguments,
//! and the page running the same command lines. (The explore command's scenario files are in
//! `cli_explore.rs`, the reviewed text byte for byte in `cli_golden.rs`.)

mod common;

use common::{json, lab};

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
        "--path PATH",
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
             --scenario, --path, --json, --help",
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

/// `--path`: what the coach of 「你来调度」 says after a path, on the machine the page drives
/// (the lesson's with the lab's `mint` step under split-authority), as the page shows it.
#[test]
fn the_coach_after_a_path() {
    let said = |args: &[&str]| {
        let out = lab(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let start = said(&["fencing", "--path", ""]);
    assert!(start
        .starts_with("教练（从当前状态起）：旧写入被拒 最少还需 7 步；关键限定 最少还需 6 步。\n"));
    assert!(start.contains("这是教练查遍本场景全部 93 个可达状态得出的"), "{start}");
    let path = "A.A.expire.crash.recover.B.B.resume-A.A";
    let end = said(&["fencing", "--variant", "no-fence", "--path", path]);
    let lines: Vec<&str> = end.lines().collect();
    assert_eq!(
        lines[0],
        "在第 9 步（write A）出现：已提交代际后退（revoked_generation_overwrite）。"
    );
    assert_eq!(lines[1], "教练（从当前状态起）：往后无论怎么走，教练跟踪的各项发现都不会出现了。");
    assert!(lines[2].starts_with("第 9 步（write A）之后，已提交代际后退 已不可能再发生"));
    // After a rollback, A's 41 accepted before B's commit looks like the key caveat but is not:
    // its fence is not below the newest grant's; the coach says why at that step.
    let reused = "A.A.expire.crash.recover.B.resume-A.A";
    let rollback = said(&["fencing", "--variant", "rollback-issuer", "--path", reused]);
    assert!(
        rollback.starts_with("第 8 步（write A）被接受，但不算关键限定：比它新的授予至今没拿到比它的 fence 更大的号（发号器回退后重新发号）"),
        "{rollback}"
    );
    // A finding judged on a state is said as made by the move that makes it, and once.
    let lockout = "A.A.expire.crash.recover.B.resume-A.A.B";
    let end = said(&["fencing", "--variant", "rollback-issuer", "--path", lockout]);
    assert!(end.starts_with("在第 9 步（write B）出现：持有者被挡、操作丢失。\n"), "{end}");
    assert!(!end.contains("操作丢失 在这个状态已经发生"), "{end}");
    // split-authority: the lab's machine, with its `mint` step (171 states, not explore's 165).
    let split = said(&["fencing", "--variant", "split-authority", "--path", ""]);
    assert!(split.contains("全部 171 个可达状态"), "{split}");
    // A path that goes wrong, and a case with no moves, are refused.
    let bad = lab(&["fencing", "--path", "A.B.fly"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("不是一步动作：fly"));
    let ops = lab(&["fencing", "--case", "operations", "--path", ""]);
    assert!(String::from_utf8_lossy(&ops.stderr).contains("operations 案例没有可调度的步骤"));
}
