//! A run's result as plain data: every interleaving, every violation with its
//! counterexample, and for the operations case each operation's outcome.

use crate::explore::{explore, Step, Trace};
use crate::operations::{self, OpResult};
use crate::properties::Property;
use crate::scenario::{Case, Scenario, ScenarioError};
use crate::world::Event;
use serde::Serialize;

/// A property broken in one interleaving, with the path that breaks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub property: Property,
    /// 1-based number of the interleaving in enumeration order.
    pub interleaving: usize,
    /// 1-based number of the violating step.
    pub step: usize,
    /// `counterexample.events`: the events up to and including the violating step.
    pub events: Vec<String>,
    /// The state after each of those events.
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub case: Case,
    pub variant: String,
    pub scenario: Scenario,
    /// Number of interleavings explored.
    pub interleavings: usize,
    /// Events before the first interleaving choice.
    pub prefix_len: usize,
    pub traces: Vec<Trace>,
    /// Shortest counterexample first; ties keep enumeration order.
    pub violations: Vec<Violation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operations: Option<Vec<OpResult>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effects: Option<usize>,
}

/// Validate the scenario and run its case.
pub fn run(scenario: &Scenario) -> Result<Report, ScenarioError> {
    scenario.validate()?;
    let variant = scenario.defects.variant_name();
    let mut report = Report {
        case: scenario.case,
        variant,
        scenario: scenario.clone(),
        interleavings: 1,
        prefix_len: 0,
        traces: Vec::new(),
        violations: Vec::new(),
        operations: None,
        effects: None,
    };
    match scenario.case {
        Case::Fencing => {
            let traces = explore(scenario);
            report.prefix_len = crate::explore::Program::fencing(scenario.defects.split_authority).prefix.len();
            report.interleavings = traces.len();
            report.violations = violations(&traces);
            report.traces = traces;
        }
        Case::Operations => {
            let (ops, effects) = operations::run(scenario);
            report.operations = Some(ops);
            report.effects = Some(effects);
        }
    }
    Ok(report)
}

fn violations(traces: &[Trace]) -> Vec<Violation> {
    let mut found: Vec<Violation> = traces
        .iter()
        .enumerate()
        .flat_map(|(t, trace)| {
            Property::ALL.into_iter().filter_map(move |p| {
                let at = p.first_violation(trace)?;
                Some(Violation {
                    property: p,
                    interleaving: t + 1,
                    step: at + 1,
                    events: trace.events[..=at].iter().map(Event::to_string).collect(),
                    steps: trace.steps[..=at].to_vec(),
                })
            })
        })
        .collect();
    // Stable sort: the shortest counterexample first, enumeration order among equals.
    found.sort_by_key(|v| v.step);
    found
}
