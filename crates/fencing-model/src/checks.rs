//! What the checker sees beyond the lesson's two properties, reported apart from them: an
//! issuer-side check (the same fence issued to two grants), and two notes on single
//! interleavings — the lesson's key caveat (an old grant's write accepted before the new
//! grant's reached the resource) and a legitimate write lost (safety bought with liveness).

use crate::explore::Trace;
use crate::properties::Property;
use crate::scenario::Client;
use crate::world::{Outcome, Token};
use serde::Serialize;

/// A grant as the report names it: its number, its owner and the step that made it hold
/// the fence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Issued {
    pub grant: usize,
    pub owner: Client,
    /// 1-based step.
    pub step: usize,
}

/// The same fence issued to two grants: the resource cannot tell their writes apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReusedFence {
    pub fence: u64,
    pub first: Issued,
    pub second: Issued,
    /// Per interleaving (in enumeration order): the 1-based step where an older grant's write
    /// was accepted after a newer grant's, if the harm reached the resource.
    pub harm: Vec<Option<usize>>,
}

/// A remark on one step of one interleaving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Note {
    /// The lesson's 关键限定: an older grant's write accepted while a newer grant exists but
    /// before the resource accepted any write of it. Not a violation.
    KeyCaveat { interleaving: usize, step: usize, grant: usize, newer: usize },
    /// The newest grant's own write refused (or abandoned after its check): neither property
    /// flags it; it is the price of safety here.
    LostWrite { interleaving: usize, step: usize, grant: usize },
}

/// Fences issued to more than one grant, each pair once, in the order first seen.
pub fn reused_fences(traces: &[Trace]) -> Vec<ReusedFence> {
    let mut found: Vec<ReusedFence> = Vec::new();
    for trace in traces {
        let mut issued: Vec<(u64, Issued)> = Vec::new();
        for (i, step) in trace.steps.iter().enumerate() {
            let token = match step.outcome {
                Outcome::Granted { token: Some(t), .. } | Outcome::Minted { token: t } => t,
                _ => continue,
            };
            let (Some(grant), Some(owner)) = (token.grant, step.event.client()) else { continue };
            let this = Issued { grant, owner, step: i + 1 };
            if let Some(&(_, first)) = issued.iter().find(|(f, earlier)| *f == token.fence && earlier.grant != grant) {
                // A grant has one token, so its pair of grants names a reuse.
                let known = found.iter().any(|r| (r.first.grant, r.second.grant) == (first.grant, grant));
                if !known {
                    found.push(ReusedFence { fence: token.fence, first, second: this, harm: Vec::new() });
                }
            }
            issued.push((token.fence, this));
        }
    }
    // The harm is the first property's breach: an older grant's write accepted after a newer one's.
    for r in &mut found {
        r.harm = traces.iter().map(|t| Property::RevokedGenerationOverwrite.first_violation(t).map(|i| i + 1)).collect();
    }
    found
}

/// The notes on every interleaving, in enumeration order, then by step.
pub fn notes(traces: &[Trace]) -> Vec<Note> {
    let mut out = Vec::new();
    for (t, trace) in traces.iter().enumerate() {
        let interleaving = t + 1;
        let mut newest_committed: Option<usize> = None;
        for (i, step) in trace.steps.iter().enumerate() {
            let newest = step.after.authority.grants.len();
            let at = i + 1;
            match step.outcome {
                Outcome::Accepted { token: Token { grant: Some(g), .. }, .. } => {
                    if g < newest && newest_committed.is_none_or(|c| c <= g) {
                        out.push(Note::KeyCaveat { interleaving, step: at, grant: g, newer: newest });
                    }
                    newest_committed = newest_committed.max(Some(g));
                }
                Outcome::Rejected { token, .. } | Outcome::Checked { token, passed: false, .. } if token.grant == Some(newest) => {
                    out.push(Note::LostWrite { interleaving, step: at, grant: newest })
                }
                _ => {}
            }
        }
    }
    out
}

impl Note {
    pub fn interleaving(&self) -> usize {
        match *self {
            Note::KeyCaveat { interleaving, .. } | Note::LostWrite { interleaving, .. } => interleaving,
        }
    }

    pub fn step(&self) -> usize {
        match *self {
            Note::KeyCaveat { step, .. } | Note::LostWrite { step, .. } => step,
        }
    }
}
