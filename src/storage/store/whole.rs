//! The whole part at once: an import brought in, everything forgotten, the quarantined text
//! dropped. The progress page's transfer and reset call these.

use super::{Import, Store};
use crate::storage::part::Part;
use crate::storage::port::Local;
use crate::storage::quarantine::discard_quarantined;
use crate::storage::status::Status;
use leptos::prelude::*;

impl<P: Part> Store<P> {
    /// Bring an imported part in: merged with what is here, or replacing it.
    pub fn import(&self, part: P, how: Import) {
        self.flush();
        match how {
            Import::Merge => {
                let names = self
                    .record
                    .with_untracked(|d| d.held())
                    .into_iter()
                    .chain(part.held())
                    .collect();
                self.save(|d| d.merge(&part), &names, true)
            }
            Import::Replace => {
                let names = part.held();
                self.save(|d| *d = part, &names, false)
            }
        }
    }

    /// Forget everything this part recorded; whether storage took it (a part a newer app
    /// wrote is left as it is, and storage may refuse).
    pub fn reset(&self) -> bool {
        self.cancel_timer();
        self.unsaved.update_value(|(keys, _)| keys.clear());
        self.save(|d| *d = P::default(), &P::default().held(), false);
        self.writable.get_value() && !matches!(self.status.get_untracked(), Status::MemoryOnly(_))
    }

    /// Forget the quarantined text (after the learner exported or dismissed it).
    pub fn discard_quarantine(&self) {
        discard_quarantined(&mut Local);
        if matches!(self.status.get_untracked(), Status::Quarantined { .. }) {
            self.status.set(Status::Saved);
        }
    }
}
