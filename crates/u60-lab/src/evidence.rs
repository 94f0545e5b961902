//! What each failover scenario (`sentinel`, `raft`) gathers as evidence: its faults, timed;
//! the wait for a condition, bounded; and the model's verdict for the same order, to set the
//! real run beside.

use crate::faults::Faults;
use crate::Error;
use fencing_model::lab;
use fencing_model::scenario::{Case, Defects, Scenario};
use serde::Serialize;
use std::time::{Duration, Instant};

/// A fault or a remark, with its time since the scenario's first fault.
#[derive(Debug, Serialize)]
pub struct Injected {
    pub at_ms: u128,
    pub what: String,
}

/// The faults one scenario injects, timed.
pub(crate) struct FaultLog<'a> {
    faults: &'a Faults,
    start: Instant,
    pub injected: Vec<Injected>,
}

impl<'a> FaultLog<'a> {
    pub fn new(faults: &'a Faults) -> FaultLog<'a> {
        FaultLog { faults, start: Instant::now(), injected: Vec::new() }
    }

    pub fn inject(&mut self, what: &[&str], said: String) -> Result<(), Error> {
        self.faults.inject(what)?;
        self.record(said);
        Ok(())
    }

    pub fn record(&mut self, said: String) {
        self.injected.push(Injected { at_ms: self.start.elapsed().as_millis(), what: said });
    }
}

/// Ask until `probe` answers `Some` (an error counts as not yet: a node coming back refuses
/// connections for a moment), or fail after `limit`.
pub(crate) fn within<T>(
    what: &str,
    limit: Duration,
    mut probe: impl FnMut() -> Result<Option<T>, Error>,
) -> Result<T, Error> {
    let start = Instant::now();
    loop {
        if let Ok(Some(v)) = probe() {
            return Ok(v);
        }
        if start.elapsed() > limit {
            return Err(format!("{what}：{} s 内未达成", limit.as_secs()).into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The model's verdict for the real run's order: the lesson's lab (issuer 40, A's op_seq 2,
/// B's 1) under `variant`, in its first interleaving where B writes before A.
#[derive(Debug, Serialize)]
pub struct ModelSays {
    pub variant: String,
    pub interleaving: usize,
    pub order: String,
    pub a_applied: bool,
    /// The lesson's properties broken there, by their promise.
    pub broken: Vec<&'static str>,
}

pub(crate) fn model_says(defects: Defects) -> ModelSays {
    let scenario = Scenario::lesson(Case::Fencing, defects);
    let run = lab::run(&scenario);
    let verdicts = fencing_model::verdicts::of_lab(&scenario, &run);
    let at = |t: &lab::Trace, e: &str| t.events.iter().position(|x| x == e);
    let (i, trace) = run
        .traces
        .iter()
        .enumerate()
        .find(|(_, t)| at(t, "write B") < at(t, "write A"))
        .expect("an order where B writes first");
    let a = at(trace, "write A").unwrap_or_default();
    ModelSays {
        variant: defects.variant_name(),
        interleaving: i + 1,
        order: verdicts.marks[i].order.clone(),
        a_applied: trace.steps[a].after.writer == Some('A'),
        broken: run
            .findings
            .iter()
            .filter(|h| h.interleaving == i + 1)
            .filter_map(|h| h.property)
            .map(|p| p.promise())
            .collect(),
    }
}

/// The scenario's timed steps, one per line.
pub(crate) fn timeline(steps: &[Injected]) -> String {
    steps.iter().map(|s| format!("   +{} ms  {}\n", s.at_ms, s.what)).collect()
}

impl ModelSays {
    pub fn line(&self) -> String {
        format!(
            "   模型（{}，交错 {}：{}）：A 的写入{}；{}\n",
            self.variant,
            self.interleaving,
            self.order,
            if self.a_applied { "被接受" } else { "被拒" },
            if self.broken.is_empty() {
                "课程的两条性质均成立".to_string()
            } else {
                format!("违反「{}」", self.broken.join("」「"))
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_verdict_for_b_writing_first() {
        let rollback = model_says(Defects { rollback_issuer: true, ..Defects::default() });
        assert_eq!(
            (rollback.interleaving, rollback.order.as_str()),
            (1, "write B → resume A → write A")
        );
        assert!(rollback.a_applied);
        assert_eq!(rollback.broken, ["已提交资源代际不后退"]);
        assert!(rollback.line().contains("A 的写入被接受；违反「已提交资源代际不后退」"));
        let correct = model_says(Defects::default());
        assert!(!correct.a_applied && correct.broken.is_empty());
        assert!(correct.line().contains(
            "（correct，交错 1：write B → resume A → write A）：A 的写入被拒；课程的两条性质均成立"
        ));
    }
}
