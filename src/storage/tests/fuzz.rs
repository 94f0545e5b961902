//! Fuzzed documents, natively: any document the app can write re-imports to the same document
//! (an import is a pure function of the file: the page changes nothing before it succeeds),
//! and, written in its storage layout, loads back with every attempt, also when a second tab
//! saves over it. The documents' generators are here; the files refused are in `refused`.

use super::{Memory, Tab};
use crate::record::chapters::{ChapterProgress, Chapters};
use crate::record::draft::{Conflict, Current, DraftId, MAX_CONFLICTS};
use crate::record::lab::{Lab, Prediction, RunRecord, Solved};
use crate::record::prediction::Guess;
use crate::record::recall::{Recall, Written};
use crate::record::review::{Rating, Review};
use crate::record::study::{Attempt, QuestionRecord, Study};
use crate::record::Millis;
use crate::storage::backup::Backup;
use crate::storage::part::Part;
use crate::storage::transfer::read_import;
use fencing_model::{Experiment, OpOutcome, Property};
use proptest::prelude::*;
use proptest::sample::select;

const SLUGS: [&str; 4] = ["intro", "timeline", "lab", "no-such-chapter"];
const QUESTIONS: [&str; 5] = ["q1", "q2", "q3", "q4", "q9"];

fn time() -> impl Strategy<Value = Millis> {
    prop_oneof![(0u64..1 << 53).prop_map(|t| t as f64), (0.0..2e12f64)]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[a-z 防误删提交处的fence，。\n\"\\\\]{0,80}"]
}

fn current() -> impl Strategy<Value = Current> {
    let conflicts = prop::collection::vec(
        (text(), time()).prop_map(|(answer, at)| Conflict { answer, at }),
        0..=MAX_CONFLICTS,
    );
    let base =
        prop::option::of(("[0-9a-f]{0,8}", time()).prop_map(|(tab, at)| DraftId { tab, at }));
    (
        text(),
        any::<bool>(),
        prop::collection::vec(0usize..16, 0..5),
        time(),
        0u32..4,
        "[0-9a-f]{0,8}",
        base,
        conflicts,
    )
        .prop_map(|(answer, revealed, ticked, updated_at, wording, tab, base, conflicts)| {
            Current { answer, revealed, ticked, updated_at, wording, tab, base, conflicts }
        })
}

fn attempt() -> impl Strategy<Value = Attempt> {
    (
        text(),
        prop::collection::vec(0usize..16, 0..5),
        select(&Rating::ALL[..]),
        time(),
        0u32..4,
        any::<bool>(),
    )
        .prop_map(|(answer, ticked, rating, at, wording, unsure)| Attempt {
            answer,
            ticked,
            rating,
            at,
            wording,
            unsure,
        })
}

fn guess() -> impl Strategy<Value = Guess> {
    let outcomes =
        [OpOutcome::Applied, OpOutcome::Duplicate, OpOutcome::Conflict, OpOutcome::Stale];
    prop_oneof![
        (
            prop::sample::subsequence(Property::ALL.to_vec(), 0..=2),
            prop::collection::vec(select(vec!['A', 'B']), 0..11)
        )
            .prop_map(|(broken, last_writers)| Guess::Fencing { broken, last_writers }),
        prop::collection::vec(select(outcomes.to_vec()), 0..6)
            .prop_map(|outcomes| Guess::Operations { outcomes }),
    ]
}

