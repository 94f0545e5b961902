//! The checker's state, packed small (a few dozen bytes, so millions fit), and the lesson's
//! events over it as indivisible transitions: a client's next step (acquire, mint, check,
//! write or send, pause, renew), resume, release, the authority's expiry, crash and recovery,
//! and the delivery of a delayed write. As in `world`, the grant a token came from is the
//! checker's knowledge; the resource compares numbers only.

use super::spec::{Model, Op, MAX_CLIENTS, MAX_WRITES};
use crate::scenario::Defects;
use crate::world::Lease;
use bytemuck::{Pod, Zeroable};

// A client's flags.
const PAUSED: u8 = 1;
/// Its renewal failed: a correct client stops.
const STOPPED: u8 = 2;
/// precheck: its check for the next write passed / failed.
const CHECKED: u8 = 4;
const FAILED_CHECK: u8 = 8;
/// split-authority: it has taken a number from the counter for its next write.
const MINTED: u8 = 16;

// The authority's crash: it crashes at most once.
const RUNNING: u8 = 0;
const DOWN: u8 = 1;
const RECOVERED: u8 = 2;

// The lease.
const NO_LEASE: u8 = 0;
const VALID: u8 = 1;
const EXPIRED: u8 = 2;

/// A client: where it is in its program and the token it holds. Fences are kept relative to
/// the scenario's issuer (0 = no token); grants are numbered from 1 (0 = bound to none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct ClientState {
    pub pc: u8,
    pub flags: u8,
    pub fence: u8,
    pub grant: u8,
}

/// A write on its way to the resource (with network delay): the client (bits 0–1), whether
/// its precheck passed (bit 2) and its key (bits 3–5); its fence, grant and op_seq.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct Message(pub [u8; 4]);

impl Message {
    fn new(client: usize, checked: bool, key: u8, fence: u8, grant: u8, seq: u8) -> Message {
        Message([client as u8 | (checked as u8) << 2 | key << 3, fence, grant, seq])
    }
    fn client(self) -> usize {
        (self.0[0] & 3) as usize
    }
    fn checked(self) -> bool {
        self.0[0] & 4 != 0
    }
    fn key(self) -> u8 {
        self.0[0] >> 3
    }
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
}

/// Everything the checker tracks between two events: bytes only, with no padding, so a
/// state hashes and compares as the bytes it is (`bytemuck::Pod`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct State {
    pub clients: [ClientState; MAX_CLIENTS],
    /// The authority: its generation, split authority's counter, the owner (client + 1, 0 for
    /// none), the lease, and where it is in its one crash (running, down, recovered).
    pub generation: u8,
    pub counter: u8,
    pub owner: u8,
    pub lease: u8,
    pub crash: u8,
    /// Ghost: grants made so far, and the highest fence any grant was given.
    pub grants: u8,
    pub max_issued: u8,
    /// The resource: `(max_fence, last_seq)`, the newest grant whose write it ever accepted
    /// (ghost), the keys already applied.
    pub max_fence: u8,
    pub last_seq: u8,
    pub newest: u8,
    pub applied: u8,
    /// Writes in flight, sorted, empty slots last (one order per set: equal states are equal).
    pub in_flight: [Message; MAX_WRITES],
}

impl State {
    /// The authority's lease, as the rest of the model names it.
    pub fn lease_state(&self) -> Lease {
        match self.lease {
            VALID => Lease::Valid,
            EXPIRED => Lease::Expired,
            _ => Lease::None,
        }
    }

    /// Writes in flight in one order, empty slots last, so that two states holding the same
    /// writes are equal (and hash alike) whatever order they were sent in.
    fn settle(&mut self) {
        self.in_flight.sort_unstable_by(|a, b| a.is_empty().cmp(&b.is_empty()).then(a.cmp(b)));
    }
}

/// The most actions a state can offer: one per client, the authority's three, one delivery
/// per write in flight.
pub const MAX_ACTIONS: usize = MAX_CLIENTS + 3 + MAX_WRITES;

/// What a transition is, as a path stores it: a client's next step, a resume or a release
/// (with the client), the authority's expiry, crash or recovery, or delivering the i-th
/// write in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Step(u8),
    Resume(u8),
    Release(u8),
    Expire,
    Crash,
    Recover,
    Deliver(u8),
}

impl Action {
    /// Packed in a byte for the search's parent links.
    pub fn pack(self) -> u8 {
        match self {
            Action::Step(c) => c,
            Action::Resume(c) => 4 + c,
            Action::Release(c) => 8 + c,
            Action::Expire => 12,
            Action::Crash => 13,
            Action::Recover => 14,
            Action::Deliver(i) => 16 + i,
        }
    }

