//! The lab's runs and the predictions made before them: the lab module keeps this record and
//! no other.

use super::{valid_time, Millis, Record};
use crate::record::prediction::Guess;
use fencing_model::Experiment;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Predictions kept: the most recent ones (years of daily use stay small).
pub const MAX_PREDICTIONS: usize = 500;

/// How often one experiment (a case with a set of defect switches) was run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    pub count: u32,
    pub last_at: Millis,
}

/// A prediction made before running an experiment, scored against the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub experiment: Experiment,
    pub guess: Guess,
    pub hit: bool,
    pub at: Millis,
}

impl Prediction {
    /// A prediction is the same when made at the same moment for the same experiment.
    pub fn same(&self, other: &Prediction) -> bool {
        self.at == other.at && self.experiment == other.experiment
    }
}

/// A challenge of 「你来调度」 solved: in how few moves at best (0 for 「做不到」, the one
/// that cannot be done), how many of those a hint showed first, against the fewest the checker
/// knows, and when first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    pub steps: u32,
    /// Since version 10; 0 in older documents, which did not keep it.
    #[serde(default)]
    pub hints: u32,
    #[serde(default)]
    pub fewest: Option<u32>,
    pub at: Millis,
}

impl Solved {
    /// As the challenge lists say it, in the explorer and on /progress.
    pub fn said(&self) -> String {
        let steps = match (self.steps, self.fewest) {
            (0, _) => return "已完成（答「做不到」，检查器同意）".to_string(),
            (n, Some(f)) => format!("已完成：用了 {n} 步（最短 {f} 步）"),
            (n, None) => format!("已完成：用了 {n} 步"),
        };
        match fencing_model::challenges::helped(self.hints as usize) {
            Some(h) => format!("{steps}，{h}"),
            None => steps,
        }
    }

    /// Two solutions of one challenge join into the better one, first solved when either was.
    fn join(&mut self, other: &Solved) {
        if (other.steps, other.hints) < (self.steps, self.hints) {
            (self.steps, self.hints, self.fewest) = (other.steps, other.hints, other.fewest);
        }
        // Solved before the coach was ready, the fewest is learned later.
        self.fewest = self.fewest.or(other.fewest);
        self.at = self.at.min(other.at);
    }
}

/// The stored document.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Lab {
    /// Stored as `case/variant`, e.g. `fencing/no-fence,rollback-issuer`.
    #[serde(default)]
    pub runs: BTreeMap<Experiment, RunRecord>,
    /// Oldest first.
    #[serde(default)]
    pub predictions: Vec<Prediction>,
    /// By challenge id (`fencing_model::challenges`); ids this build does not know are kept.
    #[serde(default)]
    pub challenges: BTreeMap<String, Solved>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    Run(Experiment),
    /// A prediction made before a lab run, and whether the run bore it out.
    Predict {
        experiment: Experiment,
        guess: Guess,
        hit: bool,
    },
    Solve {
        id: String,
        steps: u32,
        hints: u32,
        fewest: Option<u32>,
    },
}

impl Lab {
    /// How often an experiment was run.
    pub fn runs_of(&self, e: Experiment) -> u32 {
        self.runs.get(&e).map_or(0, |r| r.count)
    }

    /// Whether the latest prediction made for `e` hit, if one was made.
    pub fn latest_hit(&self, e: Experiment) -> Option<bool> {
        self.predictions.iter().rev().find(|x| x.experiment == e).map(|x| x.hit)
    }

    fn keep_recent_predictions(&mut self) {
        let excess = self.predictions.len().saturating_sub(MAX_PREDICTIONS);
        self.predictions.drain(..excess);
    }
}

impl Record for Lab {
    type Change = Change;
    const WHAT: &'static str = "实验记录";

    fn apply(&mut self, change: Change, at: Millis) {
        match change {
            Change::Run(experiment) => {
                let r = self.runs.entry(experiment).or_default();
                r.count += 1;
                r.last_at = r.last_at.max(at);
            }
            Change::Predict { experiment, guess, hit } => {
                self.predictions.push(Prediction { experiment, guess, hit, at });
                self.keep_recent_predictions();
            }
            Change::Solve { id, steps, hints, fewest } => {
                let solved = Solved { steps, hints, fewest, at };
                self.challenges.entry(id).and_modify(|s| s.join(&solved)).or_insert(solved);
            }
        }
    }

    /// Counts only grow: the larger of two tabs' counts loses the least. Each prediction is
    /// kept once (`Prediction::same`); a challenge solved in either is solved, at its best.
    fn merge(&mut self, other: &Lab) {
        for (id, theirs) in &other.challenges {
            self.challenges
                .entry(id.clone())
                .and_modify(|s| s.join(theirs))
                .or_insert_with(|| theirs.clone());
        }
        for (key, theirs) in &other.runs {
            let mine = self.runs.entry(*key).or_default();
            mine.count = mine.count.max(theirs.count);
            mine.last_at = mine.last_at.max(theirs.last_at);
        }
        for p in &other.predictions {
            if !self.predictions.iter().any(|m| m.same(p)) {
                self.predictions.push(p.clone());
            }
        }
        super::by_time(&mut self.predictions, |p| p.at);
        self.keep_recent_predictions();
    }

    fn check(&self) -> Result<(), String> {
        if let Some((id, _)) = self.challenges.iter().find(|(_, s)| !valid_time(s.at)) {
            return Err(format!("挑战 {id} 的完成时间无效"));
        }
        if let Some((e, _)) = self.runs.iter().find(|(_, r)| !valid_time(r.last_at)) {
            return Err(format!("实验 {e} 的运行时间无效"));
        }
        if self.predictions.len() > MAX_PREDICTIONS {
            return Err(format!(
                "predictions 有 {} 条预测，超过 {MAX_PREDICTIONS} 条",
                self.predictions.len()
            ));
        }
        match self.predictions.iter().position(|p| !valid_time(p.at)) {
            Some(i) => Err(format!("predictions[{i}]（第 {} 条预测）的时间无效", i + 1)),
            None => Ok(()),
        }
    }
}
