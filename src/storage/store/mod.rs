//! The browser side of storage: a store per part (`part::Part`), shared by a module's islands
//! and loaded once they are hydrated (so hydration sees exactly the prerendered, empty state:
//! what a stored record shows can never break it). A change made before then (a chapter
//! opened, text typed before the page was live) waits, and joins the stored record when it is
//! read (`Record::apply_unseen`). Then it applies the learner's changes in memory at once and
//! saves the keys they dirty (re-read, merge, write, read back) — typing in batches,
//! everything else immediately, and whatever is pending when the field loses focus or the
//! page is hidden or left. It follows other tabs
//! through the `storage` event and says plainly when saving fails.

use super::doc::{Loaded, Seen};
use super::part::{self, Part};
use super::port::{self, Local, StorageError};
use super::status::Status;
use crate::rooted::rooted;
use leptos::prelude::*;
use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::time::Duration;

mod whole;

/// Typing pauses this long before a draft is written.
const DRAFT_DELAY: Duration = Duration::from_millis(400);

/// How an imported document joins what is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Import {
    Merge,
    Replace,
}

pub struct Store<P: Part> {
    record: RwSignal<P>,
    status: RwSignal<Status>,
    /// The keys changed in memory and not yet written, and the timer that will write them.
    unsaved: StoredValue<(BTreeSet<String>, Option<TimeoutHandle>)>,
    seen: StoredValue<Seen>,
    /// Whether the stored documents have been read (in the browser, after hydration).
    loaded: RwSignal<bool>,
    /// The changes made before that, in order, with their times.
    early: StoredValue<Vec<(P::Change, f64)>, LocalStorage>,
    /// False when a newer app's document, or an unreadable text that could not be kept aside,
    /// is stored: then nothing is written.
    writable: StoredValue<bool>,
}

// Hand-written: the derive would ask `P` to be `Copy` too.
impl<P: Part> Clone for Store<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Part> Copy for Store<P> {}

thread_local! {
    /// Whether every island of the page is hydrated (`go_live`): only then are records read.
    static LIVE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static STORES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
    /// How to load each store an island asked for: a page reads only the parts it shows, and a
    /// part's loading code ships with the islands that show it (a lazy island's piece).
    static LOADS: RefCell<Vec<Rc<dyn Fn()>>> = const { RefCell::new(Vec::new()) };
    static STATUSES: RwSignal<Vec<RwSignal<Status>>> = rooted(|| RwSignal::new(Vec::new()));
}

/// This module's store of a part. Islands hydrate separately and share no context: a
/// module's islands share this.
pub fn use_store<P: Part>() -> Store<P> {
    STORES.with(|all| {
        if let Some(store) = all.borrow().iter().find_map(|s| s.downcast_ref::<Store<P>>()) {
            return *store;
        }
        let store = Store::<P>::new();
        all.borrow_mut().push(Box::new(store));
        LOADS.with(|loads| loads.borrow_mut().push(Rc::new(move || store.load())));
        // The store's own signal, rooted as it is (`status()` makes one owned by the caller).
        STATUSES.with(|s| s.update(|s| s.push(store.status)));
        store
    })
}

/// Every island of the page is hydrated: the stores its islands asked for read the stored
/// records now (and a store asked for later reads them when first used).
pub fn go_live() {
    LIVE.set(true);
    // One at a time, unborrowed: a load may ask for another store, which joins the list.
    let load = |i: usize| LOADS.with(|loads| loads.borrow().get(i).cloned());
    let mut i = 0;
    while let Some(next) = load(i) {
        next();
        i += 1;
    }
}

/// The status of every store this module keeps (the page's one module: the storage notice
/// says what any of them has to say).
pub fn statuses() -> Vec<Status> {
    STATUSES.with(|s| s.get()).iter().map(|s| s.get()).collect()
}

impl<P: Part> Store<P> {
    fn new() -> Store<P> {
        rooted(|| Store {
            record: RwSignal::new(P::default()),
            status: RwSignal::new(Status::Saved),
            unsaved: StoredValue::new((BTreeSet::new(), None)),
            seen: StoredValue::new(Seen::new()),
            loaded: RwSignal::new(false),
            early: StoredValue::new_local(Vec::new()),
            writable: StoredValue::new(true),
        })
    }

