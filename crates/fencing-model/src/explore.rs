//! The lab's finite partial order and the enumeration of all its interleavings.
//!
//! A program is a fixed prefix, one event sequence per client, and extra "happens-before"
//! edges between clients. Every linear extension is run from the initial world; the order of
//! enumeration is fixed (B's events are tried first), so reports are byte-for-byte stable.

use crate::scenario::{Client, Defects, Scenario};
use crate::world::{Event, Outcome, World};
use serde::{Deserialize, Serialize};

/// `before` (the `.1`-th event of client `.0`'s thread) must happen before `after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dependency {
    pub before: (Client, usize),
    pub after: (Client, usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub prefix: Vec<Event>,
    /// Thread order is the enumeration's preference order.
    pub threads: Vec<(Client, Vec<Event>)>,
    pub dependencies: Vec<Dependency>,
}

impl Program {
    /// The lesson's fencing program: acquire A → pause → expire → durable recovery →
    /// acquire B, then B's write against A's resume and write.
    ///
    /// With grant and mint split, each acquire is followed by a separate mint, and old A
    /// mints again after resuming — after B has committed, as in the lesson's counterexample
    /// ("A 恢复后才调用独立自增服务取得 43"). That extra edge is the "mint dependency".
    /// With precheck, each write is preceded by the client's own check step.
    pub fn fencing(defects: Defects) -> Program {
        use Client::{A, B};
        use Event::*;
        let write = |c: Client| if defects.precheck { vec![Check(c), Write(c)] } else { vec![Write(c)] };
        let b_thread = write(B);
        let b_write = b_thread.len() - 1;
        if !defects.split_authority {
            return Program {
                prefix: vec![Acquire(A), Pause(A), Expire(A), Recover, Acquire(B)],
                threads: vec![(B, b_thread), (A, [vec![Resume(A)], write(A)].concat())],
                dependencies: vec![],
            };
        }
        Program {
            prefix: vec![Acquire(A), Mint(A), Pause(A), Expire(A), Recover, Acquire(B), Mint(B)],
            threads: vec![(B, b_thread), (A, [vec![Resume(A), Mint(A)], write(A)].concat())],
            dependencies: vec![Dependency { before: (B, b_write), after: (A, 1) }],
        }
    }

    /// Every linear extension of the partial order, as event lists, in enumeration order.
    pub fn linearizations(&self) -> Vec<Vec<Event>> {
        let mut out = Vec::new();
        let mut next = vec![0usize; self.threads.len()];
        let mut order = self.prefix.clone();
        self.extend(&mut next, &mut order, &mut out);
        out
    }

    fn extend(&self, next: &mut [usize], order: &mut Vec<Event>, out: &mut Vec<Vec<Event>>) {
        if next.iter().zip(&self.threads).all(|(n, (_, evs))| *n == evs.len()) {
            out.push(order.clone());
            return;
        }
        for t in 0..self.threads.len() {
            let (client, events) = &self.threads[t];
            if next[t] < events.len() && self.enabled(next, (*client, next[t])) {
                order.push(events[next[t]]);
                next[t] += 1;
                self.extend(next, order, out);
                next[t] -= 1;
                order.pop();
            }
        }
    }

    fn enabled(&self, next: &[usize], node: (Client, usize)) -> bool {
        self.dependencies.iter().filter(|d| d.after == node).all(|d| {
            let t = self.threads.iter().position(|(c, _)| *c == d.before.0);
            t.is_some_and(|t| next[t] > d.before.1)
        })
    }
}

/// One event and the whole state after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub event: Event,
    pub outcome: Outcome,
    /// Flattened so JSON reads `steps[i].resource.value`.
    #[serde(flatten)]
    pub after: World,
}

/// One interleaving, run from the initial world.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub events: Vec<Event>,
    pub steps: Vec<Step>,
}

impl Trace {
    pub fn run(scenario: &Scenario, events: Vec<Event>) -> Trace {
        let mut world = World::new(scenario);
        let steps = events
            .iter()
            .map(|&event| {
                let outcome = world.apply(event);
                Step { event, outcome, after: world.clone() }
            })
            .collect();
        Trace { events, steps }
    }
}

/// All interleavings of the scenario's fencing program.
pub fn explore(scenario: &Scenario) -> Vec<Trace> {
    Program::fencing(scenario.defects)
        .linearizations()
        .into_iter()
        .map(|events| Trace::run(scenario, events))
        .collect()
}
