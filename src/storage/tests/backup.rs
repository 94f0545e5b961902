//! The whole document: every earlier schema migrates, what cannot be read is told apart, and
//! a written document reads back the same.

use super::*;
use crate::record::chapters::ChapterState;
use crate::record::review::{Rating, DAY_MS};
use crate::record::study::QuestionState;
use crate::storage::backup::{parse, Backup};
use crate::storage::doc::{Loaded, VERSION};

fn loaded(raw: &str) -> Backup {
    match parse(Some(raw)) {
        Loaded::Ok(p) => p,
        other => panic!("must load: {other:?}"),
    }
}

#[test]
fn every_earlier_schema_migrates() {
    let (chapters, lab, study, _) = loaded(V1).split();
    assert!(chapters.chapters["timeline"].read_at.is_some());
    assert_eq!(chapters.chapter("timeline"), ChapterState::Read);
    assert_eq!(lab.runs_of("fencing/no-fence".parse().unwrap()), 2);
    assert!(study.questions.is_empty());
    let study = loaded(V2).split().2;
    assert_eq!(study.question("q2").level(), Some(Rating::Partial));
    assert_eq!(study.question("q1").state(), QuestionState::Recalling);
    // Everything answered before the questions were rewritten answered the first wording.
    assert_eq!(study.question("q2").attempts[0].wording, 1);
    assert_eq!(study.question("q1").current.wording, 1);
    let (_, lab, study, _) = loaded(V3).split();
    assert_eq!(study.question("q3").attempts.iter().map(|a| a.wording).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(lab.runs_of("fencing/precheck".parse().unwrap()), 1);
    // The schedule is what the ratings so far lead to: missed, then partial → box 1, due a
    // day after the last rating; a question never rated has none.
    let review = study.question("q3").review.expect("q3 was rated");
    assert_eq!((review.level, review.due), (1, 1764600300000.0 + DAY_MS));
    assert!(lab.predictions.is_empty());
    let p = loaded(V4);
    assert_eq!(p.version, VERSION, "an older document is written as this schema from now on");
    let (_, lab, study, _) = p.split();
    assert_eq!(study.question("q1").review.map(|r| r.level), Some(3));
    assert_eq!(lab.predictions.iter().filter(|x| x.hit).count(), 1);
    assert_eq!(study.question("q1").current.tab, "", "drafts from before v5 name no tab");
    assert_eq!(loaded(V5).split().2.question("q2").current.conflicts.len(), 1);
}

#[test]
fn empty_unreadable_and_newer_are_told_apart() {
    assert_eq!(parse(None), Loaded::Empty);
    let unreadable =
        |raw: &str| matches!(parse(Some(raw)), Loaded::Unreadable { raw: r, .. } if r == raw);
    assert!(unreadable("{oops"));
    assert!(unreadable("[1,2]"));
    assert!(unreadable(r#"{"version":0}"#));
    assert!(unreadable(r#"{"version":2,"chapters":{"intro":7}}"#));
    assert!(unreadable(r#"{"version":2,"chapters":{"intro":{"opened_at":-1}}}"#));
    assert!(unreadable(concat!(
        r#"{"version":2,"questions":{"q1":{"current":"#,
        r#"{"answer":"","revealed":true,"ticked":[99],"updated_at":1}}}}"#
    )));
    assert!(unreadable(
        r#"{"version":2,"runs":{"operations/split-authority":{"count":1,"last_at":1}}}"#
    ));
    let newer = parse(Some(r#"{"version":11,"chapters":{},"future":true}"#));
    assert!(matches!(newer, Loaded::Newer { version: 11, .. }));
}

#[test]
fn a_written_document_reads_back_the_same() {
    let p = loaded(V5);
    assert_eq!(parse(Some(&p.to_json())), Loaded::Ok(p.clone()));
    assert_eq!(parse(Some(&p.to_pretty_json())), Loaded::Ok(p.clone()));
    let (chapters, lab, study, recall) = p.clone().split();
    assert_eq!(Backup::compose(&chapters, &lab, &study, &recall), p);
}
