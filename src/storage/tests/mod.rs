//! The storage layer natively: each part in its keys, the move from older layouts, two tabs,
//! imports, and fuzzed documents. Storage is a map (`Memory`); a tab is a part in memory with
//! what it last saw (`Tab`), saved as the browser's store saves it.

mod backup;
mod fuzz;
mod landing;
mod layout;
mod quarantine;
mod refused;
mod transfer;
mod unreadable;

use super::doc::{Loaded, Seen};
use super::part::Part;
use super::port::{Keys, StorageError};
pub use crate::record::study::QuestionRef;
pub use crate::record::{Millis, Record};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

pub const V1: &str = include_str!("../fixtures/progress-v1.json");
pub const V2: &str = include_str!("../fixtures/progress-v2.json");
pub const V3: &str = include_str!("../fixtures/progress-v3.json");
pub const V4: &str = include_str!("../fixtures/progress-v4.json");
pub const V5: &str = include_str!("../fixtures/progress-v5.json");
/// Version 6 as the app stored it: a set of keys (the head, each question's attempt list).
pub const KEYS_V6: &str = include_str!("../fixtures/keys-v6.json");
/// The same learner's data as version 7 stored it.
pub const KEYS_V7: &str = include_str!("../fixtures/keys-v7.json");
/// … and as this version stores it (the lab's document gains the challenges solved).
pub const KEYS_V10: &str = include_str!("../fixtures/keys-v10.json");

pub use crate::record::tests::{Q1, Q2};

/// localStorage in memory, counting reads and writes per name; `full` refuses writes.
#[derive(Default)]
pub struct Memory {
    pub items: BTreeMap<String, String>,
    pub reads: RefCell<Vec<String>>,
    pub writes: Vec<String>,
    pub full: bool,
}

impl Memory {
    /// Storage holding a fixture's keys.
    pub fn of(fixture: &str) -> Memory {
        Memory { items: serde_json::from_str(fixture).unwrap(), ..Memory::default() }
    }

    pub fn names(&self) -> Vec<&str> {
        self.items.keys().map(String::as_str).collect()
    }

    pub fn clear_counts(&mut self) {
        self.reads.borrow_mut().clear();
        self.writes.clear();
    }
}

impl Keys for Memory {
    fn get(&self, name: &str) -> Result<Option<String>, StorageError> {
        self.reads.borrow_mut().push(name.to_string());
        Ok(self.items.get(name).cloned())
    }
    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        if self.full {
            return Err(StorageError::Full);
        }
        self.writes.push(name.to_string());
        self.items.insert(name.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, name: &str) -> Result<(), StorageError> {
        self.items.remove(name);
        Ok(())
    }
    fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        Ok(self.items.keys().filter(|k| k.starts_with(prefix)).cloned().collect())
    }
}

/// One module's store of a part in one tab, as `store::Store` drives it.
pub struct Tab<P: Part> {
    pub doc: P,
    pub seen: Seen,
}

impl<P: Part> Tab<P> {
    pub fn load(keys: &Memory) -> (Tab<P>, Vec<Loaded<()>>) {
        let mut seen = Seen::new();
        let (doc, found) = P::load(keys, &mut seen).unwrap();
        (Tab { doc, seen }, found)
    }

    /// A change, saved at once (re-read the keys it dirties, merge, write).
    pub fn apply(&mut self, keys: &mut Memory, change: P::Change, at: Millis) {
        let names: BTreeSet<String> = P::dirties(&change).into_iter().collect();
        self.doc.apply(change, at);
        self.save(keys, &names, true).unwrap();
    }

    /// Write `names` as the store does: joined with what another tab wrote there (`merge`),
    /// or replacing what is stored.
    pub fn save(
        &mut self,
        keys: &mut Memory,
        names: &BTreeSet<String>,
        merge: bool,
    ) -> Result<Vec<Loaded<()>>, StorageError> {
        crate::storage::part::save(&mut self.doc, keys, names, merge, &mut self.seen)
    }

    /// Write every key the part holds, joined with what is stored.
    pub fn save_all(&mut self, keys: &mut Memory) -> Result<Vec<Loaded<()>>, StorageError> {
        let names = self.doc.held();
        self.save(keys, &names, true)
    }
}

/// Only what the keys held, when all is normal: no newer and nothing unreadable.
pub fn normal(found: &[Loaded<()>]) -> bool {
    found.iter().all(|l| matches!(l, Loaded::Empty | Loaded::Ok(())))
}

/// A question answered, revealed and rated 部分答出 at `at`, as a tab saves it.
pub fn answered(
    tab: &mut Tab<crate::record::study::Study>,
    keys: &mut Memory,
    q: QuestionRef,
    answer: &str,
    at: f64,
) {
    use crate::record::review::Rating;
    use crate::record::study::Change;
    tab.apply(keys, Change::Draft { question: q, answer: answer.into() }, at);
    tab.apply(keys, Change::Reveal(q), at);
    tab.apply(keys, Change::Rate { question: q, rating: Rating::Partial, unsure: false }, at);
}
