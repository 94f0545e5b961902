//! A path through the machine, replayed: each move with the state before and after it, the
//! steps as the report shows them (the transition's name, what it did in the lesson's numbers,
//! the state after it), and a finding's key steps — its causal chain by provenance
//! (`causes.rs`).

use crate::machine::state::{Action, Lease, State};
use crate::machine::{client_name, Event, Machine};
use serde::Serialize;

mod causes;

pub use causes::{enabling_steps, key_steps};

/// One transition of a path, in the machine's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub action: Action,
    pub before: State,
    pub event: Event,
    pub after: State,
}

/// Replay `path` from the initial state; stops at the first action not enabled (a path the
/// search found never has one).
pub fn replay(machine: &Machine, path: &[Action]) -> Vec<Move> {
    let mut s = State::default();
    let mut out = Vec::with_capacity(path.len());
    for &action in path {
        let Some((after, event)) = machine.apply(&s, action) else { break };
        out.push(Move { action, before: s, event, after });
        s = after;
    }
    out
}

/// A token with the grant it came from, which only the checker knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Token {
    pub fence: u64,
    /// The grant's number in true order (1 for the first), or none for a number no grant minted.
    pub grant: Option<u8>,
}

/// The resource and the authority after a step, in the lesson's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    pub max_fence: u64,
    pub last_seq: u64,
    /// The committed value, its writer and the token it was written with.
    pub value: Option<String>,
    pub writer: Option<char>,
    pub token: Option<Token>,
    /// The authority's generation; none under split authority, whose grants take no number
    /// (the counter is the issuer there).
    pub generation: Option<u64>,
    pub owner: Option<char>,
    pub lease: Lease,
    /// split-authority's independent counter, a service of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter: Option<u64>,
}

/// One step as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The transition: `acquire A`, `mint A`, `check B`, `write B`, `deliver B`, `expire A`,
    /// `recover`.
    pub action: String,
    pub event: Event<u64, char>,
    pub after: Snapshot,
    /// Where the step happens in a sequence diagram: from one lane to another (`to` equals
    /// `from` for a mark on one lane). The page draws by these, never by a label.
    #[serde(skip)]
    pub from: Lane,
    #[serde(skip)]
    pub to: Lane,
}

/// A lane of the sequence diagram: a client, the authority, split authority's independent
/// counter, the network (writes in flight) or the resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lane {
    Client(char),
    #[default]
    Authority,
    Counter,
    Network,
    Resource,
}

/// The lanes a step joins: `delivered` for a write that arrives from the network.
fn lanes(e: &Event<u64, char>, delivered: bool, split: bool) -> (Lane, Lane) {
    let issuer = if split { Lane::Counter } else { Lane::Authority };
    let at = |l: Lane| (l, l);
    match *e {
        Event::Granted { client, .. } => (Lane::Authority, Lane::Client(client)),
        Event::Minted { client, .. } => (issuer, Lane::Client(client)),
        Event::Released { client } | Event::Renewed { client, .. } => {
            (Lane::Client(client), Lane::Authority)
        }
        Event::Expired { .. } | Event::Crashed => at(Lane::Authority),
        Event::Recovered { .. } => at(issuer),
        Event::Checked { client, .. } => (Lane::Client(client), Lane::Resource),
        Event::Sent { client, .. } => (Lane::Client(client), Lane::Network),
        Event::Accepted { client, .. }
        | Event::Rejected { client, .. }
        | Event::Duplicate { client, .. } => {
            (if delivered { Lane::Network } else { Lane::Client(client) }, Lane::Resource)
        }
        Event::Holds { client }
        | Event::Paused { client, .. }
        | Event::Resumed { client, .. }
        | Event::Skipped { client, .. } => at(Lane::Client(client)),
    }
}

/// A transition's name, from what it did.
pub fn action_name(action: Action, e: &Event<u64, char>) -> String {
    let verb = match (action, e) {
        (Action::Deliver(_), _) => "deliver",
        (_, Event::Granted { .. } | Event::Holds { .. }) => "acquire",
        (_, Event::Minted { .. }) => "mint",
        (_, Event::Paused { .. }) => "pause",
        (_, Event::Resumed { .. }) => "resume",
        (_, Event::Released { .. }) => "release",
        (_, Event::Renewed { .. }) => "renew",
        (_, Event::Expired { .. }) => "expire",
        (_, Event::Crashed) => "crash",
        (_, Event::Recovered { .. }) => "recover",
        (_, Event::Checked { .. }) => "check",
        _ => "write",
    };
    match e.client() {
        Some(c) => format!("{verb} {c}"),
        None => verb.to_string(),
    }
}

