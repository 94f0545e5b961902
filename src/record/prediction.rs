//! Predict, then run: what a learner can commit to before seeing a lab run, and how each part
//! of a guess is scored against the run. The fencing case asks which properties break (for
//! the lesson's own runs the lesson states it, so that part is recall) and whose result the
//! resource holds at the end of each interleaving (the lesson lists no such thing: reasoning).
//! The operations case asks each operation's outcome (recall for the lesson's five, reasoning
//! once the learner changes them). What explains the run afterwards is the engine's own
//! wording of it (its findings, the step that decided each part); the lesson is quoted only
//! for a run the lesson itself describes.

use fencing_model::findings::Finding;
use fencing_model::operations::OpOutcome;
use fencing_model::properties::Property;
use fencing_model::report::{CaseRun, Report};
use fencing_model::scenario::{Case, Scenario};
use serde::{Deserialize, Serialize};

/// A prediction, or (from a report) what actually happened. Stored as `{"kind": …, fields}`;
/// read back through `Stored`, a plain struct, because serde's own reading of an internally
/// tagged enum buffers every value first and costs the page's module about 14 KB.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", try_from = "Stored")]
pub enum Guess {
    /// The properties broken in some interleaving (none: the protocol holds), and whose
    /// result the resource holds after each interleaving (a guess saved before this part
    /// existed has none, and is scored on the properties alone).
    Fencing {
        broken: Vec<Property>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        last_writers: Vec<char>,
    },
    /// Each operation's outcome, in order.
    Operations { outcomes: Vec<OpOutcome> },
}

/// A guess as stored: the tag and every field either kind may have.
#[derive(Deserialize)]
struct Stored {
    kind: String,
    broken: Option<Vec<Property>>,
    #[serde(default)]
    last_writers: Vec<char>,
    outcomes: Option<Vec<OpOutcome>>,
}

impl TryFrom<Stored> for Guess {
    type Error = &'static str;

    fn try_from(g: Stored) -> Result<Guess, &'static str> {
        match (g.kind.as_str(), g.broken, g.outcomes) {
            ("fencing", Some(broken), None) => {
                Ok(Guess::Fencing { broken, last_writers: g.last_writers })
            }
            ("operations", None, Some(outcomes)) => Ok(Guess::Operations { outcomes }),
            _ => Err("不是可读的预测"),
        }
    }
}

/// One part of a guess, scored: how many of its answers were right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub part: &'static str,
    pub right: usize,
    pub of: usize,
}

impl Guess {
    /// What the run found, in a guess's terms; `None` for the model case (not a lab command).
    pub fn actual(report: &Report) -> Option<Guess> {
        match &report.case {
            CaseRun::Fencing(run) => Some(Guess::Fencing {
                broken: Property::ALL
                    .into_iter()
                    .filter(|p| run.hits(Finding::Broken(*p)).next().is_some())
                    .collect(),
                last_writers: run
                    .traces
                    .iter()
                    .map(|t| t.steps.last().and_then(|s| s.after.writer).unwrap_or('-'))
                    .collect(),
            }),
            CaseRun::Operations(run) => Some(Guess::Operations {
                outcomes: run.operations.iter().map(|o| o.outcome).collect(),
            }),
            CaseRun::Model(_) => None,
        }
    }

    /// Each part scored against the run (properties compare as sets).
    pub fn scores(&self, report: &Report) -> Vec<Score> {
        match (self, Guess::actual(report)) {
            (
                Guess::Fencing { broken, last_writers },
                Some(Guess::Fencing { broken: actual, last_writers: writers }),
            ) => {
                let set = |v: &[Property]| Property::ALL.map(|p| v.contains(&p));
                let mut parts = vec![Score {
                    part: "哪些性质被违反",
                    right: usize::from(set(broken) == set(&actual)),
                    of: 1,
                }];
                if !last_writers.is_empty() {
                    parts.push(Score {
                        part: "每条交错最后资源里是谁的结果",
                        right: agreeing(last_writers, &writers),
                        of: writers.len(),
                    });
                }
                parts
            }
            (Guess::Operations { outcomes }, Some(Guess::Operations { outcomes: actual })) => {
                vec![Score {
                    part: "每条操作的结果",
                    right: agreeing(outcomes, &actual),
                    of: actual.len(),
                }]
            }
            _ => vec![Score { part: "预测", right: 0, of: 1 }],
        }
    }

    /// Whether every part of this guess matches what the run found.
    pub fn hits(&self, report: &Report) -> bool {
        self.scores(report).iter().all(|s| s.right == s.of)
    }

    /// In a few words, as the progress page lists it.
    pub fn describe(&self) -> String {
        match self {
            Guess::Fencing { broken, last_writers } => {
                let properties = if broken.is_empty() {
                    "两条性质都成立".to_string()
                } else {
                    format!(
                        "违反 {}",
                        broken.iter().map(|p| p.name()).collect::<Vec<_>>().join("、")
                    )
                };
                if last_writers.is_empty() {
                    properties
                } else {
                    let mut said = format!("{properties}；最后的结果依次是 ");
                    for (i, c) in last_writers.iter().enumerate() {
                        if i > 0 {
                            said.push('/');
                        }
                        said.push(*c);
                    }
                    said
                }
            }
            Guess::Operations { outcomes } => {
                outcomes.iter().map(|o| o.name()).collect::<Vec<_>>().join("/")
            }
        }
    }
}

/// How many answers of a list agree with the run's, place by place (none if the lengths differ:
/// the list was for another run).
fn agreeing<T: PartialEq>(guessed: &[T], actual: &[T]) -> usize {
    if guessed.len() != actual.len() {
        return 0;
    }
    guessed.iter().zip(actual).filter(|(a, b)| a == b).count()
}

/// Whether the properties part is recall: the lesson states the outcome of this very run (the
/// correct protocol and each of its three defects, on the lesson's inputs).
pub fn lesson_states(s: &Scenario) -> bool {
    let one_of_the_lessons = s.defects.iter().count() <= 1 && !s.defects.precheck;
    s.case == Case::Fencing
        && one_of_the_lessons
        && *s == Scenario::lesson(Case::Fencing, s.defects)
}

/// The lesson's sentences about a run, only where the lesson describes that very run.
pub fn lesson_words(s: &Scenario) -> Vec<&'static str> {
    if s.case == Case::Operations && *s == Scenario::lesson(Case::Operations, Default::default()) {
        return vec![
            "「最后 operations 输入 seq1/seq2、跨任期同键重试、同键异参、新键旧序号，\
             预期 applied/applied/duplicate/conflict/stale，只有两个效果。」",
        ];
    }
    if !lesson_states(s) {
        return vec![];
    }
    match s.defects.iter().next() {
        None => vec!["「正确版本无越代覆盖；A 可先于 B 提交，但 B 先提交后 A 必须被拒。」"],
        Some(d) => {
            vec![
                "「三缺陷分别出现 revoked_generation_overwrite、unauthorized_accept、\
                 revoked_generation_overwrite。」",
                d.lesson_words(),
            ]
        }
    }
}

#[cfg(test)]
mod tests;
