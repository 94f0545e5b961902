//! Export and import of the progress document: the checks an import file must pass and the
//! preview of what it would change. Pure functions; the page only reads files and clicks.

use super::progress::{parse_naming_fields, Loaded, Progress};

/// Largest import file accepted: above any export the app can write. What the app writes
/// lives in localStorage, which holds at most 5,242,880 UTF-16 code units per site (Chromium
/// and Firefox; measured) — at most 16 MiB as a file's UTF-8 — and the export's indentation
/// adds less than as much again. A file this size is still parsed in well under a second.
pub const MAX_IMPORT_BYTES: usize = 32 * 1024 * 1024;

/// Validate an import file's text.
pub fn read_import(text: &str, size: usize) -> Result<Progress, String> {
    if size > MAX_IMPORT_BYTES {
        return Err(format!("文件有 {} MB，超过 {} MB 上限", size / (1024 * 1024), MAX_IMPORT_BYTES / (1024 * 1024)));
    }
    match parse_naming_fields(Some(text)) {
        Loaded::Ok(p) => Ok(p),
        Loaded::Empty => Err("文件是空的".into()),
        Loaded::Newer { version, .. } => Err(format!("文件来自更新版本的学习台（第 {version} 版格式），本版本无法导入")),
        Loaded::Corrupt { reason } => Err(format!("不是学习台的进度文件：{reason}")),
    }
}

/// What an import would change, in counts a learner can check before confirming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub chapters_new: usize,
    pub attempts_new: usize,
    pub drafts_changed: usize,
    pub runs_new: usize,
    pub predictions_new: usize,
    /// What "replace" would drop: attempts here that the file lacks.
    pub attempts_lost_on_replace: usize,
}

