//! Predictions natively: a guess scored part by part against the run, read back from its
//! stored form, and described in the lesson's terms only for the runs the lesson describes.

use super::*;
use fencing_model::scenario::{Defect, Defects};

fn report(case: Case, defects: Defects) -> Report {
    fencing_model::run(&Scenario::lesson(case, defects)).unwrap()
}

fn fencing(broken: Vec<Property>, last_writers: &str) -> Guess {
    Guess::Fencing { broken, last_writers: last_writers.chars().collect() }
}

#[test]
fn each_part_is_scored_against_the_run() {
    let correct = report(Case::Fencing, Defects::default());
    // The correct protocol: B's result stands in all three interleavings.
    assert_eq!(Guess::actual(&correct), Some(fencing(vec![], "BBB")));
    assert!(fencing(vec![], "BBB").hits(&correct));
    let scores = fencing(vec![Property::RevokedGenerationOverwrite], "BAB").scores(&correct);
    assert_eq!(scores.iter().map(|s| (s.right, s.of)).collect::<Vec<_>>(), [(0, 1), (2, 3)]);
    // no-fence: A's 41 lands last wherever it writes after B.
    let no_fence = report(Case::Fencing, Defects::default().with(Defect::NoFence, true));
    assert_eq!(
        Guess::actual(&no_fence),
        Some(fencing(vec![Property::RevokedGenerationOverwrite], "AAB"))
    );
    // rollback: A's (41,2) stands in interleaving 3 too, where B's (41,1) is refused.
    let rollback = report(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
    assert_eq!(
        Guess::actual(&rollback),
        Some(fencing(vec![Property::RevokedGenerationOverwrite], "AAA"))
    );
    // A guess is a set: a property named twice counts once; a guess saved without the
    // second part is scored on the properties alone.
    let split = report(Case::Fencing, Defects::default().with(Defect::SplitAuthority, true));
    assert!(fencing(vec![Property::UnauthorizedAccept, Property::UnauthorizedAccept], "AA")
        .hits(&split));
    assert!(fencing(vec![Property::UnauthorizedAccept], "").hits(&split));
    assert!(!fencing(Property::ALL.to_vec(), "AA").hits(&split));
    assert_eq!(
        fencing(vec![Property::UnauthorizedAccept], "A").scores(&split)[1].right,
        0,
        "a list of the wrong length scores nothing"
    );
    let ops = report(Case::Operations, Defects::default());
    use OpOutcome::*;
    assert!(Guess::Operations { outcomes: vec![Applied, Applied, Duplicate, Conflict, Stale] }
        .hits(&ops));
    let one_off = Guess::Operations { outcomes: vec![Applied, Applied, Applied, Conflict, Stale] };
    assert_eq!(one_off.scores(&ops), [Score { part: "每条操作的结果", right: 4, of: 5 }]);
    assert!(!fencing(vec![], "").hits(&ops));
}

/// Stored guesses read back as they were written, old ones (without the second part) too;
/// a guess of neither kind, or with the other kind's fields, is refused.
#[test]
fn a_guess_reads_back_from_its_stored_form() {
    let read = |json: &str| serde_json::from_str::<Guess>(json);
    for g in [
        fencing(vec![Property::UnauthorizedAccept], "AB"),
        Guess::Operations { outcomes: vec![OpOutcome::Stale] },
    ] {
        assert_eq!(read(&serde_json::to_string(&g).unwrap()).unwrap(), g);
    }
    assert_eq!(read(r#"{"kind":"fencing","broken":[]}"#).unwrap(), fencing(vec![], ""));
    for bad in [
        r#"{"kind":"bogus","broken":[]}"#,
        r#"{"kind":"fencing"}"#,
        r#"{"kind":"operations","broken":[],"outcomes":[]}"#,
        r#"{"broken":[]}"#,
    ] {
        assert!(read(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_guess_is_described_in_the_lessons_terms() {
    use OpOutcome::*;
    assert_eq!(fencing(vec![], "").describe(), "两条性质都成立");
    assert_eq!(
        fencing(vec![Property::UnauthorizedAccept], "AB").describe(),
        "违反 unauthorized_accept；最后的结果依次是 A/B"
    );
    assert_eq!(
        fencing(Property::ALL.to_vec(), "").describe(),
        "违反 revoked_generation_overwrite、unauthorized_accept"
    );
    assert_eq!(
        Guess::Operations { outcomes: vec![Applied, Duplicate, Stale] }.describe(),
        "applied/duplicate/stale"
    );
}

#[test]
fn the_lesson_is_quoted_only_for_the_runs_it_describes() {
    let lesson = |case, d: &[Defect]| {
        Scenario::lesson(case, d.iter().fold(Defects::default(), |s, &x| s.with(x, true)))
    };
    assert!(lesson_words(&lesson(Case::Fencing, &[]))[0].contains("正确版本无越代覆盖"));
    for d in [Defect::NoFence, Defect::SplitAuthority, Defect::RollbackIssuer] {
        let words = lesson_words(&lesson(Case::Fencing, &[d]));
        assert!(words[0].contains("三缺陷分别出现") && words[1] == d.lesson_words(), "{d:?}");
    }
    assert!(lesson_words(&lesson(Case::Operations, &[]))[0].contains("只有两个效果"));
    // Not the lesson's runs: precheck, a combination, other inputs, operations without the
    // fence.
    assert!(lesson_words(&lesson(Case::Fencing, &[Defect::Precheck])).is_empty());
    assert!(
        lesson_words(&lesson(Case::Fencing, &[Defect::NoFence, Defect::RollbackIssuer])).is_empty()
    );
    let mut seqs = lesson(Case::Fencing, &[Defect::RollbackIssuer]);
    seqs.op_seq_a = 1;
    assert!(lesson_words(&seqs).is_empty());
    assert!(lesson_words(&lesson(Case::Operations, &[Defect::NoFence])).is_empty());
}