    pub fn unpack(b: u8) -> Action {
        match b {
            0..=3 => Action::Step(b),
            4..=7 => Action::Resume(b - 4),
            8..=11 => Action::Release(b - 8),
            12 => Action::Expire,
            13 => Action::Crash,
            14 => Action::Recover,
            _ => Action::Deliver(b - 16),
        }
    }
}

/// What a transition did, for the properties and for the words of a counterexample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Granted { client: usize, fence: u8, grant: u8 },
    /// Re-entrant acquire by the client already holding the lease.
    Holds { client: usize },
    Minted { client: usize, fence: u8, grant: u8 },
    Paused { client: usize },
    Resumed { client: usize },
    Released { client: usize },
    Renewed { client: usize, ok: bool },
    Expired { client: usize },
    Crashed,
    Recovered { issuer: u8, from_backup: bool },
    Checked { client: usize, fence: u8, seq: u8, current: (u8, u8), passed: bool, compared: bool },
    Skipped { client: usize },
    Sent { client: usize, fence: u8, grant: u8, seq: u8, key: u8 },
    Accepted { client: usize, fence: u8, grant: u8, seq: u8, key: u8, previous: (u8, u8), unconditional: bool },
    Rejected { client: usize, fence: u8, grant: u8, seq: u8, current: (u8, u8) },
    Duplicate { client: usize, key: u8 },
}

impl Event {
    /// An older grant's write accepted after a newer grant's: the first property breaks.
    pub fn overwrites(self, before: &State) -> bool {
        matches!(self, Event::Accepted { grant, .. } if grant != 0 && before.newest > grant)
    }

    /// A token no grant minted produced an effect: the second property breaks.
    pub fn unbound_effect(self) -> bool {
        matches!(self, Event::Accepted { grant: 0, .. })
    }

    /// A fence given to a grant although an earlier grant already had it (or a higher one).
    pub fn reuses_fence(self, before: &State) -> bool {
        match self {
            Event::Granted { fence, grant, .. } | Event::Minted { fence, grant, .. } => fence != 0 && grant != 0 && fence <= before.max_issued,
            _ => false,
        }
    }
}

/// A scenario compiled for the search: programs as arrays, switches as booleans.
#[derive(Clone, Debug)]
pub struct Machine {
    pub programs: Vec<Vec<Op>>,
    pub defects: Defects,
    pub crash: bool,
    pub delay: bool,
}

impl Machine {
    pub fn new(model: &Model, defects: Defects) -> Machine {
        Machine { programs: model.clients.clone(), defects, crash: model.crash, delay: model.delay }
    }

    fn done(&self, s: &State, c: usize) -> bool {
        s.clients[c].flags & STOPPED != 0 || s.clients[c].pc as usize >= self.programs[c].len()
    }

    /// Whether a client's program stopped short of its end with nothing left it can do.
    pub fn unfinished(&self, s: &State) -> bool {
        (0..self.programs.len()).any(|c| !self.done(s, c))
    }

