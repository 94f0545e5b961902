//! The lab's runs and the predictions made before them: the lab module keeps this record and
//! no other.

use super::{valid_time, Millis, Record};
use fencing_model::prediction::Guess;
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

/// The stored document.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Lab {
    /// Stored as `case/variant`, e.g. `fencing/no-fence,rollback-issuer`.
    #[serde(default)]
    pub runs: BTreeMap<Experiment, RunRecord>,
    /// Oldest first.
    #[serde(default)]
    pub predictions: Vec<Prediction>,
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
}

impl Lab {
    /// How often an experiment was run.
    pub fn runs_of(&self, e: Experiment) -> u32 {
        self.runs.get(&e).map_or(0, |r| r.count)
    }

    fn keep_recent_predictions(&mut self) {
        let excess = self.predictions.len().saturating_sub(MAX_PREDICTIONS);
        self.predictions.drain(..excess);
    }
}

impl Record for Lab {
    type Change = Change;

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
        }
    }

    /// Counts only grow: the larger of two tabs' counts loses the least. Each prediction is
    /// kept once (`Prediction::same`).
    fn merge(&mut self, other: &Lab) {
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
        self.predictions.sort_by(|a, b| a.at.total_cmp(&b.at));
        self.keep_recent_predictions();
    }

    fn check(&self) -> Result<(), String> {
        if let Some((e, _)) = self.runs.iter().find(|(_, r)| !valid_time(r.last_at)) {
            return Err(format!("实验 {e} 的运行时间无效"));
        }
        if self.predictions.len() > MAX_PREDICTIONS {
            return Err(format!("predictions 有 {} 条预测，超过 {MAX_PREDICTIONS} 条", self.predictions.len()));
        }
        match self.predictions.iter().position(|p| !valid_time(p.at)) {
            Some(i) => Err(format!("predictions[{i}]（第 {} 条预测）的时间无效", i + 1)),
            None => Ok(()),
        }
    }
}
