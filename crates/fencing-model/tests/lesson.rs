//! The lesson's five stated outcomes, through the public API.

use fencing_model::{run, Case, CaseRun, Client, Defect, Defects, FencingRun, OpOutcome, OperationsRun, Outcome, Property, Scenario};

fn lesson(case: Case, defects: &[Defect]) -> CaseRun {
    let set = defects.iter().fold(Defects::default(), |s, d| s.with(*d, true));
    run(&Scenario::lesson(case, set)).expect("the lesson's scenario is valid").case
}

fn fencing(defects: &[Defect]) -> FencingRun {
    match lesson(Case::Fencing, defects) {
        CaseRun::Fencing(f) => f,
        other => panic!("{other:?}"),
    }
}

fn operations(defects: &[Defect]) -> OperationsRun {
    match lesson(Case::Operations, defects) {
        CaseRun::Operations(o) => o,
        other => panic!("{other:?}"),
    }
}

fn properties(r: &FencingRun) -> Vec<Property> {
    let mut p: Vec<Property> = r.violations.iter().map(|v| v.property).collect();
    p.dedup();
    p
}

#[test]
fn correct_protocol_has_three_interleavings_and_no_violation() {
    let r = fencing(&[]);
    assert_eq!(r.interleavings, 3);
    assert!(r.violations.is_empty());
    for t in &r.traces {
        let wa = t.events.iter().position(|e| e.to_string() == "write A").unwrap();
        let wb = t.events.iter().position(|e| e.to_string() == "write B").unwrap();
        let last = &t.steps.last().unwrap().after.resource;
        // B's 42 always ends up committed; A is rejected exactly when it comes after B.
        assert_eq!((last.max_fence, last.writer), (42, Some(Client::B)));
        let a_outcome = &t.steps[wa].outcome;
        if wb < wa {
            assert!(matches!(a_outcome, Outcome::Rejected { incoming: (41, 2), current: (42, 1) }));
        } else {
            // The key caveat: A's 41 before B's 42 is accepted and is not a violation.
            assert!(matches!(a_outcome, Outcome::Accepted { incoming: (41, 2), .. }));
        }
    }
}

#[test]
fn no_fence_lets_the_old_holder_overwrite() {
    let r = fencing(&[Defect::NoFence]);
    assert_eq!(properties(&r), vec![Property::RevokedGenerationOverwrite]);
    let v = &r.violations[0];
    assert_eq!(v.events.last().unwrap(), "write A");
    assert_eq!(v.steps.last().unwrap().after.resource.value.as_deref(), Some("result-A"));
}

#[test]
fn split_authority_has_two_interleavings_and_old_a_holds_43() {
    let r = fencing(&[Defect::SplitAuthority]);
    assert_eq!(r.interleavings, 2);
    assert_eq!(r.violations.len(), 2);
    assert_eq!(properties(&r), vec![Property::UnauthorizedAccept]);
    for t in &r.traces {
        let a = &t.steps.last().unwrap().after.a;
        assert_eq!(a.token.map(|t| t.fence), Some(43));
        let b_write = t.events.iter().position(|e| e.to_string() == "write B").unwrap();
        let a_mints: Vec<usize> = t.events.iter().enumerate().filter(|(_, e)| e.to_string() == "mint A").map(|(i, _)| i).collect();
        assert!(b_write < a_mints[1], "A mints again only after B committed");
    }
}

#[test]
fn rollback_issuer_gives_b_a_second_41_and_a_overwrites_it() {
    let r = fencing(&[Defect::RollbackIssuer]);
    assert_eq!(properties(&r), vec![Property::RevokedGenerationOverwrite]);
    let t = &r.traces[0];
    let grants: Vec<u64> = t
        .steps
        .iter()
        .filter_map(|s| match s.outcome {
            Outcome::Granted { fence: Some(f), .. } => Some(f),
            _ => None,
        })
        .collect();
    assert_eq!(grants, vec![41, 41]);
    let v = &r.violations[0];
    assert!(matches!(v.steps.last().unwrap().outcome, Outcome::Accepted { incoming: (41, 2), previous: (41, 1), .. }));
}

#[test]
fn operations_case_gives_applied_applied_duplicate_conflict_stale_and_two_effects() {
    let r = operations(&[]);
    let ops = &r.operations;
    let outcomes: Vec<OpOutcome> = ops.iter().map(|o| o.outcome).collect();
    use OpOutcome::*;
    assert_eq!(outcomes, vec![Applied, Applied, Duplicate, Conflict, Stale]);
    assert_eq!(r.effects, 2);
    // The duplicate returns the original effect and does not advance the fence.
    assert_eq!(ops[2].effect, Some(1));
    assert_eq!((ops[2].max_fence, ops[2].last_seq), (41, 2));
}

#[test]
fn operations_without_the_fence_check_apply_the_old_seq() {
    let r = operations(&[Defect::NoFence]);
    assert_eq!(r.operations[4].outcome, OpOutcome::Applied);
    assert_eq!(r.effects, 3);
}
