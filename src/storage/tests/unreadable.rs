//! What the storage layer cannot write over: a document written by a newer app (read-only,
//! and a save stops), what cannot be read (reported, the rest loads), a full store; and what
//! reset and replace remove.

use super::layout::years;
use super::*;
use crate::record::chapters::{ChapterState, Chapters};
use crate::record::lab::Lab;
use crate::record::review::Rating;
use crate::record::study::{Change, Study};
use crate::storage::layout::DRAFTS;
use std::collections::BTreeSet;

#[test]
fn a_newer_document_written_after_loading_stops_the_save() {
    let (mut keys, mut tab) = years();
    keys.items.insert("attempts.q1".into(), r#"{"version":11,"attempts":[]}"#.into());
    tab.doc.apply(Change::Reveal(Q1), 9e6);
    tab.doc.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 9e6);
    let names = BTreeSet::from(["attempts.q1".to_string(), DRAFTS.to_string()]);
    assert_eq!(tab.save(&mut keys, &names, true), Err(StorageError::Newer(11)));
    assert_eq!(keys.items["attempts.q1"], r#"{"version":11,"attempts":[]}"#);
    // Replacing (an import, a reset) reads nothing to join, and still writes over no newer key.
    assert_eq!(tab.save(&mut keys, &names, false), Err(StorageError::Newer(11)));
    keys.items.insert("attempts.q1".into(), r#"{"version":9,"attempts":[]}"#.into());
    assert!(tab.save(&mut keys, &names, false).is_ok());
    // A newer app's version mark, written after loading, stops the drafts' save too.
    keys.items.insert("progress".into(), r#"{"version":99}"#.into());
    tab.doc.apply(Change::Draft { question: Q1, answer: "新版本之后".into() }, 9e6);
    assert_eq!(
        tab.save(&mut keys, &BTreeSet::from(["progress".to_string(), DRAFTS.to_string()]), true),
        Err(StorageError::Newer(99))
    );
    assert!(!keys.items[DRAFTS].contains("新版本之后"));
}

#[test]
fn an_older_app_finds_a_newer_version_where_it_looks() {
    // Apps of version 6 and before read the version here, see a newer one and stay read-only.
    assert_eq!(Memory::of(KEYS_V7).items["progress"], r#"{"version":7}"#);
}

#[test]
fn a_newer_document_is_read_only_and_an_unreadable_one_reported() {
    let mut keys = Memory::of(KEYS_V7);
    keys.items.insert(
        "chapters".into(),
        r#"{"version":99,"chapters":{"lab":{"opened_at":1}},"more":1}"#.into(),
    );
    let (c, found) = Tab::<Chapters>::load(&keys);
    assert_eq!(
        (found[0].clone(), c.doc.chapter("lab")),
        (Loaded::Newer { version: 99, doc: () }, ChapterState::Opened)
    );
    keys.items.insert("lab".into(), r#"{"version":99,"runs":"a new shape"}"#.into());
    assert_eq!(Tab::<Lab>::load(&keys).1[0], Loaded::Newer { version: 99, doc: () });
    for (raw, reason) in [
        ("{oops", "阅读记录：不是有效的 JSON"),
        ("[1,2]", "阅读记录：不是一个 JSON 对象"),
        (r#"{"chapters":{}}"#, "阅读记录：缺少有效的 version 字段"),
        (r#"{"version":7,"chapters":{"intro":7}}"#, "阅读记录：不符合第 7 版格式（invalid type"),
        (
            r#"{"version":7,"chapters":{"intro":{"opened_at":-1}}}"#,
            "阅读记录：章节 intro 的记录时间无效",
        ),
    ] {
        keys.items.insert("chapters".into(), raw.into());
        let found = Tab::<Chapters>::load(&keys).1;
        assert!(
            matches!(
                &found[0],
                Loaded::Unreadable { reason: r, raw: kept, .. }
                    if r.starts_with(reason) && kept == raw
            ),
            "{found:?}"
        );
    }
    // A stored lab document passes the record's value checks too.
    keys.items.insert(
        "lab".into(),
        r#"{"version":7,"runs":{"fencing/correct":{"count":1,"last_at":-1}}}"#.into(),
    );
    let found = Tab::<Lab>::load(&keys).1;
    assert!(
        matches!(
            &found[0],
            Loaded::Unreadable { reason, .. } if reason == "实验记录：实验 fencing/correct 的运行时间无效"
        ),
        "{found:?}"
    );
}

#[test]
fn an_unreadable_list_is_reported_and_the_rest_loads() {
    let (mut keys, tab) = years();
    keys.items.insert("attempts.q2".into(), r#"{"version":7,"attempts":[{"answer":7}]}"#.into());
    let (loaded, found) = Tab::<Study>::load(&keys);
    assert_eq!(loaded.doc.questions["q1"].attempts, tab.doc.questions["q1"].attempts);
    assert!(loaded.doc.questions["q2"].attempts.is_empty());
    let reasons: Vec<&str> = found
        .iter()
        .filter_map(|l| {
            if let Loaded::Unreadable { reason, .. } = l {
                Some(reason.as_str())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(reasons.len(), 1);
    assert!(
        reasons[0].starts_with(
            "题目 q2 的历次作答：不符合第 7 版格式（invalid type: integer `7`, expected a string"
        ),
        "{reasons:?}"
    );
    // Checked as the record's own attempts and drafts are.
    keys.items.insert(
        "attempts.q2".into(),
        r#"{"version":7,"attempts":[{"answer":"x","ticked":[99],"rating":"full","at":1}]}"#.into(),
    );
    keys.items.insert(
        DRAFTS.into(),
        concat!(
            r#"{"version":7,"questions":{"q1":{"current":"#,
            r#"{"answer":"","revealed":true,"ticked":[],"updated_at":-5}}}}"#
        )
        .into(),
    );
    let reasons: Vec<String> = Tab::<Study>::load(&keys)
        .1
        .into_iter()
        .filter_map(|l| if let Loaded::Unreadable { reason, .. } = l { Some(reason) } else { None })
        .collect();
    assert_eq!(reasons, ["自测草稿：题目 q1 的时间无效", "题目 q2 的历次作答：评分点编号无效"]);
    // Version 6's lists likewise: a list of the old layout that cannot be read, or fails the
    // checks, is reported; the other questions keep their attempts.
    let mut keys = Memory::of(KEYS_V6);
    keys.items.insert(
        "progress.attempts.q2".into(),
        r#"[{"answer":"x","ticked":[99],"rating":"full","at":1}]"#.into(),
    );
    let (loaded, found) = Tab::<Study>::load(&keys);
    assert_eq!(loaded.doc.questions["q1"].attempts.len(), 2);
    assert!(found.iter().any(|l| matches!(
        l,
        Loaded::Unreadable { reason, .. } if reason == "题目 q2 的历次作答：评分点编号无效"
    )));
    // The move drops the lists it read and leaves that one where it is.
    let mut tab = Tab::<Study>::load(&keys).0;
    tab.save_all(&mut keys).unwrap();
    assert_eq!(
        keys.names().iter().filter(|n| n.starts_with("progress.attempts.")).collect::<Vec<_>>(),
        [&"progress.attempts.q2"]
    );
}

#[test]
fn reset_and_replace_remove_lists_no_question_holds() {
    let (mut keys, mut tab) = years();
    keys.items.insert("progress.attempts.q3".into(), "[]".into());
    tab.doc = Study::default();
    tab.save(&mut keys, &Study::default().held(), false).unwrap();
    assert_eq!(keys.names(), [DRAFTS, "progress"]);
    assert_eq!(Tab::<Study>::load(&keys).0.doc, Study::default());
}

#[test]
fn a_full_store_says_so() {
    let (mut keys, mut tab) = years();
    keys.full = true;
    assert_eq!(tab.save_all(&mut keys), Err(StorageError::Full));
}
