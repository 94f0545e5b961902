//! Import: the checks a file must pass, and the preview of what it would change.

use super::*;
use crate::record::lab::{Change as Run, Lab};
use crate::record::prediction::Guess;
use crate::record::review::Rating;
use crate::record::study::{Change, QuestionRef, Study};
use crate::storage::backup::Backup;
use crate::storage::transfer::{preview, read_import, MAX_IMPORT_BYTES};
use fencing_model::Experiment;

fn e(s: &str) -> Experiment {
    s.parse().unwrap()
}

/// A document from what a learner did: lab changes, then self-test changes, each at its time.
fn doc(lab: &[(Run, Millis)], study: &[(Change, Millis)]) -> Backup {
    let (mut l, mut s) = (Lab::default(), Study::default());
    for (c, at) in lab {
        crate::record::Record::apply(&mut l, c.clone(), *at);
    }
    for (c, at) in study {
        s.apply(c.clone(), *at);
    }
    Backup::compose(&Default::default(), &l, &s, &Default::default())
}

fn rated(q: QuestionRef, rating: Rating, at: Millis) -> [(Change, Millis); 2] {
    [(Change::Reveal(q), at), (Change::Rate { question: q, rating, unsure: false }, at)]
}

#[test]
fn export_then_import_is_the_identity() {
    let guess = Guess::Fencing {
        broken: vec![fencing_model::Property::RevokedGenerationOverwrite],
        last_writers: vec!['A', 'A', 'B'],
    };
    let mut study =
        vec![(Change::Draft { question: Q1, answer: "<img src=x onerror=alert(1)>".into() }, 6.0)];
    study.extend(rated(Q1, Rating::Partial, 9.0));
    let p = doc(
        &[
            (Run::Run(e("fencing/no-fence")), 5.0),
            (Run::Predict { experiment: e("fencing/no-fence"), guess, hit: true }, 5.5),
        ],
        &study,
    );
    // The schedule and the predictions travel with the file.
    assert!(p.questions["q1"].review.is_some() && p.predictions.len() == 1);
    let text = p.to_pretty_json();
    assert_eq!(read_import(&text, text.len()), Ok(p));
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    assert!(read_import("{}", 2).unwrap_err().contains("version"));
    assert!(read_import("hello", 5).unwrap_err().contains("JSON"));
    assert!(read_import(r#"{"version":99}"#, 14).unwrap_err().contains("更新版本"));
    assert!(read_import("{}", MAX_IMPORT_BYTES + 1).unwrap_err().contains("超过 32 MB 上限"));
    assert!(
        !read_import("{}", MAX_IMPORT_BYTES).unwrap_err().contains("上限"),
        "the cap itself is accepted"
    );
    let long = format!(
        concat!(
            r#"{{"version":2,"questions":{{"q1":{{"current":"#,
            r#"{{"answer":"{}","revealed":false,"ticked":[],"updated_at":1}}}}}}}}"#
        ),
        "x".repeat(20_001)
    );
    assert!(read_import(&long, long.len()).unwrap_err().contains("超过"));
}

/// A wrong value is named by its field's path in serde's words, with no line and column: in a
/// migrated document those would count in a text the learner never saw.
#[test]
fn a_wrong_value_is_named_by_its_path() {
    for version in [9, 5] {
        let text =
            format!(r#"{{"version":{version},"chapters":{{"intro":{{"opened_at":"yes"}}}}}}"#);
        let why = read_import(&text, text.len()).unwrap_err();
        assert!(why.contains("chapters.intro.opened_at 处有误：invalid type: string"), "{why}");
        assert!(!why.contains(" at line "), "{why}");
    }
}

#[test]
fn preview_counts_what_merge_adds_and_replace_drops() {
    let here = doc(&[], &rated(Q1, Rating::Full, 1.0));
    let mut file = doc(&[], &rated(Q2, Rating::Missed, 2.0));
    file.chapters.insert("lab".into(), Default::default());
    let p = preview(&here, &file);
    assert_eq!((p.chapters_new, p.attempts_new, p.attempts_lost_on_replace), (1, 1, 1));
}

#[test]
fn preview_counts_newer_different_drafts_new_runs_and_new_predictions() {
    let guess = Guess::Fencing { broken: vec![], last_writers: vec![] };
    let predict =
        |x: &str, at| (Run::Predict { experiment: e(x), guess: guess.clone(), hit: true }, at);
    let draft = |q, answer: &str, at| (Change::Draft { question: q, answer: answer.into() }, at);
    let here = doc(
        &[(Run::Run(e("fencing/correct")), 1.0), predict("fencing/correct", 1.0)],
        &[draft(Q1, "同样的草稿", 5.0), draft(Q2, "这里的草稿", 5.0)],
    );
    let q3 = QuestionRef { id: "q3", ..Q1 };
    let file = doc(
        &[
            (Run::Run(e("fencing/correct")), 2.0),
            (Run::Run(e("operations/correct")), 2.0),
            predict("fencing/correct", 1.0),  // the same prediction
            predict("fencing/no-fence", 1.0), // same time, other experiment
            predict("fencing/correct", 3.0),  // same experiment, other time
        ],
        // Newer but the same text: no change; newer and different; a question not here at all.
        &[
            draft(Q1, "同样的草稿", 9.0),
            draft(Q2, "文件里的草稿", 9.0),
            draft(q3, "只在文件里", 2.0),
        ],
    );
    let p = preview(&here, &file);
    assert_eq!((p.drafts_changed, p.runs_new, p.predictions_new), (2, 1, 2));
    // Importing what is already here adds nothing.
    let same = preview(&file, &file);
    assert_eq!(
        (
            same.chapters_new,
            same.attempts_new,
            same.drafts_changed,
            same.runs_new,
            same.predictions_new
        ),
        (0, 0, 0, 0, 0)
    );
    // An older draft in the file changes nothing here.
    assert_eq!(preview(&here, &doc(&[], &[draft(Q2, "更早的草稿", 1.0)])).drafts_changed, 0);
}
