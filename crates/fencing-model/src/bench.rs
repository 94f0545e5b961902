//! The benchmark workload, shared so the native and the in-page figures measure the same
//! thing: every defect combination of the fencing case plus the operations case, run and
//! rendered to text.

use crate::scenario::{Case, Defects, Scenario};

/// Run the workload `rounds` times; returns the total output length so nothing is optimized away.
pub fn workload(rounds: u32) -> usize {
    let mut scenarios: Vec<Scenario> = Defects::all_combinations().into_iter().map(|d| Scenario::lesson(Case::Fencing, d)).collect();
    scenarios.push(Scenario::lesson(Case::Operations, Defects::default()));
    let mut total = 0;
    for _ in 0..rounds {
        for s in &scenarios {
            let report = crate::report::run(s).expect("lesson scenarios are valid");
            total += crate::render::text(&report).len();
        }
    }
    total
}