    /// Read the stored documents, once, and from then on follow other tabs and save on leave.
    /// Browser only: the page calls it when its islands are hydrated (before, it does
    /// nothing). The changes made before then join what was read, in order.
    pub fn load(&self) {
        if self.loaded.get_untracked() || !LIVE.get() {
            return;
        }
        let mut seen = Seen::new();
        let (mut record, (status, writable)) =
            timed("fencing-store-load", || match P::load(&Local, &mut seen) {
                Err(e) => {
                    // What was read before the error is not in memory: a save must read it again.
                    seen.clear();
                    (P::default(), (Status::MemoryOnly(e), true))
                }
                Ok((record, found)) => (record, Status::of(found, P::WHAT, &mut Local)),
            });
        self.seen.set_value(seen);
        self.writable.set_value(writable);
        let early = self.early.try_update_value(std::mem::take).unwrap_or_default();
        let mut dirty = BTreeSet::new();
        for (change, at) in early {
            dirty.extend(P::dirties(&change));
            record.apply_unseen(change, at);
        }
        self.record.set(record);
        self.loaded.set(true);
        self.status.set(status);
        self.unsaved.update_value(|(keys, _)| keys.extend(dirty));
        self.flush();
        let store = *self;
        let namespace = port::key("");
        let _ = window_event_listener(leptos::ev::storage, move |ev| {
            let Some(key) = ev.key() else { return };
            let Some(name) = key.strip_prefix(&namespace) else { return };
            if !store.writable.get_value() {
                return; // joining may move an old document, which writes
            }
            let names = BTreeSet::from([name.to_string()]);
            let mut result = Ok(Vec::new());
            store.seen.update_value(|seen| {
                store.record.update(|d| result = d.join(&mut Local, &names, seen))
            });
            store.settle(result, &names);
        });
        // Closing or hiding the tab right after typing still saves what was typed.
        let _ = window_event_listener(leptos::ev::pagehide, move |_| store.flush());
        let _ = window_event_listener(leptos::ev::visibilitychange, move |_| {
            if document().hidden() {
                store.flush();
            }
        });
    }

    /// Whether the stored documents have been read (views that act once on what is saved —
    /// the self-test's review order — wait for it).
    pub fn loaded(&self) -> ReadSignal<bool> {
        self.loaded.read_only()
    }

    /// Whether what the learner does is being kept.
    pub fn status(&self) -> ReadSignal<Status> {
        self.status.read_only()
    }

    /// The part as this tab knows it.
    pub fn record(&self) -> ReadSignal<P> {
        self.record.read_only()
    }

    /// Apply one of the learner's changes now, and write it at once.
    pub fn apply(&self, change: P::Change) {
        self.change(change, false);
    }

    /// Apply what the learner is typing now, and write it once typing pauses (typing produces
    /// many changes a second).
    pub fn typing(&self, change: P::Change) {
        self.change(change, true);
    }

    fn change(&self, change: P::Change, soon: bool) {
        self.load();
        if !self.loaded.get_untracked() {
            return self.early.update_value(|early| early.push((change, crate::clock::now())));
        }
        let dirty = P::dirties(&change);
        self.record.update(|d| d.apply(change, crate::clock::now()));
        self.unsaved.update_value(|(keys, _)| keys.extend(dirty));
        if soon {
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
        let dirty =
            self.unsaved.try_update_value(|(keys, _)| std::mem::take(keys)).unwrap_or_default();
        if !dirty.is_empty() {
            self.save(|_| {}, &dirty, true);
        }
    }

    fn cancel_timer(&self) {
        if let Some(handle) = self.unsaved.try_update_value(|(_, timer)| timer.take()).flatten() {
            handle.clear();
        }
    }

    /// Change the part, then write `names` (after joining what other tabs wrote, if `merge`).
    fn save(&self, change: impl FnOnce(&mut P), names: &BTreeSet<String>, merge: bool) {
        if !self.writable.get_value() {
            return self.record.update(change);
        }
        let result = timed("fencing-store-save", || {
            let mut seen = self.seen.get_value();
            let mut result = Ok(Vec::new());
            self.record.update(|record| {
                change(record);
                result = part::save(record, &mut Local, names, merge, &mut seen);
            });
            self.seen.set_value(seen);
            result
        });
        self.settle(result, names);
    }

    /// The status after a save (or a join) of `names`: keys that could not be written stay
    /// pending, so the next save writes them too. A text another tab (or program) wrote there
    /// unreadable since this tab read its keys is kept aside, and said, as one found on
    /// loading is; if it cannot be kept, nothing more is written.
    fn settle(&self, result: Result<Vec<Loaded<()>>, StorageError>, names: &BTreeSet<String>) {
        let later = match result {
            Ok(found) => {
                let (later, writable) = Status::of(found, P::WHAT, &mut Local);
                if !writable {
                    self.writable.set_value(false);
                }
                later
            }
            Err(StorageError::Newer(version)) => {
                self.writable.set_value(false);
                Status::ReadOnly { version, what: P::WHAT }
            }
            Err(e) => {
                self.unsaved.update_value(|(keys, _)| keys.extend(names.iter().cloned()));
                Status::MemoryOnly(e)
            }
        };
        let status = self.status.get_untracked().and(later);
        if status != self.status.get_untracked() {
            self.status.set(status);
        }
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
