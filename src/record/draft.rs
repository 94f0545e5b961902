//! The attempt in progress at a question, and how two tabs' drafts of it join: the draft that
//! went on from the other wins; drafts typed in parallel keep the later in the box and the
//! other's text aside, for the learner to pick from.

use super::{valid_time, Millis};
use serde::{Deserialize, Serialize};

/// The attempt in progress: what is typed, whether the reference is open, what is ticked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Current {
    pub answer: String,
    pub revealed: bool,
    pub ticked: Vec<usize>,
    pub updated_at: Millis,
    /// The version of the question's wording the draft answers (0 before any).
    #[serde(default)]
    pub wording: u32,
    /// The tab that made the last change ("" in documents from before v5).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tab: String,
    /// The other tab's draft this one went on from: what it has seen, so a merge can tell
    /// an older copy of the same draft (nothing lost) from another tab's parallel edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<DraftId>,
    /// Drafts another tab was typing at the same time, kept for the learner to pick from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// Which state of a draft: the tab that wrote it and when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DraftId {
    pub tab: String,
    pub at: Millis,
}

/// A draft that lost to another tab's parallel edit of the same answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conflict {
    pub answer: String,
    pub at: Millis,
}

/// Whether an attempt is in progress: an answer typed (more than whitespace) or the reference
/// opened. Text kept aside from another tab is not: the box is what the learner is writing.
pub fn in_progress(answer: &str, revealed: bool) -> bool {
    revealed || !answer.trim().is_empty()
}

/// Parallel drafts kept per question: the most recent ones.
pub const MAX_CONFLICTS: usize = 8;

impl Current {
    /// What is wrong with a draft (and the other tabs' drafts it keeps), if anything. Storage
    /// keeps the drafts and the finished attempts apart, and checks each with its own part.
    pub fn check(&self) -> Result<(), String> {
        let kept = self.conflicts.iter();
        check_answers(std::iter::once(&self.answer).chain(kept.clone().map(|k| &k.answer)))?;
        if self.conflicts.len() > MAX_CONFLICTS {
            return Err(format!("并行草稿超过 {MAX_CONFLICTS} 份"));
        }
        if !valid_time(self.updated_at) || kept.clone().any(|k| !valid_time(k.at)) {
            return Err("时间无效".into());
        }
        check_ticks(&self.ticked)
    }

    pub fn id(&self) -> DraftId {
        DraftId { tab: self.tab.clone(), at: self.updated_at }
    }

    /// Another tab's state of this draft joins this one.
    pub fn join(&mut self, theirs: &Current) {
        if self.continues(theirs) {
            // Ours already holds theirs.
        } else if theirs.continues(self) {
            *self = theirs.clone();
        } else {
            self.merge_parallel(theirs);
        }
    }

    /// Whether this draft went on from `other` (or is it): written later by the same tab,
    /// or by a tab that had seen `other` or a later state of it.
    fn continues(&self, other: &Current) -> bool {
        let after = |id: &DraftId| id.tab == other.tab && id.at >= other.updated_at;
        after(&self.id()) || self.base.as_ref().is_some_and(after)
    }

    /// Keep another draft's text aside, whatever their times (this one is locked: its
    /// reference is revealed). Text kept so is newer than this draft, which no other kept
    /// text is (a parallel edit that lost is older than the one that won): typing on
    /// replaces it instead of keeping each state of it.
    pub fn join_aside(&mut self, other: &Current) {
        if self.conflicts.last().is_some_and(|k| k.at > self.updated_at) {
            self.conflicts.pop();
        }
        let keep = !other.answer.trim().is_empty()
            && other.answer != self.answer
            && !self.conflicts.iter().any(|k| k.answer == other.answer);
        if keep {
            self.conflicts.push(Conflict { answer: other.answer.clone(), at: other.updated_at });
            let excess = self.conflicts.len().saturating_sub(MAX_CONFLICTS);
            self.conflicts.drain(..excess);
        }
    }

    /// Two tabs edited in parallel: the later edit stays, the other's text is kept aside.
    /// Ties go by tab and text, so both tabs pick the same.
    fn merge_parallel(&mut self, other: &Current) {
        let later = other
            .updated_at
            .total_cmp(&self.updated_at)
            .then_with(|| other.tab.cmp(&self.tab))
            .then_with(|| other.answer.cmp(&self.answer));
        let (mut win, lose) =
            if later.is_gt() { (other.clone(), &*self) } else { (self.clone(), other) };
        let losers = lose.conflicts.iter().cloned().chain(
            (!lose.answer.trim().is_empty())
                .then(|| Conflict { answer: lose.answer.clone(), at: lose.updated_at }),
        );
        for c in losers {
            if c.answer != win.answer && !win.conflicts.iter().any(|k| k.answer == c.answer) {
                win.conflicts.push(c);
            }
        }
        super::by_time(&mut win.conflicts, |c| c.at);
        let excess = win.conflicts.len().saturating_sub(MAX_CONFLICTS);
        win.conflicts.drain(..excess);
        *self = win;
    }

    /// Of the parallel drafts: use the one at `index` (the answer it replaces is kept in its
    /// place), or drop it.
    pub fn resolve(&mut self, index: usize, take: bool, at: Millis) {
        if index >= self.conflicts.len() {
            return;
        }
        let picked = self.conflicts.remove(index);
        if take {
            let mine = std::mem::replace(&mut self.answer, picked.answer);
            if !mine.trim().is_empty() {
                self.conflicts.insert(index, Conflict { answer: mine, at });
            }
        }
    }
}

/// Longest answer kept, in characters: far beyond any real answer, small enough for storage.
pub const MAX_ANSWER: usize = 20_000;
/// Scoring point indexes must stay below this.
pub const MAX_POINTS: usize = 16;

pub(super) fn check_answers<'a>(
    mut answers: impl Iterator<Item = &'a String>,
) -> Result<(), String> {
    match answers.any(|a| a.chars().count() > MAX_ANSWER) {
        true => Err(format!("回答超过 {MAX_ANSWER} 字")),
        false => Ok(()),
    }
}

/// Scoring points are few (3–5); an index far beyond that is not ours.
pub(super) fn check_ticks(ticked: &[usize]) -> Result<(), String> {
    match ticked.iter().any(|&k| k >= MAX_POINTS) {
        true => Err("评分点编号无效".into()),
        false => Ok(()),
    }
}
