//! What a transition did, in the machine's numbers and, decoded, in the lesson's.

use super::Machine;
use serde::Serialize;

/// What a transition did. `N` is how numbers are held (relative fences and op_seq ranks in
/// the machine, the lesson's numbers once decoded), `C` how a client is named (its index,
/// then its letter). A fence of 0 is no token; a grant of 0 is bound to none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Event<N = u8, C = usize> {
    Granted {
        client: C,
        fence: N,
        grant: u8,
    },
    /// Re-entrant acquire by the client already holding the lease.
    Holds {
        client: C,
    },
    Minted {
        client: C,
        fence: N,
        grant: u8,
    },
    Paused {
        client: C,
        fence: N,
        grant: u8,
    },
    Resumed {
        client: C,
        fence: N,
        grant: u8,
    },
    Released {
        client: C,
    },
    Renewed {
        client: C,
        ok: bool,
    },
    Expired {
        client: C,
    },
    Crashed,
    Recovered {
        issuer: N,
        from_backup: bool,
    },
    /// precheck: the resource's comparison as a step of its own, before the write.
    Checked {
        client: C,
        fence: N,
        grant: u8,
        seq: N,
        current: (N, N),
        passed: bool,
        compared: bool,
    },
    /// precheck: the comparison failed, so the client does not write.
    Skipped {
        client: C,
        key: u8,
    },
    Sent {
        client: C,
        fence: N,
        grant: u8,
        seq: N,
        key: u8,
    },
    Accepted {
        client: C,
        fence: N,
        grant: u8,
        seq: N,
        key: u8,
        previous: (N, N),
        unconditional: bool,
    },
    Rejected {
        client: C,
        fence: N,
        grant: u8,
        seq: N,
        key: u8,
        current: (N, N),
    },
    Duplicate {
        client: C,
        key: u8,
    },
}

impl<N: Copy, C: Copy> Event<N, C> {
    pub fn client(&self) -> Option<C> {
        use Event::*;
        match *self {
            Granted { client, .. }
            | Holds { client }
            | Minted { client, .. }
            | Paused { client, .. }
            | Resumed { client, .. } => Some(client),
            Released { client }
            | Renewed { client, .. }
            | Expired { client }
            | Checked { client, .. }
            | Skipped { client, .. } => Some(client),
            Sent { client, .. }
            | Accepted { client, .. }
            | Rejected { client, .. }
            | Duplicate { client, .. } => Some(client),
            Crashed | Recovered { .. } => None,
        }
    }
}

/// The name of client `i`: A, B, C, D.
pub fn client_name(i: usize) -> char {
    (b'A' + i as u8) as char
}

impl Machine {
    /// An event with the lesson's numbers and the clients' letters.
    pub fn decode(&self, e: Event) -> Event<u64, char> {
        use Event::*;
        let (f, q, who) = (|r| self.fence(r), |r| self.seq(r), client_name);
        let pair = |(a, b): (u8, u8)| (f(a), q(b));
        match e {
            Granted { client, fence, grant } => {
                Granted { client: who(client), fence: f(fence), grant }
            }
            Holds { client } => Holds { client: who(client) },
            Minted { client, fence, grant } => {
                Minted { client: who(client), fence: f(fence), grant }
            }
            Paused { client, fence, grant } => {
                Paused { client: who(client), fence: f(fence), grant }
            }
            Resumed { client, fence, grant } => {
                Resumed { client: who(client), fence: f(fence), grant }
            }
            Released { client } => Released { client: who(client) },
            Renewed { client, ok } => Renewed { client: who(client), ok },
            Expired { client } => Expired { client: who(client) },
            Crashed => Crashed,
            Recovered { issuer, from_backup } => {
                Recovered { issuer: self.issuer + issuer as u64, from_backup }
            }
            Checked { client, fence, grant, seq, current, passed, compared } => Checked {
                client: who(client),
                fence: f(fence),
                grant,
                seq: q(seq),
                current: pair(current),
                passed,
                compared,
            },
            Skipped { client, key } => Skipped { client: who(client), key },
            Sent { client, fence, grant, seq, key } => {
                Sent { client: who(client), fence: f(fence), grant, seq: q(seq), key }
            }
            Accepted { client, fence, grant, seq, key, previous, unconditional } => Accepted {
                client: who(client),
                fence: f(fence),
                grant,
                seq: q(seq),
                key,
                previous: pair(previous),
                unconditional,
            },
            Rejected { client, fence, grant, seq, key, current } => Rejected {
                client: who(client),
                fence: f(fence),
                grant,
                seq: q(seq),
                key,
                current: pair(current),
            },
            Duplicate { client, key } => Duplicate { client: who(client), key },
        }
    }
}
