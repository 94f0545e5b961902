//! The state of the authority domain, the resource and the two clients, and the lesson's
//! events as indivisible transitions over it.
//!
//! Fields marked "ghost" are the checker's omniscient knowledge (which grant a token came
//! from, the true order of grants); no rule of the protocol reads them, only the properties,
//! the checks and the report do. The resource sees a token's fence number, nothing more.

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
    /// precheck only: the service reads the row and compares, outside the write's transaction.
    Check(Client),
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
            | Event::Check(c)
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
            Event::Check(_) => "check",
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
    /// The issuer of the correct protocol: the last generation granted. Split authority's
    /// grants do not touch it; its tokens come from `World::counter`.
    pub generation: u64,
    pub owner: Option<Client>,
    pub lease: Lease,
    /// The old backup a rolled-back recovery restores the issuer from.
    #[serde(skip)]
    pub backup_issuer: u64,
    /// Ghost: who received each grant, in true order (grant #n is `grants[n - 1]`).
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
    /// Ghost: the token whose write is the current value (the resource only kept its fence).
    pub committed: Option<Token>,
}

/// A token as a client holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub fence: u64,
    /// Ghost: the number of the grant this token is bound to (1 for the first grant), or
    /// `None` for a token no grant minted.
    pub grant: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientState {
    pub paused: bool,
    pub token: Option<Token>,
    pub op_seq: u64,
    /// precheck only: whether the client's own check before its write passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
}

/// How a write that committed was guarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Guard {
    /// The comparison and the write in one transaction: the correct commit point.
    Atomic,
    /// no-fence: nothing compared the token.
    Unchecked,
    /// precheck: compared in an earlier step, written unconditionally now.
    EarlierCheck,
}

/// What one transition did, with the numbers needed to explain it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Outcome {
    /// A grant; `token` is the one it minted, absent when grant and mint are split.
    Granted { owner: Client, grant: usize, token: Option<Token> },
    /// The lease is still valid: the serial decision refuses.
    Refused { owner: Client },
    /// The independent counter handed out a number.
    Minted { token: Token },
    Paused,
    Resumed,
    Expired,
    /// The event found nothing to act on (e.g. expiring a lease the client no longer holds).
    NoEffect,
    Recovered { issuer: u64, from_backup: bool },
    /// precheck: the service's own comparison, outside the write's transaction.
    Checked { token: Token, seq: u64, current: (u64, u64), passed: bool, compared: bool },
    /// The write committed.
    Accepted { token: Token, seq: u64, previous: (u64, u64), guard: Guard },
    /// `(max_fence, last_seq) < (fence, seq)` was false: zero rows affected.
    Rejected { token: Token, seq: u64, current: (u64, u64) },
    /// precheck: the client's check failed, so it does not write.
    Skipped,
    /// A paused client cannot act, a client without a token has nothing to write.
    NotReady,
}

/// The whole system between two events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub authority: Authority,
    /// split-authority only: the independent counter that mints tokens, apart from the grant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter: Option<u64>,
    pub resource: Resource,
    pub a: ClientState,
    pub b: ClientState,
    #[serde(skip)]
    pub defects: Defects,
}

impl World {
    pub fn new(s: &Scenario) -> World {
        let client = |op_seq| ClientState { paused: false, token: None, op_seq, checked: None };
        World {
            authority: Authority {
                generation: s.issuer,
                owner: None,
                lease: Lease::None,
                backup_issuer: s.issuer,
                grants: Vec::new(),
            },
            counter: s.defects.split_authority.then_some(s.issuer),
            resource: Resource { max_fence: 0, last_seq: 0, value: None, writer: None, committed: None },
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

    /// The number the next token is taken from: the independent counter when grant and mint
    /// are split, the authority's generation otherwise.
    fn issuer_mut(&mut self) -> &mut u64 {
        match &mut self.counter {
            Some(counter) => counter,
            None => &mut self.authority.generation,
        }
    }

    /// The grant currently in force (its number) and its owner, by the authority's own state.
    fn current_grant(&self) -> Option<(usize, Client)> {
        let auth = &self.authority;
        match (auth.lease, auth.owner) {
            (Lease::Valid, Some(owner)) => Some((auth.grants.len(), owner)),
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
                let backup = self.authority.backup_issuer;
                let issuer = self.issuer_mut();
                if from_backup {
                    *issuer = backup;
                }
                Outcome::Recovered { issuer: *issuer, from_backup }
            }
            Event::Check(c) => self.check(c),
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
        let grant = auth.grants.len();
        if self.defects.split_authority {
            return Outcome::Granted { owner: c, grant, token: None };
        }
        auth.generation += 1;
        let token = Token { fence: auth.generation, grant: Some(grant) };
        self.client_mut(c).token = Some(token);
        Outcome::Granted { owner: c, grant, token: Some(token) }
    }

    /// The independent counter of split-authority: it increments for anyone who asks. The
    /// model counts the number as the caller's grant only if, by chance, the caller holds the
    /// lease in force now; a number taken after losing it belongs to no grant.
    fn mint(&mut self, c: Client) -> Outcome {
        if self.client(c).paused {
            return Outcome::NotReady;
        }
        let grant = self.current_grant().filter(|(_, owner)| *owner == c).map(|(g, _)| g);
        let issuer = self.issuer_mut();
        *issuer += 1;
        let token = Token { fence: *issuer, grant };
        self.client_mut(c).token = Some(token);
        Outcome::Minted { token }
    }

    /// The token, op_seq and the resource's current `(max_fence, last_seq)` for a client that
    /// can act; `None` if it is paused or holds no token.
    fn incoming(&self, c: Client) -> Option<(Token, u64, (u64, u64))> {
        let client = self.client(c);
        let token = client.token.filter(|_| !client.paused)?;
        Some((token, client.op_seq, (self.resource.max_fence, self.resource.last_seq)))
    }

    /// precheck: the comparison on its own, outside any transaction with the write; with
    /// no-fence, nothing is compared and the check passes.
    fn check(&mut self, c: Client) -> Outcome {
        let Some((token, seq, current)) = self.incoming(c) else { return Outcome::NotReady };
        let compared = !self.defects.no_fence;
        let passed = !compared || current < (token.fence, seq);
        self.client_mut(c).checked = Some(passed);
        Outcome::Checked { token, seq, current, passed, compared }
    }

    /// The resource transaction. Correctly, it compares `(max_fence, last_seq) < (fence, seq)`
    /// and writes in one step; with no-fence nothing compares; with precheck the comparison
    /// happened in the client's earlier check step and the write is unconditional.
    fn write(&mut self, c: Client) -> Outcome {
        let Some((token, seq, current)) = self.incoming(c) else { return Outcome::NotReady };
        if self.defects.precheck && self.client(c).checked != Some(true) {
            return Outcome::Skipped;
        }
        let guard = if self.defects.no_fence {
            Guard::Unchecked
        } else if self.defects.precheck {
            Guard::EarlierCheck
        } else if current >= (token.fence, seq) {
            return Outcome::Rejected { token, seq, current };
        } else {
            Guard::Atomic
        };
        let res = &mut self.resource;
        (res.max_fence, res.last_seq) = (token.fence, seq);
        res.value = Some(format!("result-{c}"));
        res.writer = Some(c);
        res.committed = Some(token);
        Outcome::Accepted { token, seq, previous: current, guard }
    }
}
