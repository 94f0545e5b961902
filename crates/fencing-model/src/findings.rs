//! What the checker judges, each defined once — over a transition (the state before it and
//! what it did) or over a state — and used alike by the lab's interleavings and the
//! explorer's search: the lesson's two properties, and this app's additions beside them (an
//! unbound token over a committed result, the issuer-side reused fence, two liveness
//! findings, a state where nothing can happen), and whether each defect switched on ever fired.

use crate::defects::{Defect, Defects};
use crate::machine::state::State;
use crate::machine::{Event, Machine};
use crate::properties::Property;

/// What the checker looks for, each reported with the shortest path to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Finding {
    /// One of the lesson's two properties broken.
    Broken(Property),
    /// unauthorized_accept after the newest grant made had its write committed: in the lesson's
    /// scenario (each client writes once, only A pauses) the unbound write replaces that
    /// grant's result, B's, as in the lesson's 43 over B's 42 — not an older, finished result
    /// that no newer holder relied on.
    UnboundOverwrite,
    /// A grant given a fence not above every fence an earlier grant was given.
    ReusedFence,
    /// The holder of the lease in force refused at the resource because it holds an older
    /// grant's or an unbound token's result. Shut out for its whole term only if the stored
    /// fence is larger than its own; under a reused fence (equal numbers) a later write of its
    /// with a larger op_seq passes.
    LockedOut,
    /// Nothing more can reach the resource, and a write made while its client held the lease
    /// in force never took effect (no write of its key ever landed).
    LostOperation,
    /// A program unfinished and nothing can happen.
    Stuck,
    /// Not a harm but the evidence that the fence was put to the test: an older grant's write
    /// reached the resource after a newer grant's result was committed, and was refused.
    StaleRefused,
    /// The lesson's key caveat, as a challenge's goal (the report tells it as a note): an
    /// older grant's write accepted after a newer grant was given, before the newer grant's
    /// result was committed and with a fence below the newest one issued.
    KeyCaveat,
    /// precheck fired, as a challenge's goal: a write that passed the resource's separate
    /// comparison landed after the resource had changed to a value the comparison refuses.
    CheckRaced,
}

impl Finding {
    pub const ALL: [Finding; 8] = [
        Finding::Broken(Property::RevokedGenerationOverwrite),
        Finding::Broken(Property::UnauthorizedAccept),
        Finding::UnboundOverwrite,
        Finding::ReusedFence,
        Finding::LockedOut,
        Finding::LostOperation,
        Finding::Stuck,
        Finding::StaleRefused,
    ];

    /// What the coach measures: the report's findings and the challenges' two other goals.
    pub const COACHED: [Finding; 10] = [
        Finding::ALL[0],
        Finding::ALL[1],
        Finding::ALL[2],
        Finding::ALL[3],
        Finding::ALL[4],
        Finding::ALL[5],
        Finding::ALL[6],
        Finding::ALL[7],
        Finding::KeyCaveat,
        Finding::CheckRaced,
    ];

    /// Where this finding's distance sits in the coach's rows (`COACHED` order).
    pub fn slot(self) -> usize {
        Finding::COACHED.iter().position(|g| *g == self).unwrap_or(0)
    }

