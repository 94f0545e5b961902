//! The state of the authority domain, the resource and the two clients, and the lesson's
//! events as indivisible transitions over it.
//!
//! Fields marked "ghost" are the checker's omniscient knowledge (the true order of grants);
//! no rule of the protocol reads them, only the properties do.

use crate::scenario::{Client, Defects, Scenario};
use serde::{Deserialize, Serialize};
use std::fmt;

/// An event of the lesson; each one is one indivisible transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "client")]
pub enum Event {
    /// The authority's serial grant (with the correct protocol it also mints the token).
    Acquire(Client),
    /// split-authority only: the client asks the independent counter for a token.
    Mint(Client),
    Pause(Client),
    /// The authority judges the client's lease expired (a discrete event, no clock).
    Expire(Client),
    /// The authority restarts and recovers its durable state.
    Recover,
    Resume(Client),
    /// The client's write reaches the resource's commit point (one transaction).
    Write(Client),
}

impl Event {
    pub fn client(self) -> Option<Client> {
        match self {
            Event::Acquire(c)
            | Event::Mint(c)
            | Event::Pause(c)
            | Event::Expire(c)
            | Event::Resume(c)
            | Event::Write(c) => Some(c),
            Event::Recover => None,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self {
            Event::Acquire(_) => "acquire",
            Event::Mint(_) => "mint",
            Event::Pause(_) => "pause",
            Event::Expire(_) => "expire",
            Event::Recover => "recover",
            Event::Resume(_) => "resume",
            Event::Write(_) => "write",
        };
        match self.client() {
            Some(c) => write!(f, "{verb} {c}"),
            None => f.write_str(verb),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lease {
    None,
    Valid,
    Expired,
}

/// The authority domain's durable (owner, expiry, generation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Authority {
    /// The issuer: last token number handed out.
    pub generation: u64,
    pub owner: Option<Client>,
    pub lease: Lease,
    /// The old backup a rolled-back recovery restores from.
    #[serde(skip)]
    pub backup_generation: u64,
    /// Ghost: who received each grant, in true order.
    #[serde(skip)]
    pub grants: Vec<Client>,
}

/// The resource's durable state at its commit point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resource {
    pub max_fence: u64,
    pub last_seq: u64,
    pub value: Option<String>,
    pub writer: Option<Client>,
    /// Ghost: the grant whose token wrote the current value.
    #[serde(skip)]
    pub committed_grant: Option<usize>,
}

/// A token as a client holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub fence: u64,
    /// Ghost: the grant this token is bound to, if any.
    pub grant: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientState {
    pub paused: bool,
    pub token: Option<Token>,
    pub op_seq: u64,
}

/// What one transition did, with the numbers needed to explain it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Outcome {
    /// A grant; `fence` is the bound token, absent when grant and mint are split.
    Granted { owner: Client, fence: Option<u64> },
    /// The lease is still valid: the serial decision refuses.
    Refused { owner: Client },
    Minted { fence: u64, bound: bool },
    Paused,
    Resumed,
    Expired,
    /// The event found nothing to act on (e.g. expiring a lease the client no longer holds).
    NoEffect,
    Recovered { generation: u64, from_backup: bool },
    /// The resource's atomic condition held (or was not checked) and the write committed.
    Accepted { incoming: (u64, u64), previous: (u64, u64), checked: bool },
    /// `(max_fence, last_seq) < (fence, seq)` was false: zero rows affected.
    Rejected { incoming: (u64, u64), current: (u64, u64) },
    /// A paused client cannot act, a client without a token has nothing to write.
    NotReady,
}

/// The whole system between two events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub authority: Authority,
    pub resource: Resource,
    pub a: ClientState,
    pub b: ClientState,
    #[serde(skip)]
    pub defects: Defects,
}

impl World {
    pub fn new(s: &Scenario) -> World {
        let client = |op_seq| ClientState { paused: false, token: None, op_seq };
        World {
            authority: Authority {
                generation: s.issuer,
                owner: None,
                lease: Lease::None,
                backup_generation: s.issuer,
                grants: Vec::new(),
            },
            resource: Resource {
                max_fence: 0,
                last_seq: 0,
                value: None,
                writer: None,
                committed_grant: None,
            },
            a: client(s.op_seq_a),
            b: client(s.op_seq_b),
            defects: s.defects,
        }
    }

