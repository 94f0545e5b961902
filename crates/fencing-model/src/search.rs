//! Breadth-first search over distinct states, with a visited set, so the first path found to
//! each finding is a shortest one; the order is fixed, so the CLI and the page find the same
//! paths. It runs in slices (`run(budget)`) so the page's worker can report progress and be
//! stopped between them.
//!
//! Memory: every state is kept once, in visit order, with its parent and the action that
//! reached it packed in four bytes; the visited set stores only indexes. States live in
//! fixed-size chunks, so storage grows without copying and never holds more than one
//! partly filled chunk: what a search needs is close to its states times their size.

use crate::findings::{fired, Finding};
use crate::machine::state::{Action, State};
use crate::machine::{Event, Machine};
use hashbrown::HashTable;
use std::hash::Hasher;

/// The shortest way found to a finding: the actions from the initial state.
pub type Path = Vec<Action>;

/// States per chunk.
const CHUNK: usize = 1 << 14;

/// Every state seen, in visit order, with its link: parent index (24 bits) and the packed
/// action that led to it (8 bits).
#[derive(Default)]
struct Arena {
    states: Vec<Vec<State>>,
    links: Vec<Vec<u32>>,
    len: usize,
}

impl Arena {
    fn push(&mut self, s: State, link: u32) {
        if self.len.is_multiple_of(CHUNK) {
            self.states.push(Vec::with_capacity(CHUNK));
            self.links.push(Vec::with_capacity(CHUNK));
        }
        self.states.last_mut().unwrap().push(s);
        self.links.last_mut().unwrap().push(link);
        self.len += 1;
    }

    fn state(&self, i: usize) -> &State {
        &self.states[i / CHUNK][i % CHUNK]
    }

    fn link(&self, i: usize) -> u32 {
        self.links[i / CHUNK][i % CHUNK]
    }

    fn bytes(&self) -> usize {
        self.states.len() * CHUNK * (std::mem::size_of::<State>() + 4)
    }
}

pub struct Search {
    machine: Machine,
    arena: Arena,
    seen: HashTable<u32>,
    /// Next state to expand (states are expanded in visit order: a FIFO queue).
    next: usize,
    pub transitions: u64,
    found: Vec<(Finding, Path)>,
    pub cap: usize,
    /// The defects whose defective step some transition took (`findings::fired`).
    pub fired: u8,
    buffer: Vec<(Action, State, Event)>,
}

/// A fast, fixed hash of a state (the same on every platform and run), over its bytes.
fn hash(s: &State) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytemuck::bytes_of(s));
    h.finish()
}

/// Largest number of states a search may keep (the parent links have 24 bits).
pub const MAX_CAP: usize = (1 << 24) - 1;

impl Search {
    pub fn new(machine: Machine, cap: usize) -> Search {
        Search::starting_at(machine, State::default(), cap)
    }

    /// A search from a given state (the scenario's start is `State::default()`; tests start
    /// elsewhere to see what the search makes of a state they build).
    pub fn starting_at(machine: Machine, initial: State, cap: usize) -> Search {
        let mut seen = HashTable::new();
        seen.insert_unique(hash(&initial), 0u32, |_| hash(&initial));
        let mut arena = Arena::default();
        arena.push(initial, 0);
        Search {
            machine,
            arena,
            seen,
            next: 0,
            transitions: 0,
            found: Vec::new(),
            cap: cap.clamp(1, MAX_CAP),
            fired: 0,
            buffer: Vec::with_capacity(16),
        }
    }

    /// Distinct states seen so far.
    pub fn states(&self) -> usize {
        self.arena.len
    }

    /// States seen but not yet expanded.
    pub fn queued(&self) -> usize {
        self.arena.len - self.next
    }

    /// Whether the search has visited every reachable state.
    pub fn complete(&self) -> bool {
        self.next == self.arena.len
    }

    /// Whether the search stopped at its cap before visiting every state.
    pub fn capped(&self) -> bool {
        !self.complete() && self.arena.len >= self.cap
    }

    /// Expand up to `budget` states; true once the search is over (complete or capped).
    pub fn run(&mut self, budget: usize) -> bool {
        for _ in 0..budget {
            if self.complete() || self.arena.len >= self.cap {
                break;
            }
            self.expand();
        }
        self.complete() || self.arena.len >= self.cap
    }

    /// Expand the next state in the queue: every transition enabled in it, the findings they
    /// make, and the new states they reach.
    fn expand(&mut self) {
        let at = self.next;
        self.next += 1;
        let s = *self.arena.state(at);
        let mut out = std::mem::take(&mut self.buffer);
        self.machine.successors(&s, &mut out);
        for f in [Finding::LostOperation, Finding::Stuck] {
            if f.holds_in(&self.machine, &s, out.is_empty()) {
                self.record(f, at, None);
            }
        }
        for &(action, n, event) in &out {
            self.transitions += 1;
            self.fired |= fired(self.machine.defects, &s, &event);
            for f in Finding::ALL {
                if f.on_transition() && f.made_by(&s, &event) {
                    self.record(f, at, Some(action));
                }
            }
            self.visit(at, action, n);
        }
        self.buffer = out;
    }

    fn visit(&mut self, parent: usize, action: Action, n: State) {
        if self.arena.len >= self.cap {
            return;
        }
        let h = hash(&n);
        let arena = &self.arena;
        if self.seen.find(h, |&i| *arena.state(i as usize) == n).is_some() {
            return;
        }
        let index = self.arena.len as u32;
        self.arena.push(n, (parent as u32) << 8 | action.pack() as u32);
        let arena = &self.arena;
        self.seen.insert_unique(h, index, |&i| hash(arena.state(i as usize)));
    }

    /// Keep the first (so the shortest) path to a finding.
    fn record(&mut self, finding: Finding, at: usize, last: Option<Action>) {
        if self.found.iter().any(|(f, _)| *f == finding) {
            return;
        }
        let mut path = self.path_to(at);
        path.extend(last);
        self.found.push((finding, path));
    }

    /// The actions from the initial state to state `at`.
    fn path_to(&self, mut at: usize) -> Path {
        let mut path = Vec::new();
        while at != 0 {
            let link = self.arena.link(at);
            path.push(Action::unpack(link as u8));
            at = (link >> 8) as usize;
        }
        path.reverse();
        path
    }

    /// The shortest path to each finding, in `Finding` order.
    pub fn findings(&self) -> Vec<(Finding, Path)> {
        let mut all = self.found.clone();
        all.sort_by_key(|(f, _)| *f);
        all
    }

    /// Bytes the search holds per state: the states, their links and the visited set.
    pub fn bytes_per_state(&self) -> f64 {
        (self.arena.bytes() + self.seen.allocation_size()) as f64 / self.arena.len as f64
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The state visited `i`th (0 is the initial state).
    pub fn state(&self, i: usize) -> &State {
        self.arena.state(i)
    }

    /// Where a state was visited, if it was.
    pub fn index_of(&self, s: &State) -> Option<usize> {
        let arena = &self.arena;
        self.seen.find(hash(s), |&i| arena.state(i as usize) == s).map(|&i| i as usize)
    }
}
