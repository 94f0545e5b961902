//! One place a finding happened, read once from the path it happened on — the lab's
//! interleavings, the checker's shortest paths and a walked path alike: its kind (decided from
//! what caused it here), its cause and qualifiers, its key and enabling steps.

use super::say::{self, chain, lost_reading, why};
use super::{Kind, Occurrence, Place};
use crate::defects::Defects;
use crate::findings::{fired, Finding};
use crate::machine::state::Action;
use crate::machine::Event;
use crate::path::{enabling_steps, Move, Step};

/// The occurrence of `f` at `at` (its step, 1-based) on the path `moves`, shown as `steps`,
/// with its key steps (1-based, ending at `at.step`).
pub(super) fn occurrence(
    f: Finding,
    at: Place,
    moves: &[Move],
    steps: &[Step],
    key_steps: Vec<usize>,
    d: Defects,
) -> Occurrence {
    let i = at.step - 1;
    let key: Vec<usize> = key_steps.iter().map(|k| k - 1).collect();
    let enabling: Vec<usize> = enabling_steps(moves, &key).into_iter().map(|k| k + 1).collect();
    let (mut kind, mut cause, mut qualifiers) = (Kind::Harm, None, vec![]);
    match f {
        Finding::Broken(p) => {
            kind = Kind::Broken;
            let overwritten = i.checked_sub(1).and_then(|k| steps[k].after.token);
            cause = say::cause(p, &steps[i].event, overwritten, d);
        }
        Finding::LockedOut => qualifiers.extend(say::locked_reading(&steps[i], d.split_authority)),
        Finding::LostOperation => {
            let defect = key.iter().any(|&k| fired(d, &moves[k].before, &moves[k].event) != 0);
            let (k, reading) = lost_reading(
                compared(steps, i),
                matches!(moves[i].action, Action::Deliver(_)),
                defect,
            );
            kind = k;
            qualifiers.push(reading);
        }
        Finding::StaleRefused => kind = Kind::Holds,
        _ => {}
    }
    let names: Vec<String> = steps.iter().map(|s| s.action.clone()).collect();
    Occurrence {
        at,
        kind,
        action: names[i].clone(),
        why: why(f).to_string(),
        cause,
        qualifiers,
        chain: chain(&key_steps, &enabling, &names),
        key_steps,
        enabling,
    }
}

/// The step whose comparison refused the write refused at `at`: the refusal itself, or the
/// failed check of precheck before a skipped write.
fn compared(steps: &[Step], at: usize) -> &Step {
    match steps[at].event {
        Event::Skipped { client, .. } => {
            let check = steps[..at]
                .iter()
                .rposition(|s| matches!(s.event, Event::Checked { client: c, .. } if c == client));
            &steps[check.unwrap_or(at)]
        }
        _ => &steps[at],
    }
}
