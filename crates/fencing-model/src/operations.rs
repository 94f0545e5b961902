//! The operations case: a stream of business operations at the resource, within a term and
//! across terms (each operation carries its own fence). Each operation is one transaction
//! that checks business identity (idempotency key + request digest), then
//! `(max_fence, last_seq) < (fence, seq)`, then applies the effect and records the result.

use crate::scenario::{Operation, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpOutcome {
    /// The effect happened and the high-water mark advanced.
    Applied,
    /// Same key, same digest: the original result is returned, nothing runs again.
    Duplicate,
    /// Same key, other parameters: reported as a conflict, never someone else's success.
    Conflict,
    /// `(fence, seq)` is not above the committed `(max_fence, last_seq)`: zero rows affected.
    Stale,
}

impl OpOutcome {
    pub fn name(self) -> &'static str {
        match self {
            OpOutcome::Applied => "applied",
            OpOutcome::Duplicate => "duplicate",
            OpOutcome::Conflict => "conflict",
            OpOutcome::Stale => "stale",
        }
    }
}

/// What the resource keeps per business key: the request digest and the effect it produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Record {
    digest: String,
    effect: usize,
}

/// One operation's transaction and the resource after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpResult {
    pub op: Operation,
    pub outcome: OpOutcome,
    /// The effect this operation produced, or — for a duplicate — the original one it returns.
    pub effect: Option<usize>,
    /// `(max_fence, last_seq)` the condition compared against.
    pub before: (u64, u64),
    pub max_fence: u64,
    pub last_seq: u64,
    pub value: Option<String>,
}

/// Run the stream in arrival order. With no-fence the resource skips the generation check.
pub fn run(scenario: &Scenario) -> (Vec<OpResult>, usize) {
    let checked = !scenario.defects.no_fence;
    let mut records: BTreeMap<String, Record> = BTreeMap::new();
    let (mut max_fence, mut last_seq, mut value) = (0u64, 0u64, None::<String>);
    let mut effects = 0usize;
    let results = scenario
        .operations
        .iter()
        .map(|op| {
            let before = (max_fence, last_seq);
            let (outcome, effect) = match records.get(&op.key) {
                // A duplicate is a read of the original result; it does not advance the fence
                // (the lesson's operations model does not treat the lookup as a new state).
                Some(r) if r.digest == op.digest => (OpOutcome::Duplicate, Some(r.effect)),
                Some(_) => (OpOutcome::Conflict, None),
                None if checked && before >= (op.fence, op.seq) => (OpOutcome::Stale, None),
                None => {
                    effects += 1;
                    (max_fence, last_seq) = (op.fence, op.seq);
                    value = Some(op.digest.clone());
                    records.insert(
                        op.key.clone(),
                        Record { digest: op.digest.clone(), effect: effects },
                    );
                    (OpOutcome::Applied, Some(effects))
                }
            };
            OpResult {
                op: op.clone(),
                outcome,
                effect,
                before,
                max_fence,
                last_seq,
                value: value.clone(),
            }
        })
        .collect();
    (results, effects)
}
