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

impl Status {
    /// What the learner should know, or `None` when all is normal.
    pub fn notice(&self) -> Option<String> {
        match self {
            Status::Saved => None,
            Status::MemoryOnly(e) => Some(e.message().to_string()),
            Status::ReadOnly { version } => Some(format!(
                "本地记录来自更新版本的学习台（第 {version} 版格式）：本页以只读方式显示，不会覆盖它。"
            )),
            Status::Quarantined { reason } => Some(format!(
                "本地记录无法读取（{reason}）：原始内容已另存，未删除；新的记录从空白开始。"
            )),
        }
    }
}

#[derive(Clone, Copy)]
pub struct Store {
    pub progress: RwSignal<Progress>,
    pub status: RwSignal<Status>,
    /// The answer of `navigator.storage.persist()`, once asked.
    pub persisted: RwSignal<Option<bool>>,
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
        let store = Store { progress: RwSignal::new(progress), status: RwSignal::new(status), persisted: RwSignal::new(None) };
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

    /// Replace the whole document (import "replace", reset): no merge with what is stored.
    pub fn replace(&self, doc: Progress) {
        self.save(|p| *p = doc, false);
    }

    /// The unreadable text kept aside when loading failed, if any.
    pub fn quarantined(&self) -> Option<String> {
        read(QUARANTINE).ok().flatten()
    }

    /// Forget the quarantined text (after the learner exported or dismissed it).
    pub fn discard_quarantine(&self) {
        let _ = super::remove(QUARANTINE);
        if matches!(self.status.get_untracked(), Status::Quarantined { .. }) {
            self.status.set(Status::Saved);
        }
    }

    /// Ask the browser to keep this site's data (once): browsers may otherwise evict it.
    pub fn request_persistence(&self) {
        if self.persisted.get_untracked().is_some() {
            return;
        }
        let persisted = self.persisted;
        persisted.set(Some(false));
        leptos::task::spawn_local(async move {
            let manager = window().navigator().storage();
            if let Ok(promise) = manager.persist() {
                let granted = wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_bool());
                persisted.set(Some(granted.unwrap_or(false)));
            }
        });
    }

    /// Record that the learner ran an experiment, for the progress page.
    pub fn record_run(&self, s: &fencing_model::Scenario) {
        self.update(|p| p.record_run(s.case.name(), &s.defects.variant_name(), super::now()));
    }

    /// Apply a change: re-read what other tabs saved, merge, apply, write with read-back.
    pub fn update(&self, change: impl FnOnce(&mut Progress)) {
        self.save(change, true);
    }

    fn save(&self, change: impl FnOnce(&mut Progress), merge_stored: bool) {
        let mut doc = self.progress.get_untracked();
        let writable = !matches!(self.status.get_untracked(), Status::ReadOnly { .. });
        if writable && merge_stored {
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
