//! The report's judgment as data, built once here from a run and rendered twice — as text by
//! `render` (the CLI, and the page's folded report) and as the page's one report component —
//! so the two never say different things. Sections (the lesson's properties, this app's
//! additions, the issuer check, the notes, the assumptions) hold lines; a line is one typed
//! finding with its verdict's kind, its words and qualifiers, and each place it happened with
//! its cause, key steps and enabling steps. Each path gets its marks (`marks.rs`). The kinds are
//! from what caused the finding in the run at hand, not from the defects switched on.

mod lab;
mod marks;
mod read;
mod say;
mod search;
mod walk;

pub use lab::of_lab;
pub use marks::{Flag, Marks};
pub use say::{
    chip_kind, closed, coach_name, made, never, reach, says, tag, Row, Says, KEY_STEPS,
    PROGRESS_WHEN, WHY,
};
pub use search::of_search;
pub use walk::of_path;

use crate::findings::Finding;
use serde::Serialize;

/// What a verdict is, and so its sign in the CLI and its sign and colour in the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// One of the lesson's two properties broken.
    Broken,
    /// A harm this app finds beside them.
    Harm,
    /// An operation failed as the protocol in force expects: a failure the caller must
    /// handle, not a violation.
    Expected,
    /// Not searched to the end: nothing found among the states visited.
    Capped,
    /// Could have failed and did not; the evidence is said.
    Holds,
    /// Cannot fail in this variant.
    ByConstruction,
}

impl Kind {
    pub const ALL: [Kind; 6] =
        [Kind::Broken, Kind::Harm, Kind::Expected, Kind::Capped, Kind::Holds, Kind::ByConstruction];

    /// The sign before a verdict.
    pub fn sign(self) -> &'static str {
        match self {
            Kind::Broken => "✗",
            Kind::Harm => "⚠",
            Kind::Expected => "⊘",
            Kind::Capped => "?",
            Kind::Holds => "✓",
            Kind::ByConstruction => "∅",
        }
    }

    /// The kind in words, for the legend and for screen readers.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Broken => "课程性质被违反",
            Kind::Harm => "本学习台发现的危害",
            Kind::Expected => "按当前协议预期的失败（不是性质违例）",
            Kind::Capped => "未穷尽：已访问的状态里没有",
            Kind::Holds => "成立（穷尽检查；有「证据」行时，本可违反的情形确实出现过）",
            Kind::ByConstruction => "成立：本变体里无从违反",
        }
    }

    /// The page's class for its colour.
    pub fn class(self) -> &'static str {
        match self {
            Kind::Broken => "broken",
            Kind::Harm => "harm",
            Kind::Expected => "expected",
            Kind::Capped => "capped",
            Kind::Holds => "holds",
            Kind::ByConstruction => "by-construction",
        }
    }

    /// Whether the finding happened (a failure of some kind).
    pub fn happened(self) -> bool {
        matches!(self, Kind::Broken | Kind::Harm | Kind::Expected)
    }
}

/// A section's tag when it is this app's addition.
pub const OURS: &str = "本学习台补充，不属于课程的两条性质";

/// A step of a path: `path` is 0-based (an interleaving, or a finding's shortest path in
/// `Finding::ALL` order), `step` 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    pub path: usize,
    pub step: usize,
}

/// One place a finding happened, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Occurrence {
    pub at: Place,
    pub kind: Kind,
    /// The step's action (`write A`).
    pub action: String,
    /// What the finding means, in one sentence.
    pub why: String,
    /// Why it happened here, from the step and what the resource held.
    pub cause: Option<String>,
    /// What must be read with it to be true of this run.
    pub qualifiers: Vec<String>,
    /// 1-based, in order.
    pub key_steps: Vec<usize>,
    pub enabling: Vec<usize>,
    /// The key and enabling steps as a chain of the path's actions.
    pub chain: String,
}

