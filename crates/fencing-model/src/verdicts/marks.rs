//! A path's marks: each finding and note at its step, and the key and enabling steps.

use super::{say, Kind, Occurrence};
use crate::findings::Finding;
use serde::Serialize;

/// What to mark on one step of a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Flag {
    pub step: usize,
    pub finding: Finding,
    pub kind: Kind,
    /// Short, for the picture: the property's name or the finding's tag.
    pub label: String,
    /// The whole sentence, for the table.
    pub text: String,
}

/// What one path marks: its name, findings and notes at their steps, key and enabling steps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Marks {
    /// The path as every report names it (`交错 2`, `最短反例（unauthorized_accept）`); empty
    /// for a learner's own path.
    pub name: String,
    /// An interleaving's order after the fixed prefix (`resume A → write A → write B`).
    pub order: String,
    pub flags: Vec<Flag>,
    /// A note's step, short tag and sentence.
    pub notes: Vec<(usize, &'static str, String)>,
    pub key_steps: Vec<usize>,
    pub enabling: Vec<usize>,
}

impl Marks {
    pub fn flags_at(&self, n: usize) -> impl Iterator<Item = &Flag> {
        self.flags.iter().filter(move |f| f.step == n)
    }

    /// The short tags at step `n`: each note's, once.
    pub fn tags_at(&self, n: usize) -> Vec<&'static str> {
        let mut t: Vec<&'static str> =
            self.notes.iter().filter(|(s, _, _)| *s == n).map(|(_, t, _)| *t).collect();
        t.dedup();
        t
    }

    /// A step of this path as the reports name it: `交错 2 第 6 步`,
    /// `最短反例（unauthorized_accept）第 6 步`.
    pub fn place(&self, step: usize) -> String {
        // A space after a number, none after a full-width bracket.
        let gap = if self.name.ends_with('）') { "" } else { " " };
        format!("{}{gap}第 {step} 步", self.name)
    }

    /// The path's tags, for its title: each note's, then each finding's with its sign.
    pub fn tags(&self) -> Vec<String> {
        let mut tags: Vec<String> = self.notes.iter().map(|(_, t, _)| t.to_string()).collect();
        tags.extend(self.flags.iter().map(|f| format!("{} {}", f.kind.sign(), f.label)));
        tags.dedup();
        tags
    }

    pub fn notes_at(&self, n: usize) -> impl Iterator<Item = &str> {
        self.notes.iter().filter(move |(s, _, _)| *s == n).map(|(_, _, t)| t.as_str())
    }

    /// Mark an occurrence of `finding` on its path.
    pub(super) fn add(&mut self, finding: Finding, o: &Occurrence) {
        let label = say::tag(finding, o.kind);
        self.flags.push(Flag {
            step: o.at.step,
            finding,
            kind: o.kind,
            label,
            text: o.why.clone(),
        });
        self.key_steps.extend(&o.key_steps);
        self.enabling.extend(&o.enabling);
    }

    /// Each step marked once, in order; a key step is not also an enabling one.
    pub(super) fn settle(mut self) -> Marks {
        self.key_steps.sort_unstable();
        self.key_steps.dedup();
        let key = self.key_steps.clone();
        self.enabling.retain(|k| !key.contains(k));
        self.enabling.sort_unstable();
        self.enabling.dedup();
        self
    }

    pub fn key(&self, n: usize) -> bool {
        self.key_steps.contains(&n)
    }

    pub fn enabling(&self, n: usize) -> bool {
        self.enabling.contains(&n)
    }

    /// What a path showing these marks is: a counterexample (a property broken, a harm), or
    /// only the shortest path to an expected failure or to the evidence.
    pub fn title(&self) -> &'static str {
        if self.flags.iter().any(|f| matches!(f.kind, Kind::Broken | Kind::Harm)) {
            "最短反例"
        } else {
            "最短路径"
        }
    }

    /// A step's number with its mark: `◆ 4` for a key step, `○ 3` for an enabling one.
    pub fn numbered(&self, n: usize) -> String {
        if self.key(n) {
            format!("◆ {n}")
        } else if self.enabling(n) {
            format!("○ {n}")
        } else {
            n.to_string()
        }
    }
}
