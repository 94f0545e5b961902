//! A path through the machine, replayed: each move with the state before and after it, the
//! steps as the report shows them (the transition's name, what it did in the lesson's numbers,
//! the state after it), and a finding's key steps — its causal chain by provenance.

use crate::findings::Finding;
use crate::machine::state::{Action, Lease, Message, State};
use crate::machine::{client_name, Event, Machine};
use serde::Serialize;

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

/// A set of (0-based) steps, as bits: a path of the machine is far shorter than 128 steps
/// (at most a few steps per program step, and programs are short).
type Steps = u128;

/// Where each value a step may read came from: the steps it depends on.
#[derive(Default, Clone)]
struct Sources {
    issuer: Steps,
    max_issued: Steps,
    issued_before: Steps,
    /// The lease in force: whether a number taken now is bound to a grant.
    lease: Steps,
    token: [Steps; 4],
    check: [Steps; 4],
    resource: Steps,
    newest: Steps,
    flying: Vec<(Message, Steps)>,
}

/// The key steps (0-based, in order) of `finding` made at move `at`: the step itself, the
/// steps that produced the values it compared (its token's grant or mint, the committed
/// write it was compared with or overwrote and that write's grant) and, transitively, the
/// steps that produced the values those read — values read, not steps that only enabled
/// another. For a finding of a state, `at` is the step that refused the lost write (or the
/// last step).
pub fn key_steps(moves: &[Move], finding: Finding, at: usize) -> Vec<usize> {
    let mut src = Sources::default();
    let mut chain: Steps = 0;
    for (i, m) in moves.iter().enumerate().take(at.min(127) + 1) {
        let mut own: Steps = 1 << i;
        let c = m.event.client().unwrap_or(0);
        let mut read = |set: &Steps| own |= *set;
        match m.event {
            Event::Granted { fence: 0, .. } => {}
            Event::Granted { .. } => read(&src.issuer),
            Event::Minted { .. } => {
                read(&src.issuer);
                read(&src.lease);
            }
            Event::Checked { .. }
            | Event::Rejected { .. }
            | Event::Accepted { .. }
            | Event::Sent { .. }
            | Event::Skipped { .. } => {
                if let Action::Deliver(k) = m.action {
                    let sent = m.before.in_flight[k as usize];
                    if let Some(p) = src.flying.iter().position(|(msg, _)| *msg == sent) {
                        read(&src.flying.remove(p).1);
                    }
                } else {
                    read(&src.token[c]);
                    read(&src.check[c]);
                }
                if !matches!(
                    m.event,
                    Event::Sent { .. }
                        | Event::Skipped { .. }
                        | Event::Accepted { unconditional: true, .. }
                ) {
                    read(&src.resource);
                }
            }
            _ => {}
        }
        if i == at {
            chain = own
                | match finding {
                    Finding::Broken(_) | Finding::UnboundOverwrite => src.newest,
                    Finding::ReusedFence if matches!(m.event, Event::Granted { .. }) => {
                        src.max_issued
                    }
                    Finding::ReusedFence => src.issued_before,
                    _ => 0,
                };
            break;
        }
        // What the step produced.
        match m.event {
            Event::Granted { fence: 0, .. } => {
                src.issued_before = src.max_issued;
                src.lease = own;
            }
            Event::Expired { .. } | Event::Released { .. } => src.lease = own,
            Event::Granted { .. } | Event::Minted { .. } => {
                if matches!(m.event, Event::Granted { .. }) {
                    src.issued_before = src.max_issued;
                    src.lease = own;
                }
                src.issuer = own;
                src.token[c] = own;
                if m.after.max_issued > m.before.max_issued {
                    src.max_issued = own;
                }
            }
            Event::Recovered { from_backup: true, .. } => src.issuer = own,
            Event::Checked { compared: true, .. } => src.check[c] = own,
            Event::Sent { .. } => {
                // The one message more in flight after than before (equal messages may be there
                // already).
                let count = |s: &State, x: &Message| s.in_flight.iter().filter(|y| *y == x).count();
                let new = m
                    .after
                    .in_flight
                    .iter()
                    .find(|x| count(&m.after, x) > count(&m.before, x))
                    .copied();
                src.flying.push((new.unwrap_or_default(), own));
                src.check[c] = 0;
            }
            Event::Accepted { .. } => {
                src.resource = own;
                if m.after.newest > m.before.newest {
                    src.newest = own;
                }
                if !matches!(m.action, Action::Deliver(_)) {
                    src.check[c] = 0;
                }
            }
            _ => {}
        }
    }
    (0..128).filter(|k| chain & (1 << k) != 0).collect()
}

/// The enabling steps (0-based, in order) of a finding whose key steps are `key`: the other
/// steps that a key step's being possible depends on — the expiry or release that freed the
/// lease before a grant, the pause an expiry needs, a client's resume before it acts again
/// after a pause during which its lease expired (a pause that let nothing expire enables
/// nothing: the step could have happened without it), the crash before a recovery, the
/// recovery before a grant made after a crash — and, transitively, theirs.
pub fn enabling_steps(moves: &[Move], key: &[usize]) -> Vec<usize> {
    let last_before =
        |k: usize, want: &dyn Fn(&Event) -> bool| moves[..k].iter().rposition(|m| want(&m.event));
    // A client's last resume before step k, if its lease expired while it was paused.
    let resumed = |k: usize, c: Option<char>| {
        let mine = |e: &Event| e.client().map(client_name) == c;
        let r = last_before(k, &|e| matches!(e, Event::Resumed { .. }) && mine(e))?;
        let p = last_before(r, &|e| matches!(e, Event::Paused { .. }) && mine(e))?;
        moves[p..r]
            .iter()
            .any(|m| matches!(m.event, Event::Expired { .. }) && mine(&m.event))
            .then_some(r)
    };
    let mut all: Vec<usize> = key.to_vec();
    let mut todo: Vec<usize> = key.to_vec();
    while let Some(k) = todo.pop() {
        let Some(m) = moves.get(k) else { continue };
        let c = m.event.client();
        let mine = |e: &Event| e.client() == c;
        let name = c.map(client_name);
        let needs = match m.event {
            Event::Resumed { .. } | Event::Expired { .. } => {
                // An expiry needs its holder paused; a resume, the pause it ends.
                vec![last_before(k, &|e| matches!(e, Event::Paused { .. }) && mine(e))]
            }
            Event::Recovered { .. } => vec![last_before(k, &|e| matches!(e, Event::Crashed))],
            Event::Granted { .. } => vec![
                last_before(k, &|e| matches!(e, Event::Expired { .. } | Event::Released { .. })),
                last_before(k, &|e| matches!(e, Event::Recovered { .. })),
                resumed(k, name),
            ],
            // A delivery's own client may be anywhere; its send is among the key steps.
            _ if matches!(m.action, Action::Deliver(_)) => vec![],
            _ => vec![resumed(k, name)],
        };
        for n in needs.into_iter().flatten() {
            if !all.contains(&n) {
                all.push(n);
                todo.push(n);
            }
        }
    }
    let mut enabling: Vec<usize> = all.into_iter().filter(|k| !key.contains(k)).collect();
    enabling.sort_unstable();
    enabling
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
