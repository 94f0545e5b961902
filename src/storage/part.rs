//! A `Part` is one owner's record as it lies in its keys: which keys each change dirties, and
//! how they are read, joined and written (each key one document, `doc`).

use super::doc::{legacy, load, newer, theirs, write, Doc, Loaded, Seen};
use super::port::{Keys, StorageError};
use super::quarantine;
use crate::record::Record;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeSet;

/// Save `names` of a part: join what another tab wrote there first (`merge`), or, replacing
/// what is stored (an import, a reset), refuse where a newer app wrote; then write them. An
/// unreadable text found in joining is kept aside before it is written over, and returned.
pub fn save<P: Part>(
    part: &mut P,
    keys: &mut impl Keys,
    names: &BTreeSet<String>,
    merge: bool,
    seen: &mut Seen,
) -> Result<Vec<Loaded<()>>, StorageError> {
    let mut found = Vec::new();
    if merge {
        found = part.join(keys, names, seen)?;
    } else if let Some(version) = names.iter().find_map(|n| newer(keys, n)) {
        return Err(StorageError::Newer(version));
    }
    for l in &found {
        if let Loaded::Unreadable { raw, key, .. } = l {
            quarantine::keep(keys, key, raw)?;
        }
    }
    part.write(keys, names, !merge, seen)?;
    Ok(found)
}

/// One owner's record, and how it lies in its keys.
pub trait Part: Record + Send + Sync + 'static {
    /// Read every key it owns: all that could be read, and what each key held.
    fn load(keys: &impl Keys, seen: &mut Seen) -> Result<(Self, Vec<Loaded<()>>), StorageError>;
    /// The keys a change dirties: a save writes only those.
    fn dirties(change: &Self::Change) -> Vec<String>;
    /// Every key it holds now (an import or a reset writes them all).
    fn held(&self) -> BTreeSet<String>;
    /// Join what another tab wrote under `names` since this tab saw it; what each key held
    /// (an unreadable text among them is for the store to keep aside and say).
    fn join(
        &mut self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        seen: &mut Seen,
    ) -> Result<Vec<Loaded<()>>, StorageError>;
    /// Write the keys `names`; `prune` (a replacing import, a reset): also remove the keys it
    /// no longer holds.
    fn write(
        &self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        prune: bool,
        seen: &mut Seen,
    ) -> Result<(), StorageError>;
}

/// A part that is one document under one key, read also from an old one-key document.
pub trait OneKey: Record + Serialize + DeserializeOwned + Send + Sync + 'static {
    const KEY: &'static str;
}

/// A one-key part's document is its record, with the record's checks.
impl<T: OneKey> Doc for T {
    fn check(&self) -> Result<(), String> {
        Record::check(self)
    }
}

impl<T: OneKey> Part for T {
    fn load(keys: &impl Keys, seen: &mut Seen) -> Result<(Self, Vec<Loaded<()>>), StorageError> {
        let (mine, found) = load::<T>(keys, T::KEY, T::WHAT, seen)?.take();
        let (old, found_old) = legacy::<T>(keys, T::WHAT)?.take();
        let mut doc = mine.unwrap_or_default();
        if let Some(old) = old {
            doc.merge(&old);
        }
        Ok((doc, vec![found, found_old]))
    }

    fn dirties(_: &T::Change) -> Vec<String> {
        vec![T::KEY.into()]
    }

    fn held(&self) -> BTreeSet<String> {
        BTreeSet::from([T::KEY.into()])
    }

    fn join(
        &mut self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        seen: &mut Seen,
    ) -> Result<Vec<Loaded<()>>, StorageError> {
        if !names.contains(T::KEY) {
            return Ok(Vec::new());
        }
        let (theirs, found) = theirs::<T>(keys, T::KEY, T::WHAT, seen)?.take();
        if let Some(theirs) = theirs {
            self.merge(&theirs);
        }
        Ok(vec![found])
    }

    fn write(
        &self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        _: bool,
        seen: &mut Seen,
    ) -> Result<(), StorageError> {
        match names.contains(T::KEY) {
            true => write(keys, T::KEY, self, seen),
            false => Ok(()),
        }
    }
}
