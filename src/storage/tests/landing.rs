//! What the landing reads from the self-test's drafts without the self-test's types.

use super::*;
use crate::record::review::Rating;
use crate::record::study::{Change, QuestionRecord, QuestionState, Study};
use crate::storage::landing::first_draft_in_progress as busy;
use crate::storage::layout::{Drafts, DRAFTS};

/// The landing asks the stored drafts which answer is in progress, as the self-test sees it: as
/// saved by a tab, typed or revealed is; rated (the draft cleared), never typed, only
/// whitespace, or only another tab's text kept aside is not; an answer that quotes the field
/// names does not fool it; of two, the first question's.
#[test]
fn the_raw_drafts_tell_an_answer_in_progress() {
    let drafts = |keys: &Memory| keys.get(DRAFTS).unwrap().unwrap_or_default();
    let first = |keys: &Memory| busy(&drafts(keys));
    let mut keys = Memory::default();
    let mut tab = Tab::<Study>::load(&keys).0;
    assert_eq!(first(&keys), None);
    tab.apply(&mut keys, Change::Draft { question: Q1, answer: "\"answer\":\"\"".into() }, 1.0);
    assert_eq!(first(&keys).as_deref(), Some("q1"), "typed");
    tab.apply(&mut keys, Change::Draft { question: Q1, answer: " \n\t　".into() }, 2.0);
    assert_eq!(first(&keys), None, "typed, then cleared to whitespace");
    tab.apply(&mut keys, Change::Reveal(Q1), 3.0);
    assert_eq!(first(&keys).as_deref(), Some("q1"), "the reference opened");
    tab.apply(&mut keys, Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 4.0);
    assert_eq!(first(&keys), None, "rated");
    answered(&mut tab, &mut keys, Q2, "写了 \"revealed\":true 的回答", 5.0);
    assert_eq!(first(&keys), None, "an answer quoting the fields, rated");
    let quoting = "\"q9\":{\"current\":{\"revealed\":true";
    tab.apply(&mut keys, Change::Draft { question: Q2, answer: quoting.into() }, 6.0);
    assert_eq!(first(&keys).as_deref(), Some("q2"), "typed, quoting the layout");
    tab.apply(&mut keys, Change::Reveal(Q1), 7.0);
    assert_eq!(first(&keys).as_deref(), Some("q1"), "of two, the first question's");
    let aside = r#"{"version":9,"questions":{"q3":{"current":{"answer":" ","revealed":false,
        "ticked":[],"updated_at":1,"conflicts":[{"answer":"另一个标签页的稿","at":2}]}}}}"#;
    assert_eq!(busy(aside), None, "only text kept aside");
    let kept: Drafts = serde_json::from_str(aside).unwrap();
    let record =
        QuestionRecord { current: kept.questions["q3"].current.clone(), ..Default::default() };
    assert_eq!(record.state(), QuestionState::NotStarted, "as the self-test sees it");
}
