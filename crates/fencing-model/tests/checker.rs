//! The checker over all defect combinations and random scenarios: the correct protocol never
//! violates, every defect is caught, nothing panics.

use fencing_model::{
    run, Case, CaseRun, Defect, Defects, FencingRun, Finding, Operation, OperationsRun, Property,
    Scenario,
};
use proptest::prelude::*;

fn fencing(s: &Scenario) -> FencingRun {
    match run(s).unwrap().case {
        CaseRun::Fencing(f) => f,
        other => panic!("not a fencing run: {other:?}"),
    }
}

fn broken(r: &FencingRun) -> bool {
    r.findings.iter().any(|h| h.property.is_some())
}

#[test]
fn all_sixteen_lab_combinations_run_and_each_defect_is_caught() {
    let all = Defects::all_for(Case::Fencing);
    assert_eq!(all.len(), 16);
    for defects in all {
        let r = fencing(&Scenario::lesson(Case::Fencing, defects));
        let name = defects.variant_name();
        let has = |p| r.hits(Finding::Broken(p)).next().is_some();
        if !defects.precheck {
            let expected_interleavings = if defects.split_authority { 2 } else { 3 };
            assert_eq!(r.interleavings, expected_interleavings, "{name}");
        }
        assert_eq!(
            broken(&r),
            defects != Defects::default(),
            "{name} must be caught, the correct protocol never"
        );
        if defects.split_authority {
            assert!(has(Property::UnauthorizedAccept), "{name}");
        }
        if defects.no_fence || defects.rollback_issuer || defects.precheck {
            assert!(has(Property::RevokedGenerationOverwrite) || defects.split_authority, "{name}");
        }
    }
}

#[test]
fn shortest_counterexample_comes_first() {
    for defects in Defects::all_for(Case::Fencing) {
        let r = fencing(&Scenario::lesson(Case::Fencing, defects));
        assert!(
            r.findings.windows(2).all(|w| w[0].step <= w[1].step),
            "{}",
            defects.variant_name()
        );
    }
}

#[test]
fn invalid_scenarios_are_errors_not_panics() {
    let mut s = Scenario::lesson(Case::Fencing, Defects::default());
    s.op_seq_a = 0;
    assert!(run(&s).unwrap_err().to_string().contains("A.op_seq"));
    let mut s =
        Scenario::lesson(Case::Operations, Defects::default().with(Defect::RollbackIssuer, true));
    assert!(run(&s).is_err());
    s.defects = Defects::default();
    s.operations[0].key = " ".into();
    assert!(run(&s).unwrap_err().to_string().contains("operations[1].key"));
    s.operations.clear();
    assert!(run(&s).is_err());
}

fn defects() -> impl Strategy<Value = Defects> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c, d)| Defects {
        no_fence: a,
        split_authority: b,
        rollback_issuer: c,
        precheck: d,
    })
}

fn operation() -> impl Strategy<Value = Operation> {
    ("k[0-3]", "d[0-2]", 0u64..6, 0u64..4).prop_map(|(key, digest, fence, seq)| Operation {
        key,
        digest,
        fence,
        seq,
    })
}

proptest! {
    #[test]
    fn correct_protocol_never_violates(issuer in 0u64..1_000, a in 1u64..5, b in 1u64..5) {
        let s = Scenario {
            issuer,
            op_seq_a: a,
            op_seq_b: b,
            ..Scenario::lesson(Case::Fencing, Defects::default())
        };
        let r = fencing(&s);
        prop_assert_eq!(r.interleavings, 3);
        prop_assert!(r.findings.is_empty());
    }

    #[test]
    fn any_scenario_runs_or_is_rejected_without_panic(
        issuer in prop_oneof![0u64..100, Just(u64::MAX)],
        a in 0u64..4, b in 0u64..4, d in defects(), ops in prop::collection::vec(operation(), 0..8),
        operations_case in any::<bool>(),
    ) {
        let case = if operations_case { Case::Operations } else { Case::Fencing };
        let s = Scenario {
            case,
            defects: d,
            issuer,
            op_seq_a: a,
            op_seq_b: b,
            operations: ops,
            model: Default::default(),
        };
        if let Ok(r) = run(&s) {
            let _ = fencing_model::render::text(&r);
            if let CaseRun::Operations(OperationsRun { operations, effects }) = &r.case {
                // Every applied operation is one effect, and nothing else is.
                let applied = operations
                    .iter()
                    .filter(|o| o.outcome == fencing_model::OpOutcome::Applied)
                    .count();
                prop_assert_eq!(applied, *effects);
            }
        }
    }

    #[test]
    fn with_the_resource_fence_rollback_alone_is_what_breaks_monotonicity(
        a in 1u64..5,
        b in 1u64..5,
    ) {
        // The resource cannot tell two 41s apart: only a larger op_seq for old A lets it overwrite.
        let rollback = Defects::default().with(Defect::RollbackIssuer, true);
        let s = Scenario { op_seq_a: a, op_seq_b: b, ..Scenario::lesson(Case::Fencing, rollback) };
        let r = fencing(&s);
        prop_assert_eq!(broken(&r), a > b);
        // The reused fence is reported either way: the issuer failed whether or not it showed.
        prop_assert_eq!(r.reused_fences.len(), 1);
    }

    #[test]
    fn harm_of_a_reused_fence_is_exactly_an_overwrite_or_a_holder_locked_out(
        a in 1u64..5,
        b in 1u64..5,
        d in defects(),
    ) {
        let s = Scenario { op_seq_a: a, op_seq_b: b, ..Scenario::lesson(Case::Fencing, d) };
        let r = fencing(&s);
        for reused in &r.reused_fences {
            let harmed = |i| {
                [Finding::Broken(Property::RevokedGenerationOverwrite), Finding::LockedOut]
                    .into_iter()
                    .any(|f| r.hits(f).any(|v| v.interleaving == i))
            };
            let broken: Vec<bool> = (1..=r.interleavings).map(harmed).collect();
            prop_assert_eq!(reused.harm.iter().map(Option::is_some).collect::<Vec<_>>(), broken);
        }
        // Only the rolled-back issuer hands a fence out twice.
        prop_assert_eq!(!r.reused_fences.is_empty(), d.rollback_issuer);
    }
}
