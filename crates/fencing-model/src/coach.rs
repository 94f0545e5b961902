//! The coach: for every state a complete search visited, the fewest moves to each finding
//! from there — what the learner who drives the machine is told before each move. A
//! backward pass over the states the search kept: the search keeps each state once with one
//! parent link, not its edges, so the pass regenerates each state's successors once and
//! keeps them (a successor's index and the findings its transition makes: 6 bytes an edge),
//! then relaxes the distances backwards until nothing changes (the graph has no cycles, so
//! this ends; states in reverse visit order settle most in the first pass).

use crate::findings::Finding;
use crate::machine::state::{Action, State};
use crate::search::Search;
use crate::verdicts::Row;

/// No way to the finding from here.
pub const UNREACHABLE: u8 = u8::MAX;

/// The coach's answer along one path, as the page reads it from the worker: the fewest moves
/// to each finding (`Finding::COACHED` order; none: no way there) at each state from the
/// initial one to the path's end (the last), and after each move enabled there.
#[derive(Clone, Debug, PartialEq)]
pub struct At {
    pub along: Vec<Row>,
    pub moves: Vec<Row>,
}

impl At {
    /// The worker's rows (a byte a finding, `UNREACHABLE` for none) for `path` (its text).
    pub fn read(bytes: &[u8], path: &str) -> At {
        let states = path.split('.').filter(|t| !t.is_empty()).count() + 1;
        let rows: Vec<Row> = bytes
            .chunks_exact(Finding::COACHED.len())
            .map(|r| std::array::from_fn(|k| Some(r[k]).filter(|d| *d != UNREACHABLE)))
            .collect();
        let (along, moves) = rows.split_at(states.min(rows.len()));
        At { along: along.to_vec(), moves: moves.to_vec() }
    }

    /// The row where the path ends.
    pub fn here(&self) -> Row {
        self.along.last().copied().unwrap_or_default()
    }

    /// The first move (by its place among those enabled) on a shortest way to finding `k`
    /// (its slot); none when no move leads there. A move's row counts the move itself.
    pub fn toward(&self, k: usize) -> Option<usize> {
        let best = self.moves.iter().enumerate().filter_map(|(i, row)| row[k].map(|d| (d, i)));
        best.min().map(|(_, i)| i)
    }
}

/// The most states the coach takes on: 25–50 bytes a state beside the search's own (49 on the
/// scaled preset).
pub const MAX_STATES: usize = 2_000_000;

pub struct Coach {
    /// Per state, the first edge of its successors (`edges[start[i]..start[i + 1]]`).
    start: Vec<u32>,
    /// Each edge's target state and the findings (bits over `Finding::COACHED`) its transition
    /// makes.
    target: Vec<u32>,
    made: Vec<u16>,
    /// Per state and finding: fewest moves to it, `UNREACHABLE` if none.
    dist: Vec<[u8; Finding::COACHED.len()]>,
}

/// Why the coach could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoachError {
    /// The search has not visited every state.
    Incomplete,
    /// More reachable states than the limit (given).
    TooLarge(usize),
}

impl std::fmt::Display for CoachError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoachError::Incomplete => {
                f.write_str("搜索没有穷尽全部状态，教练无法判断哪些结果仍然可达")
            }
            CoachError::TooLarge(max) => {
                write!(f, "场景的可达状态超过教练的上限 {max} 个：请缩小场景")
            }
        }
    }
}

fn bit(f: Finding) -> u16 {
    1 << f.slot()
}

impl Coach {
    /// The coach of a complete search of at most `MAX_STATES` states.
    pub fn new(search: &Search) -> Result<Coach, CoachError> {
        Coach::within(search, MAX_STATES)
    }

    /// The coach of a complete search of at most `max` states. A search stopped at `max + 1`
    /// states is too large, not merely incomplete: that is said first.
    pub fn within(search: &Search, max: usize) -> Result<Coach, CoachError> {
        let n = search.states();
        if n > max {
            return Err(CoachError::TooLarge(max));
        }
        if !search.complete() {
            return Err(CoachError::Incomplete);
        }
        let machine = search.machine();
        let (mut start, mut target, mut made) = (Vec::with_capacity(n + 1), Vec::new(), Vec::new());
        let mut dist = vec![[UNREACHABLE; Finding::COACHED.len()]; n];
        let mut out = Vec::new();
        for (i, d) in dist.iter_mut().enumerate() {
            start.push(target.len() as u32);
            let s = search.state(i);
            machine.successors(s, &mut out);
            for f in [Finding::LostOperation, Finding::Stuck] {
                if f.holds_in(machine, s, out.is_empty()) {
                    d[f.slot()] = 0;
                }
            }
            for (_, next, event) in &out {
                let bits = Finding::COACHED
                    .iter()
                    .filter(|f| f.on_transition() && f.made_under(machine.defects, s, event))
                    .fold(0, |b, f| b | bit(*f));
                // Every successor of a complete search was visited.
                target.push(search.index_of(next).unwrap_or(i) as u32);
                made.push(bits);
            }
        }
        start.push(target.len() as u32);
        let mut coach = Coach { start, target, made, dist };
        coach.relax();
        Ok(coach)
    }

    fn relax(&mut self) {
        let mut changed = true;
        while changed {
            changed = false;
            for i in (0..self.dist.len()).rev() {
                let mut d = self.dist[i];
                for e in self.start[i] as usize..self.start[i + 1] as usize {
                    let (t, bits) = (self.target[e] as usize, self.made[e]);
                    for (k, dk) in d.iter_mut().enumerate() {
                        let via = if bits & (1 << k) != 0 {
                            1
                        } else {
                            self.dist[t][k].saturating_add(1)
                        };
                        *dk = (*dk).min(via);
                    }
                }
                if d != self.dist[i] {
                    self.dist[i] = d;
                    changed = true;
                }
            }
        }
    }

    /// Fewest moves from state `i` to finding `f` (`UNREACHABLE`: none).
    pub fn distance(&self, i: usize, f: Finding) -> u8 {
        self.dist[i][f.slot()]
    }

    /// For each move enabled in state `i`, in the machine's order: the action, and per finding
    /// (in `Finding::COACHED` order) the fewest moves to it counting this one (1: this move makes
    /// it).
    pub fn moves(&self, search: &Search, i: usize) -> Vec<(Action, [u8; Finding::COACHED.len()])> {
        let mut out = Vec::new();
        search.machine().successors(search.state(i), &mut out);
        out.iter()
            .zip(self.start[i] as usize..)
            .map(|((action, _, _), e)| {
                let (t, bits) = (self.target[e] as usize, self.made[e]);
                let mut d = [UNREACHABLE; Finding::COACHED.len()];
                for (k, dk) in d.iter_mut().enumerate() {
                    *dk = if bits & (1 << k) != 0 { 1 } else { self.dist[t][k].saturating_add(1) };
                }
                (*action, d)
            })
            .collect()
    }

    /// Bytes the coach holds per state, beside the search's own.
    pub fn bytes_per_state(&self) -> f64 {
        let n = self.dist.len().max(1);
        (self.start.capacity() * 4
            + self.target.capacity() * 4
            + self.made.capacity() * 2
            + self.dist.capacity() * Finding::COACHED.len()) as f64
            / n as f64
    }
}

/// The state after `path` from the initial state, by its index in `search` (none if a move is
/// not enabled or leads off the searched states).
pub fn locate(search: &Search, path: &[Action]) -> Option<usize> {
    let machine = search.machine();
    let mut s = State::default();
    for &a in path {
        s = machine.apply(&s, a)?.0;
    }
    search.index_of(&s)
}