    pub fn name(self) -> &'static str {
        match self {
            Finding::Broken(p) => p.name(),
            Finding::UnboundOverwrite => "unbound_overwrite",
            Finding::ReusedFence => "reused_fence",
            Finding::LockedOut => "locked_out",
            Finding::LostOperation => "lost_operation",
            Finding::Stuck => "stuck",
            Finding::StaleRefused => "stale_refused",
            Finding::KeyCaveat => "key_caveat",
            Finding::CheckRaced => "check_raced",
        }
    }

    /// Whether this finding is judged on a transition (else on a state).
    pub fn on_transition(self) -> bool {
        !matches!(self, Finding::LostOperation | Finding::Stuck)
    }

    /// Whether the transition from `before` that did `e` makes this finding.
    pub fn made_by(self, before: &State, e: &Event) -> bool {
        match (self, *e) {
            // Only bound tokens have a place in the grant order; unbound ones are the other
            // property's business.
            (
                Finding::Broken(Property::RevokedGenerationOverwrite),
                Event::Accepted { grant, .. },
            ) => grant != 0 && before.newest > grant,
            (Finding::Broken(Property::UnauthorizedAccept), Event::Accepted { grant, .. }) => {
                grant == 0
            }
            (Finding::UnboundOverwrite, Event::Accepted { grant, .. }) => {
                grant == 0 && before.newest > 0 && before.newest == before.grants
            }
            // A grant's own fence against every fence issued before it; a number the newest grant
            // takes later (split authority) against those of the grants before it.
            (Finding::ReusedFence, Event::Granted { fence, grant, .. }) => {
                fence != 0 && grant != 0 && fence <= before.max_issued
            }
            (Finding::ReusedFence, Event::Minted { fence, grant, .. }) => {
                grant != 0 && fence <= before.issued_before
            }
            (
                Finding::LockedOut,
                Event::Rejected { client, grant, .. }
                | Event::Checked { client, grant, passed: false, .. },
            ) => {
                grant != 0
                    && grant == before.grants
                    && before.holds(client)
                    && before.newest < grant
            }
            (
                Finding::StaleRefused,
                Event::Rejected { grant, .. } | Event::Checked { grant, passed: false, .. },
            ) => grant != 0 && before.newest > grant,
            _ => false,
        }
    }

    /// Whether the transition from `before` that did `e` makes this finding under `defects`:
    /// `made_by`, and the two goals that need to know the protocol in force.
    pub fn made_under(self, defects: Defects, before: &State, e: &Event) -> bool {
        match (self, *e) {
            (Finding::KeyCaveat, Event::Accepted { fence, grant, .. }) => {
                !defects.no_fence
                    && grant != 0
                    && grant < before.grants
                    && before.newest < before.grants
                    && fence < before.max_issued
            }
            (Finding::CheckRaced, _) => {
                defects_in(fired(defects, before, e)).any(|d| d == Defect::Precheck)
            }
            _ => self.made_by(before, e),
        }
    }

    /// Whether state `s` is this finding (for the findings judged on a state); `stuck` also
    /// needs to know that `s` has no successor.
    pub fn holds_in(self, machine: &Machine, s: &State, no_successor: bool) -> bool {
        match self {
            Finding::LostOperation => machine.finished(s) && s.refused != 0,
            Finding::Stuck => no_successor && machine.unfinished(s),
            _ => false,
        }
    }
}

impl serde::Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The defects switched on whose defective step this transition is: a recovery that moved
/// the issuer back (rollback-issuer), a number taken from the counter without the lease in
/// force (split-authority), a write accepted that the resource's comparison would have
/// refused (no-fence, precheck). As a bit set over `Defect::ALL`.
pub fn fired(defects: Defects, before: &State, e: &Event) -> u8 {
    let bit = |d: Defect| {
        if defects.has(d) {
            1u8 << Defect::ALL.iter().position(|x| *x == d).unwrap_or(0)
        } else {
            0
        }
    };
    match *e {
        Event::Recovered { issuer, from_backup: true }
            if issuer < before.generation.max(before.counter) =>
        {
            bit(Defect::RollbackIssuer)
        }
        Event::Minted { grant: 0, .. } => bit(Defect::SplitAuthority),
        // With no-fence too, precheck's step compares nothing: the write is no-fence's.
        Event::Accepted { fence, seq, previous, unconditional: true, .. }
            if previous >= (fence, seq) =>
        {
            if defects.no_fence {
                bit(Defect::NoFence)
            } else {
                bit(Defect::Precheck)
            }
        }
        _ => 0,
    }
}

/// The defects in a bit set of `fired`.
pub fn defects_in(bits: u8) -> impl Iterator<Item = Defect> {
    Defect::ALL.into_iter().enumerate().filter(move |(i, _)| bits & (1 << i) != 0).map(|(_, d)| d)
}