/// Any document the app can write: every field, within the limits `Backup::check` sets.
/// (A schedule is what the ratings lead to: `in_order` makes it so.)
pub(super) fn progress() -> impl Strategy<Value = Backup> {
    let experiments = Experiment::all();
    let chapters = prop::collection::btree_map(
        select(&SLUGS[..]).prop_map(String::from),
        (time(), prop::option::of(time()))
            .prop_map(|(opened_at, read_at)| ChapterProgress { opened_at, read_at }),
        0..4,
    );
    let runs = prop::collection::btree_map(
        select(experiments.clone()),
        (any::<u32>(), time()).prop_map(|(count, last_at)| RunRecord { count, last_at }),
        0..4,
    );
    let review = prop::option::of((1u8..=6, time()).prop_map(|(level, due)| Review { level, due }));
    let record = (current(), prop::collection::vec(attempt(), 0..4), review)
        .prop_map(|(current, attempts, review)| QuestionRecord { current, attempts, review });
    let questions =
        prop::collection::btree_map(select(&QUESTIONS[..]).prop_map(String::from), record, 0..4);
    let predictions = prop::collection::vec(
        (select(experiments), guess(), any::<bool>(), time())
            .prop_map(|(experiment, guess, hit, at)| Prediction { experiment, guess, hit, at }),
        0..4,
    );
    let challenges = prop::collection::btree_map(
        select(&["no-fence", "key-caveat", "precheck"][..]).prop_map(String::from),
        (0u32..20, 0u32..5, prop::option::of(0u32..20), time())
            .prop_map(|(steps, hints, fewest, at)| Solved { steps, hints, fewest, at }),
        0..3,
    );
    let recall = prop::collection::btree_map(
        select(&["follow-ups-b0", "follow-ups-b2"][..]).prop_map(String::from),
        prop::collection::vec(
            (text(), time()).prop_map(|(answer, at)| Written { answer, at }),
            0..3,
        ),
        0..3,
    );
    (chapters, runs, questions, predictions, challenges, recall).prop_map(
        |(chapters, runs, questions, predictions, challenges, recall)| {
            in_order(Backup {
                version: crate::storage::doc::VERSION,
                chapters,
                runs,
                questions,
                predictions,
                challenges,
                recall,
            })
        },
    )
}

/// A document as the app keeps it: each question's attempts in order, each once, with the
/// schedule they lead to (a generated one need not be so).
fn in_order(p: Backup) -> Backup {
    let (chapters, lab, study, recall) = p.split();
    Backup::compose(&chapters, &lab, &study, &recall)
}

/// Each part of `p` saved by a tab of its own into `keys`: joined with what is there, or
/// replacing it.
fn save(keys: &mut Memory, p: &Backup, merge: bool) {
    let (chapters, lab, study, recall) = p.clone().split();
    fn part<P: Part>(keys: &mut Memory, doc: P, merge: bool) {
        let mut tab = Tab::<P>::load(keys).0;
        if merge {
            tab.doc.merge(&doc);
        } else {
            tab.doc = doc;
        }
        let names = tab.doc.held();
        tab.save(keys, &names, merge).unwrap();
    }
    part(keys, chapters, merge);
    part(keys, lab, merge);
    part(keys, study, merge);
    part(keys, recall, merge);
}

fn stored(keys: &Memory) -> Backup {
    let (c, l, s, r) = (
        Tab::<Chapters>::load(keys).0,
        Tab::<Lab>::load(keys).0,
        Tab::<Study>::load(keys).0,
        Tab::<Recall>::load(keys).0,
    );
    Backup::compose(&c.doc, &l.doc, &s.doc, &r.doc)
}

pub(super) fn import(text: &str) -> Result<Backup, String> {
    read_import(text, text.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn any_document_the_app_writes_reimports_the_same(p in progress()) {
        prop_assert_eq!(p.check(), Ok(()));
        prop_assert_eq!(import(&p.to_pretty_json()), Ok(p.clone()));
        prop_assert_eq!(import(&p.to_json()), Ok(p));
    }

    #[test]
    fn any_document_lies_in_storage_and_loads_back(p in progress()) {
        let mut keys = Memory::default();
        save(&mut keys, &p, false);
        prop_assert_eq!(stored(&keys), p);
    }

    #[test]
    fn a_second_tab_saving_over_the_first_keeps_both_tabs_attempts(
        a in progress(),
        b in progress(),
    ) {
        let mut keys = Memory::default();
        save(&mut keys, &a, true);
        save(&mut keys, &b, true);
        let stored = stored(&keys);
        // Each part joins the other tab's: every chapter, run and prediction of either is kept.
        for p in [&a, &b] {
            prop_assert!(p.chapters.keys().all(|c| stored.chapters.contains_key(c)));
            prop_assert!(p
                .runs
                .iter()
                .all(|(e, r)| stored.runs.get(e).is_some_and(|s| s.count >= r.count)));
            prop_assert!(p.predictions.iter().all(|x| stored
                .predictions
                .iter()
                .any(|y| y.at == x.at && y.experiment == x.experiment)));
        }
        for (id, q) in a.questions.iter().chain(&b.questions) {
            for x in &q.attempts {
                prop_assert!(stored.questions[id]
                    .attempts
                    .iter()
                    .any(|y| y.at == x.at && y.answer == x.answer));
            }
        }
    }
}
