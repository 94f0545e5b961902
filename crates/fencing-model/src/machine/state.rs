//! The machine's state, packed small (a few dozen bytes, so millions fit in the search's
//! visited set), and the actions a path is made of. Fences are stored relative to the
//! scenario's issuer and op_seqs by rank (`Machine::decode` turns an event's back into numbers
//! for printing): only their order matters to the protocol.

use super::spec::{MAX_CLIENTS, MAX_WRITES};
use bytemuck::{Pod, Zeroable};
use serde::{Deserialize, Serialize};

// A client's flags.
pub(super) const PAUSED: u8 = 1;
/// Its renewal failed: a correct client stops.
pub(crate) const STOPPED: u8 = 2;
/// precheck: the resource's separate comparison for its next write passed / failed.
pub(crate) const CHECKED: u8 = 4;
pub(crate) const FAILED_CHECK: u8 = 8;
/// split-authority: it holds a number from the counter for its next write.
pub(crate) const MINTED: u8 = 16;

// The authority's one crash.
pub(super) const RUNNING: u8 = 0;
pub(crate) const DOWN: u8 = 1;
pub(crate) const RECOVERED: u8 = 2;

// The lease.
pub(super) const NO_LEASE: u8 = 0;
pub(super) const VALID: u8 = 1;
pub(super) const EXPIRED: u8 = 2;

/// The authority's lease as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lease {
    None,
    Valid,
    Expired,
}

/// A client: where it is in its program and the token it holds (fence 0 = none; grant 0 =
/// bound to no grant, grants are numbered from 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct ClientState {
    pub pc: u8,
    pub flags: u8,
    pub fence: u8,
    pub grant: u8,
}

/// A write on its way to the resource (with network delay): the client (bits 0–1), whether
/// it is unconditional (bit 2), its key (bits 3–5) and whether it was sent while its client
/// held the lease in force (bit 6, ghost); its fence, grant and op_seq.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Pod, Zeroable)]
#[repr(C)]
pub struct Message(pub [u8; 4]);

impl Message {
    pub(super) fn new(
        client: usize,
        unconditional: bool,
        key: u8,
        valid: bool,
        fence: u8,
        grant: u8,
        seq: u8,
    ) -> Message {
        Message([
            client as u8 | (unconditional as u8) << 2 | key << 3 | (valid as u8) << 6,
            fence,
            grant,
            seq,
        ])
    }
    pub fn client(self) -> usize {
        (self.0[0] & 3) as usize
    }
    pub(super) fn unconditional(self) -> bool {
        self.0[0] & 4 != 0
    }
    pub(super) fn key(self) -> u8 {
        self.0[0] >> 3 & 7
    }
    pub(super) fn valid(self) -> bool {
        self.0[0] & 64 != 0
    }
    pub(super) fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
}

/// Everything between two events: bytes only, with no padding, so a state hashes and
/// compares as the bytes it is (`bytemuck::Pod`). Fields marked ghost are the checker's
/// knowledge; no rule of the protocol reads them.
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
    /// Ghost: grants made so far, the highest fence any grant was given, and the highest one
    /// given to a grant before the newest (a fence not above it is reused; the newest grant
    /// may take more numbers of its own under split authority).
    pub grants: u8,
    pub max_issued: u8,
    pub issued_before: u8,
    /// The resource: `(max_fence, last_seq)` and the keys already applied; ghost: the newest
    /// grant whose write it ever accepted.
    pub max_fence: u8,
    pub last_seq: u8,
    pub newest: u8,
    pub applied: u8,
    /// Ghost: keys of which a write made while its client held the lease in force was
    /// refused, and none has applied since (a lost operation, once nothing more can land).
    /// Set only on such a refusal, so states split only where one happened.
    pub refused: u8,
    /// Writes in flight, sorted, empty slots last (one order per set: equal states are equal).
    pub in_flight: [Message; MAX_WRITES],
}

impl State {
    pub fn lease_state(&self) -> Lease {
        match self.lease {
            VALID => Lease::Valid,
            EXPIRED => Lease::Expired,
            _ => Lease::None,
        }
    }

    /// Whether client `c` holds the lease in force, by the authority's own state.
    pub fn holds(&self, c: usize) -> bool {
        self.owner as usize == c + 1 && self.lease == VALID
    }

    pub fn paused(&self, c: usize) -> bool {
        self.clients[c].flags & PAUSED != 0
    }

    /// Writes in flight.
    pub fn flying(&self) -> usize {
        self.in_flight.iter().take_while(|m| !m.is_empty()).count()
    }

    /// Writes in flight in one order, empty slots last, so that two states holding the same
    /// writes are equal (and hash alike) whatever order they were sent in.
    pub(super) fn settle(&mut self) {
        self.in_flight.sort_unstable_by(|a, b| a.is_empty().cmp(&b.is_empty()).then(a.cmp(b)));
    }
}

/// The most actions a state can offer: one per client, the authority's three, one delivery
/// per write in flight.
pub const MAX_ACTIONS: usize = MAX_CLIENTS + 3 + MAX_WRITES;

/// A transition as a path stores it: a client's next step, a resume or a release (with the
/// client), the authority's expiry, crash or recovery, or delivering the i-th write in flight.
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
