//! The benchmark workload, shared so the native and the in-page figures measure the same
//! thing: every experiment (each case with each combination of its defects), run and
//! rendered to text.

use crate::experiment::Experiment;
use crate::scenario::Scenario;

/// Run the workload `rounds` times; returns the total output length so nothing is optimized away.
pub fn workload(rounds: u32) -> usize {
    let scenarios: Vec<Scenario> =
        Experiment::all().into_iter().map(|e| Scenario::lesson(e.case, e.defects)).collect();
    let mut total = 0;
    for _ in 0..rounds {
        for s in &scenarios {
            let report = crate::report::run(s).expect("lesson scenarios are valid");
            total += crate::render::text(&report).len();
        }
    }
    total
}
