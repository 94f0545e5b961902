//! What the lab records beside its interleavings' steps: each finding where it happened
//! (`Hit`), a step's notes (the lesson's key caveat, a write its op_seq decided) and the
//! reused fence, with the harm each interleaving let through.

use crate::findings::Finding;
use crate::machine::{Event, Machine};
use crate::path::Move;
use crate::properties::Property;
use serde::Serialize;

/// A finding in one interleaving (1-based numbers), with its key steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hit {
    pub finding: Finding,
    /// The property, for the lesson's two.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property: Option<Property>,
    pub interleaving: usize,
    pub step: usize,
    pub key_steps: Vec<usize>,
}

/// A grant as a finding names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Issued {
    pub grant: u8,
    pub owner: char,
    /// 1-based step.
    pub step: usize,
}

/// A fence given to a second grant: the resource cannot tell their writes apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReusedFence {
    pub fence: u64,
    pub first: Issued,
    pub second: Issued,
    /// Per interleaving: the harm that reached the resource, if any.
    pub harm: Vec<Option<Hit>>,
}

/// A remark on one step that is no finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Note {
    /// The lesson's 关键限定: an older grant's write accepted before the resource accepted
    /// any write of a newer grant, whose larger fence can still land over it.
    KeyCaveat { interleaving: usize, step: usize, grant: u8, newer: u8 },
    /// A write compared with another grant's result of the same fence, accepted or refused:
    /// its op_seq, not its grant, decided.
    SeqDecided { interleaving: usize, step: usize, grant: u8, over: u8, accepted: bool },
}

impl Note {
    pub fn interleaving(&self) -> usize {
        match *self {
            Note::KeyCaveat { interleaving, .. } | Note::SeqDecided { interleaving, .. } => {
                interleaving
            }
        }
    }

    pub fn step(&self) -> usize {
        match *self {
            Note::KeyCaveat { step, .. } | Note::SeqDecided { step, .. } => step,
        }
    }
}

/// The key caveat and op_seq-decided writes in one interleaving (no key caveat where nothing
/// compares: without the fence check the resource accepts anything).
pub(crate) fn notes_of(moves: &[Move], interleaving: usize, no_fence: bool) -> Vec<Note> {
    let mut fence_of = [0u8; 8];
    let mut committed_grant = 0u8;
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        match m.event {
            // Split authority's acquire records 0 (no number yet), an unbound mint slot 0 (no
            // grant).
            Event::Granted { fence, grant, .. } | Event::Minted { fence, grant, .. } => {
                fence_of[grant as usize] = fence
            }
            Event::Accepted { fence, grant, previous, .. } => {
                let newer = m.before.grants;
                let can_land = fence_of[newer as usize] == 0 || fence_of[newer as usize] > fence;
                if !no_fence && grant != 0 && grant < newer && m.before.newest < newer && can_land {
                    out.push(Note::KeyCaveat { interleaving, step: i + 1, grant, newer });
                }
                if committed_grant != 0 && grant > committed_grant && previous.0 == fence {
                    out.push(Note::SeqDecided {
                        interleaving,
                        step: i + 1,
                        grant,
                        over: committed_grant,
                        accepted: true,
                    });
                }
                committed_grant = grant;
            }
            Event::Rejected { fence, grant, current, .. }
                if committed_grant != 0
                    && grant != 0
                    && grant != committed_grant
                    && current.0 == fence =>
            {
                out.push(Note::SeqDecided {
                    interleaving,
                    step: i + 1,
                    grant,
                    over: committed_grant,
                    accepted: false,
                });
            }
            _ => {}
        }
    }
    out
}

/// The reused fence: the first grant given a fence an earlier grant had, with the harm each
/// interleaving let reach the resource (an overwrite of the newer term, or its holder
/// locked out).
pub(crate) fn reused(machine: &Machine, all: &[Vec<Move>], findings: &[Hit]) -> Vec<ReusedFence> {
    let Some(moves) = all.first() else { return vec![] };
    let issued = |i: usize| match machine.decode(moves[i].event) {
        Event::Granted { client, fence, grant } | Event::Minted { client, fence, grant } => {
            Some((fence, Issued { grant, owner: client, step: i + 1 }))
        }
        _ => None,
    };
    let Some(at) = moves.iter().position(|m| Finding::ReusedFence.made_by(&m.before, &m.event))
    else {
        return vec![];
    };
    let Some((fence, second)) = issued(at) else { return vec![] };
    let Some((_, first)) = (0..at).filter_map(issued).find(|(f, i)| *f == fence && i.grant != 0)
    else {
        return vec![];
    };
    let harmful = [Finding::Broken(Property::RevokedGenerationOverwrite), Finding::LockedOut];
    let harm = (1..=all.len())
        .map(|t| {
            findings.iter().find(|h| h.interleaving == t && harmful.contains(&h.finding)).cloned()
        })
        .collect();
    vec![ReusedFence { fence, first, second, harm }]
}
