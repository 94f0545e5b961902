//! A client's next step of its program (acquire, mint, the resource's separate check, write
//! or send, pause, renew), split-authority's counter, and the resource's transaction.

use super::{Event, Machine};
use crate::machine::spec::Op;
use crate::machine::state::*;

impl Machine {
    /// A client's next step of its program, if it can take one now.
    pub(super) fn step(&self, s: &State, c: usize) -> Option<(State, Event)> {
        if c >= self.programs.len() || self.done(s, c) || s.paused(c) {
            return None;
        }
        let mut n = *s;
        let me = s.clients[c];
        let (split, down) = (self.defects.split_authority, s.crash == DOWN);
        let event = match self.programs[c][me.pc as usize] {
            // The serial decision waits while the authority is down or another client's lease is
            // valid.
            Op::Acquire if down || (s.lease == VALID && !s.holds(c)) => return None,
            Op::Acquire if s.holds(c) => {
                n.clients[c].pc += 1;
                Event::Holds { client: c }
            }
            Op::Acquire => {
                n.grants += 1;
                n.issued_before = n.max_issued;
                (n.owner, n.lease) = (c as u8 + 1, VALID);
                let client = &mut n.clients[c];
                client.pc += 1;
                if split {
                    (client.fence, client.grant) = (0, 0);
                    Event::Granted { client: c, fence: 0, grant: n.grants }
                } else {
                    n.generation += 1;
                    (client.fence, client.grant) = (n.generation, n.grants);
                    n.max_issued = n.max_issued.max(n.generation);
                    Event::Granted { client: c, fence: n.generation, grant: n.grants }
                }
            }
            Op::Mint => {
                n.clients[c].pc += 1;
                mint(&mut n, c)
            }
            Op::Pause => {
                n.clients[c].pc += 1;
                n.clients[c].flags |= PAUSED;
                Event::Paused { client: c, fence: me.fence, grant: me.grant }
            }
            Op::Renew if down => return None,
            Op::Renew => {
                let ok = s.holds(c);
                if ok {
                    n.clients[c].pc += 1;
                } else {
                    n.clients[c].flags |= STOPPED;
                }
                Event::Renewed { client: c, ok }
            }
            // A write with no number yet takes one from the independent counter first.
            Op::Write { .. } if split && me.flags & MINTED == 0 => mint(&mut n, c),
            Op::Write { seq, .. }
                if self.defects.precheck && me.flags & (CHECKED | FAILED_CHECK) == 0 =>
            {
                let current = (s.max_fence, s.last_seq);
                let compared = !self.defects.no_fence;
                let passed = !compared || current < (me.fence, seq);
                n.clients[c].flags |= if passed { CHECKED } else { FAILED_CHECK };
                Event::Checked {
                    client: c,
                    fence: me.fence,
                    grant: me.grant,
                    seq,
                    current,
                    passed,
                    compared,
                }
            }
            Op::Write { key, .. } if me.flags & FAILED_CHECK != 0 => {
                n.clients[c].pc += 1;
                n.clients[c].flags &= !(FAILED_CHECK | MINTED);
                if s.holds(c) {
                    n.refused |= 1 << key & !n.applied;
                }
                Event::Skipped { client: c, key }
            }
            Op::Write { seq, key } => {
                let unconditional = self.defects.no_fence || me.flags & CHECKED != 0;
                n.clients[c].pc += 1;
                n.clients[c].flags &= !(CHECKED | MINTED);
                if self.delay {
                    let slot = n.in_flight.iter().position(|m| m.is_empty())?;
                    n.in_flight[slot] =
                        Message::new(c, unconditional, key, s.holds(c), me.fence, me.grant, seq);
                    n.settle();
                    Event::Sent { client: c, fence: me.fence, grant: me.grant, seq, key }
                } else {
                    commit(&mut n, c, me.fence, me.grant, seq, key, unconditional, s.holds(c))
                }
            }
        };
        Some((n, event))
    }
}

/// split-authority's independent counter: it increments for anyone who asks. The number
/// counts as the caller's grant only if the caller holds the lease in force now; a number
/// taken after losing it belongs to no grant.
fn mint(n: &mut State, c: usize) -> Event {
    n.counter += 1;
    let grant = if n.holds(c) { n.grants } else { 0 };
    if grant != 0 {
        n.max_issued = n.max_issued.max(n.counter);
    }
    let client = &mut n.clients[c];
    (client.fence, client.grant) = (n.counter, grant);
    client.flags |= MINTED;
    Event::Minted { client: c, fence: n.counter, grant }
}

/// The resource's transaction: business identity first (a key already applied returns its
/// result, no second effect), then `(max_fence, last_seq) < (fence, seq)` unless nothing
/// compares (no-fence) or the comparison was an earlier step (precheck), then the write.
/// `valid`: the write was made while its client held the lease in force (ghost).
#[allow(clippy::too_many_arguments)]
pub(super) fn commit(
    n: &mut State,
    client: usize,
    fence: u8,
    grant: u8,
    seq: u8,
    key: u8,
    unconditional: bool,
    valid: bool,
) -> Event {
    if n.applied & (1 << key) != 0 {
        return Event::Duplicate { client, key };
    }
    let current = (n.max_fence, n.last_seq);
    if !unconditional && current >= (fence, seq) {
        if valid {
            n.refused |= 1 << key;
        }
        return Event::Rejected { client, fence, grant, seq, key, current };
    }
    (n.max_fence, n.last_seq) = (fence, seq);
    n.newest = n.newest.max(grant);
    n.applied |= 1 << key;
    n.refused &= !n.applied;
    Event::Accepted { client, fence, grant, seq, key, previous: current, unconditional }
}