    pub fn client(&self, c: Client) -> &ClientState {
        match c {
            Client::A => &self.a,
            Client::B => &self.b,
        }
    }

    fn client_mut(&mut self, c: Client) -> &mut ClientState {
        match c {
            Client::A => &mut self.a,
            Client::B => &mut self.b,
        }
    }

    /// The grant currently in force and its owner, judged by the authority's own state.
    fn current_grant(&self) -> Option<(usize, Client)> {
        let auth = &self.authority;
        match (auth.lease, auth.owner) {
            (Lease::Valid, Some(owner)) => Some((auth.grants.len() - 1, owner)),
            _ => None,
        }
    }

    /// Apply one event as one indivisible transition.
    pub fn apply(&mut self, event: Event) -> Outcome {
        match event {
            Event::Acquire(c) => self.acquire(c),
            Event::Mint(c) => self.mint(c),
            Event::Pause(c) => {
                self.client_mut(c).paused = true;
                Outcome::Paused
            }
            Event::Resume(c) => {
                self.client_mut(c).paused = false;
                Outcome::Resumed
            }
            Event::Expire(c) => match self.current_grant() {
                Some((_, owner)) if owner == c => {
                    self.authority.lease = Lease::Expired;
                    Outcome::Expired
                }
                _ => Outcome::NoEffect,
            },
            Event::Recover => {
                // Owner and expiry are durable either way; only where the issuer comes from differs.
                let from_backup = self.defects.rollback_issuer;
                if from_backup {
                    self.authority.generation = self.authority.backup_generation;
                }
                Outcome::Recovered { generation: self.authority.generation, from_backup }
            }
            Event::Write(c) => self.write(c),
        }
    }

    /// `atomic authority.acquire`: refuse while a lease is valid; otherwise record the new
    /// owner and, unless grant and mint are split, increment the generation in the same step
    /// and return the token bound to this grant.
    fn acquire(&mut self, c: Client) -> Outcome {
        if self.client(c).paused {
            return Outcome::NotReady;
        }
        if let Some((_, owner)) = self.current_grant() {
            return Outcome::Refused { owner };
        }
        let auth = &mut self.authority;
        auth.grants.push(c);
        auth.owner = Some(c);
        auth.lease = Lease::Valid;
        if self.defects.split_authority {
            return Outcome::Granted { owner: c, fence: None };
        }
        auth.generation += 1;
        let token = Token { fence: auth.generation, grant: Some(auth.grants.len() - 1) };
        self.client_mut(c).token = Some(token);
        Outcome::Granted { owner: c, fence: Some(token.fence) }
    }

    /// The independent counter of split-authority: it increments for anyone who asks. The
    /// token is bound to a grant only if, by chance, the caller holds the lease in force now.
    fn mint(&mut self, c: Client) -> Outcome {
        if self.client(c).paused {
            return Outcome::NotReady;
        }
        self.authority.generation += 1;
        let grant = self.current_grant().filter(|(_, owner)| *owner == c).map(|(g, _)| g);
        let fence = self.authority.generation;
        self.client_mut(c).token = Some(Token { fence, grant });
        Outcome::Minted { fence, bound: grant.is_some() }
    }

    /// The resource transaction: compare `(max_fence, last_seq) < (fence, seq)` and write
    /// in one step; with no-fence the comparison is skipped.
    fn write(&mut self, c: Client) -> Outcome {
        let client = self.client(c);
        let (Some(token), false) = (client.token, client.paused) else {
            return Outcome::NotReady;
        };
        let incoming = (token.fence, client.op_seq);
        let res = &mut self.resource;
        let current = (res.max_fence, res.last_seq);
        let checked = !self.defects.no_fence;
        if checked && current >= incoming {
            return Outcome::Rejected { incoming, current };
        }
        res.max_fence = incoming.0;
        res.last_seq = incoming.1;
        res.value = Some(format!("result-{c}"));
        res.writer = Some(c);
        res.committed_grant = token.grant;
        Outcome::Accepted { incoming, previous: current, checked }
    }
}
