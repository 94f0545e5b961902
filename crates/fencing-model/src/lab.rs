//! The lesson's lab: the one machine run under the lesson's schedule. Two clients, A with
//! the larger op_seq (the lesson's 旧 A 的较大 op_seq); a fixed prefix — acquire A → pause A →
//! expire A → recover (the lesson's 持久恢复: crash and recovery shown as one event) →
//! acquire B — then every complete interleaving of B's write against A's resume and write,
//! in a fixed order (B's moves tried first), each judged step by step. The notes on
//! its steps and its reused fence are in `lab_notes.rs`.

use crate::findings::{fired, Finding};
use crate::machine::spec::{rank, ranks, Op, Programs};
use crate::machine::state::Action;
use crate::machine::{Event, Machine};
use crate::path::{key_steps, lost_write_refused, path_text, replay, steps, Move, Step};
use crate::properties::Property;
use crate::scenario::{Defect, Scenario};
use serde::Serialize;

pub(crate) use crate::lab_notes::notes_of;
use crate::lab_notes::reused;
pub use crate::lab_notes::{Hit, Issued, Note, ReusedFence};

const A: u8 = 0;
const B: u8 = 1;
/// Under split-authority, A's program is acquire, mint, pause, mint, write: its second mint,
/// after resuming, waits for B's write (`B_DONE`), as in the lesson's counterexample.
const A_SECOND_MINT: u8 = 3;
const B_DONE: u8 = 3;

/// The lesson's programs. With grant and mint split, each acquire is followed by a mint, and
/// A mints again after resuming ("A 恢复后才调用独立自增服务取得 43").
pub fn machine(s: &Scenario) -> Machine {
    let split = s.defects.split_authority;
    let seqs = ranks([s.op_seq_a, s.op_seq_b]);
    let write = |seq, key| Op::Write { seq: rank(&seqs, seq), key };
    let minted = |ops: &[Op]| {
        ops.iter()
            .flat_map(|&op| if op == Op::Mint && !split { None } else { Some(op) })
            .collect::<Vec<_>>()
    };
    let a = minted(&[Op::Acquire, Op::Mint, Op::Pause, Op::Mint, write(s.op_seq_a, 0)]);
    let b = minted(&[Op::Acquire, Op::Mint, write(s.op_seq_b, 1)]);
    // The lab's writes are not business operations: their keys have no names to show.
    let model = Programs {
        clients: vec![a, b],
        crash: true,
        delay: false,
        keys: vec![String::new(); 2],
        seqs,
    };
    Machine::new(&model, s.defects, s.issuer)
}

/// The machine a learner drives for `s` (「你来调度」): the lab's, from its initial state,
/// for the fencing case; the scenario's own for the model case; none for the operations
/// case, which has no schedule.
pub fn driven(s: &Scenario) -> Option<Machine> {
    match s.case {
        crate::scenario::Case::Fencing => Some(machine(s)),
        crate::scenario::Case::Model => Some(Machine::new(&s.model, s.defects, s.issuer)),
        crate::scenario::Case::Operations => None,
    }
}

/// The fixed prefix, as the machine's actions.
fn prefix(split: bool) -> Vec<Action> {
    use Action::*;
    let mint = |c| if split { vec![Step(c)] } else { vec![] };
    [vec![Step(A)], mint(A), vec![Step(A), Expire, Crash, Recover, Step(B)], mint(B)].concat()
}

/// Every complete interleaving after the prefix, as the machine's moves (crash folded into
/// the recovery that follows it).
pub fn interleavings(machine: &Machine) -> Vec<Vec<Move>> {
    let split = machine.defects.split_authority;
    let start = replay(machine, &prefix(split));
    let mut out = Vec::new();
    extend(machine, split, &mut start.clone(), &mut out);
    out.into_iter()
        .map(|moves| moves.into_iter().filter(|m| m.event != Event::Crashed).collect())
        .collect()
}

fn extend(machine: &Machine, split: bool, moves: &mut Vec<Move>, out: &mut Vec<Vec<Move>>) {
    let s = moves.last().map(|m| m.after).unwrap_or_default();
    if !machine.unfinished(&s) {
        out.push(moves.clone());
        return;
    }
    for c in [B, A] {
        let action = if s.paused(c as usize) { Action::Resume(c) } else { Action::Step(c) };
        let waits = split
            && action == Action::Step(A)
            && s.clients[A as usize].pc == A_SECOND_MINT
            && s.clients[B as usize].pc < B_DONE;
        if waits {
            continue;
        }
        if let Some((after, event)) = machine.apply(&s, action) {
            moves.push(Move { action, before: s, event, after });
            extend(machine, split, moves, out);
            moves.pop();
        }
    }
}

