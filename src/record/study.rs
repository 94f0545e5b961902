//! The self-test's record: per question the attempt in progress (`draft`), the finished
//! attempts, and the schedule they lead to (`review`); the changes a learner makes to it, and
//! how two tabs' copies join. How it lies in storage is `storage::layout`'s.

use super::draft::{check_answers, check_ticks, in_progress, Current};
use super::review::{Rating, Review, INTERVAL_DAYS};
use super::{valid_time, Millis, Record};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One finished attempt at a question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub answer: String,
    /// Indexes of the scoring points the learner ticked as covered.
    pub ticked: Vec<usize>,
    pub rating: Rating,
    pub at: Millis,
    /// The version of the question's wording this attempt answered (0: not recorded, as in
    /// a newer app's document that dropped the field).
    #[serde(default)]
    pub wording: u32,
    /// The learner marked the answer as unsure (this app's addition, version 9 on): it changes
    /// only the next interval, scheduled as 部分答出 would be — never the rating itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unsure: bool,
}

impl Attempt {
    /// The rating the schedule goes by: an unsure 完整答出 comes back as soon as 部分答出 would.
    pub fn scheduled(&self) -> Rating {
        match self.rating {
            Rating::Full if self.unsure => Rating::Partial,
            r => r,
        }
    }

    /// What tells attempts apart: an attempt is the same when rated at the same moment with
    /// the same answer (another tab's copy, an import of it).
    pub fn id(&self) -> (u64, &str) {
        (self.at.to_bits(), &self.answer)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QuestionRecord {
    #[serde(default)]
    pub current: Current,
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    /// When the question comes back for review: what its ratings lead to (`None` until first
    /// rated). Written into an export for its reader; recomputed whenever attempts arrive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
}

/// Where a question stands, at a glance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuestionState {
    NotStarted,
    Recalling,
    Revealed,
    Rated,
}

impl QuestionRecord {
    pub fn state(&self) -> QuestionState {
        let c = &self.current;
        match (in_progress(&c.answer, c.revealed), c.revealed, self.attempts.is_empty()) {
            (true, true, _) => QuestionState::Revealed,
            (true, false, _) => QuestionState::Recalling,
            (false, _, false) => QuestionState::Rated,
            (false, _, true) => QuestionState::NotStarted,
        }
    }

    /// The latest rating is the current level.
    pub fn level(&self) -> Option<Rating> {
        self.attempts.last().map(|a| a.rating)
    }

    /// Keep finished attempts recorded elsewhere (another tab, an import) beside these, each
    /// once (`Attempt::id`). The schedule is what all of them lead to.
    pub fn add_attempts(&mut self, theirs: &[Attempt]) {
        for a in theirs {
            if !self.attempts.iter().any(|m| m.id() == a.id()) {
                self.attempts.push(a.clone());
            }
        }
        super::by_time(&mut self.attempts, |a| a.at);
        self.review = Review::replay(self.attempts.iter().map(|a| (a.scheduled(), a.at)));
    }
}

/// A question as the learner's changes name it: its id, the version of its wording, and the
/// tab the change comes from (see `Current::tab`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestionRef {
    pub id: &'static str,
    pub wording: u32,
    pub tab: &'static str,
}

/// A change the learner makes to a question. Views send these; only `Study::apply` changes
/// the record.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The answer being recalled, as typed so far, against the question's current wording.
    Draft { question: QuestionRef, answer: String },
    /// Show the reference answer and scoring points.
    Reveal(QuestionRef),
    /// Mark a scoring point as covered (or not); only once the reference is revealed.
    Tick { question: QuestionRef, point: usize, on: bool },
    /// Finish the attempt with a self-rating; it keeps the wording its draft answered. Rating
    /// is the last step of recall → reveal → rate: before the reveal it does nothing. `unsure`:
    /// see `Attempt::unsure`.
    Rate { question: QuestionRef, rating: Rating, unsure: bool },
    /// Of the drafts another tab typed in parallel: use the one at `index`, or drop it.
    Resolve { question: QuestionRef, index: usize, take: bool },
}

impl Change {
    pub fn question(&self) -> QuestionRef {
        match self {
            Change::Draft { question, .. }
            | Change::Reveal(question)
            | Change::Tick { question, .. }
            | Change::Rate { question, .. }
            | Change::Resolve { question, .. } => *question,
        }
    }
}

/// Keyed by question id (`q1`…`q4`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Study {
    pub questions: BTreeMap<String, QuestionRecord>,
}

impl Study {
    /// A question's record; an untouched question has an empty one.
    pub fn question(&self, id: &str) -> QuestionRecord {
        self.questions.get(id).cloned().unwrap_or_default()
    }

