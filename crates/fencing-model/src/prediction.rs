//! Predict, then run: what a learner can commit to before seeing a lab run — which of the two
//! properties breaks (fencing case), or each operation's outcome (operations case) — how a
//! guess is scored against the run, and the lesson's sentences that explain the outcome.

use crate::findings::Finding;
use crate::operations::OpOutcome;
use crate::properties::Property;
use crate::report::{CaseRun, Report};
use crate::scenario::{Case, Experiment};
use serde::{Deserialize, Serialize};

/// A prediction, or (from a report) what actually happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Guess {
    /// The properties broken in some interleaving (none: the protocol holds).
    Fencing { broken: Vec<Property> },
    /// Each operation's outcome, in order.
    Operations { outcomes: Vec<OpOutcome> },
}

impl Guess {
    /// What the run found, in a guess's terms; `None` for the model case (not a lab command).
    pub fn actual(report: &Report) -> Option<Guess> {
        match &report.case {
            CaseRun::Fencing(run) => Some(Guess::Fencing {
                broken: Property::ALL.into_iter().filter(|p| run.hits(Finding::Broken(*p)).next().is_some()).collect(),
            }),
            CaseRun::Operations(run) => Some(Guess::Operations { outcomes: run.operations.iter().map(|o| o.outcome).collect() }),
            CaseRun::Model(_) => None,
        }
    }

    /// Whether this guess matches what the run found (sets of properties compare as sets).
    pub fn hits(&self, report: &Report) -> bool {
        let normal = |g: &Guess| match g {
            Guess::Fencing { broken } => {
                let mut b = broken.clone();
                b.sort();
                b.dedup();
                Guess::Fencing { broken: b }
            }
            other => other.clone(),
        };
        Guess::actual(report).is_some_and(|a| normal(&a) == normal(self))
    }

    /// In a few words, as the progress page lists it.
    pub fn describe(&self) -> String {
        match self {
            Guess::Fencing { broken } if broken.is_empty() => "两条性质都成立".into(),
            Guess::Fencing { broken } => format!("违反 {}", broken.iter().map(|p| p.name()).collect::<Vec<_>>().join("、")),
            Guess::Operations { outcomes } => outcomes.iter().map(|o| o.name()).collect::<Vec<_>>().join("/"),
        }
    }
}

/// The lesson's sentences that explain what an experiment shows.
pub fn lesson_words(e: Experiment) -> Vec<&'static str> {
    let mut words = match e.case {
        Case::Operations => vec!["「最后 operations 输入 seq1/seq2、跨任期同键重试、同键异参、新键旧序号，预期 applied/applied/duplicate/conflict/stale，只有两个效果。」"],
        _ if e.defects == Default::default() => vec!["「正确版本无越代覆盖；A 可先于 B 提交，但 B 先提交后 A 必须被拒。」"],
        _ => vec!["「三缺陷分别出现 revoked_generation_overwrite、unauthorized_accept、revoked_generation_overwrite。」"],
    };
    words.extend(e.defects.iter().map(|d| d.lesson_words()));
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Defect, Defects, Scenario};

    fn report(case: Case, defects: Defects) -> Report {
        crate::run(&Scenario::lesson(case, defects)).unwrap()
    }

    #[test]
    fn a_guess_hits_exactly_what_the_run_found() {
        let correct = report(Case::Fencing, Defects::default());
        assert!(Guess::Fencing { broken: vec![] }.hits(&correct));
        assert!(!Guess::Fencing { broken: vec![Property::RevokedGenerationOverwrite] }.hits(&correct));
        let split = report(Case::Fencing, Defects::default().with(Defect::SplitAuthority, true));
        assert_eq!(Guess::actual(&split), Some(Guess::Fencing { broken: vec![Property::UnauthorizedAccept] }));
        // A guess is a set: a property named twice counts once.
        assert!(Guess::Fencing { broken: vec![Property::UnauthorizedAccept, Property::UnauthorizedAccept] }.hits(&split));
        assert!(!Guess::Fencing { broken: Property::ALL.to_vec() }.hits(&split));
        let ops = report(Case::Operations, Defects::default());
        use OpOutcome::*;
        assert!(Guess::Operations { outcomes: vec![Applied, Applied, Duplicate, Conflict, Stale] }.hits(&ops));
        assert!(!Guess::Operations { outcomes: vec![Applied, Applied, Applied, Conflict, Stale] }.hits(&ops));
        assert!(!Guess::Fencing { broken: vec![] }.hits(&ops));
    }

    #[test]
    fn a_guess_is_described_in_the_lessons_terms() {
        use OpOutcome::*;
        assert_eq!(Guess::Fencing { broken: vec![] }.describe(), "两条性质都成立");
        assert_eq!(Guess::Fencing { broken: vec![Property::UnauthorizedAccept] }.describe(), "违反 unauthorized_accept");
        assert_eq!(Guess::Fencing { broken: Property::ALL.to_vec() }.describe(), "违反 revoked_generation_overwrite、unauthorized_accept");
        assert_eq!(Guess::Operations { outcomes: vec![Applied, Duplicate, Stale] }.describe(), "applied/duplicate/stale");
    }

    #[test]
    fn each_case_is_explained_by_its_own_sentence() {
        let words = |case, defects: Defects| lesson_words(Experiment { case, defects }).join("");
        assert!(words(Case::Operations, Defects::default()).contains("applied/applied/duplicate/conflict/stale"));
        let correct = words(Case::Fencing, Defects::default());
        assert!(correct.contains("正确版本无越代覆盖") && !correct.contains("三缺陷"));
        let broken = words(Case::Fencing, Defects::default().with(Defect::NoFence, true));
        assert!(broken.contains("三缺陷分别出现") && !broken.contains("正确版本"));
        assert!(broken.contains(Defect::NoFence.lesson_words()));
    }

    #[test]
    fn every_lab_experiment_has_the_lesson_words_for_it() {
        for e in Experiment::all() {
            let words = lesson_words(e);
            assert!(words.len() > e.defects.iter().count(), "{e}");
        }
    }
}
