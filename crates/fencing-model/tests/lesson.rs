//! The lesson's five stated outcomes through the public API, and what the checker says
//! beside them on the lesson's lab: key steps, the key caveat, a holder locked out, a lost
//! operation, a success decided by op_seq.

use fencing_model::{
    run, Case, CaseRun, Defect, Defects, Event, FencingRun, Finding, Hit, Note, OpOutcome,
    OperationsRun, Property, Scenario, Token,
};

fn set(defects: &[Defect]) -> Defects {
    defects.iter().fold(Defects::default(), |s, d| s.with(*d, true))
}

fn fencing_with(s: &Scenario) -> FencingRun {
    match run(s).expect("the lesson's scenario is valid").case {
        CaseRun::Fencing(f) => f,
        other => panic!("{other:?}"),
    }
}

fn fencing(defects: &[Defect]) -> FencingRun {
    fencing_with(&Scenario::lesson(Case::Fencing, set(defects)))
}

fn operations(defects: &[Defect]) -> OperationsRun {
    match run(&Scenario::lesson(Case::Operations, set(defects))).unwrap().case {
        CaseRun::Operations(o) => o,
        other => panic!("{other:?}"),
    }
}

fn violations(r: &FencingRun) -> Vec<&Hit> {
    r.findings.iter().filter(|h| h.property.is_some()).collect()
}

fn properties(r: &FencingRun) -> Vec<Property> {
    let mut p: Vec<Property> = violations(r).iter().filter_map(|v| v.property).collect();
    p.sort();
    p.dedup();
    p
}

fn at(events: &[String], name: &str) -> usize {
    events.iter().position(|e| e == name).unwrap_or_else(|| panic!("no {name} in {events:?}"))
}

