//! Each part in its keys: a change writes only the keys it dirties, two tabs lose nothing, and
//! older layouts (one key; version 6's head and lists) move to the keys of their owners. What
//! cannot be read, or was written by a newer app, is in `unreadable`.

use super::*;
use crate::record::chapters::{Change as Reading, ChapterState, Chapters};
use crate::record::lab::Lab;
use crate::record::recall::Recall;
use crate::record::review::Rating;
use crate::record::study::{Change, Study};
use crate::storage::backup::{parse, Backup};
use crate::storage::doc::VERSION;
use crate::storage::layout::DRAFTS;
use std::collections::BTreeSet;

/// Forty long attempts over two questions, saved as a tab saves them.
pub(super) fn years() -> (Memory, Tab<Study>) {
    let mut keys = Memory::default();
    let mut tab = Tab::<Study>::load(&keys).0;
    for i in 0..40 {
        answered(
            &mut tab,
            &mut keys,
            if i % 2 == 0 { Q1 } else { Q2 },
            &"回答".repeat(200 + i),
            i as f64 * 1000.0,
        );
    }
    (keys, tab)
}

/// What every part loads from `keys`, as the whole document.
fn whole(keys: &Memory) -> Backup {
    let (c, l, s, r) = (
        Tab::<Chapters>::load(keys),
        Tab::<Lab>::load(keys),
        Tab::<Study>::load(keys),
        Tab::<Recall>::load(keys),
    );
    assert!(
        normal(&c.1) && normal(&l.1) && normal(&s.1) && normal(&r.1),
        "{:?} {:?} {:?} {:?}",
        c.1,
        l.1,
        s.1,
        r.1
    );
    Backup::compose(&c.0.doc, &l.0.doc, &s.0.doc, &r.0.doc)
}

#[test]
fn attempts_lie_apart_from_the_drafts_and_load_back_whole() {
    let (keys, tab) = years();
    assert_eq!(keys.names(), ["attempts.q1", "attempts.q2", DRAFTS, "progress"]);
    assert!(!keys.items[DRAFTS].contains("回答回答"), "{}", keys.items[DRAFTS]);
    assert_eq!(Tab::<Study>::load(&keys).0.doc, tab.doc);
}

#[test]
fn a_change_reads_and_writes_only_the_keys_it_dirties() {
    let (mut keys, mut tab) = years();
    keys.clear_counts();
    tab.apply(&mut keys, Change::Draft { question: Q1, answer: "又一次".into() }, 1e6);
    // The version mark is read too (an old tab may have written there), not written again.
    assert_eq!(
        (keys.reads.take(), keys.writes.clone()),
        (vec!["progress".to_string(), DRAFTS.to_string()], vec![DRAFTS.to_string()])
    );
    // A rating writes that question's list, and only it; unchanged since this tab wrote it,
    // the list is read but not parsed again.
    keys.clear_counts();
    tab.apply(&mut keys, Change::Reveal(Q1), 1e6);
    keys.writes.clear();
    tab.apply(&mut keys, Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 1e6);
    assert_eq!(keys.writes, ["attempts.q1", DRAFTS]);
    let mut reading = Tab::<Chapters>::load(&keys).0;
    keys.writes.clear();
    reading.apply(&mut keys, Reading::Open("lab"), 1e6);
    assert_eq!(keys.writes, ["chapters"]);
    assert_eq!(Tab::<Study>::load(&keys).0.doc, tab.doc);
}

#[test]
fn two_tabs_rating_at_once_keep_every_attempt_and_one_schedule() {
    let (mut keys, mut a) = years();
    let mut b = Tab::<Study>::load(&keys).0;
    answered(&mut a, &mut keys, Q1, "甲标签页", 5e6);
    // B has not heard of A's attempt: its save reads A's list because it changed.
    answered(&mut b, &mut keys, QuestionRef { tab: "tab-2", ..Q1 }, "乙标签页", 6e6);
    let stored = Tab::<Study>::load(&keys).0.doc;
    let q1 = &stored.questions["q1"];
    assert_eq!(q1.attempts.len(), 22);
    assert_eq!(
        q1.attempts.iter().rev().take(2).map(|x| x.answer.as_str()).collect::<Vec<_>>(),
        ["乙标签页", "甲标签页"]
    );
    assert_eq!(stored, b.doc);
}

