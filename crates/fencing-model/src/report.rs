//! A run's result as plain data, one shape per case: for the fencing case every interleaving
//! judged (`lab`); for the operations case each operation's outcome and the effects; for the
//! model case what the search found (`checker`).

use crate::checker::ModelRun;
#[cfg(feature = "search")]
use crate::checker::DEFAULT_CAP;
pub use crate::lab::FencingRun;
use crate::operations::{self, OpResult};
use crate::scenario::{Case, Scenario, ScenarioError};
use crate::verdicts::{self, Verdicts};
use serde::Serialize;

/// The operations case: a stream of business writes at the resource, each under its own
/// fence (which may span more than one term).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OperationsRun {
    pub operations: Vec<OpResult>,
    /// Business effects that happened.
    pub effects: usize,
}

impl OperationsRun {
    /// Each operation's outcome in order, as the page's verdict line says them.
    pub fn outcomes(&self) -> String {
        self.operations.iter().map(|r| r.outcome.name()).collect::<Vec<_>>().join(" / ")
    }
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
    /// What the report says of the run, built once with it (`verdicts`); empty for the
    /// operations case, whose outcomes are its verdicts.
    #[serde(skip)]
    pub verdicts: Verdicts,
}

impl Report {
    /// The model case's report: a search's run (the CLI's, or the page's worker's), judged.
    /// Apart from `run`, so that a page module with no model case carries no search judgment.
    pub fn of_model(scenario: Scenario, run: ModelRun) -> Report {
        let m = &scenario.model;
        let verdicts = verdicts::of_search(scenario.defects, m.crash, m.delay, &run);
        Report::judged(scenario, CaseRun::Model(run), verdicts)
    }

    fn judged(scenario: Scenario, case: CaseRun, verdicts: Verdicts) -> Report {
        Report { variant: scenario.defects.variant_name(), scenario, case, verdicts }
    }
}

/// Validate the scenario and run its case.
pub fn run(scenario: &Scenario) -> Result<Report, ScenarioError> {
    scenario.validate()?;
    let (case, verdicts) = match scenario.case {
        Case::Fencing => {
            let run = crate::lab::run(scenario);
            let verdicts = verdicts::of_lab(scenario, &run);
            (CaseRun::Fencing(run), verdicts)
        }
        Case::Operations => {
            let (operations, effects) = operations::run(scenario);
            (CaseRun::Operations(OperationsRun { operations, effects }), Verdicts::default())
        }
        #[cfg(feature = "search")]
        Case::Model => {
            let m = &scenario.model;
            let run = crate::checker::check(m, scenario.defects, scenario.issuer, DEFAULT_CAP);
            return Ok(Report::of_model(scenario.clone(), run));
        }
        #[cfg(not(feature = "search"))]
        Case::Model => {
            return Err(ScenarioError::Model(
                "model 案例的搜索在后台线程（Web Worker）里运行".into(),
            ))
        }
    };
    Ok(Report::judged(scenario.clone(), case, verdicts))
}
