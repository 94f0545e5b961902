//! The explorer's model checker for scenarios the learner builds: two to four clients with
//! programs of their own, an authority that may expire leases, crash and recover, a network
//! that may delay writes, and the four defect switches — the one machine, searched
//! breadth-first over every reachable state (`search`), so each finding comes with a
//! shortest path, replayed and worded as the lab's steps are.

use crate::defects::{Defect, Defects};
use crate::findings::{defects_in, Finding};
use crate::machine::spec::Programs;
use crate::machine::state::Action;
use crate::machine::Machine;
use crate::path::{key_steps, lost_write_refused, replay, steps, Move, Step};
use crate::search::Search;
use serde::{Deserialize, Serialize};

/// The most states a search keeps: at about 64 bytes each (states, links and the visited
/// set), under 200 MB, so the page's worker stays well within 256 MB even while the visited
/// set grows (old and new tables both held for a moment).
pub const DEFAULT_CAP: usize = 3_000_000;

/// One finding's result: holds, or the shortest path found to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingResult {
    #[serde(rename = "name")]
    pub finding: Finding,
    pub path: Option<Vec<Step>>,
    /// The path's key steps (1-based).
    pub key_steps: Vec<usize>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModelRun {
    /// Distinct states visited.
    pub states: usize,
    pub transitions: u64,
    /// Every reachable state was visited (false when the cap stopped the search).
    pub complete: bool,
    pub cap: usize,
    /// In `Finding::ALL` order.
    pub findings: Vec<FindingResult>,
    /// Defects switched on whose defective step no transition took.
    pub unfired: Vec<Defect>,
    /// Each finding's shortest path as the machine's moves (what the judgment reads a cause
    /// from), in `Finding::ALL` order.
    #[serde(skip)]
    pub moves: Vec<Option<Vec<Move>>>,
}

impl ModelRun {
    pub fn finding(&self, f: Finding) -> Option<&FindingResult> {
        self.findings.iter().find(|r| r.finding == f)
    }
}

/// Start a search (the page's worker drives it in slices; `check` runs it to the end).
pub fn search(model: &Programs, defects: Defects, issuer: u64, cap: usize) -> Search {
    Search::new(Machine::new(model, defects, issuer), cap)
}

/// Run a search to the end and gather what it found.
pub fn check(model: &Programs, defects: Defects, issuer: u64, cap: usize) -> ModelRun {
    let mut s = search(model, defects, issuer, cap);
    while !s.run(100_000) {}
    result(&s.summary(), model, defects, issuer)
}

/// Where a search stands, in a few numbers and the packed actions of each finding's path so
/// far: what the page's worker sends (as JSON) while it searches and when it is done.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub states: usize,
    pub transitions: u64,
    pub queued: usize,
    pub complete: bool,
    pub cap: usize,
    /// The defects that fired, as `findings::fired` bits.
    pub fired: u8,
    /// Per finding, in `Finding::ALL` order: the shortest path found, as packed actions.
    pub paths: Vec<Option<Vec<u8>>>,
}

/// What the page asks its checker's worker, one message at a time (as JSON text).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// Search the scenario (the explorer's query string) to the end or to `cap` states.
    Search { query: String, cap: usize },
    /// Search every state of the machine a learner drives in the scenario (its query string)
    /// and build the coach over them.
    Coach { query: String },
    /// The coach's rows along a learner's path (its text form).
    At { path: String },
}

/// What the worker answers (as JSON text). `At`'s rows travel beside it as bytes: the fewest
/// moves to each finding, `Finding::COACHED.len()` per state along the path, then per move
/// enabled at its end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// Where the search stands, every tenth of a second.
    Searching(Progress),
    /// The search ended: every state visited, or the cap reached.
    Searched(Progress),
    Coached(Cost),
    At {
        path: String,
    },
    Failed(String),
}

/// A search's summary and the time it has taken so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub summary: Summary,
    pub elapsed_ms: f64,
}

impl Progress {
    pub fn per_second(&self) -> f64 {
        self.summary.states as f64 * 1000.0 / self.elapsed_ms.max(1.0)
    }
}

/// What building the coach cost: states, milliseconds, and the search's and the coach's
/// bytes per state.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cost {
    pub states: usize,
    pub ms: f64,
    pub search_bytes: f64,
    pub coach_bytes: f64,
}

impl Search {
    pub fn summary(&self) -> Summary {
        let found = self.findings();
        Summary {
            states: self.states(),
            transitions: self.transitions,
            queued: self.queued(),
            complete: self.complete(),
            cap: self.cap,
            fired: self.fired,
            paths: Finding::ALL
                .iter()
                .map(|f| {
                    found
                        .iter()
                        .find(|(g, _)| g == f)
                        .map(|(_, p)| p.iter().map(|a| a.pack()).collect())
                })
                .collect(),
        }
    }
}

/// A search's summary as the report shows it: every path replayed from the initial state and
/// worded step by step.
pub fn result(summary: &Summary, model: &Programs, defects: Defects, issuer: u64) -> ModelRun {
    let machine = Machine::new(model, defects, issuer);
    let moves: Vec<Option<Vec<Move>>> = Finding::ALL
        .iter()
        .zip(summary.paths.iter().chain(std::iter::repeat(&None)))
        .map(|(_, path)| {
            path.as_ref().map(|p| {
                replay(&machine, &p.iter().map(|&b| Action::unpack(b)).collect::<Vec<_>>())
            })
        })
        .collect();
    let findings = Finding::ALL
        .iter()
        .zip(&moves)
        .map(|(&f, moves)| {
            let keys = moves.as_ref().map_or(vec![], |m| {
                key_steps(m, f, refusal(m, f)).into_iter().map(|k| k + 1).collect()
            });
            FindingResult {
                finding: f,
                path: moves.as_ref().map(|m| steps(&machine, m)),
                key_steps: keys,
            }
        })
        .collect();
    let fired: Vec<Defect> = defects_in(summary.fired).collect();
    ModelRun {
        states: summary.states,
        transitions: summary.transitions,
        complete: summary.complete,
        cap: summary.cap,
        findings,
        unfired: if summary.complete {
            defects.iter().filter(|d| !fired.contains(d)).collect()
        } else {
            vec![]
        },
        moves,
    }
}

/// The step a finding's key steps start from: its last step, or for a lost operation the
/// step that refused the write whose key never took effect.
fn refusal(moves: &[Move], f: Finding) -> usize {
    let last = moves.len().saturating_sub(1);
    if f == Finding::LostOperation {
        lost_write_refused(moves).unwrap_or(last)
    } else {
        last
    }
}