pub fn preview(current: &Progress, incoming: &Progress) -> Preview {
    let attempts = |p: &Progress| {
        p.questions
            .values()
            .flat_map(|q| q.attempts.iter().map(|a| (a.at.to_bits(), a.answer.clone())))
            .collect::<std::collections::BTreeSet<_>>()
    };
    let (mine, theirs) = (attempts(current), attempts(incoming));
    Preview {
        chapters_new: incoming.chapters.keys().filter(|k| !current.chapters.contains_key(*k)).count(),
        attempts_new: theirs.difference(&mine).count(),
        // What merging would do to each question's attempt in progress (newer text, or another
        // tab's parallel draft kept beside it).
        drafts_changed: {
            let mut merged = current.clone();
            merged.merge(incoming);
            let seen = |p: &Progress, id: &str| {
                let c = p.question(id).current;
                (c.answer, c.revealed, c.ticked, c.conflicts)
            };
            incoming.questions.keys().filter(|id| seen(&merged, id) != seen(current, id)).count()
        },
        runs_new: incoming.runs.keys().filter(|k| !current.runs.contains_key(*k)).count(),
        predictions_new: incoming
            .predictions
            .iter()
            .filter(|x| !current.predictions.iter().any(|m| m.at == x.at && m.experiment == x.experiment))
            .count(),
        attempts_lost_on_replace: mine.difference(&theirs).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::progress::tests::{Q1, Q2};
    use crate::storage::progress::{Change, Rating};

    #[test]
    fn export_then_import_is_the_identity() {
        let mut p = Progress::default();
        p.apply(Change::Run("fencing/no-fence".parse().unwrap()), 5.0);
        let guess = fencing_model::prediction::Guess::Fencing {
            broken: vec![fencing_model::Property::RevokedGenerationOverwrite],
            last_writers: vec!['A', 'A', 'B'],
        };
        p.apply(Change::Predict { experiment: "fencing/no-fence".parse().unwrap(), guess, hit: true }, 5.5);
        p.apply(Change::Draft { question: Q1, answer: "<img src=x onerror=alert(1)>".into() }, 6.0);
        p.apply(Change::Reveal(Q1), 7.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Partial }, 9.0);
        // The schedule and the predictions travel with the file.
        assert!(p.question("q1").review.is_some() && p.predictions.len() == 1);
        let text = p.to_pretty_json();
        assert_eq!(read_import(&text, text.len()), Ok(p));
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert!(read_import("{}", 2).unwrap_err().contains("version"));
        assert!(read_import("hello", 5).unwrap_err().contains("JSON"));
        assert!(read_import(r#"{"version":99}"#, 14).unwrap_err().contains("更新版本"));
        assert!(read_import("{}", MAX_IMPORT_BYTES + 1).unwrap_err().contains("超过 32 MB 上限"));
        let long = format!(
            r#"{{"version":2,"questions":{{"q1":{{"current":{{"answer":"{}","revealed":false,"ticked":[],"updated_at":1}}}}}}}}"#,
            "x".repeat(20_001)
        );
        assert!(read_import(&long, long.len()).unwrap_err().contains("超过"));
    }

    #[test]
    fn preview_counts_what_merge_adds_and_replace_drops() {
        let mut here = Progress::default();
        here.apply(Change::Reveal(Q1), 1.0);
        here.apply(Change::Rate { question: Q1, rating: Rating::Full }, 1.0);
        let mut file = Progress::default();
        file.chapters.insert("lab".into(), Default::default());
        file.apply(Change::Reveal(Q2), 2.0);
        file.apply(Change::Rate { question: Q2, rating: Rating::Missed }, 2.0);
        let p = preview(&here, &file);
        assert_eq!((p.chapters_new, p.attempts_new, p.attempts_lost_on_replace), (1, 1, 1));
    }

    #[test]
    fn preview_counts_newer_different_drafts_new_runs_and_new_predictions() {
        let e = |s: &str| -> fencing_model::Experiment { s.parse().unwrap() };
        let guess = fencing_model::prediction::Guess::Fencing { broken: vec![], last_writers: vec![] };
        let predict = |p: &mut Progress, x: &str, at| p.apply(Change::Predict { experiment: e(x), guess: guess.clone(), hit: true }, at);
        let draft = |p: &mut Progress, q, answer: &str, at| p.apply(Change::Draft { question: q, answer: answer.into() }, at);
        let mut here = Progress::default();
        draft(&mut here, Q1, "同样的草稿", 5.0);
        draft(&mut here, Q2, "这里的草稿", 5.0);
        here.apply(Change::Run(e("fencing/correct")), 1.0);
        predict(&mut here, "fencing/correct", 1.0);
        let mut file = Progress::default();
        draft(&mut file, Q1, "同样的草稿", 9.0); // newer, but the same text: no change
        draft(&mut file, Q2, "文件里的草稿", 9.0); // newer and different: changes
        let q3 = crate::storage::progress::QuestionRef { id: "q3", ..Q1 };
        draft(&mut file, q3, "只在文件里", 2.0); // a question not here at all
        file.apply(Change::Run(e("fencing/correct")), 2.0);
        file.apply(Change::Run(e("operations/correct")), 2.0);
        predict(&mut file, "fencing/correct", 1.0); // the same prediction
        predict(&mut file, "fencing/no-fence", 1.0); // same time, other experiment
        predict(&mut file, "fencing/correct", 3.0); // same experiment, other time
        let p = preview(&here, &file);
        assert_eq!((p.drafts_changed, p.runs_new, p.predictions_new), (2, 1, 2));
        // Importing what is already here adds nothing.
        let same = preview(&file, &file);
        assert_eq!((same.chapters_new, same.attempts_new, same.drafts_changed, same.runs_new, same.predictions_new), (0, 0, 0, 0, 0));
        // An older draft in the file changes nothing here.
        let mut stale = Progress::default();
        draft(&mut stale, Q2, "更早的草稿", 1.0);
        assert_eq!(preview(&here, &stale).drafts_changed, 0);
    }

    #[test]
    fn the_largest_file_accepted_is_the_cap_itself() {
        assert!(!read_import("{}", MAX_IMPORT_BYTES).unwrap_err().contains("上限"));
    }
}
