//! One key, one document. Each key this app writes holds one complete serde document with its
//! schema `version`, read and written only through these functions (the quarantine aside, which
//! keeps unreadable texts as they were found); what reading a key found is one `Loaded`.

use super::port::{Keys, StorageError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The schema every key is written at. Versions 1–6 kept the whole document in one key
/// (`LEGACY`); 7 gives each owner its keys; 8 adds the challenges solved to the lab's (a
/// tab of 7 would drop them when it saves: to it the lab's document is newer, never
/// overwritten); 9 adds the unsure mark to attempts and the follow-ups' answers (`recall`, a
/// key of its own), which a tab of 8 would drop; 10 adds the hints a challenge was solved with
/// (a tab of 9 would drop them). Newer documents are never overwritten.
pub const VERSION: u32 = 10;

/// Where versions 1–6 kept everything (6: all but the finished attempts). Apps of those
/// versions look for the version here: it holds only the version now (`{"version":10}`), so
/// such an app stays read-only, and a tab of one still open that writes its document there
/// overwrites nothing of this version's. Until the study module moves an old document to the
/// keys of its owners, each module reads its own fields of it (`legacy`).
pub const LEGACY: &str = "progress";

/// A stored document: a serde type, written with the schema `version` beside its fields.
pub trait Doc: Serialize + DeserializeOwned + Default {
    /// Value checks serde cannot express: a stored document that fails them is unreadable.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// What reading one key found.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded<T> {
    Empty,
    Ok(T),
    /// Written by a newer app: shown as far as understood, never overwritten.
    Newer {
        version: u32,
        doc: T,
    },
    /// Not JSON, or not this document: kept aside by the store (its bytes as they were, under
    /// a name after `key`, the key it was read from), never deleted silently.
    Unreadable {
        reason: String,
        raw: String,
        key: String,
    },
}

impl<T> Loaded<T> {
    /// The document, if one could be read, and what else the key held (for the status).
    pub fn take(self) -> (Option<T>, Loaded<()>) {
        match self {
            Loaded::Empty => (None, Loaded::Empty),
            Loaded::Ok(doc) => (Some(doc), Loaded::Ok(())),
            Loaded::Newer { version, doc } => (Some(doc), Loaded::Newer { version, doc: () }),
            Loaded::Unreadable { reason, raw, key } => {
                (None, Loaded::Unreadable { reason, raw, key })
            }
        }
    }

    /// The same, read from the key `name`.
    pub fn from_key(self, name: &str) -> Self {
        match self {
            Loaded::Unreadable { reason, raw, .. } => {
                Loaded::Unreadable { reason, raw, key: name.to_string() }
            }
            other => other,
        }
    }
}

#[derive(Deserialize)]
struct Probe {
    version: Option<serde_json::Value>,
}

#[derive(Serialize)]
struct Versioned<'a, T> {
    version: u32,
    #[serde(flatten)]
    doc: &'a T,
}

/// A stored text's schema version (0: none), or why it is not a JSON object.
fn version(raw: &str) -> Result<u64, String> {
    let not_json = |e: serde_json::Error| format!("不是有效的 JSON（{e}）");
    // serde reads a struct from a JSON array too: tell an array (or any non-object) apart first.
    if !raw.trim_start().starts_with('{') {
        return Err(serde_json::from_str::<serde::de::IgnoredAny>(raw)
            .map_or_else(not_json, |_| "不是一个 JSON 对象".into()));
    }
    let probe = serde_json::from_str::<Probe>(raw).map_err(not_json)?;
    Ok(probe.version.and_then(|v| v.as_u64()).unwrap_or(0))
}

/// Read a document's text; `what` names it in a reason a learner reads.
pub fn parse<T: Doc>(raw: &str, what: &str) -> Loaded<T> {
    let unreadable = |why: String| Loaded::Unreadable {
        reason: format!("{what}：{why}"),
        raw: raw.to_string(),
        key: String::new(),
    };
    let version = match version(raw) {
        Ok(0) => return unreadable("缺少有效的 version 字段".into()),
        Ok(v) => u32::try_from(v).unwrap_or(u32::MAX),
        Err(why) => return unreadable(why),
    };
    match serde_json::from_str::<T>(raw) {
        Ok(doc) if version > VERSION => Loaded::Newer { version, doc },
        // A newer app may have changed the shape: then nothing of it is shown, and it stays.
        Err(_) if version > VERSION => Loaded::Newer { version, doc: T::default() },
        Err(e) => unreadable(format!("不符合第 {version} 版格式（{e}）")),
        Ok(doc) => match doc.check() {
            Ok(()) => Loaded::Ok(doc),
            Err(e) => unreadable(e),
        },
    }
}

/// The version of a newer app's document under `name`, if one is there.
pub fn newer(keys: &impl Keys, name: &str) -> Option<u32> {
    let v = version(&keys.get(name).ok().flatten()?).ok()?;
    (v > u64::from(VERSION)).then(|| u32::try_from(v).unwrap_or(u32::MAX))
}

/// Whether a stored text is a document of the one-key layout (versions 1–6).
pub fn is_legacy(raw: &str) -> bool {
    version(raw).is_ok_and(|v| (1..=6).contains(&v))
}

/// What this tab last read from or wrote to each key: a save re-reads a key and parses it only
/// when another tab has written it since.
pub type Seen = BTreeMap<String, String>;

/// The document under `name`.
pub fn load<T: Doc>(
    keys: &impl Keys,
    name: &str,
    what: &str,
    seen: &mut Seen,
) -> Result<Loaded<T>, StorageError> {
    let Some(raw) = keys.get(name)? else { return Ok(Loaded::Empty) };
    let loaded = parse(&raw, what).from_key(name);
    if matches!(loaded, Loaded::Ok(_)) {
        seen.insert(name.to_string(), raw);
    }
    Ok(loaded)
}

/// What another tab wrote under `name` since this tab last saw it (`Empty`: nothing new).
/// A readable document is seen from now on; an unreadable text is said, for the save to keep
/// aside before it writes over it. A newer app's document stops the save: never written over.
pub fn theirs<T: Doc>(
    keys: &impl Keys,
    name: &str,
    what: &str,
    seen: &mut Seen,
) -> Result<Loaded<T>, StorageError> {
    let Some(raw) = keys.get(name)?.filter(|raw| seen.get(name) != Some(raw)) else {
        return Ok(Loaded::Empty);
    };
    match parse(&raw, what).from_key(name) {
        Loaded::Newer { version, .. } => Err(StorageError::Newer(version)),
        Loaded::Ok(doc) => {
            seen.insert(name.to_string(), raw);
            Ok(Loaded::Ok(doc))
        }
        other => Ok(other),
    }
}

pub fn write<T: Doc>(
    keys: &mut impl Keys,
    name: &str,
    doc: &T,
    seen: &mut Seen,
) -> Result<(), StorageError> {
    let text = serde_json::to_string(&Versioned { version: VERSION, doc })
        .map_err(|_| StorageError::Unavailable)?;
    keys.set(name, &text)?;
    seen.insert(name.to_string(), text);
    Ok(())
}

/// This document's fields of an old one-key document (they kept their names), if one is
/// stored under `LEGACY`.
pub fn legacy<T: Doc>(keys: &impl Keys, what: &str) -> Result<Loaded<T>, StorageError> {
    Ok(match keys.get(LEGACY)? {
        Some(raw) if is_legacy(&raw) => parse(&raw, what).from_key(LEGACY),
        _ => Loaded::Empty,
    })
}
