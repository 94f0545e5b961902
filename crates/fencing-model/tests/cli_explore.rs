//! The `fencing-lab` binary's explore command: each shipped preset run from its file as the
//! report says, a counterexample in the lesson's numbers, and a bad scenario file refused.

mod common;

use common::{json, lab};

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
