//! The attempt in progress: two tabs typing the same answer, and text typed before the stored
//! draft was shown.

use super::*;
use crate::record::draft::Conflict;
use crate::record::review::Rating;
use crate::record::study::{Change, Study};
use crate::record::Record;

#[test]
fn two_tabs_typing_the_same_answer_keep_both_texts() {
    const T2: QuestionRef = QuestionRef { tab: "tab-2", ..Q1 };
    let draft = |question, answer: &str| Change::Draft { question, answer: answer.into() };
    let current = |p: &Study| p.questions["q1"].current.clone();
    // Both tabs type before either has seen the other's text.
    let (mut a, mut b) = (Study::default(), Study::default());
    a.apply(draft(Q1, "甲的回答"), 10.0);
    b.apply(draft(T2, "乙的回答"), 11.0);
    let (mut a_then_b, mut b_then_a) = (a.clone(), b.clone());
    a_then_b.merge(&b);
    b_then_a.merge(&a);
    assert_eq!(a_then_b, b_then_a, "both tabs end with the same document");
    assert_eq!(current(&a_then_b).answer, "乙的回答", "the later edit stays in the box");
    assert_eq!(current(&a_then_b).conflicts, [Conflict { answer: "甲的回答".into(), at: 10.0 }]);
    // Typed in the same millisecond: both tabs still pick the same text.
    let mut c = Study::default();
    c.apply(draft(T2, "丙的回答"), 10.0);
    let (mut a_then_c, mut c_then_a) = (a.clone(), c.clone());
    a_then_c.merge(&c);
    c_then_a.merge(&a);
    assert_eq!(a_then_c, c_then_a);
    assert_eq!(current(&a_then_c).conflicts.len(), 1);
    // The same text typed in both is no conflict, and a text already kept is kept once.
    let mut same = Study::default();
    same.apply(draft(T2, "甲的回答"), 12.0);
    same.merge(&a);
    assert!(current(&same).conflicts.is_empty());
    let mut again = a_then_b.clone();
    again.merge(&a);
    again.merge(&b_then_a);
    assert_eq!(current(&again).conflicts, current(&a_then_b).conflicts);
    // A tab that went on from the other's text holds it: an older copy is no conflict.
    let mut went_on = a.clone();
    went_on.apply(draft(T2, "甲的回答，乙补充"), 12.0);
    went_on.apply(draft(T2, "甲的回答，乙补充完"), 13.0);
    for (mut mine, theirs) in [(went_on.clone(), &a), (a.clone(), &went_on)] {
        mine.merge(theirs);
        assert_eq!(current(&mine).answer, "甲的回答，乙补充完");
        assert!(current(&mine).conflicts.is_empty());
    }
    // Picking the other draft swaps the two; dropping it removes it, and merging an older
    // stored copy does not bring it back.
    let mut p = a_then_b.clone();
    p.apply(Change::Resolve { question: Q1, index: 0, take: true }, 20.0);
    assert_eq!(current(&p).answer, "甲的回答");
    assert_eq!(current(&p).conflicts, [Conflict { answer: "乙的回答".into(), at: 20.0 }]);
    p.apply(Change::Resolve { question: Q1, index: 5, take: true }, 20.5);
    assert_eq!(current(&p).conflicts.len(), 1, "an index past the end changes nothing");
    p.apply(Change::Resolve { question: Q1, index: 0, take: false }, 21.0);
    assert!(current(&p).conflicts.is_empty());
    let resolved = p.clone();
    p.merge(&a_then_b);
    p.merge(&b);
    assert_eq!(p, resolved);
    // A parallel draft left unresolved is still offered after the attempt is rated, and the
    // rating tab's view of the other's draft stays its base.
    let mut open = a_then_b.clone();
    open.apply(Change::Reveal(Q1), 21.5);
    open.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 21.6);
    assert_eq!(current(&open).conflicts, current(&a_then_b).conflicts);
    let mut b_late = b.clone();
    b_late.merge(&open);
    assert_eq!(current(&b_late).answer, "");
    assert!(
        current(&b_late).conflicts.iter().all(|c| c.answer != "乙的回答"),
        "tab 2's draft was the one rated: no conflict"
    );
    // Rating starts the next attempt empty; the attempt it finished is no conflict either.
    p.apply(Change::Reveal(Q1), 22.0);
    p.apply(Change::Rate { question: Q1, rating: Rating::Partial, unsure: false }, 23.0);
    let mut stale = resolved.clone();
    stale.merge(&p);
    assert_eq!(current(&stale).answer, "");
    assert!(current(&stale).conflicts.is_empty());
    assert_eq!(stale.questions["q1"].attempts.len(), 1);
}

#[test]
fn text_typed_before_the_stored_draft_was_shown_replaces_nothing() {
    // An earlier page load (another tab name) saved a draft; this one typed before it was read.
    const EARLIER: QuestionRef = QuestionRef { tab: "tab-0", ..Q1 };
    let draft = |q, answer: &str| Change::Draft { question: q, answer: answer.into() };
    let mut stored = Study::default();
    stored.apply(draft(EARLIER, "已保存的草稿"), 1.0);
    let mut p = stored.clone();
    p.apply_unseen(draft(Q1, "页"), 5.0);
    p.apply_unseen(draft(Q1, "页面就绪前写的"), 6.0);
    let c = p.question("q1").current;
    assert_eq!(c.answer, "页面就绪前写的");
    assert_eq!(c.conflicts, vec![Conflict { answer: "已保存的草稿".into(), at: 1.0 }]);
    // Nothing stored, or the same text: nothing kept aside.
    let mut fresh = Study::default();
    fresh.apply_unseen(draft(Q1, "新写的"), 5.0);
    assert!(fresh.question("q1").current.conflicts.is_empty());
    // A stored answer already revealed keeps its place, and its ticks; the text typed waits.
    stored.apply(Change::Reveal(EARLIER), 2.0);
    stored.apply(Change::Tick { question: EARLIER, point: 1, on: true }, 3.0);
    stored.apply_unseen(draft(Q1, "另"), 4.0);
    stored.apply_unseen(draft(Q1, "另写的"), 5.0);
    let c = stored.question("q1").current;
    assert_eq!((c.answer.as_str(), c.revealed, c.ticked.clone()), ("已保存的草稿", true, vec![1]));
    assert_eq!(c.conflicts, vec![Conflict { answer: "另写的".into(), at: 5.0 }]);
    // Every other change applies as usual.
    let mut q = Study::default();
    q.apply_unseen(Change::Reveal(Q1), 1.0);
    assert!(q.question("q1").current.revealed);
}
