//! What the learner is told about saving: one status per store, from what its keys held.

use super::doc::Loaded;
use super::port::{Keys, StorageError};
use super::quarantine;

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
        reasons: Vec<String>,
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
            Status::Quarantined { reasons, kept } => Some(format!(
                "本地记录中有无法读取的内容——{}。原始内容已原样另存到 {}；读不出的项改用本页现有的记录（打开页面时就读不出的，从空白开始），其余记录照常使用。",
                reasons.join("；"),
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
            match quarantine::keep(keys, &key, &raw) {
                Ok(name) => add(&mut kept, name),
                Err(e) => return (Status::MemoryOnly(e), false),
            }
            add(&mut reasons, reason);
        }
        if reasons.is_empty() {
            return (Status::Saved, true);
        }
        (Status::Quarantined { reasons, kept }, true)
    }

    /// This status, told what a later read or save found (`later`, from `of`): texts found
    /// unreadable since join those already said; otherwise the later status holds.
    pub fn and(self, later: Status) -> Status {
        match (self, later) {
            (
                Status::Quarantined { mut reasons, mut kept },
                Status::Quarantined { reasons: r, kept: k },
            ) => {
                r.into_iter().for_each(|r| add(&mut reasons, r));
                k.into_iter().for_each(|k| add(&mut kept, k));
                Status::Quarantined { reasons, kept }
            }
            (now @ Status::Quarantined { .. }, Status::Saved) => now,
            (_, later) => later,
        }
    }
}

fn add(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}
