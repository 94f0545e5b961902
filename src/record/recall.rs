//! The lesson's three follow-up questions (三轮追问) as recall cards: the answers a learner
//! wrote before unfolding the lesson's, each kept with its time, by card (the block's anchor id,
//! e.g. `follow-ups-b0`). Not the self-test: no rating, no schedule. Version 9 on.

use super::draft::MAX_ANSWER;
use super::{valid_time, Millis, Record};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One written answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Written {
    pub answer: String,
    pub at: Millis,
}

/// By card id, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Recall {
    #[serde(default)]
    pub cards: BTreeMap<String, Vec<Written>>,
}

/// Answers kept per card, the latest: far beyond a learner's, small enough for storage.
pub const MAX_WRITTEN: usize = 50;

#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A written answer (blank ones are not kept; the box takes at most `MAX_ANSWER` characters).
    Write { card: String, answer: String },
}

impl Recall {
    fn add(&mut self, card: &str, theirs: &[Written]) {
        let mine = self.cards.entry(card.to_string()).or_default();
        for w in theirs {
            if !mine.iter().any(|m| m.at.to_bits() == w.at.to_bits() && m.answer == w.answer) {
                mine.push(w.clone());
            }
        }
        super::by_time(mine, |w| w.at);
        // The oldest go first: what is kept always passes `check`.
        let extra = mine.len().saturating_sub(MAX_WRITTEN);
        mine.drain(..extra);
    }
}

impl Record for Recall {
    type Change = Change;
    const WHAT: &'static str = "追问回答";

    fn apply(&mut self, change: Change, at: Millis) {
        let Change::Write { card, answer } = change;
        if !answer.trim().is_empty() {
            self.add(&card, &[Written { answer, at }]);
        }
    }

    /// Every answer either copy holds, each once.
    fn merge(&mut self, other: &Recall) {
        for (card, theirs) in &other.cards {
            self.add(card, theirs);
        }
    }

    fn check(&self) -> Result<(), String> {
        for (card, written) in &self.cards {
            if written.len() > MAX_WRITTEN {
                return Err(format!("追问 {card} 的回答超过 {MAX_WRITTEN} 份"));
            }
            if written.iter().any(|w| w.answer.chars().count() > MAX_ANSWER) {
                return Err(format!("追问 {card} 的回答超过 {MAX_ANSWER} 字"));
            }
            if written.iter().any(|w| !valid_time(w.at)) {
                return Err(format!("追问 {card} 的记录时间无效"));
            }
        }
        Ok(())
    }
}
