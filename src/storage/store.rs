//! The browser side of progress: load once, save through re-read + merge + write + read-back,
//! follow other tabs through the `storage` event, and say plainly when saving is impossible.

use super::progress::{parse, Loaded, Progress};
use super::{read, write, StorageError};
use leptos::prelude::*;

const DOC: &str = "progress";
const QUARANTINE: &str = "progress.quarantine";

/// Whether what the learner does is being kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Saved,
    /// Storage refuses: everything lives in this tab's memory only.
    MemoryOnly(StorageError),
    /// A newer app wrote the stored document: shown, never overwritten.
    ReadOnly { version: u32 },
    /// The stored document was unreadable; its raw text is kept under the quarantine key.
    Quarantined { reason: String },
}

#[derive(Clone, Copy)]
pub struct Store {
    pub progress: RwSignal<Progress>,
    pub status: RwSignal<Status>,
}

pub fn use_store() -> Store {
    expect_context::<Store>()
}

impl Store {
    /// Load the stored document and make the store available to every component.
    pub fn provide() -> Store {
        let (progress, status) = match read(DOC) {
            Err(e) => (Progress::default(), Status::MemoryOnly(e)),
            Ok(raw) => match parse(raw.as_deref()) {
                Loaded::Empty => (Progress::default(), Status::Saved),
                Loaded::Ok(p) => (p, Status::Saved),
                Loaded::Newer { version, progress } => (progress, Status::ReadOnly { version }),
                Loaded::Corrupt { reason } => {
                    // Keep the unreadable text aside before anything can overwrite it.
                    let kept = raw.as_deref().map(|r| write(QUARANTINE, r));
                    match kept {
                        Some(Err(e)) => (Progress::default(), Status::MemoryOnly(e)),
                        _ => (Progress::default(), Status::Quarantined { reason }),
                    }
                }
            },
        };
        let store = Store { progress: RwSignal::new(progress), status: RwSignal::new(status) };
        let key = super::key(DOC);
        let _ = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() != Some(key.as_str()) {
                return;
            }
            if let Loaded::Ok(theirs) = parse(ev.new_value().as_deref()) {
                store.progress.update(|p| p.merge(&theirs));
            }
        });
        provide_context(store);
        store
    }

    /// Apply a change: re-read what other tabs saved, merge, apply, write with read-back.
    pub fn update(&self, change: impl FnOnce(&mut Progress)) {
        let mut doc = self.progress.get_untracked();
        let writable = !matches!(self.status.get_untracked(), Status::ReadOnly { .. });
        if writable {
            if let Ok(raw) = read(DOC) {
                if let Loaded::Ok(stored) = parse(raw.as_deref()) {
                    doc.merge(&stored);
                }
            }
        }
        change(&mut doc);
        if writable {
            match write(DOC, &doc.to_json()) {
                Ok(()) => {
                    if matches!(self.status.get_untracked(), Status::MemoryOnly(_)) {
                        self.status.set(Status::Saved);
                    }
                }
                Err(e) => self.status.set(Status::MemoryOnly(e)),
            }
        }
        self.progress.set(doc);
    }
}
