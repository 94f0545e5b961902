//! The self-test's record: recall → reveal → rate, limits, and two tabs' copies joined (the
//! lab's and the chapters' records: `lab`).

use super::*;
use crate::record::chapters::{ChapterProgress, Chapters};
use crate::record::draft::{Conflict, Current, MAX_ANSWER, MAX_CONFLICTS, MAX_POINTS};
use crate::record::lab::{Lab, Prediction, MAX_PREDICTIONS};
use crate::record::prediction::Guess;
use crate::record::review::{Rating, Review};
use crate::record::study::{Attempt, Change, QuestionRecord, QuestionState, Study};
use crate::record::Record;

#[test]
fn a_question_goes_from_recall_to_reveal_to_rated_and_keeps_history() {
    let mut p = Study::default();
    let draft = |answer: &str| Change::Draft { question: Q1, answer: answer.into() };
    assert_eq!(p.question("q1").state(), QuestionState::NotStarted);
    p.apply(draft("owner 防误删"), 1.0);
    assert_eq!(p.question("q1").state(), QuestionState::Recalling);
    // Points cannot be ticked, nor the attempt rated, before the reference is shown.
    p.apply(Change::Tick { question: Q1, point: 0, on: true }, 2.0);
    p.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 2.0);
    assert_eq!((p.question("q1").current.ticked.len(), p.question("q1").attempts.len()), (0, 0));
    p.apply(Change::Reveal(Q1), 3.0);
    for point in [2, 0, 2] {
        p.apply(Change::Tick { question: Q1, point, on: true }, 4.0);
    }
    assert_eq!(p.question("q1").state(), QuestionState::Revealed);
    assert_eq!(p.question("q1").current.ticked, vec![0, 2]);
    p.apply(Change::Rate { question: Q1, rating: Rating::Partial, unsure: false }, 10.0);
    assert_eq!(
        (p.question("q1").state(), p.question("q1").level()),
        (QuestionState::Rated, Some(Rating::Partial))
    );
    p.apply(draft("second try"), 11.0);
    p.apply(Change::Reveal(Q1), 12.0);
    p.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 20.0);
    let q = p.question("q1");
    assert_eq!(
        q.attempts
            .iter()
            .map(|a| (a.answer.as_str(), a.ticked.len(), a.rating, a.wording))
            .collect::<Vec<_>>(),
        [("owner 防误删", 2, Rating::Partial, 2), ("second try", 0, Rating::Full, 2)]
    );
    assert_eq!(q.level(), Some(Rating::Full));
}

#[test]
fn merge_keeps_every_attempt_once_and_the_schedule_they_lead_to() {
    let attempt = |answer: &str, at| Attempt {
        answer: answer.into(),
        ticked: vec![],
        rating: Rating::Full,
        at,
        wording: 2,
        unsure: false,
    };
    let (mut a, mut b) = (Study::default(), Study::default());
    a.questions.entry("q1".into()).or_default().attempts =
        vec![attempt("一", 1.0), attempt("二", 2.0)];
    // Same time, other text; same text, other time: four different attempts.
    b.questions.entry("q1".into()).or_default().attempts =
        vec![attempt("一", 1.0), attempt("三", 2.0), attempt("一", 3.0)];
    a.merge(&b);
    let answers: Vec<_> =
        a.questions["q1"].attempts.iter().map(|x| (x.answer.as_str(), x.at)).collect();
    assert_eq!(answers, [("一", 1.0), ("二", 2.0), ("三", 2.0), ("一", 3.0)]);
    assert_eq!(
        a.questions["q1"].review,
        Review::replay(a.questions["q1"].attempts.iter().map(|x| (x.scheduled(), x.at)))
    );
    // The draft of either tab, the attempts of both.
    let mut a = Study::default();
    a.questions.entry("q1".into()).or_default().current =
        Current { answer: "tab A".into(), updated_at: 5.0, ..Default::default() };
    let mut b = Study::default();
    b.questions.entry("q2".into()).or_default().current =
        Current { answer: "tab B".into(), updated_at: 6.0, ..Default::default() };
    b.apply(Change::Reveal(Q1), 0.5);
    b.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure: false }, 1.0);
    a.merge(&b);
    assert_eq!(
        (a.questions["q1"].current.answer.as_str(), a.questions["q1"].attempts.len()),
        ("tab A", 1)
    );
    assert_eq!(a.questions["q2"].current.answer, "tab B");
    let once = a.clone();
    a.merge(&b);
    assert_eq!(a, once, "merging twice changes nothing more");
}

