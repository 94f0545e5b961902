//! A path walked move by move — a preset's example path, or (next) one a learner chooses —
//! judged as the checker judges its paths: each finding marked at the step that makes it (a
//! transition's; a lost operation once nothing more can happen), the notes beside them, and
//! each finding's key and enabling steps.

use super::lab::compared;
use super::say::{lost_reading, note, note_tag, tag, why};
use super::{Flag, Kind, Marks};
use crate::findings::{fired, Finding};
use crate::lab::notes_of;
use crate::machine::state::Action;
use crate::machine::Machine;
use crate::path::{enabling_steps, key_steps, lost_write_refused, Move, Step};

/// The marks of `moves`, whose steps (`path::steps`) are `steps`.
pub fn of_path(machine: &Machine, moves: &[Move], steps: &[Step]) -> Marks {
    let mut m = Marks::default();
    let add = |m: &mut Marks, f: Finding, at: usize, kind: Kind| {
        let key = key_steps(moves, f, at);
        m.enabling.extend(enabling_steps(moves, &key).into_iter().map(|k| k + 1));
        m.key_steps.extend(key.into_iter().map(|k| k + 1));
        m.flags.push(Flag { step: at + 1, finding: f, kind, label: tag(f, kind), text: why(f).to_string() });
    };
    for (i, mv) in moves.iter().enumerate() {
        for f in Finding::ALL.into_iter().filter(|f| f.on_transition() && f.made_by(&mv.before, &mv.event)) {
            let kind = match f {
                Finding::Broken(_) => Kind::Broken,
                Finding::StaleRefused => Kind::Holds,
                _ => Kind::Harm,
            };
            add(&mut m, f, i, kind);
        }
    }
    let end = moves.last().map(|mv| mv.after).unwrap_or_default();
    if let Some(at) = Finding::LostOperation.holds_in(machine, &end, false).then(|| lost_write_refused(moves)).flatten() {
        let key = key_steps(moves, Finding::LostOperation, at);
        let defect = key.iter().any(|&k| fired(machine.defects, &moves[k].before, &moves[k].event) != 0);
        let (kind, _) = lost_reading(compared(steps, at), matches!(moves[at].action, Action::Deliver(_)), defect);
        add(&mut m, Finding::LostOperation, at, kind);
    }
    m.notes = notes_of(moves, 1, machine.defects.no_fence).iter().map(|n| (n.step(), note_tag(n), note(n))).collect();
    m.key_steps.sort_unstable();
    m.key_steps.dedup();
    m.enabling.retain(|k| !m.key_steps.contains(k));
    m.enabling.sort_unstable();
    m.enabling.dedup();
    m
}