    /// Change the attempt in progress as `question.tab`; a draft last changed by another
    /// tab becomes this one's base (what this tab has seen).
    fn edit(&mut self, question: QuestionRef, at: Millis, change: impl FnOnce(&mut Current)) {
        let current = &mut self.questions.entry(question.id.to_string()).or_default().current;
        if current.tab != question.tab {
            current.base = Some(current.id());
            current.tab = question.tab.to_string();
        }
        change(current);
        current.updated_at = at;
    }
}

impl Record for Study {
    type Change = Change;
    const WHAT: &'static str = "自测记录";

    fn apply(&mut self, change: Change, at: Millis) {
        let question = change.question();
        let revealed = self.questions.get(question.id).is_some_and(|q| q.current.revealed);
        match change {
            Change::Draft { answer, .. } => self.edit(question, at, |c| {
                c.answer = answer;
                c.wording = question.wording;
            }),
            Change::Reveal(_) => self.edit(question, at, |c| {
                c.revealed = true;
                // Revealing without a draft answers the wording shown now.
                if c.answer.trim().is_empty() {
                    c.wording = question.wording;
                }
            }),
            Change::Tick { point, on, .. } => self.edit(question, at, |c| {
                c.ticked.retain(|k| *k != point);
                if on && c.revealed {
                    c.ticked.push(point);
                    c.ticked.sort_unstable();
                }
            }),
            Change::Rate { rating, unsure, .. } if revealed => {
                self.edit(question, at, |_| {});
                let q = self.questions.entry(question.id.to_string()).or_default();
                let c = std::mem::take(&mut q.current);
                let attempt = Attempt {
                    answer: c.answer,
                    ticked: c.ticked,
                    rating,
                    at,
                    wording: c.wording,
                    unsure,
                };
                q.review = Some(Review::after(q.review, attempt.scheduled(), at));
                q.attempts.push(attempt);
                // The next attempt starts empty, from what this tab had seen; drafts another
                // tab typed in parallel stay until the learner picks or drops them.
                q.current = Current {
                    updated_at: at,
                    tab: c.tab,
                    base: c.base,
                    conflicts: c.conflicts,
                    ..Current::default()
                };
            }
            Change::Rate { .. } => {}
            Change::Resolve { index, take, .. } => {
                self.edit(question, at, |c| c.resolve(index, take, at))
            }
        }
    }

    /// A draft typed before the stored one was shown replaces nothing: it joins the stored
    /// draft as a parallel edit (`Current::join`), which keeps the other text aside for the
    /// learner to pick from; against an answer already revealed (locked for rating), the text
    /// typed waits aside instead. Once this tab's draft is the current one, typing goes on as
    /// usual.
    fn apply_unseen(&mut self, change: Change, at: Millis) {
        let Change::Draft { question, answer } = &change else { return self.apply(change, at) };
        let current = &mut self.questions.entry(question.id.to_string()).or_default().current;
        if current.tab == question.tab {
            return self.apply(change, at);
        }
        let typed = Current {
            answer: answer.clone(),
            updated_at: at,
            wording: question.wording,
            tab: question.tab.to_string(),
            ..Current::default()
        };
        if current.revealed {
            current.join_aside(&typed);
        } else {
            current.join(&typed);
        }
    }

    /// Another copy joins this one, question by question: the drafts as `Current::join`
    /// says, the finished attempts of both.
    fn merge(&mut self, other: &Study) {
        for (id, theirs) in &other.questions {
            let mine = self.questions.entry(id.clone()).or_default();
            mine.current.join(&theirs.current);
            mine.add_attempts(&theirs.attempts);
        }
    }

    fn check(&self) -> Result<(), String> {
        match self.questions.iter().find_map(|(id, q)| q.check().err().map(|e| (id, e))) {
            Some((id, e)) => Err(format!("题目 {id} 的{e}")),
            None => Ok(()),
        }
    }
}

impl QuestionRecord {
    /// What is wrong with one question's record, if anything (the reason names no question).
    pub fn check(&self) -> Result<(), String> {
        self.current.check()?;
        check_attempts(&self.attempts)?;
        let boxes = 1..=INTERVAL_DAYS.len() as u8;
        if self.review.is_some_and(|r| !valid_time(r.due) || !boxes.contains(&r.level)) {
            return Err("复习安排无效".into());
        }
        Ok(())
    }
}

/// What is wrong with a question's finished attempts, if anything.
pub fn check_attempts(attempts: &[Attempt]) -> Result<(), String> {
    check_answers(attempts.iter().map(|a| &a.answer))?;
    if attempts.iter().any(|a| !valid_time(a.at)) {
        return Err("时间无效".into());
    }
    attempts.iter().try_for_each(|a| check_ticks(&a.ticked))
}
