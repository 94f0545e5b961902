//! Each challenge of 「你来调度」 is linked from the chapter that states the claim it tests, by
//! the very link the model writes for it (`Challenge::query`).

use fencing_model::challenges::CHALLENGES;

#[test]
fn each_challenge_is_linked_from_a_chapter() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/lesson");
    let chapters: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    for c in &CHALLENGES {
        let link = format!("(/explore?{})", c.query());
        assert!(chapters.iter().any(|t| t.contains(&link)), "no chapter links {link}");
    }
}
