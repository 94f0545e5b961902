//! The browser side of progress: one store for every island of the page, loaded once the
//! islands are hydrated (so hydration sees exactly the prerendered, empty state), applying the
//! learner's changes in memory at once and saving them (re-read + merge + write + read-back) —
//! typing in batches, everything else immediately, and whatever is pending when the field
//! loses focus or the page is hidden or left. Follows other tabs through the `storage` event
//! and says plainly when saving fails.

use super::layout::Found;
use super::local::{self, read_raw, Local, StorageError};
use super::part::Part;
use super::progress::{Change, Chapters, Progress};
use leptos::prelude::*;
use std::cell::OnceCell;
use std::time::Duration;

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
    ReadOnly {
        version: u32,
    },
    /// The stored document was unreadable; its raw text is kept under the quarantine key.
    Quarantined {
        reason: String,
    },
}

impl Status {
    /// What the learner should know, or `None` when all is normal.
    pub fn notice(&self) -> Option<String> {
        match self {
            Status::Saved => None,
            Status::MemoryOnly(e) => Some(e.message().to_string()),
            Status::ReadOnly { version } => {
                Some(format!("本地记录来自更新版本的学习台（第 {version} 版格式）：本页以只读方式显示，不会覆盖它。"))
            }
            Status::Quarantined { reason } => {
                Some(format!("本地记录中有无法读取的内容（{reason}）：原始内容已另存，未删除；其余记录照常使用。"))
            }
        }
    }
}

/// How an imported document joins what is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Import {
    Merge,
    Replace,
}

/// How a store tells the page's other modules (each has a store of its own) how saving goes:
/// a window event whose detail is a JSON `Report`.
pub const STATUS_EVENT: &str = "fencing-storage-status";

/// One module's saving status, as the event carries it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// Which module's store (see `crate::MODULE`).
    pub source: String,
    pub notice: Option<String>,
    pub quarantined: bool,
}

/// A module's store of its part of the progress document (see `part`): `Store` keeps all of
/// it, `ChapterStore` (the reading module) the chapters.
pub struct Store<D: Part = Progress> {
    progress: RwSignal<D>,
    status: RwSignal<Status>,
    /// Whether the browser keeps this site's data when space runs short (`None` until it said).
    pub persisted: RwSignal<Option<bool>>,
    /// Changes applied in memory and not yet written, and the timer that will write them.
    unsaved: StoredValue<(bool, Option<TimeoutHandle>)>,
    /// Whether the stored document has been read (in the browser, after hydration).
    loaded: RwSignal<bool>,
    /// Whether this page already asked the browser to keep the data.
    asked: StoredValue<bool>,
}

// Hand-written: the derive would ask `D` to be `Copy` too.
impl<D: Part> Clone for Store<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Part> Copy for Store<D> {}

pub type ChapterStore = Store<Chapters>;

thread_local! {
    static STORE: OnceCell<Store> = const { OnceCell::new() };
    static CHAPTERS: OnceCell<ChapterStore> = const { OnceCell::new() };
}

/// This tab's name in the drafts it writes (random per page load), so that a merge can tell
/// another tab's parallel draft from an older copy of its own.
#[cfg(target_arch = "wasm32")]
pub fn this_tab() -> &'static str {
    thread_local! {
        static TAB: &'static str = Box::leak(format!("{:x}", (js_sys::Math::random() * 2f64.powi(48)) as u64).into_boxed_str());
    }
    TAB.with(|t| *t)
}

/// The build-time renderer writes no drafts.
#[cfg(not(target_arch = "wasm32"))]
pub fn this_tab() -> &'static str {
    "render"
}

/// The module's store of the whole document. Islands hydrate separately and share no
/// context: a module's islands share this.
pub fn use_store() -> Store {
    STORE.with(|s| *s.get_or_init(Store::new))
}

/// The reading module's store: the chapters alone.
pub fn use_chapters() -> ChapterStore {
    CHAPTERS.with(|s| *s.get_or_init(Store::new))
}

impl<D: Part> Store<D> {
    /// An empty store, owned by a root of its own so no island's cleanup disposes it.
    fn new() -> Store<D> {
        // A new root becomes the current owner: the caller's is put back afterwards.
        let caller = Owner::current();
        let owner = Owner::new_root(None);
        let store = owner.with(|| Store {
            progress: RwSignal::new(D::default()),
            status: RwSignal::new(Status::Saved),
            persisted: RwSignal::new(None),
            unsaved: StoredValue::new((false, None)),
            loaded: RwSignal::new(false),
            asked: StoredValue::new(false),
        });
        std::mem::forget(owner);
        if let Some(caller) = caller {
            caller.set();
        }
        store
    }

