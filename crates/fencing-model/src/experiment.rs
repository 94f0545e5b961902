//! One experiment of the lab — a case with a set of defect switches — as progress records its
//! runs and predictions, and as the lab chapter and the progress page title it.

use crate::scenario::{Case, Defect, Defects, Scenario};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One experiment of the lab: a case with a set of defect switches. Its text form,
/// `case/variant` (e.g. `fencing/no-fence,rollback-issuer`), is how progress records runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Experiment {
    pub case: Case,
    pub defects: Defects,
}

impl Experiment {
    pub fn of(s: &Scenario) -> Experiment {
        Experiment { case: s.case, defects: s.defects }
    }

    /// Every experiment the model can run: each case with each combination of the defects
    /// that apply to it.
    pub fn all() -> Vec<Experiment> {
        Case::LAB
            .into_iter()
            .flat_map(|case| {
                Defects::all_for(case).into_iter().map(move |defects| Experiment { case, defects })
            })
            .collect()
    }

    /// The lesson's five lab commands, in its order: the correct protocol, its three defects
    /// one at a time, and the operations case.
    pub fn lesson() -> [Experiment; 5] {
        let fencing = |d: Option<Defect>| Experiment {
            case: Case::Fencing,
            defects: d.map_or(Defects::default(), |d| Defects::default().with(d, true)),
        };
        [
            fencing(None),
            fencing(Some(Defect::NoFence)),
            fencing(Some(Defect::SplitAuthority)),
            fencing(Some(Defect::RollbackIssuer)),
            Experiment { case: Case::Operations, defects: Defects::default() },
        ]
    }

    /// What the experiment does, in the words that name its case and defects (the lesson's
    /// own: 正确版本, 关闭资源检查, 拆开发号与授予, 恢复旧 issuer).
    pub fn title(&self) -> String {
        let head = |summary: &'static str| summary.split('：').next().unwrap_or(summary);
        let defects = self.defects.iter().map(|d| head(d.summary()));
        let case = match self.case {
            Case::Fencing if self.defects == Defects::default() => Some("正确版本"),
            Case::Fencing => None,
            case => Some(head(case.summary())),
        };
        case.into_iter().chain(defects).collect::<Vec<_>>().join(" + ")
    }
}

impl fmt::Display for Experiment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.case.name(), self.defects.variant_name())
    }
}

impl std::str::FromStr for Experiment {
    type Err = String;

    fn from_str(s: &str) -> Result<Experiment, String> {
        let bad = || format!("不是实验名：{s}");
        let (case, variant) = s.split_once('/').ok_or_else(bad)?;
        let case = Case::from_name(case).ok_or_else(bad)?;
        let defects = Defects::from_variant(variant).map_err(|_| bad())?;
        let e = Experiment { case, defects };
        // Only the canonical spelling of an experiment that can run.
        (e.defects.iter().all(|d| d.applies_to(case)) && e.to_string() == s)
            .then_some(e)
            .ok_or_else(bad)
    }
}

impl Serialize for Experiment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Experiment {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Experiment, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}