#[test]
fn without_the_fence_check_nothing_is_called_the_key_caveat() {
    // Without the fence check, A's 41 lands after B's 42 in two interleavings: those are
    // violations. Where A commits first nothing compared either: no caveat of fencing to name.
    let r = fencing(&[Defect::NoFence]);
    assert_eq!(violations(&r).iter().map(|v| v.interleaving).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(r.notes, vec![]);
}

#[test]
fn correct_protocol_has_three_interleavings_and_no_violation() {
    let r = fencing(&[]);
    assert_eq!(r.interleavings, 3);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert!(r.reused_fences.is_empty());
    // The interleaving where A commits before B is the lesson's key caveat, and only it.
    assert_eq!(r.notes, vec![Note::KeyCaveat { interleaving: 3, step: 7, grant: 1, newer: 2 }]);
    for t in &r.traces {
        let (wa, wb) = (at(&t.events, "write A"), at(&t.events, "write B"));
        let last = &t.steps.last().unwrap().after;
        // B's 42 always ends up committed; A is rejected exactly when it comes after B.
        assert_eq!((last.max_fence, last.writer), (42, Some('B')));
        match t.steps[wa].event {
            Event::Rejected { fence: 41, grant: 1, seq: 2, current: (42, 1), .. } => {
                assert!(wb < wa)
            }
            // The key caveat: A's 41 before B's 42 is accepted and is not a violation.
            Event::Accepted { fence: 41, seq: 2, .. } => assert!(wa < wb),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn no_fence_lets_the_old_holder_overwrite() {
    let r = fencing(&[Defect::NoFence]);
    assert_eq!(properties(&r), vec![Property::RevokedGenerationOverwrite]);
    let v = violations(&r)[0];
    let t = &r.traces[v.interleaving - 1];
    assert_eq!(t.events[v.step - 1], "write A");
    assert_eq!(t.steps[v.step - 1].after.value.as_deref(), Some("result-A"));
    assert!(r.unfired.is_empty());
}

#[test]
fn split_authority_has_two_interleavings_and_old_a_holds_43() {
    let r = fencing(&[Defect::SplitAuthority]);
    assert_eq!(r.interleavings, 2);
    assert_eq!(violations(&r).len(), 2);
    assert_eq!(properties(&r), vec![Property::UnauthorizedAccept]);
    for (t, v) in r.traces.iter().zip(violations(&r)) {
        let b_write = at(&t.events, "write B");
        let a_mints: Vec<usize> =
            t.events.iter().enumerate().filter(|(_, e)| *e == "mint A").map(|(i, _)| i).collect();
        // A mints 41 before pausing and again, only after B committed, 43: bound to no grant.
        assert!(b_write < a_mints[1], "A mints again only after B committed");
        assert!(matches!(t.steps[a_mints[0]].event, Event::Minted { fence: 41, grant: 1, .. }));
        assert!(matches!(t.steps[a_mints[1]].event, Event::Minted { fence: 43, grant: 0, .. }));
        // The independent counter is its own value: the authority's generation never moves.
        let last = &t.steps.last().unwrap().after;
        assert_eq!(
            (last.counter, last.generation, last.token),
            (Some(43), None, Some(Token { fence: 43, grant: None }))
        );
        // Its key steps: both earlier mints (the counter's values) and the grants whose leases
        // bound them, B's committed 42 it overwrote, A's 43 (unbound: B's grant was in force).
        assert_eq!(v.key_steps, vec![1, 2, 6, 7, b_write + 1, a_mints[1] + 1, t.steps.len()]);
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
        .filter_map(|s| if let Event::Granted { fence, .. } = s.event { Some(fence) } else { None })
        .collect();
    assert_eq!(grants, vec![41, 41]);
    let v = violations(&r)[0];
    // Grant #1's 41 overwrites grant #2's 41, while max_fence never went backward.
    assert!(matches!(
        t.steps[v.step - 1].event,
        Event::Accepted { fence: 41, grant: 1, seq: 2, previous: (41, 1), .. }
    ));
    assert_eq!(t.steps[v.step - 3].after.token, Some(Token { fence: 41, grant: Some(2) }));
    assert!(t.steps.windows(2).all(|w| w[0].after.max_fence <= w[1].after.max_fence));
    // The causal chain: 41 to A, the issuer back to 40, 41 again to B, B commits, A overwrites.
    assert_eq!(v.key_steps, vec![1, 4, 5, 6, 8]);
}

#[test]
fn rollback_issuer_where_a_commits_first_locks_b_out_and_is_not_the_key_caveat() {
    let r = fencing(&[Defect::RollbackIssuer]);
    // Interleaving 3: A's (41,2) first, then B's (41,1) refused. B's grant can never commit.
    assert!(r.notes.iter().all(|n| !matches!(n, Note::KeyCaveat { .. })), "{:?}", r.notes);
    let locked: Vec<&Hit> = r.hits(Finding::LockedOut).collect();
    assert_eq!(locked.iter().map(|h| (h.interleaving, h.step)).collect::<Vec<_>>(), vec![(3, 8)]);
    let lost: Vec<&Hit> = r.hits(Finding::LostOperation).collect();
    assert_eq!(lost.iter().map(|h| (h.interleaving, h.step)).collect::<Vec<_>>(), vec![(3, 8)]);
    // The issuer check counts the lockout as harm that reached the resource.
    let harm: Vec<Option<(&str, usize)>> = r.reused_fences[0]
        .harm
        .iter()
        .map(|h| h.as_ref().map(|h| (h.finding.name(), h.step)))
        .collect();
    assert_eq!(
        harm,
        vec![
            Some(("revoked_generation_overwrite", 8)),
            Some(("revoked_generation_overwrite", 8)),
            Some(("locked_out", 8))
        ]
    );
}

#[test]
fn rollback_with_a_smaller_old_op_seq_says_b_won_by_its_op_seq() {
    let mut s = Scenario::lesson(Case::Fencing, set(&[Defect::RollbackIssuer]));
    (s.op_seq_a, s.op_seq_b) = (1, 2);
    let r = fencing_with(&s);
    // Neither property flags it: the resource's op_seq comparison happened to stop A.
    assert!(violations(&r).is_empty());
    let [reused] = &r.reused_fences[..] else { panic!("{:?}", r.reused_fences) };
    assert_eq!(
        (
            reused.fence,
            reused.first.grant,
            reused.first.owner,
            reused.second.grant,
            reused.second.owner
        ),
        (41, 1, 'A', 2, 'B')
    );
    assert_eq!(reused.harm, vec![None, None, None]);
    // Every interleaving is decided by op_seq alone: A refused by its smaller one, or B accepted
    // by its larger one.
    assert_eq!(
        r.notes,
        vec![
            Note::SeqDecided { interleaving: 1, step: 8, grant: 1, over: 2, accepted: false },
            Note::SeqDecided { interleaving: 2, step: 8, grant: 1, over: 2, accepted: false },
            Note::SeqDecided { interleaving: 3, step: 8, grant: 2, over: 1, accepted: true },
        ]
    );
}

#[test]
fn op_seqs_up_to_the_largest_accepted_keep_their_values() {
    let mut s = Scenario::lesson(Case::Fencing, Defects::default());
    (s.op_seq_a, s.op_seq_b, s.issuer) = (1_000_000_000_000, 999_999_999_999, 1_000_000_000_000);
    let r = fencing_with(&s);
    let last = &r.traces[2].steps.last().unwrap().after;
    assert_eq!((last.max_fence, last.last_seq), (1_000_000_000_002, 999_999_999_999));
}

#[test]
fn precheck_lets_both_checks_pass_before_b_lands_then_a_overwrites() {
    let r = fencing(&[Defect::Precheck]);
    assert_eq!(r.interleavings, 10);
    assert_eq!(properties(&r), vec![Property::RevokedGenerationOverwrite]);
    for v in violations(&r) {
        let t = &r.traces[v.interleaving - 1];
        let events = t.events.join(", ");
        // Both checks come before B's write, A's write comes last and writes 41 over 42
        // unconditionally.
        assert!(
            at(&t.events, "check A") < at(&t.events, "write B")
                && at(&t.events, "check B") < at(&t.events, "write B"),
            "{events}"
        );
        assert!(
            matches!(
                t.steps[v.step - 1].event,
                Event::Accepted { fence: 41, grant: 1, previous: (42, 1), unconditional: true, .. }
            ),
            "{events}"
        );
        // A's own check is a key step: its passing is what the unconditional write relied on.
        assert!(
            v.key_steps.contains(&(at(&t.events, "check A") + 1)),
            "{events}: {:?}",
            v.key_steps
        );
    }
}

#[test]
fn precheck_and_split_give_three_interleavings() {
    assert_eq!(fencing(&[Defect::Precheck, Defect::SplitAuthority]).interleavings, 3);
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
fn the_interleaving_shown_first_is_the_lessons_order_or_the_shortest_counterexample() {
    // Correct: B commits 42, then A's 41 is refused — the lesson's picture.
    let correct = fencing(&[]);
    let shown = &correct.traces[correct.shown_first() - 1];
    assert_eq!(shown.events[correct.prefix_len..], ["write B", "resume A", "write A"]);
    assert!(matches!(shown.steps.last().unwrap().event, Event::Rejected { client: 'A', .. }));
    // A defect: the interleaving of its shortest counterexample.
    for d in [Defect::NoFence, Defect::SplitAuthority, Defect::RollbackIssuer, Defect::Precheck] {
        let r = fencing(&[d]);
        let first = violations(&r)[0];
        assert_eq!(r.shown_first(), first.interleaving, "{d:?}");
    }
    // precheck's shortest counterexample is not the first interleaving.
    assert_eq!(fencing(&[Defect::Precheck]).shown_first(), 3);
}

#[test]
fn the_lessons_five_experiments_are_titled_in_the_lessons_words() {
    let titles: Vec<String> =
        fencing_model::Experiment::lesson().iter().map(|e| e.title()).collect();
    assert_eq!(
        titles,
        ["正确版本", "关闭资源检查", "拆开发号与授予", "恢复旧 issuer", "多次写与业务身份"]
    );
    let two = fencing_model::Experiment {
        case: Case::Fencing,
        defects: set(&[Defect::NoFence, Defect::Precheck]),
    };
    assert_eq!(two.title(), "关闭资源检查 + 先检查后写入（本学习台补充）");
    let ops =
        fencing_model::Experiment { case: Case::Operations, defects: set(&[Defect::NoFence]) };
    assert_eq!(ops.title(), "多次写与业务身份 + 关闭资源检查");
}