    /// Read the stored document, once, and from then on follow other tabs and save on leave.
    /// Browser only: the page calls it when its islands are hydrated.
    pub fn load(&self) {
        if self.loaded.get_untracked() {
            return;
        }
        let (progress, status) = timed("fencing-store-load", || match D::load(&Local) {
            Err(e) => (D::default(), Status::MemoryOnly(e)),
            Ok(Found { progress, newer: Some(version), .. }) => (progress, Status::ReadOnly { version }),
            Ok(Found { progress, unreadable, .. }) if unreadable.is_empty() => (progress, Status::Saved),
            Ok(Found { progress, unreadable, .. }) => {
                // Keep the unreadable text aside before anything can overwrite it.
                // Each of the page's modules may find the same text: kept once, and what another
                // module kept stays.
                let mut kept = read_raw(QUARANTINE).ok().flatten().unwrap_or_default();
                for u in &unreadable {
                    if kept.contains(&u.raw) {
                        continue;
                    }
                    if !kept.is_empty() {
                        kept.push('\n');
                    }
                    kept.push_str(&u.raw);
                }
                let reason = unreadable.iter().map(|u| u.reason.as_str()).collect::<Vec<_>>().join("；");
                match local::write_raw(QUARANTINE, &kept) {
                    Err(e) => (progress, Status::MemoryOnly(e)),
                    Ok(()) => (progress, Status::Quarantined { reason }),
                }
            }
        });
        self.progress.set(progress);
        self.loaded.set(true);
        self.set_status(status);
        let store = *self;
        let namespace = local::key("");
        let _ = window_event_listener(leptos::ev::storage, move |ev| {
            if let (Some(key), Some(value)) = (ev.key(), ev.new_value()) {
                if let Some(name) = key.strip_prefix(&namespace) {
                    store.progress.update(|p| p.heard(name, &value));
                }
            }
        });
        // Closing or hiding the tab right after typing still saves what was typed.
        let _ = window_event_listener(leptos::ev::pagehide, move |_| store.flush());
        let _ = window_event_listener(leptos::ev::visibilitychange, move |_| {
            if document().hidden() {
                store.flush();
            }
        });
    }

    /// Whether the stored document has been read (views that act once on what is saved —
    /// the self-test's review order — wait for it).
    pub fn loaded(&self) -> ReadSignal<bool> {
        self.loaded.read_only()
    }

    /// Whether what the learner does is being kept.
    pub fn status(&self) -> ReadSignal<Status> {
        self.status.read_only()
    }

    /// Change the status, and tell the page's other modules.
    fn set_status(&self, status: Status) {
        let report = Report {
            source: crate::MODULE.to_string(),
            notice: status.notice(),
            quarantined: matches!(status, Status::Quarantined { .. }),
        };
        self.status.set(status);
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&serde_json::to_string(&report).unwrap_or_default().into());
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(STATUS_EVENT, &init) {
            let _ = window().dispatch_event(&event);
        }
    }

    /// The document as this tab knows it.
    pub fn progress(&self) -> ReadSignal<D> {
        self.progress.read_only()
    }

    /// Apply one of the learner's changes now; write it soon (a draft) or at once.
    pub fn apply(&self, change: Change) {
        self.load();
        let draft = change.is_draft();
        self.progress.update(|p| p.apply(change, crate::clock::now()));
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

    /// Re-read what other tabs saved (unless replacing), merge, change, write with read-back.
    fn save(&self, change: impl FnOnce(&mut D), merge_stored: bool) {
        timed("fencing-store-save", || self.save_now(change, merge_stored));
    }

    fn save_now(&self, change: impl FnOnce(&mut D), merge_stored: bool) {
        let writable = !matches!(self.status.get_untracked(), Status::ReadOnly { .. });
        let stored = self.progress.with_untracked(|mine| writable.then(|| D::stored(&Local, mine, merge_stored)));
        self.progress.update(|doc| {
            if let (Some(theirs), true) = (&stored, merge_stored) {
                doc.merge_stored(theirs);
            }
            change(doc);
        });
        let Some(stored) = stored else { return };
        match self.progress.with_untracked(|doc| doc.write(&mut Local, &stored)) {
            Ok(()) => {
                if matches!(self.status.get_untracked(), Status::MemoryOnly(_)) {
                    self.set_status(Status::Saved);
                }
            }
            Err(e) => self.set_status(Status::MemoryOnly(e)),
        }
    }

    /// The unreadable text kept aside when loading failed, if any.
    pub fn quarantined(&self) -> Option<String> {
        read_raw(QUARANTINE).ok().flatten()
    }

    /// Forget the quarantined text (after the learner exported or dismissed it).
    pub fn discard_quarantine(&self) {
        let _ = local::remove(QUARANTINE);
        if matches!(self.status.get_untracked(), Status::Quarantined { .. }) {
            self.set_status(Status::Saved);
        }
    }
}

/// What only the whole document's store does: the progress page's import, reset and asking
/// the browser to keep the data.
impl Store {
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

    /// Ask what the browser says now: does it keep this site's data even when space runs short?
    /// (`persisted` holds the answer.)
    pub fn read_persistence(&self) {
        let persisted = self.persisted;
        leptos::task::spawn_local(async move {
            let granted = match window().navigator().storage().persisted() {
                Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_bool()).unwrap_or(false),
                // No storage manager (an insecure origin, an old browser): best effort is all there is.
                Err(_) => false,
            };
            persisted.set(Some(granted));
        });
    }

    /// Ask the browser to keep this site's data (once): browsers may otherwise evict it.
    pub fn request_persistence(&self) {
        if self.persisted.get_untracked() == Some(true) || self.asked.get_value() {
            return;
        }
        self.asked.set_value(true);
        let persisted = self.persisted;
        leptos::task::spawn_local(async move {
            let manager = window().navigator().storage();
            if let Ok(promise) = manager.persist() {
                let granted = wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_bool());
                persisted.set(Some(granted.unwrap_or(false)));
            }
        });
    }
}

/// Run `f` as a User Timing measure named `name` (the browser's performance panel shows it;
/// tools/years-bench.mjs reads it).
fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let performance = window().performance();
    let start = format!("{name}-start");
    if let Some(p) = &performance {
        let _ = p.mark(&start);
    }
    let out = f();
    if let Some(p) = &performance {
        let _ = p.measure_with_start_mark(name, &start);
    }
    out
}
