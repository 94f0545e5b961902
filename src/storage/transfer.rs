//! Export and import of the progress document: the checks an import file must pass and the
//! preview of what it would change. Pure functions; the page only reads files and clicks.

use super::backup::{parse_import, Backup};
use super::doc::Loaded;
use crate::record::draft::Current;
use crate::record::study::{Attempt, QuestionRecord};

/// Largest import file accepted: above any export the app can write. What the app writes
/// lives in localStorage, which holds at most 5,242,880 UTF-16 code units per site (Chromium
/// and Firefox; measured) — at most 16 MiB as a file's UTF-8 — and the export's indentation
/// adds less than as much again. A file this size is still parsed in well under a second.
pub const MAX_IMPORT_BYTES: usize = 32 * 1024 * 1024;

/// Validate an import file's text.
pub fn read_import(text: &str, size: usize) -> Result<Backup, String> {
    if size > MAX_IMPORT_BYTES {
        return Err(format!(
            "文件有 {:.1} MB，超过 {} MB 上限",
            size as f64 / 1048576.0,
            MAX_IMPORT_BYTES / (1024 * 1024)
        ));
    }
    match parse_import(text) {
        Loaded::Ok(p) => Ok(p),
        Loaded::Empty => Err("文件是空的".into()),
        Loaded::Newer { version, .. } => {
            Err(format!("文件来自更新版本的学习台（第 {version} 版格式），本版本无法导入"))
        }
        Loaded::Unreadable { reason, .. } => Err(format!("无法作为进度文件导入：{reason}")),
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
    /// Challenges solved in the file and not here.
    pub challenges_new: usize,
    /// Answers to the follow-up questions in the file and not here.
    pub recall_new: usize,
    /// What "replace" would drop: attempts here that the file lacks.
    pub attempts_lost_on_replace: usize,
}

pub fn preview(current: &Backup, incoming: &Backup) -> Preview {
    fn attempts(p: &Backup) -> std::collections::BTreeSet<(u64, &str)> {
        p.questions.values().flat_map(|q| q.attempts.iter().map(Attempt::id)).collect()
    }
    let (mine, theirs) = (attempts(current), attempts(incoming));
    Preview {
        chapters_new: incoming
            .chapters
            .keys()
            .filter(|k| !current.chapters.contains_key(*k))
            .count(),
        attempts_new: theirs.difference(&mine).count(),
        // What merging would do to each question's attempt in progress (newer text, or another
        // tab's parallel draft kept beside it).
        drafts_changed: {
            let seen =
                |c: &Current| (c.answer.clone(), c.revealed, c.ticked.clone(), c.conflicts.clone());
            let here =
                |id: &str| current.questions.get(id).map(|q| q.current.clone()).unwrap_or_default();
            let changed = |(id, q): &(&String, &QuestionRecord)| {
                let mut merged = here(id);
                merged.join(&q.current);
                seen(&merged) != seen(&here(id))
            };
            incoming.questions.iter().filter(changed).count()
        },
        runs_new: incoming.runs.keys().filter(|k| !current.runs.contains_key(*k)).count(),
        challenges_new: incoming
            .challenges
            .keys()
            .filter(|k| !current.challenges.contains_key(*k))
            .count(),
        predictions_new: incoming
            .predictions
            .iter()
            .filter(|x| !current.predictions.iter().any(|m| m.same(x)))
            .count(),
        recall_new: {
            let here = |card: &str| current.recall.get(card).cloned().unwrap_or_default();
            incoming
                .recall
                .iter()
                .map(|(card, ws)| ws.iter().filter(|w| !here(card).contains(w)).count())
                .sum()
        },
        attempts_lost_on_replace: mine.difference(&theirs).count(),
    }
}
