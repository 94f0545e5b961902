//! A path walked move by move — a preset's example path, or (next) one a learner chooses —
//! judged as the checker judges its paths: each finding marked at the step that makes it (a
//! transition's; a lost operation once nothing more can happen), the notes beside them, and
//! each finding's key and enabling steps.

use super::read::occurrence;
use super::say::{note, note_tag};
use super::{Marks, Place};
use crate::findings::Finding;
use crate::lab::notes_of;
use crate::machine::Machine;
use crate::path::{key_steps, lost_write_refused, Move, Step};

/// The marks of `moves`, whose steps (`path::steps`) are `steps`.
pub fn of_path(machine: &Machine, moves: &[Move], steps: &[Step]) -> Marks {
    let mut m = Marks::default();
    let mut add = |f: Finding, at: usize| {
        let key = key_steps(moves, f, at).into_iter().map(|k| k + 1).collect();
        let o = occurrence(f, Place { path: 0, step: at + 1 }, moves, steps, key, machine.defects);
        m.add(f, &o);
    };
    for (i, mv) in moves.iter().enumerate() {
        for f in Finding::ALL
            .into_iter()
            .filter(|f| f.on_transition() && f.made_by(&mv.before, &mv.event))
        {
            add(f, i);
        }
    }
    let end = moves.last().map(|mv| mv.after).unwrap_or_default();
    if let Some(at) = Finding::LostOperation
        .holds_in(machine, &end, false)
        .then(|| lost_write_refused(moves))
        .flatten()
    {
        add(Finding::LostOperation, at);
    }
    m.notes = notes_of(moves, 1, machine.defects.no_fence)
        .iter()
        .map(|n| (n.step(), note_tag(n), note(n)))
        .collect();
    m.settle()
}
