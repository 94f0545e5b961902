//! The quarantine, through the port: unreadable texts kept aside once each, whoever found
//! them, and nothing written over them when they cannot be kept.

use super::super::doc::Loaded;
use super::super::status::{quarantined, Status, QUARANTINE};
use super::Memory;
use crate::storage::port::StorageError;

fn unreadable(reason: &str, raw: &str) -> Loaded<()> {
    Loaded::Unreadable { reason: reason.into(), raw: raw.into() }
}

#[test]
fn unreadable_texts_are_kept_aside_once_each_and_the_part_stays_writable() {
    let mut keys = Memory::default();
    let found =
        vec![Loaded::Ok(()), unreadable("阅读记录：坏", "{bad"), unreadable("另一把键：坏", "[1]")];
    let (status, writable) = Status::of(found, "阅读记录", &mut keys);
    assert_eq!(status, Status::Quarantined { reason: "阅读记录：坏；另一把键：坏".into() });
    assert!(writable);
    assert_eq!(quarantined(&keys).as_deref(), Some("{bad\n[1]"));
    // Another module finds one of them again: it is not kept twice.
    let (_, writable) = Status::of(vec![unreadable("阅读记录：坏", "{bad")], "阅读记录", &mut keys);
    assert!(writable);
    assert_eq!(keys.items[QUARANTINE], "{bad\n[1]");
}

#[test]
fn texts_that_cannot_be_kept_aside_are_not_written_over() {
    let mut keys = Memory { full: true, ..Memory::default() };
    let (status, writable) =
        Status::of(vec![unreadable("实验记录：坏", "{bad")], "实验记录", &mut keys);
    assert_eq!(status, Status::MemoryOnly(StorageError::Full));
    assert!(!writable);
    assert_eq!(quarantined(&keys), None);
}

#[test]
fn a_newer_document_makes_the_part_read_only_and_nothing_is_quarantined() {
    let mut keys = Memory::default();
    let found = vec![Loaded::Newer { version: 99, doc: () }, unreadable("实验记录：坏", "{bad")];
    let (status, writable) = Status::of(found, "实验记录", &mut keys);
    assert_eq!(status, Status::ReadOnly { version: 99, what: "实验记录" });
    assert!(!writable);
    assert_eq!(quarantined(&keys), None);
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