/// The steps of `moves` as the report shows them.
pub fn steps(machine: &Machine, moves: &[Move]) -> Vec<Step> {
    let mut committed: Option<(char, Token)> = None;
    moves
        .iter()
        .map(|m| {
            let event = machine.decode(m.event);
            if let Event::Accepted { client, fence, grant, .. } = event {
                committed = Some((client, Token { fence, grant: (grant != 0).then_some(grant) }));
            }
            let s = &m.after;
            let after = Snapshot {
                max_fence: machine.fence(s.max_fence),
                last_seq: machine.seq(s.last_seq),
                value: committed.map(|(c, _)| format!("result-{c}")),
                writer: committed.map(|(c, _)| c),
                token: committed.map(|(_, t)| t),
                generation: (!machine.defects.split_authority)
                    .then_some(machine.issuer + s.generation as u64),
                owner: (s.owner > 0).then(|| client_name(s.owner as usize - 1)),
                lease: s.lease_state(),
                counter: machine
                    .defects
                    .split_authority
                    .then_some(machine.issuer + s.counter as u64),
            };
            let (from, to) = lanes(
                &event,
                matches!(m.action, Action::Deliver(_)),
                machine.defects.split_authority,
            );
            Step { action: action_name(m.action, &event), event, after, from, to }
        })
        .collect()
}

/// The last step that refused a write whose key, at the path's end, was wanted and never
/// took effect (a lost operation's refusal).
pub fn lost_write_refused(moves: &[Move]) -> Option<usize> {
    let end = moves.last()?.after;
    let lost = end.refused;
    moves.iter().rposition(|m| {
        matches!(
            m.event,
            Event::Rejected { key, .. } | Event::Skipped { key, .. } if lost & (1 << key) != 0
        )
    })
}

/// A path as text, one action a token joined by `.`: a client's letter for its next step
/// (`A`), `resume-A`, `release-A`, `expire`, `crash`, `recover`, `deliver-1` (the first write
/// in flight, in the state's order). What a preset's example path is written in.
pub fn path_text(path: &[Action]) -> String {
    let one = |a: &Action| match *a {
        Action::Step(c) => client_name(c as usize).to_string(),
        Action::Resume(c) => format!("resume-{}", client_name(c as usize)),
        Action::Release(c) => format!("release-{}", client_name(c as usize)),
        Action::Expire => "expire".into(),
        Action::Crash => "crash".into(),
        Action::Recover => "recover".into(),
        Action::Deliver(i) => format!("deliver-{}", i + 1),
    };
    path.iter().map(one).collect::<Vec<_>>().join(".")
}

/// Read a path's text form back; the first token that is no action is named.
pub fn parse_path(text: &str) -> Result<Vec<Action>, String> {
    let client = |s: &str| match s.as_bytes() {
        [c @ b'A'..=b'D'] => Some(c - b'A'),
        _ => None,
    };
    text.split('.')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let action = match t.split_once('-') {
                None if t == "expire" => Some(Action::Expire),
                None if t == "crash" => Some(Action::Crash),
                None if t == "recover" => Some(Action::Recover),
                None => client(t).map(Action::Step),
                Some(("resume", c)) => client(c).map(Action::Resume),
                Some(("release", c)) => client(c).map(Action::Release),
                Some(("deliver", i)) => i
                    .parse::<u8>()
                    .ok()
                    .filter(|i| (1..=6).contains(i))
                    .map(|i| Action::Deliver(i - 1)),
                _ => None,
            };
            action.ok_or_else(|| format!("不是一步动作：{t}"))
        })
        .collect()
}

/// A learner's path from its text form (as a link carries it): the longest prefix of moves
/// each enabled where it stands, and, if the text goes on, why the rest was refused.
pub fn read_path(machine: &Machine, text: &str) -> (Vec<Action>, Option<String>) {
    let mut s = State::default();
    let mut path = Vec::new();
    for (i, t) in text.split('.').filter(|t| !t.is_empty()).enumerate() {
        let why = match parse_path(t) {
            Err(_) => "不是一步动作",
            Ok(a) => match machine.apply(&s, a[0]) {
                Some((next, _)) => {
                    s = next;
                    path.push(a[0]);
                    continue;
                }
                None => "在那时不可选",
            },
        };
        return (path, Some(format!("第 {} 步「{t}」{why}，只保留了它之前的 {i} 步", i + 1)));
    }
    (path, None)
}
