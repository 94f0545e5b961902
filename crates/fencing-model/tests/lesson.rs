//! The lesson's five stated outcomes, through the public API.

use fencing_model::{run, Case, CaseRun, Client, Defect, Defects, FencingRun, Note, OpOutcome, OperationsRun, Outcome, Property, Scenario, Token};

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
fn an_old_write_accepted_after_the_new_one_is_a_violation_not_the_key_caveat() {
    // Without the fence check, A's 41 lands after B's 42 in two interleavings: those are
    // violations; the caveat stays where A commits first.
    let r = fencing(&[Defect::NoFence]);
    assert_eq!(r.notes, vec![Note::KeyCaveat { interleaving: 3, step: 7, grant: 1, newer: 2 }]);
    assert_eq!(r.notes[0].step(), 7);
}

#[test]
fn correct_protocol_has_three_interleavings_and_no_violation() {
    let r = fencing(&[]);
    assert_eq!(r.interleavings, 3);
    assert!(r.violations.is_empty());
    assert!(r.reused_fences.is_empty());
    // The interleaving where A commits before B is the lesson's key caveat, and only it.
    assert_eq!(r.notes, vec![Note::KeyCaveat { interleaving: 3, step: 7, grant: 1, newer: 2 }]);
    for t in &r.traces {
        let wa = t.events.iter().position(|e| e.to_string() == "write A").unwrap();
        let wb = t.events.iter().position(|e| e.to_string() == "write B").unwrap();
        let last = &t.steps.last().unwrap().after.resource;
        // B's 42 always ends up committed; A is rejected exactly when it comes after B.
        assert_eq!((last.max_fence, last.writer), (42, Some(Client::B)));
        let a_outcome = &t.steps[wa].outcome;
        if wb < wa {
            assert!(matches!(a_outcome, Outcome::Rejected { token: Token { fence: 41, grant: Some(1) }, seq: 2, current: (42, 1) }));
        } else {
            // The key caveat: A's 41 before B's 42 is accepted and is not a violation.
            assert!(matches!(a_outcome, Outcome::Accepted { token: Token { fence: 41, .. }, seq: 2, .. }));
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
        // A's second number belongs to no grant; B's, taken while its grant holds, to grant #2.
        assert!(matches!(t.steps[a_mints[1]].outcome, Outcome::Minted { token: Token { fence: 43, grant: None } }));
        // The independent counter is its own value: the authority's generation never moves.
        let last = &t.steps.last().unwrap().after;
        assert_eq!((last.counter, last.authority.generation), (Some(43), 40));
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
            Outcome::Granted { token: Some(t), .. } => Some(t.fence),
            _ => None,
        })
        .collect();
    assert_eq!(grants, vec![41, 41]);
    let v = &r.violations[0];
    // Grant #1's 41 overwrites grant #2's 41, while max_fence never went backward.
    let last = v.steps.last().unwrap();
    assert!(matches!(last.outcome, Outcome::Accepted { token: Token { fence: 41, grant: Some(1) }, seq: 2, previous: (41, 1), .. }));
    assert_eq!(v.steps[v.steps.len() - 3].after.resource.committed, Some(Token { fence: 41, grant: Some(2) }));
    assert!(v.steps.windows(2).all(|w| w[0].after.resource.max_fence <= w[1].after.resource.max_fence));
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

#[test]
fn rollback_with_a_smaller_old_op_seq_still_reports_the_reused_fence() {
    let mut s = Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
    (s.op_seq_a, s.op_seq_b) = (1, 2);
    let CaseRun::Fencing(r) = run(&s).unwrap().case else { panic!() };
    // Neither property flags it: the resource's op_seq comparison happened to stop A.
    assert!(r.violations.is_empty());
    let [reused] = &r.reused_fences[..] else { panic!("{:?}", r.reused_fences) };
    assert_eq!((reused.fence, reused.first.grant, reused.first.owner, reused.second.grant, reused.second.owner), (41, 1, Client::A, 2, Client::B));
    assert_eq!(reused.harm, vec![None, None, None]);
    // With the lesson's op_seq (old A's larger) the harm reaches the resource where B wrote first.
    let CaseRun::Fencing(r) = lesson(Case::Fencing, &[Defect::RollbackIssuer]) else { panic!() };
    assert_eq!(r.reused_fences[0].harm, vec![Some(8), Some(8), None]);
    // And where A wrote first, B's legitimate write is lost: a note, not a violation.
    assert!(r.notes.contains(&Note::LostWrite { interleaving: 3, step: 8, grant: 2 }));
}

#[test]
fn precheck_lets_both_checks_pass_before_b_lands_then_a_overwrites() {
    let r = fencing(&[Defect::Precheck]);
    assert_eq!(r.interleavings, 10);
    assert_eq!(properties(&r), vec![Property::RevokedGenerationOverwrite]);
    for v in &r.violations {
        let events = v.events.join(", ");
        // Both checks come before B's write, A's write comes last and commits 41 over 42.
        let at = |e: &str| v.events.iter().position(|x| x == e).unwrap();
        assert!(at("check A") < at("write B") && at("check B") < at("write B"), "{events}");
        let last = v.steps.last().unwrap();
        assert!(matches!(last.outcome, Outcome::Accepted { token: Token { fence: 41, grant: Some(1) }, previous: (42, 1), guard: fencing_model::Guard::EarlierCheck, .. }), "{events}");
    }
}
