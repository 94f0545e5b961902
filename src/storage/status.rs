//! What the learner is told about saving: one status per store, from what its keys held; and
//! the quarantine, where unreadable texts are kept aside (once, whichever module found them)
//! instead of deleted.

use super::doc::Loaded;
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

/// Whether what the learner does is being kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Saved,
    /// Storage refuses: everything lives in this tab's memory only.
    MemoryOnly(StorageError),
    /// A newer app wrote a stored document of this part (`what`): shown, never overwritten.
    ReadOnly {
        version: u32,
        what: &'static str,
    },
    /// A stored document was unreadable; its raw text is kept under the quarantine keys
    /// `kept` (full names, as the browser's storage panel shows them).
    Quarantined {
        reason: String,
        kept: Vec<String>,
    },
}

impl Status {
    /// What the learner should know, or `None` when all is normal.
    pub fn notice(&self) -> Option<String> {
        match self {
            Status::Saved => None,
            Status::MemoryOnly(e) => Some(e.message().to_string()),
            Status::ReadOnly { version, what } => {
                Some(format!("{what}中有更新版本学习台写入的内容（第 {version} 版格式），本页可能显示不全。本页不会改写它，对这部分的改动也不会保存，\
                              刷新或关闭本页后即丢失。"))
            }
            Status::Quarantined { reason, kept } => Some(format!(
                "本地记录中有无法读取的内容——{reason}。原始内容已原样另存到 {}；读不出的这一项从空白重新记录，其余记录照常使用。",
                kept.join("、")
            )),
        }
    }

    /// What the keys of a part (`what`) held, as one status, and whether the part may be
    /// written: unreadable texts are kept aside in `keys` first (once each, whoever found
    /// them, under a name after the key they were found in); if that fails, nothing is
    /// written over them.
    pub(super) fn of(
        found: Vec<Loaded<()>>,
        what: &'static str,
        keys: &mut impl Keys,
    ) -> (Status, bool) {
        if let Some(version) = found.iter().find_map(|l| {
            if let Loaded::Newer { version, .. } = l {
                Some(*version)
            } else {
                None
            }
        }) {
            return (Status::ReadOnly { version, what }, false);
        }
        let mut reasons = Vec::new();
        let mut kept = Vec::new();
        for l in found {
            let Loaded::Unreadable { reason, raw, key } = l else { continue };
            let name = quarantine_key(&key);
            let before = keys.get(&name).ok().flatten();
            if before.as_ref().is_none_or(|text| !text.contains(raw.as_str())) {
                let mut text = before.unwrap_or_default();
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&raw);
                if let Err(e) = keys.set(&name, &text) {
                    return (Status::MemoryOnly(e), false);
                }
            }
            reasons.push(reason);
            let full = super::port::key(&name);
            if !kept.contains(&full) {
                kept.push(full);
            }
        }
        if reasons.is_empty() {
            return (Status::Saved, true);
        }
        (Status::Quarantined { reason: reasons.join("；"), kept }, true)
    }
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