    /// Every transition enabled in `s`, in a fixed order: each client in turn, then the
    /// authority, then deliveries.
    pub fn successors(&self, s: &State, out: &mut Vec<(Action, State, Event)>) {
        out.clear();
        let mut actions = [Action::Expire; MAX_ACTIONS];
        let n = self.actions(s, &mut actions);
        out.extend(actions[..n].iter().filter_map(|&a| self.apply(s, a).map(|(next, e)| (a, next, e))));
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
            } else if s.clients[c].flags & PAUSED != 0 {
                Action::Resume(c as u8)
            } else {
                Action::Step(c as u8)
            });
        }
        for a in [Action::Expire, Action::Crash, Action::Recover] {
            push(a);
        }
        for i in 0..s.in_flight.iter().take_while(|m| !m.is_empty()).count() {
            push(Action::Deliver(i as u8));
        }
        n
    }

    /// The state after `action` in `s`, and what it did; `None` if it is not enabled.
    pub fn apply(&self, s: &State, action: Action) -> Option<(State, Event)> {
        let mut n = *s;
        match action {
            Action::Step(c) => self.step(s, c as usize),
            Action::Resume(c) => {
                let c = c as usize;
                if self.done(s, c) || s.clients[c].flags & PAUSED == 0 {
                    return None;
                }
                n.clients[c].flags &= !PAUSED;
                Some((n, Event::Resumed { client: c }))
            }
            Action::Release(c) => {
                let c = c as usize;
                if !self.done(s, c) || s.owner as usize != c + 1 || s.lease != VALID || s.clients[c].flags & PAUSED != 0 {
                    return None;
                }
                (n.owner, n.lease) = (0, NO_LEASE);
                Some((n, Event::Released { client: c }))
            }
            // The authority judges a lease expired only while its holder is paused: a running
            // holder renews in time.
            Action::Expire => {
                if s.lease != VALID || s.owner == 0 || s.clients[s.owner as usize - 1].flags & PAUSED == 0 {
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
                if s.crash != DOWN {
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
                let e = commit(&mut n, m.client(), m.0[1], m.0[2], m.0[3], m.key(), self.defects.no_fence || m.checked());
                Some((n, e))
            }
        }
    }

    /// A client's next step of its program, if it can take one now.
    fn step(&self, s: &State, c: usize) -> Option<(State, Event)> {
        if c >= self.programs.len() || self.done(s, c) || s.clients[c].flags & PAUSED != 0 {
            return None;
        }
        let mut n = *s;
        let me = s.clients[c];
        let split = self.defects.split_authority;
        let event = match self.programs[c][me.pc as usize] {
            Op::Acquire if s.owner as usize == c + 1 && s.lease == VALID => {
                n.clients[c].pc += 1;
                Event::Holds { client: c }
            }
            // The serial decision waits while another client's lease is valid, or the authority is down.
            Op::Acquire if s.crash == DOWN || s.lease == VALID => return None,
            Op::Acquire => {
                n.grants += 1;
                (n.owner, n.lease) = (c as u8 + 1, VALID);
                let client = &mut n.clients[c];
                client.pc += 1;
                if split {
                    (client.fence, client.grant) = (0, 0);
                    Event::Granted { client: c, fence: 0, grant: n.grants }
                } else {
                    n.generation += 1;
                    (client.fence, client.grant) = (n.generation, n.grants);
                    n.max_issued = n.max_issued.max(n.generation);
                    Event::Granted { client: c, fence: n.generation, grant: n.grants }
                }
            }
            Op::Pause => {
                n.clients[c].pc += 1;
                n.clients[c].flags |= PAUSED;
                Event::Paused { client: c }
            }
            Op::Renew => {
                let ok = s.owner as usize == c + 1 && s.lease == VALID;
                if ok {
                    n.clients[c].pc += 1;
                } else {
                    n.clients[c].flags |= STOPPED;
                }
                Event::Renewed { client: c, ok }
            }
            Op::Write { .. } if split && me.flags & MINTED == 0 => {
                // The independent counter hands out a number; it belongs to the caller's grant
                // only if, by chance, the caller holds the valid lease now.
                n.counter += 1;
                let grant = if s.owner as usize == c + 1 && s.lease == VALID { s.grants } else { 0 };
                if grant != 0 {
                    n.max_issued = n.max_issued.max(n.counter);
                }
                let client = &mut n.clients[c];
                (client.fence, client.grant) = (n.counter, grant);
                client.flags |= MINTED;
                Event::Minted { client: c, fence: n.counter, grant }
            }
            Op::Write { seq, .. } if self.defects.precheck && me.flags & (CHECKED | FAILED_CHECK) == 0 => {
                let current = (s.max_fence, s.last_seq);
                let compared = !self.defects.no_fence;
                let passed = !compared || current < (me.fence, seq);
                n.clients[c].flags |= if passed { CHECKED } else { FAILED_CHECK };
                Event::Checked { client: c, fence: me.fence, seq, current, passed, compared }
            }
            Op::Write { .. } if me.flags & FAILED_CHECK != 0 => {
                let client = &mut n.clients[c];
                client.pc += 1;
                client.flags &= !(FAILED_CHECK | MINTED);
                Event::Skipped { client: c }
            }
            Op::Write { seq, key } => {
                let unconditional = self.defects.no_fence || me.flags & CHECKED != 0;
                let client = &mut n.clients[c];
                client.pc += 1;
                client.flags &= !(CHECKED | MINTED);
                if self.delay {
                    let slot = n.in_flight.iter().position(|m| m.is_empty())?;
                    n.in_flight[slot] = Message::new(c, unconditional, key, me.fence, me.grant, seq);
                    n.settle();
                    Event::Sent { client: c, fence: me.fence, grant: me.grant, seq, key }
                } else {
                    commit(&mut n, c, me.fence, me.grant, seq, key, unconditional)
                }
            }
        };
        Some((n, event))
    }
}

/// The resource's transaction: business identity first (a key already applied returns its
/// result, no second effect), then `(max_fence, last_seq) < (fence, seq)` unless nothing
/// compares (no-fence) or the comparison was made earlier (precheck), then the write.
fn commit(n: &mut State, client: usize, fence: u8, grant: u8, seq: u8, key: u8, unconditional: bool) -> Event {
    if n.applied & (1 << key) != 0 {
        return Event::Duplicate { client, key };
    }
    let current = (n.max_fence, n.last_seq);
    if !unconditional && current >= (fence, seq) {
        return Event::Rejected { client, fence, grant, seq, current };
    }
    (n.max_fence, n.last_seq) = (fence, seq);
    n.newest = n.newest.max(grant);
    n.applied |= 1 << key;
    Event::Accepted { client, fence, grant, seq, key, previous: current, unconditional }
}
