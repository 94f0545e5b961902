//! The quarantine, through the port: unreadable texts kept aside once each, whoever found
//! them, under a name after the key they came from, and nothing written over them when they
//! cannot be kept.

use super::super::doc::Loaded;
use super::super::quarantine::{discard_quarantined, quarantine_key, quarantined};
use super::super::status::Status;
use super::Memory;
use crate::storage::port::StorageError;

/// What is kept, as (the key it came from, the text).
fn kept_texts(keys: &Memory) -> Vec<(String, String)> {
    quarantined(keys).into_iter().map(|k| (k.from, k.text)).collect()
}

fn unreadable(key: &str, reason: &str, raw: &str) -> Loaded<()> {
    Loaded::Unreadable { reason: reason.into(), raw: raw.into(), key: key.into() }
}

#[test]
fn unreadable_texts_are_kept_aside_once_each_by_key_and_the_part_stays_writable() {
    let mut keys = Memory::default();
    let found = vec![
        Loaded::Ok(()),
        unreadable("chapters", "阅读记录：坏", "{bad"),
        unreadable("drafts", "另一把键：坏", "[1]"),
    ];
    let (status, writable) = Status::of(found, "阅读记录", &mut keys);
    let kept = vec![
        "fencing-study.quarantine.chapters".to_string(),
        "fencing-study.quarantine.drafts".to_string(),
    ];
    assert_eq!(
        status,
        Status::Quarantined {
            reasons: vec!["阅读记录：坏".into(), "另一把键：坏".into()], kept
        }
    );
    assert!(status.notice().unwrap().contains("另存到 fencing-study.quarantine.chapters、"));
    assert!(writable);
    assert_eq!(
        kept_texts(&keys),
        vec![("chapters".into(), "{bad".into()), ("drafts".into(), "[1]".into())]
    );
    // Another module finds one of them again: it is not kept twice.
    let again = vec![unreadable("chapters", "阅读记录：坏", "{bad")];
    let (_, writable) = Status::of(again, "阅读记录", &mut keys);
    assert!(writable);
    assert_eq!(keys.items["quarantine.chapters"], "{bad");
    // A different damage of the same key joins what was kept, on a line of its own.
    Status::of(vec![unreadable("chapters", "阅读记录：坏", "[]")], "阅读记录", &mut keys);
    assert_eq!(keys.items["quarantine.chapters"], "{bad\n[]");
    discard_quarantined(&mut keys);
    assert!(quarantined(&keys).is_empty());
}

#[test]
fn an_empty_text_is_kept_too_and_the_old_quarantine_is_still_found() {
    let mut keys = Memory::default();
    keys.items.insert("progress.quarantine".into(), "{old".into());
    Status::of(vec![unreadable("lab", "实验记录：坏", "")], "实验记录", &mut keys);
    assert_eq!(keys.items[&quarantine_key("lab")], "");
    assert_eq!(
        kept_texts(&keys),
        vec![("lab".into(), String::new()), ("progress".into(), "{old".into())]
    );
    assert_eq!(quarantined(&keys)[1].under, "progress.quarantine");
}

#[test]
fn texts_that_cannot_be_kept_aside_are_not_written_over() {
    let mut keys = Memory { full: true, ..Memory::default() };
    let (status, writable) =
        Status::of(vec![unreadable("lab", "实验记录：坏", "{bad")], "实验记录", &mut keys);
    assert_eq!(status, Status::MemoryOnly(StorageError::Full));
    assert!(!writable);
    assert!(quarantined(&keys).is_empty());
}

#[test]
fn a_newer_document_makes_the_part_read_only_and_nothing_is_quarantined() {
    let mut keys = Memory::default();
    let found =
        vec![Loaded::Newer { version: 99, doc: () }, unreadable("lab", "实验记录：坏", "{bad")];
    let (status, writable) = Status::of(found, "实验记录", &mut keys);
    assert_eq!(status, Status::ReadOnly { version: 99, what: "实验记录" });
    assert!(!writable);
    assert!(quarantined(&keys).is_empty());
}

#[test]
fn nothing_unreadable_is_saved_as_it_is() {
    let mut keys = Memory::default();
    assert_eq!(
        Status::of(vec![Loaded::Ok(()), Loaded::Empty], "自测记录", &mut keys),
        (Status::Saved, true)
    );
    assert!(keys.items.is_empty());
}

#[test]
fn an_unreadable_text_written_after_loading_is_kept_aside_before_a_save_writes_over_it() {
    use super::Tab;
    use crate::record::chapters::{Change, Chapters};
    use crate::record::study::{self, Study};
    use crate::record::Record;
    use crate::storage::layout::DRAFTS;
    use std::collections::BTreeSet;
    let mut keys = Memory::default();
    let (mut chapters, _) = Tab::<Chapters>::load(&keys);
    let (mut study, _) = Tab::<Study>::load(&keys);
    // Another tab, or another program, writes texts this app cannot read.
    keys.items.insert("chapters".into(), "{truncated".into());
    keys.items.insert(DRAFTS.into(), "[]".into());
    chapters.doc.apply(Change::Open("intro"), 1e6);
    let found = chapters.save(&mut keys, &BTreeSet::from(["chapters".to_string()]), true).unwrap();
    study.doc.apply(study::Change::Draft { question: super::Q1, answer: "写下".into() }, 1e6);
    let drafts = study.save(&mut keys, &BTreeSet::from([DRAFTS.to_string()]), true).unwrap();
    // Both are kept, as they were, and said; the saves wrote their records.
    assert_eq!(keys.items[&quarantine_key("chapters")], "{truncated");
    assert_eq!(keys.items[&quarantine_key(DRAFTS)], "[]");
    assert!(keys.items["chapters"].contains("intro") && keys.items[DRAFTS].contains("写下"));
    let (status, writable) = Status::of(found, "阅读记录", &mut keys);
    assert!(writable && matches!(&status, Status::Quarantined { kept, .. } if kept.len() == 1));
    // Said beside what the part said before, once each.
    let (later, _) = Status::of(drafts, "自测记录", &mut keys);
    let both = status.clone().and(later.clone()).and(later);
    let Status::Quarantined { reasons, kept } = both else { panic!("{both:?}") };
    assert_eq!((reasons.len(), kept.len()), (2, 2), "{reasons:?}");
    assert_eq!(
        status.and(Status::Saved),
        Status::Quarantined { reasons: vec![reasons[0].clone()], kept: vec![kept[0].clone()] }
    );
}