/// One interleaving: its steps, from the first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// `counterexample.events`' names, one per step.
    pub events: Vec<String>,
    pub steps: Vec<Step>,
    /// The same moves as a path of 「你来调度」 (`path_text`), which drives this machine.
    #[serde(skip)]
    pub path: String,
}

/// Every interleaving, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FencingRun {
    pub interleavings: usize,
    /// Steps before the first interleaving choice.
    pub prefix_len: usize,
    pub traces: Vec<Trace>,
    /// Each property's first break in each interleaving, shortest first.
    pub findings: Vec<Hit>,
    pub reused_fences: Vec<ReusedFence>,
    pub notes: Vec<Note>,
    /// Defects switched on whose defective step never happened in any interleaving.
    pub unfired: Vec<Defect>,
    /// Each interleaving as the machine's moves, the states before and after each (what the
    /// judgment reads a cause from).
    #[serde(skip)]
    pub moves: Vec<Vec<Move>>,
}

impl FencingRun {
    /// The hits of one finding, shortest first.
    pub fn hits(&self, f: Finding) -> impl Iterator<Item = &Hit> {
        self.findings.iter().filter(move |h| h.finding == f)
    }

    pub fn notes_on(&self, interleaving: usize) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(move |n| n.interleaving() == interleaving)
    }

    /// The interleaving (1-based) to show first: a broken property's shortest counterexample,
    /// else the lesson's order — B writes first after the prefix, so A's write comes after
    /// B's commit — else the first.
    pub fn shown_first(&self) -> usize {
        let broken = self.findings.iter().find(|h| h.property.is_some()).map(|h| h.interleaving);
        let lesson = || {
            self.traces
                .iter()
                .position(|t| t.events.get(self.prefix_len).is_some_and(|e| e == "write B"))
                .map(|i| i + 1)
        };
        broken.or_else(lesson).unwrap_or(1)
    }
}

/// The lab's findings: the two properties, and the holder locked out and the lost operation.
pub const LAB_FINDINGS: [Finding; 4] = [
    Finding::Broken(Property::RevokedGenerationOverwrite),
    Finding::Broken(Property::UnauthorizedAccept),
    Finding::LockedOut,
    Finding::LostOperation,
];

/// Run the lab for `s`.
pub fn run(s: &Scenario) -> FencingRun {
    let machine = machine(s);
    let all = interleavings(&machine);
    let mut findings = Vec::new();
    let mut notes = Vec::new();
    let mut fired_bits = 0;
    for (t, moves) in all.iter().enumerate() {
        let interleaving = t + 1;
        let hit = |f: Finding, at: usize| Hit {
            finding: f,
            property: if let Finding::Broken(p) = f { Some(p) } else { None },
            interleaving,
            step: at + 1,
            key_steps: key_steps(moves, f, at).into_iter().map(|k| k + 1).collect(),
        };
        for f in LAB_FINDINGS {
            let at = if f.on_transition() {
                moves.iter().position(|m| f.made_by(&m.before, &m.event))
            } else {
                let last = moves.last().map(|m| m.after).unwrap_or_default();
                // A lost operation always has the refusal of its write.
                f.holds_in(&machine, &last, false).then(|| lost_write_refused(moves)).flatten()
            };
            findings.extend(at.map(|at| hit(f, at)));
        }
        fired_bits |=
            moves.iter().fold(0, |bits, m| bits | fired(machine.defects, &m.before, &m.event));
        notes.extend(notes_of(moves, interleaving, s.defects.no_fence));
    }
    findings.sort_by_key(|h| h.step);
    let traces: Vec<Trace> = all
        .iter()
        .map(|moves| {
            let steps = steps(&machine, moves);
            // The crash folded into its recovery is a move of its own there.
            let actions: Vec<Action> = moves
                .iter()
                .flat_map(|m| match m.action {
                    Action::Recover => vec![Action::Crash, Action::Recover],
                    a => vec![a],
                })
                .collect();
            let path = path_text(&actions);
            Trace { events: steps.iter().map(|s| s.action.clone()).collect(), steps, path }
        })
        .collect();
    let reused_fences = reused(&machine, &all, &findings);
    let fired: Vec<Defect> = crate::findings::defects_in(fired_bits).collect();
    FencingRun {
        interleavings: all.len(),
        prefix_len: prefix(s.defects.split_authority).len() - 1,
        traces,
        findings,
        reused_fences,
        notes,
        unfired: s.defects.iter().filter(|d| !fired.contains(d)).collect(),
        moves: all,
    }
}
