//! The browser side of progress: load once, apply the learner's changes in memory at once and
//! save them (re-read + merge + write + read-back) — typing in batches, everything else
//! immediately, and whatever is pending when the field loses focus or the page is hidden or
//! left. Follows other tabs through the `storage` event and says plainly when saving fails.

use super::local::{self, read_raw, write, StorageError};
use super::progress::{parse, Change, Loaded, Progress};
use leptos::prelude::*;
use std::time::Duration;

const DOC: &str = "progress";
const QUARANTINE: &str = "progress.quarantine";
/// Typing pauses this long before a draft is written.
const DRAFT_DELAY: Duration = Duration::from_millis(400);

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

/// How an imported document joins what is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Import {
    Merge,
    Replace,
}

#[derive(Clone, Copy)]
pub struct Store {
    progress: RwSignal<Progress>,
    pub status: RwSignal<Status>,
    /// The answer of `navigator.storage.persist()`, once asked.
    pub persisted: RwSignal<Option<bool>>,
    /// Changes applied in memory and not yet written, and the timer that will write them.
    unsaved: StoredValue<(bool, Option<TimeoutHandle>)>,
}

pub fn use_store() -> Store {
    expect_context::<Store>()
}

impl Store {
    /// Load the stored document and make the store available to every component.
    pub fn provide() -> Store {
        let (progress, status) = match read_raw(DOC) {
            Err(e) => (Progress::default(), Status::MemoryOnly(e)),
            Ok(raw) => match parse(raw.as_deref()) {
                Loaded::Empty => (Progress::default(), Status::Saved),
                Loaded::Ok(p) => (p, Status::Saved),
                Loaded::Newer { version, progress } => (progress, Status::ReadOnly { version }),
                Loaded::Corrupt { reason } => {
                    // Keep the unreadable text aside before anything can overwrite it.
                    let kept = raw.as_deref().map(|r| local::write_raw(QUARANTINE, r));
                    match kept {
                        Some(Err(e)) => (Progress::default(), Status::MemoryOnly(e)),
                        _ => (Progress::default(), Status::Quarantined { reason }),
                    }
                }
            },
        };
        let store = Store {
            progress: RwSignal::new(progress),
            status: RwSignal::new(status),
            persisted: RwSignal::new(None),
            unsaved: StoredValue::new((false, None)),
        };
        let key = local::key(DOC);
        let _ = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() != Some(key.as_str()) {
                return;
            }
            if let Loaded::Ok(theirs) = parse(ev.new_value().as_deref()) {
                store.progress.update(|p| p.merge(&theirs));
            }
        });
        // Closing or hiding the tab right after typing still saves what was typed.
        let _ = window_event_listener(leptos::ev::pagehide, move |_| store.flush());
        let _ = window_event_listener(leptos::ev::visibilitychange, move |_| {
            if document().hidden() {
                store.flush();
            }
        });
        provide_context(store);
        store
    }

    /// The document as this tab knows it.
    pub fn progress(&self) -> ReadSignal<Progress> {
        self.progress.read_only()
    }

    /// Apply one of the learner's changes now; write it soon (a draft) or at once.
    pub fn apply(&self, change: Change) {
        let draft = change.is_draft();
        self.progress.update(|p| p.apply(change, super::now()));
        self.unsaved.update_value(|(dirty, _)| *dirty = true);
        if draft {
            self.cancel_timer();
            let store = *self;
            let handle = set_timeout_with_handle(move || store.flush(), DRAFT_DELAY).ok();
            self.unsaved.update_value(|(_, timer)| *timer = handle);
        } else {
            self.flush();
        }
    }

    /// Write whatever is pending now.
    pub fn flush(&self) {
        self.cancel_timer();
        let dirty = self.unsaved.try_update_value(|(dirty, _)| std::mem::take(dirty)).unwrap_or(false);
        if dirty {
            self.save(|_| {}, true);
        }
    }

    fn cancel_timer(&self) {
        if let Some(handle) = self.unsaved.try_update_value(|(_, timer)| timer.take()).flatten() {
            handle.clear();
        }
    }

    /// Bring an imported document in: merged with what is here, or replacing it.
    pub fn import(&self, doc: Progress, how: Import) {
        self.flush();
        match how {
            Import::Merge => self.save(|p| p.merge(&doc), true),
            Import::Replace => self.save(|p| *p = doc, false),
        }
    }

    /// Forget everything this app recorded.
    pub fn reset(&self) {
        self.cancel_timer();
        self.unsaved.update_value(|(dirty, _)| *dirty = false);
        self.save(|p| *p = Progress::default(), false);
    }

    /// The unreadable text kept aside when loading failed, if any.
    pub fn quarantined(&self) -> Option<String> {
        read_raw(QUARANTINE).ok().flatten()
    }

    /// Forget the quarantined text (after the learner exported or dismissed it).
    pub fn discard_quarantine(&self) {
        let _ = local::remove(QUARANTINE);
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

    /// Re-read what other tabs saved (unless replacing), merge, change, write with read-back.
    fn save(&self, change: impl FnOnce(&mut Progress), merge_stored: bool) {
        let mut doc = self.progress.get_untracked();
        let writable = !matches!(self.status.get_untracked(), Status::ReadOnly { .. });
        if writable && merge_stored {
            if let Ok(Loaded::Ok(stored)) = read_raw(DOC).map(|raw| parse(raw.as_deref())) {
                doc.merge(&stored);
            }
        }
        change(&mut doc);
        if writable {
            match write(DOC, &doc) {
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
