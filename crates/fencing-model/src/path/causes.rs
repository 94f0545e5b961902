//! A finding's causal chain by provenance: its key steps (the steps that produced the values
//! it compared, transitively) and its enabling steps (what made those steps possible).

use super::Move;
use crate::findings::Finding;
use crate::machine::state::{Action, Message, State};
use crate::machine::{client_name, Event};

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
