//! A run's result as plain data, one shape per case: for the fencing case every interleaving
//! and every violation with its counterexample; for the operations case each operation's
//! outcome and the effects.

use crate::checker::ModelRun;
use crate::checks::{self, Note, ReusedFence};
use crate::explore::{explore, Program, Step, Trace};
use crate::operations::{self, OpResult};
use crate::properties::Property;
use crate::scenario::{Scenario, ScenarioError};
use crate::world::Event;
use crate::Case;
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

/// The fencing case: every interleaving of the lab's partial order, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FencingRun {
    /// Number of interleavings explored (the length of `traces`, for JSON readers).
    pub interleavings: usize,
    /// Events before the first interleaving choice.
    pub prefix_len: usize,
    pub traces: Vec<Trace>,
    /// Shortest counterexample first; ties keep enumeration order.
    pub violations: Vec<Violation>,
    /// The issuer-side check, apart from the two properties: fences issued to two grants.
    pub reused_fences: Vec<ReusedFence>,
    /// The key caveat and lost writes, by interleaving and step.
    pub notes: Vec<Note>,
}

/// The operations case: a stream of business writes at the resource, each under its own
/// fence (which may span more than one term).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OperationsRun {
    pub operations: Vec<OpResult>,
    /// Business effects that happened.
    pub effects: usize,
}

/// What the scenario's case produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "case", rename_all = "kebab-case")]
pub enum CaseRun {
    Fencing(FencingRun),
    Operations(OperationsRun),
    Model(ModelRun),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// `correct` or the defects switched on, as `--variant` takes them.
    pub variant: String,
    pub scenario: Scenario,
    #[serde(flatten)]
    pub case: CaseRun,
}

/// Validate the scenario and run its case.
pub fn run(scenario: &Scenario) -> Result<Report, ScenarioError> {
    scenario.validate()?;
    let case = match scenario.case {
        Case::Fencing => {
            let traces = explore(scenario);
            CaseRun::Fencing(FencingRun {
                interleavings: traces.len(),
                prefix_len: Program::fencing(scenario.defects).prefix.len(),
                violations: violations(&traces),
                reused_fences: checks::reused_fences(&traces),
                notes: checks::notes(&traces),
                traces,
            })
        }
        Case::Operations => {
            let (operations, effects) = operations::run(scenario);
            CaseRun::Operations(OperationsRun { operations, effects })
        }
        #[cfg(feature = "search")]
        Case::Model => CaseRun::Model(crate::checker::check(&scenario.model, scenario.defects, scenario.issuer, crate::checker::DEFAULT_CAP)),
        #[cfg(not(feature = "search"))]
        Case::Model => return Err(ScenarioError::Model("model 案例的搜索在后台线程（Web Worker）里运行".into())),
    };
    Ok(Report { variant: scenario.defects.variant_name(), scenario: scenario.clone(), case })
}

impl FencingRun {
    /// The violations of one property, shortest first.
    pub fn violations_of(&self, p: Property) -> impl Iterator<Item = &Violation> {
        self.violations.iter().filter(move |v| v.property == p)
    }

    /// The notes on one interleaving (1-based).
    pub fn notes_on(&self, interleaving: usize) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(move |n| n.interleaving() == interleaving)
    }
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