#[test]
fn limits_hold_at_their_edge_and_every_time_is_checked() {
    let with = |edit: &dyn Fn(&mut QuestionRecord)| {
        let mut s = Study::default();
        edit(s.questions.entry("q1".into()).or_default());
        s.check()
    };
    assert_eq!(with(&|q| q.current.answer = "字".repeat(MAX_ANSWER)), Ok(()));
    assert!(with(&|q| q.current.answer = "字".repeat(MAX_ANSWER + 1)).is_err());
    let conflict = |at| Conflict { answer: "x".into(), at };
    assert_eq!(with(&|q| q.current.conflicts = vec![conflict(1.0); MAX_CONFLICTS]), Ok(()));
    assert!(with(&|q| q.current.conflicts = vec![conflict(1.0); MAX_CONFLICTS + 1]).is_err());
    assert!(with(&|q| q.current.conflicts = vec![conflict(-1.0)]).is_err());
    assert!(with(&|q| q.current.updated_at = f64::NAN).is_err());
    assert!(with(&|q| q.attempts = vec![Attempt {
        answer: String::new(),
        ticked: vec![],
        rating: Rating::Full,
        at: -1.0,
        wording: 2,
        unsure: false
    }])
    .is_err());
    assert_eq!(with(&|q| q.current.ticked = vec![MAX_POINTS - 1]), Ok(()));
    assert!(with(&|q| q.current.ticked = vec![MAX_POINTS]).is_err());
    assert_eq!(with(&|q| q.review = Some(Review { level: 6, due: 1.0 })), Ok(()));
    assert!(with(&|q| q.review = Some(Review { level: 7, due: 1.0 })).is_err());
    assert!(with(&|q| q.review = Some(Review { level: 1, due: f64::INFINITY })).is_err());
    let prediction = Prediction {
        experiment: "fencing/correct".parse().unwrap(),
        guess: Guess::Fencing { broken: vec![], last_writers: vec![] },
        hit: true,
        at: 1.0,
    };
    let mut lab = Lab { predictions: vec![prediction.clone(); MAX_PREDICTIONS], ..Lab::default() };
    assert_eq!(lab.check(), Ok(()));
    lab.predictions.push(prediction);
    assert!(lab.check().is_err());
    lab.predictions.truncate(1);
    lab.predictions[0].at = -1.0;
    assert!(lab.check().unwrap_err().contains("predictions[0]"));
    let mut c = Chapters::default();
    c.chapters.insert("intro".into(), ChapterProgress { opened_at: -1.0, read_at: None });
    assert_eq!(c.check(), Err("章节 intro 的记录时间无效".into()));
}

#[test]
fn an_unsure_answer_keeps_its_rating_and_comes_back_as_partial_would() {
    let rate = |unsure| {
        let mut p = Study::default();
        p.apply(Change::Reveal(Q1), 1.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure }, 2.0);
        p.apply(Change::Reveal(Q1), 3.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Full, unsure }, 4.0);
        p.question("q1")
    };
    let (sure, unsure) = (rate(false), rate(true));
    assert_eq!(
        (sure.level(), unsure.level()),
        (Some(Rating::Full), Some(Rating::Full)),
        "the rating stays the learner's"
    );
    let partial = Review::replay([(Rating::Partial, 2.0), (Rating::Partial, 4.0)]);
    assert_eq!(
        (sure.review.unwrap().level, unsure.review),
        (3, partial),
        "unsure: scheduled as 部分答出 would be"
    );
    assert!(unsure.attempts.iter().all(|a| a.unsure));
}

#[test]
fn follow_up_answers_are_all_kept_each_once_and_checked() {
    use crate::record::recall::{Change as Write, Recall, Written, MAX_WRITTEN};
    let write =
        |card: &str, answer: &str| Write::Write { card: card.into(), answer: answer.into() };
    let mut a = Recall::default();
    a.apply(write("follow-ups-b0", "两个操作域"), 2.0);
    a.apply(write("follow-ups-b0", "   "), 3.0);
    let mut b = a.clone();
    b.apply(write("follow-ups-b0", "owner 与 fence"), 1.0);
    b.apply(write("follow-ups-b2", "业务键"), 4.0);
    a.merge(&b);
    a.merge(&b);
    let answers: Vec<_> = a.cards["follow-ups-b0"].iter().map(|w| w.answer.as_str()).collect();
    assert_eq!(
        answers,
        ["owner 与 fence", "两个操作域"],
        "oldest first, a blank answer not kept, each once"
    );
    assert_eq!(a.cards["follow-ups-b2"].len(), 1);
    assert!(a.check().is_ok());
    let mut bad = a.clone();
    bad.cards.get_mut("follow-ups-b2").unwrap()[0].at = f64::NAN;
    assert!(bad.check().unwrap_err().contains("时间无效"));
    let mut many = Recall::default();
    for i in 0..=MAX_WRITTEN {
        many.apply(write("follow-ups-b1", "再写一次"), i as f64);
    }
    let kept = &many.cards["follow-ups-b1"];
    assert_eq!(
        (kept.len(), kept[0].at),
        (MAX_WRITTEN, 1.0),
        "the latest 50 kept, the oldest dropped"
    );
    assert!(many.check().is_ok());
    many.cards.get_mut("follow-ups-b1").unwrap().push(Written { answer: "x".into(), at: 99.0 });
    assert!(many.check().unwrap_err().contains("50"), "a stored list beyond the cap is not ours");
}