#[test]
fn version_6_keys_move_to_their_owners_at_the_first_save_and_lose_nothing() {
    let before = match parse(Some(V5)) {
        Loaded::Ok(p) => p,
        other => panic!("{other:?}"),
    };
    for fixture in [KEYS_V6, &serde_json::json!({ "progress": V5 }).to_string()] {
        let mut keys = Memory::of(fixture);
        // Before the move, each module reads its fields of the old document.
        assert_eq!(whole(&keys), before);
        let mut reading = Tab::<Chapters>::load(&keys).0;
        reading.apply(&mut keys, Reading::Open("intro"), 1764900000000.0);
        assert_eq!(keys.writes, ["chapters"], "the reading module writes its key alone");
        let mut study = Tab::<Study>::load(&keys).0;
        study.apply(
            &mut keys,
            Change::Draft { question: Q1, answer: "迁移后".into() },
            1764900000001.0,
        );
        let expected: BTreeMap<String, String> = serde_json::from_str(KEYS_V10).unwrap();
        assert_eq!(keys.items, expected, "moved as the fixture of this version");
        assert_eq!(Tab::<Chapters>::load(&keys).0.doc.chapter("intro"), ChapterState::Opened);
    }
}

#[test]
fn an_old_tab_writing_its_document_again_loses_nothing() {
    // A tab of version 6 still open after the move writes its one-key document again, over the
    // version mark: the drafts of this version are in a key of their own and stay.
    let mut keys = Memory::of(KEYS_V7);
    let v7 = whole(&keys);
    let old: BTreeMap<String, String> = serde_json::from_str(KEYS_V6).unwrap();
    let written = old["progress"]
        .replace("乙：owner 防误删", "旧标签页的草稿")
        .replace(r#""lab":{"#, r#""u60":{"opened_at":1764900002000},"lab":{"#);
    keys.items.insert("progress".into(), written);
    let mut study = Tab::<Study>::load(&keys).0;
    study.save_all(&mut keys).unwrap();
    let after = whole(&keys);
    assert_eq!(keys.items["progress"], format!(r#"{{"version":{VERSION}}}"#));
    assert_eq!(after.questions["q1"].attempts, v7.questions["q1"].attempts);
    assert_eq!(after.questions["q1"].current.answer, "迁移后", "this version's draft stays");
    let q2 = &after.questions["q2"].current;
    assert!(
        q2.answer.contains("旧标签页")
            || q2.conflicts.iter().any(|c| c.answer.contains("旧标签页")),
        "{q2:?}"
    );
    assert!(
        after.chapters.contains_key("u60") && after.chapters.contains_key("intro"),
        "{:?}",
        after.chapters
    );
    assert_eq!(after.runs, v7.runs);
    assert_eq!(after.predictions, v7.predictions);
}

#[test]
fn a_second_move_keeps_what_the_keys_hold_and_a_newer_key_stops_it() {
    // This tab moved the old document (and saw what it wrote); an old tab writes a document
    // without runs again: the runs stay.
    let mut keys = Memory::of(KEYS_V6);
    let mut study = Tab::<Study>::load(&keys).0;
    study.apply(
        &mut keys,
        Change::Draft { question: Q1, answer: "第一次迁移".into() },
        1764900000001.0,
    );
    let runs = whole(&keys).runs;
    assert!(!runs.is_empty());
    let old = r#"{"version":6,"chapters":{"u60":{"opened_at":9.0}}}"#;
    keys.items.insert("progress".into(), old.into());
    study.apply(
        &mut keys,
        Change::Draft { question: Q1, answer: "第二次".into() },
        1764900000002.0,
    );
    // Moved again, the old document gives way to the version mark again: an old app opened
    // later stays read-only, and the next save has nothing to move.
    assert_eq!(keys.items["progress"], format!(r#"{{"version":{VERSION}}}"#));
    assert_eq!(Tab::<Lab>::load(&keys).0.doc.runs, runs);
    assert_eq!(Tab::<Chapters>::load(&keys).0.doc.chapter("u60"), ChapterState::Opened);
    // An owner's key written by a newer app stops the move before anything is written: the
    // old document stays for a later move.
    keys.items.insert("progress".into(), old.into());
    keys.items.insert("chapters".into(), r#"{"version":99,"chapters":{}}"#.into());
    study.doc.apply(Change::Draft { question: Q1, answer: "第三次".into() }, 1764900000003.0);
    let names = Study::dirties(&Change::Draft { question: Q1, answer: String::new() })
        .into_iter()
        .collect();
    assert_eq!(study.save(&mut keys, &names, true), Err(StorageError::Newer(99)));
    assert_eq!(
        (keys.items["progress"].as_str(), keys.items["chapters"].as_str()),
        (old, r#"{"version":99,"chapters":{}}"#)
    );
}

#[test]
fn what_another_tab_writes_is_joined_and_an_old_tab_moved_again() {
    let (mut keys, mut a) = years();
    let mut b = Tab::<Study>::load(&keys).0;
    let mut reading = Tab::<Chapters>::load(&keys).0;
    answered(&mut b, &mut keys, QuestionRef { tab: "tab-2", ..Q2 }, "乙标签页", 7e6);
    let mut other = Tab::<Chapters>::load(&keys).0;
    other.apply(&mut keys, Reading::Open("lab"), 7e6);
    // The storage event names the key another tab wrote: each store joins it.
    for name in ["attempts.q2", DRAFTS] {
        a.doc.join(&mut keys, &BTreeSet::from([name.to_string()]), &mut a.seen).unwrap();
    }
    reading
        .doc
        .join(&mut keys, &BTreeSet::from(["chapters".to_string()]), &mut reading.seen)
        .unwrap();
    assert_eq!(a.doc, b.doc);
    assert_eq!(reading.doc.chapter("lab"), ChapterState::Opened);
    // Joined, a key is not parsed again until another tab writes it.
    keys.clear_counts();
    let before = a.doc.clone();
    a.doc.join(&mut keys, &BTreeSet::from(["attempts.q2".to_string()]), &mut a.seen).unwrap();
    assert_eq!((a.doc.clone(), keys.writes.len()), (before, 0));
    // A tab of version 6 writing its one-key document again: joined, and moved to the keys.
    keys.items.insert(
        "progress".into(),
        r#"{"version":6,"chapters":{"u60":{"opened_at":9.0}},"questions":{}}"#.into(),
    );
    a.doc.join(&mut keys, &BTreeSet::from(["progress".to_string()]), &mut a.seen).unwrap();
    assert_eq!(Tab::<Chapters>::load(&keys).0.doc.chapter("u60"), ChapterState::Opened);
    assert_eq!(a.doc, b.doc, "the questions it did not hold are still here");
}

#[test]
fn challenges_solved_in_two_tabs_join_at_their_best_and_a_version_7_tab_cannot_drop_them() {
    use crate::record::lab::Change as Lab7;
    let mut keys = Memory::of(KEYS_V7);
    let (mut one, mut two) = (Tab::<Lab>::load(&keys).0, Tab::<Lab>::load(&keys).0);
    one.apply(
        &mut keys,
        Lab7::Solve { id: "no-fence".into(), steps: 9, hints: 0, fewest: Some(7) },
        1764900000000.0,
    );
    two.apply(
        &mut keys,
        Lab7::Solve { id: "no-fence".into(), steps: 7, hints: 0, fewest: Some(7) },
        1764900001000.0,
    );
    two.apply(
        &mut keys,
        Lab7::Solve { id: "stale-after-commit".into(), steps: 0, hints: 0, fewest: None },
        1764900002000.0,
    );
    let lab = Tab::<Lab>::load(&keys).0.doc;
    let best = &lab.challenges["no-fence"];
    assert_eq!(
        (best.steps, best.fewest, best.at),
        (7, Some(7), 1764900000000.0),
        "the fewest steps, first solved when either was"
    );
    assert!(lab.challenges.contains_key("stale-after-commit"));
    assert_eq!(lab.runs, whole(&Memory::of(KEYS_V7)).runs, "the runs stay");
    // An app of version 7 reads the lab's document as newer, which it never overwrites.
    assert!(
        keys.items["lab"].starts_with(&format!(r#"{{"version":{VERSION},"#)),
        "{}",
        keys.items["lab"]
    );
    let bad = keys.items["lab"].replace("1764900000000.0", "-1.0");
    assert!(matches!(
        crate::storage::doc::parse::<Lab>(&bad, "实验记录"),
        Loaded::Unreadable { reason, .. } if reason.contains("挑战 no-fence 的完成时间无效")
    ));
}
