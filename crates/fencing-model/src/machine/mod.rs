//! The lesson's protocol as one machine, in stateright's shape: an initial state
//! (`State::default()`), the actions a state offers (`actions`), the next state and what
//! happened (`apply`). Every event is one indivisible transition: a client's next step
//! (acquire, mint, the resource's separate check, write or send, pause, renew), resume,
//! release, the authority's expiry, crash and recovery, and the delivery of a delayed write.
//! The lab runs it under the lesson's schedule (`lab`), the explorer searches every state
//! (`search`); `findings` judges its transitions. As in the lesson, the resource compares
//! numbers only: which grant a token came from is the checker's knowledge.

mod event;
pub mod spec;
pub mod state;
mod step;

pub use event::{client_name, Event};

use crate::defects::Defects;
use spec::{Op, Programs};
use state::*;
use step::commit;

/// A scenario compiled for the machine: programs as arrays, switches as booleans, and what
/// decodes its numbers (the issuer, each op_seq rank's value, each key's name).
#[derive(Clone, Debug)]
pub struct Machine {
    pub programs: Vec<Vec<Op>>,
    pub defects: Defects,
    pub crash: bool,
    pub delay: bool,
    pub issuer: u64,
    pub seqs: Vec<u64>,
    pub keys: Vec<String>,
}

impl Machine {
    pub fn new(model: &Programs, defects: Defects, issuer: u64) -> Machine {
        Machine {
            programs: model.clients.clone(),
            defects,
            crash: model.crash,
            delay: model.delay,
            issuer,
            seqs: model.seqs.clone(),
            keys: model.keys.clone(),
        }
    }

    /// A fence in the lesson's numbers (0 stays 0: no token).
    pub fn fence(&self, rel: u8) -> u64 {
        if rel == 0 {
            0
        } else {
            self.issuer + rel as u64
        }
    }

    /// An op_seq's value (rank 0 is the resource's initial 0).
    pub fn seq(&self, rank: u8) -> u64 {
        rank.checked_sub(1).map_or(0, |r| self.seqs[r as usize])
    }

    fn done(&self, s: &State, c: usize) -> bool {
        s.clients[c].flags & STOPPED != 0 || s.clients[c].pc as usize >= self.programs[c].len()
    }

    /// Whether some client's program has not finished.
    pub fn unfinished(&self, s: &State) -> bool {
        (0..self.programs.len()).any(|c| !self.done(s, c))
    }

    /// Every program finished and no write left in flight: nothing more can reach the resource.
    pub fn finished(&self, s: &State) -> bool {
        !self.unfinished(s) && s.flying() == 0
    }

    /// Every transition enabled in `s`, in a fixed order: each client in turn, then the
    /// authority, then deliveries.
    pub fn successors(&self, s: &State, out: &mut Vec<(Action, State, Event)>) {
        out.clear();
        let mut actions = [Action::Expire; MAX_ACTIONS];
        let n = self.actions(s, &mut actions);
        out.extend(
            actions[..n].iter().filter_map(|&a| self.apply(s, a).map(|(next, e)| (a, next, e))),
        );
    }

    /// The actions that may be enabled in `s` (each client's one next move, the authority's,
    /// each delivery), written into `out`; how many. `apply` decides whether each is.
    pub fn actions(&self, s: &State, out: &mut [Action; MAX_ACTIONS]) -> usize {
        let mut n = 0;
        let mut push = |a: Action| {
            out[n] = a;
            n += 1;
        };
        for c in 0..self.programs.len() {
            push(if self.done(s, c) {
                Action::Release(c as u8)
            } else if s.paused(c) {
                Action::Resume(c as u8)
            } else {
                Action::Step(c as u8)
            });
        }
        for a in [Action::Expire, Action::Crash, Action::Recover] {
            push(a);
        }
        for i in 0..s.flying() {
            push(Action::Deliver(i as u8));
        }
        n
    }

    /// The state after `action` in `s`, and what it did; `None` if it is not enabled. While
    /// the authority is down, none of its operations happens: they wait for its recovery.
    pub fn apply(&self, s: &State, action: Action) -> Option<(State, Event)> {
        let mut n = *s;
        let down = s.crash == DOWN;
        match action {
            Action::Step(c) => self.step(s, c as usize),
            Action::Resume(c) => {
                let c = c as usize;
                if self.done(s, c) || !s.paused(c) {
                    return None;
                }
                n.clients[c].flags &= !PAUSED;
                let me = s.clients[c];
                Some((n, Event::Resumed { client: c, fence: me.fence, grant: me.grant }))
            }
            Action::Release(c) => {
                let c = c as usize;
                if down || !self.done(s, c) || !s.holds(c) || s.paused(c) {
                    return None;
                }
                (n.owner, n.lease) = (0, NO_LEASE);
                Some((n, Event::Released { client: c }))
            }
            // The authority judges a lease expired only while its holder is paused: a running
            // holder renews in time.
            Action::Expire => {
                if down || s.lease != VALID || s.owner == 0 || !s.paused(s.owner as usize - 1) {
                    return None;
                }
                n.lease = EXPIRED;
                Some((n, Event::Expired { client: s.owner as usize - 1 }))
            }
            Action::Crash => {
                if !self.crash || s.crash != RUNNING {
                    return None;
                }
                n.crash = DOWN;
                Some((n, Event::Crashed))
            }
            Action::Recover => {
                if !down {
                    return None;
                }
                n.crash = RECOVERED;
                let from_backup = self.defects.rollback_issuer;
                if from_backup {
                    // The issuer comes back as the old backup had it: the scenario's start.
                    (n.generation, n.counter) = (0, 0);
                }
                let issuer = if self.defects.split_authority { n.counter } else { n.generation };
                Some((n, Event::Recovered { issuer, from_backup }))
            }
            Action::Deliver(i) => {
                let m = *s.in_flight.get(i as usize).filter(|m| !m.is_empty())?;
                n.in_flight[i as usize] = Message::default();
                n.settle();
                let e = commit(
                    &mut n,
                    m.client(),
                    m.0[1],
                    m.0[2],
                    m.0[3],
                    m.key(),
                    m.unconditional(),
                    m.valid(),
                );
                Some((n, e))
            }
        }
    }
}
