//! The page lays out the model's report and writes none of its own: no verdict words, signs
//! of a verdict, causes, qualifiers or property names for a learner's choice in the page's
//! explorer and lab chapter (they come from `fencing_model::verdicts` and `words`, which the
//! CLI prints too).

const FILES: [&str; 4] =
    ["src/experiments", "src/lab_views", "src/reading/lab.rs", "src/reading/lab_result.rs"];

/// Words and signs that only a verdict or the report's head uses (a path's name, the search's
/// extent: `Marks::name`, `Verdicts::head`).
const VERDICT: [&str; 21] = [
    "违反",
    "成立",
    "未发生",
    "无从",
    "穷尽",
    "预期",
    "原因",
    "不属于课程",
    "最短反例",
    "最短路径（",
    "未穷尽",
    "搜索：",
    "交错 {",
    "被挡",
    "revoked_generation_overwrite",
    "unauthorized_accept",
    "locked_out",
    "lost_operation",
    "⚠",
    "⊘",
    "∅",
];

#[test]
fn the_page_writes_no_verdict_of_its_own() {
    let root = env!("CARGO_MANIFEST_DIR");
    // Every file under each of `FILES`, its wings' folders included.
    let mut files = Vec::new();
    let mut todo: Vec<_> = FILES.iter().map(|f| std::path::Path::new(root).join(f)).collect();
    while let Some(path) = todo.pop() {
        if path.is_dir() {
            todo.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            files.push(path);
        }
    }
    assert!(files.len() > 5, "{files:?}");
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            // Comments may name what the code does.
            let code = line.split("//").next().unwrap_or("");
            for w in VERDICT.iter().filter(|w| code.contains(*w)) {
                found.push(format!("{}:{}: «{w}» in {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "verdict words written in the page:\n{}", found.join("\n"));
}