/// One finding's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub finding: Finding,
    /// This app's addition (else one of the lesson's two properties).
    pub ours: bool,
    pub kind: Kind,
    /// The promise or meaning shown after the finding's name, if any (`已提交资源代际不后退`).
    pub promise: Option<&'static str>,
    /// The verdict in words: `违反（2/3 条交错）`, `成立（3 条交错均满足）`, `发生，最短 12 步`.
    pub verdict: String,
    /// What qualifies the verdict as a whole (its evidence, why it cannot fail here).
    pub qualifiers: Vec<String>,
    pub occurrences: Vec<Occurrence>,
}

impl Line {
    /// A finding's line before its verdict is decided: as held, with its occurrences.
    fn of(finding: Finding, occurrences: Vec<Occurrence>) -> Line {
        let promise = match finding {
            Finding::Broken(p) => Some(p.promise()),
            _ => None,
        };
        let ours = !matches!(finding, Finding::Broken(_));
        Line {
            finding,
            ours,
            kind: Kind::Holds,
            promise,
            verdict: String::new(),
            qualifiers: vec![],
            occurrences,
        }
    }
}

/// A remark that is no finding's verdict: what a word means, a defect that never fired, a
/// note on some steps, an assumption.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Remark {
    pub text: String,
    /// Where it applies, if anywhere in particular.
    pub at: Vec<Place>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// The lesson's two properties (and, beside them, marked, this app's reading of them).
    Properties,
    /// This app's progress findings: the holder locked out, the lost operation, stuck.
    Progress,
    /// This app's issuer-side check: a fence given to two grants.
    Issuer,
    /// Notes on steps that are no findings (the lesson's key caveat, op_seq deciding).
    Notes,
    /// The model's assumptions.
    Assumptions,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Properties => "properties",
            Part::Progress => "progress",
            Part::Issuer => "issuer",
            Part::Notes => "notes",
            Part::Assumptions => "assumptions",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    pub part: Part,
    pub title: &'static str,
    /// This app's addition (the whole section).
    pub ours: bool,
    pub lines: Vec<Line>,
    pub remarks: Vec<Remark>,
}

/// A run's judgment: what its report says first, its sections, and each path's marks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Verdicts {
    /// The report's head, sentence by sentence, before the judgment: the search's extent (the
    /// model case); notes on the scenario's op_seq and on the schedule (the fencing case).
    pub head: Vec<String>,
    pub sections: Vec<Section>,
    /// Per path, as `Place::path` counts them.
    pub marks: Vec<Marks>,
}

impl Verdicts {
    pub fn section(&self, part: Part) -> Option<&Section> {
        self.sections.iter().find(|s| s.part == part)
    }

    /// The line of a finding, wherever it is.
    pub fn line(&self, f: Finding) -> Option<&Line> {
        self.sections.iter().flat_map(|s| &s.lines).find(|l| l.finding == f)
    }

    /// The lesson's properties, one line each (sign, promise, verdict, and that qualifiers
    /// follow, if any), then this app's harms by their tags: what a page keeps in view while
    /// its scenario changes. Read alone it must not say more than the report.
    pub fn headline(&self) -> Vec<String> {
        let lesson = self.lines().filter(|l| !l.ours).map(|l| {
            let verdict =
                if l.kind == Kind::ByConstruction { "本变体无从违反" } else { &l.verdict };
            let more = if l.qualifiers.is_empty() || l.kind == Kind::ByConstruction {
                ""
            } else {
                "（限定与依据见下方）"
            };
            format!("{} {}：{verdict}{more}", l.kind.sign(), l.promise.unwrap_or(l.finding.name()))
        });
        let harms: Vec<String> = self
            .lines()
            .filter(|l| l.ours && l.kind == Kind::Harm)
            .map(|l| say::tag(l.finding, l.kind))
            .collect();
        let ours = (!harms.is_empty())
            .then(|| format!("{} 本学习台另发现：{}", Kind::Harm.sign(), harms.join("、")));
        lesson.chain(ours).collect()
    }

    /// Every line, section by section.
    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        self.sections.iter().flat_map(|s| &s.lines)
    }
}

/// The most severe of some kinds (a line is as bad as its worst occurrence).
fn worst(kinds: impl IntoIterator<Item = Kind>) -> Option<Kind> {
    kinds.into_iter().min()
}
