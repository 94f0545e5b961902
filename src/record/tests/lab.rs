//! The lab's and the chapters' records: runs counted, predictions kept (the latest 500),
//! chapters opened then read, and two tabs' copies joined.

use crate::record::chapters::{ChapterProgress, ChapterState, Chapters};
use crate::record::lab::{Change as LabChange, Lab, MAX_PREDICTIONS};
use crate::record::prediction::Guess;
use crate::record::Record;
use fencing_model::Experiment;

#[test]
fn runs_count_predictions_keep_the_latest_500_and_chapters_are_opened_then_read() {
    let e: Experiment = "fencing/no-fence".parse().unwrap();
    let f: Experiment = "fencing/correct".parse().unwrap();
    let guess = Guess::Fencing { broken: vec![], last_writers: vec![] };
    let predict = |l: &mut Lab, experiment, at| {
        Record::apply(l, LabChange::Predict { experiment, guess: guess.clone(), hit: false }, at)
    };
    let (mut a, mut b) = (Lab::default(), Lab::default());
    predict(&mut a, e, 1.0);
    predict(&mut b, e, 1.0);
    predict(&mut b, f, 1.0);
    predict(&mut b, e, 2.0);
    Record::apply(&mut a, LabChange::Run(e), 1.0);
    Record::apply(&mut b, LabChange::Run(e), 2.0);
    Record::apply(&mut b, LabChange::Run(e), 3.0);
    Record::merge(&mut a, &b);
    let seen: Vec<_> = a.predictions.iter().map(|p| (p.experiment, p.at)).collect();
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(seen.contains(&(f, 1.0)) && seen.contains(&(e, 2.0)));
    assert_eq!(a.runs_of(e), 2, "counts only grow: the larger of the two");
    let mut many = Lab::default();
    for i in 0..MAX_PREDICTIONS + 20 {
        predict(&mut many, e, 10.0 + i as f64);
    }
    assert_eq!((many.predictions.len(), many.predictions[0].at), (MAX_PREDICTIONS, 30.0));
    let mut older = Lab::default();
    predict(&mut older, f, 0.5);
    Record::merge(&mut older, &many);
    assert_eq!((older.predictions.len(), older.predictions[0].at), (MAX_PREDICTIONS, 30.0));

    let mut c = Chapters::default();
    use crate::record::chapters::Change::{Finish, Open};
    Record::apply(&mut c, Open("lab"), 5.0);
    assert_eq!(c.chapter("lab"), ChapterState::Opened);
    for (change, at) in [(Finish("lab"), 6.0), (Finish("lab"), 9.0), (Open("lab"), 9.0)] {
        Record::apply(&mut c, change, at);
    }
    assert_eq!(c.chapters["lab"], ChapterProgress { opened_at: 5.0, read_at: Some(6.0) });
    let mut other = Chapters::default();
    other.chapters.insert("lab".into(), ChapterProgress { opened_at: 1.0, read_at: None });
    Record::merge(&mut c, &other);
    assert_eq!(c.chapters["lab"], ChapterProgress { opened_at: 1.0, read_at: Some(6.0) });
}

/// Reading goes on after the furthest chapter read; the gaps behind it are named apart, and a
/// chapter only opened does not move it.
#[test]
fn reading_goes_on_after_the_furthest_chapter_read() {
    use crate::content::TOC;
    use crate::record::chapters::Change::{Finish, Open};
    use crate::record::chapters::Onward;
    let mut c = Chapters::default();
    assert_eq!(c.onward(), Onward { next: Some(0), skipped: vec![] });
    for i in [0, 1, 3] {
        Record::apply(&mut c, Open(TOC[i].slug), 1.0);
        Record::apply(&mut c, Finish(TOC[i].slug), 2.0);
    }
    // Chapter 5 (index 4) after the furthest read; chapter 3 (index 2) skipped.
    assert_eq!(c.onward(), Onward { next: Some(4), skipped: vec![2] });
    // A chapter further on, only opened: the way on is the same.
    Record::apply(&mut c, Open(TOC[6].slug), 3.0);
    assert_eq!(c.onward(), Onward { next: Some(4), skipped: vec![2] });
    // Read, it moves the way on past it, and the chapters between are skipped.
    Record::apply(&mut c, Finish(TOC[6].slug), 3.0);
    assert_eq!(c.onward(), Onward { next: Some(7), skipped: vec![2, 4, 5] });
    for t in TOC {
        Record::apply(&mut c, Finish(t.slug), 4.0);
    }
    assert_eq!(c.onward(), Onward { next: None, skipped: vec![] });
}
