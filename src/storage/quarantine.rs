//! The quarantine: where unreadable texts are kept aside instead of deleted — once each,
//! whichever module or tab found them, under a name after the key they were found in.

use super::port::{Keys, StorageError};

/// Where the unreadable texts found under `key` are kept aside: a name after that key
/// (`chapters` → `quarantine.chapters`: a prefix, so that no owner's own prefix — `attempts.` —
/// takes it for one of its keys).
pub fn quarantine_key(key: &str) -> String {
    format!("{PREFIX}{key}")
}

const PREFIX: &str = "quarantine.";
/// Where every unreadable text went before 2026-12-04, whatever its key.
const OLD: &str = "progress.quarantine";

/// Keep `raw`, found unreadable under `key`, aside: added to what is kept under its name, on a
/// line of its own, unless that already holds it. The full name it is kept under (as the
/// browser's storage panel shows it).
pub fn keep(keys: &mut impl Keys, key: &str, raw: &str) -> Result<String, StorageError> {
    let name = quarantine_key(key);
    let before = keys.get(&name).ok().flatten();
    if before.as_ref().is_none_or(|text| !text.contains(raw)) {
        let mut text = before.unwrap_or_default();
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(raw);
        keys.set(&name, &text)?;
    }
    Ok(super::port::key(&name))
}

/// The keys holding unreadable texts kept aside (the old one among them, if present).
fn quarantine_keys(keys: &impl Keys) -> impl Iterator<Item = String> {
    keys.names(PREFIX).unwrap_or_default().into_iter().chain([OLD.to_string()])
}

/// An unreadable text kept aside: the key it was found in and the key it is kept under (both
/// without the namespace; `progress`, the old one-key document's, for the one place all went
/// to before), and the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub from: String,
    pub under: String,
    pub text: String,
}

/// Every unreadable text kept aside.
pub fn quarantined(keys: &impl Keys) -> Vec<Kept> {
    quarantine_keys(keys)
        .filter_map(|under| {
            let text = keys.get(&under).ok().flatten()?;
            let from = under.strip_prefix(PREFIX).unwrap_or(super::doc::LEGACY).to_string();
            Some(Kept { from, under, text })
        })
        .collect()
}

/// Forget every unreadable text kept aside (after the learner exported or dismissed them).
pub fn discard_quarantined(keys: &mut impl Keys) {
    for name in quarantine_keys(keys).collect::<Vec<_>>() {
        let _ = keys.remove(&name);
    }
}
