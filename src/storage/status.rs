//! What the learner is told about saving: one status per store, from what its keys held; and
//! the quarantine, where unreadable texts are kept aside (once, whichever module found them)
//! instead of deleted.

use super::doc::Loaded;
use super::port::{Keys, StorageError};

/// Unreadable texts, kept aside by whichever module found them (one key for all).
pub const QUARANTINE: &str = "progress.quarantine";

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
    /// A stored document was unreadable; its raw text is kept under the quarantine key.
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
            Status::ReadOnly { version, what } => {
                Some(format!("{what}中有更新版本学习台写入的内容（第 {version} 版格式），本页可能显示不全。本页不会改写它，对这部分的改动也不会保存，\
                              刷新或关闭本页后即丢失。"))
            }
            Status::Quarantined { reason } => {
                Some(format!("本地记录中有无法读取的内容——{reason}。原始内容已另存，未删除；其余记录照常使用。"))
            }
        }
    }

    /// What the keys of a part (`what`) held, as one status, and whether the part may be
    /// written: unreadable texts are kept aside in `keys` first (once each, whoever found
    /// them); if that fails, nothing is written over them.
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
        let unreadable: Vec<(String, String)> = found
            .into_iter()
            .filter_map(|l| {
                if let Loaded::Unreadable { reason, raw } = l {
                    Some((reason, raw))
                } else {
                    None
                }
            })
            .collect();
        if unreadable.is_empty() {
            return (Status::Saved, true);
        }
        let mut kept = quarantined(keys).unwrap_or_default();
        for (_, raw) in
            unreadable.iter().filter(|(_, raw)| !kept.contains(raw.as_str())).collect::<Vec<_>>()
        {
            if !kept.is_empty() {
                kept.push('\n');
            }
            kept.push_str(raw);
        }
        match keys.set(QUARANTINE, &kept) {
            Err(e) => (Status::MemoryOnly(e), false),
            Ok(()) => (
                Status::Quarantined {
                    reason: unreadable.into_iter().map(|(r, _)| r).collect::<Vec<_>>().join("；"),
                },
                true,
            ),
        }
    }
}

/// The unreadable text kept aside, if any.
pub fn quarantined(keys: &impl Keys) -> Option<String> {
    keys.get(QUARANTINE).ok().flatten()
}
