//! The explorer's model checker against an independent breadth-first search: every shortest
//! counterexample confirmed, every defect caught by a small scenario, and random scenarios
//! where the correct protocol never breaks a property.

mod common;

use common::{preset, verdicts};
use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::{Op, Programs, MAX_CLIENTS, MAX_OPS};
use fencing_model::machine::state::State;
use fencing_model::machine::Machine;
use fencing_model::Finding;
use fencing_model::{Defect, Defects, Property};
use proptest::prelude::*;
use std::collections::HashSet;

/// An independent oracle: plain breadth-first search with a std `HashSet`, level by level,
/// returning the length of the shortest path to `finding`.
fn shortest(machine: &Machine, finding: Finding) -> Option<usize> {
    let mut seen = HashSet::from([State::default()]);
    let mut level = vec![State::default()];
    let mut out = Vec::new();
    for depth in 0.. {
        if level.is_empty() {
            return None;
        }
        let mut next = Vec::new();
        for s in &level {
            machine.successors(s, &mut out);
            if !finding.on_transition() && finding.holds_in(machine, s, out.is_empty()) {
                return Some(depth);
            }
            for &(_, n, e) in &out {
                if finding.on_transition() && finding.made_by(s, &e) {
                    return Some(depth + 1);
                }
                if seen.insert(n) {
                    next.push(n);
                }
            }
        }
        level = next;
    }
    unreachable!()
}

fn agrees_with_the_oracle(model: &Programs, defects: Defects) -> Result<(), TestCaseError> {
    let (lengths, complete) = verdicts(model, defects);
    prop_assert!(complete);
    let machine = Machine::new(model, defects, 40);
    for (finding, length) in Finding::ALL.into_iter().zip(lengths) {
        prop_assert_eq!(
            length,
            shortest(&machine, finding),
            "{:?} in {} ({})",
            finding,
            model.programs(),
            defects.variant_name()
        );
    }
    Ok(())
}

#[test]
fn every_counterexample_in_the_small_presets_is_a_shortest_one() {
    for name in ["lesson", "three-holders", "retry-after-failover"] {
        let s = preset(name);
        for defects in Defects::all_for(fencing_model::Case::Model) {
            agrees_with_the_oracle(&s.model, defects).unwrap();
        }
    }
}

#[test]
fn each_defect_is_found_by_a_two_client_scenario_and_names_its_property() {
    for (defect, property) in [
        (Defect::NoFence, Property::RevokedGenerationOverwrite),
        (Defect::RollbackIssuer, Property::RevokedGenerationOverwrite),
        (Defect::SplitAuthority, Property::UnauthorizedAccept),
        (Defect::Precheck, Property::RevokedGenerationOverwrite),
    ] {
        let found = small_models().into_iter().find(|m| {
            let run = check(m, Defects::default().with(defect, true), 40, DEFAULT_CAP);
            run.findings.iter().any(|f| f.finding == Finding::Broken(property) && f.path.is_some())
        });
        assert!(found.is_some(), "{} not found by any small scenario", defect.name());
    }
}

/// Every two-client scenario of up to three steps each, from a few programs.
fn small_models() -> Vec<Programs> {
    let programs = [
        "acquire write:1:a",
        "acquire pause write:1:a",
        "acquire pause write:2:a",
        "acquire write:2:b",
        "acquire pause write:1:b",
    ];
    let mut all = Vec::new();
    for a in programs {
        for b in programs {
            for crash in [false, true] {
                all.push(Programs::parse(&format!("{a}; {b}"), crash, false).unwrap());
            }
        }
    }
    all
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        2 => Just(Op::Acquire),
        2 => Just(Op::Pause),
        1 => Just(Op::Renew),
        3 => (1u8..4, 0u8..3).prop_map(|(seq, key)| Op::Write { seq, key }),
    ]
}

/// Random scenarios within the limits, kept small enough to search in milliseconds.
fn model() -> impl Strategy<Value = Programs> {
    (prop::collection::vec(prop::collection::vec(op(), 1..=4), 2..=3), any::<bool>(), any::<bool>())
        .prop_filter_map("a valid scenario", |(mut clients, crash, delay)| {
            for program in &mut clients {
                program.insert(0, Op::Acquire);
                program.truncate(4);
            }
            let writes =
                clients.iter().flatten().filter(|op| matches!(op, Op::Write { .. })).count();
            let model = Programs {
                clients,
                crash,
                delay,
                keys: vec!["a".into(), "b".into(), "c".into()],
                seqs: vec![1, 2, 3],
            };
            (writes <= 4 && model.validate().is_ok()).then_some(model)
        })
}

/// Random scenarios at the limits — four clients, programs of up to six steps, up to six
/// writes — many too large to search completely in a test.
fn model_at_the_limits() -> impl Strategy<Value = Programs> {
    (
        prop::collection::vec(prop::collection::vec(op(), 1..=MAX_OPS), MAX_CLIENTS),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_filter_map("a valid scenario", |(mut clients, crash, delay)| {
            for program in &mut clients {
                program.insert(0, Op::Acquire);
                program.truncate(MAX_OPS);
            }
            let model = Programs {
                clients,
                crash,
                delay,
                keys: vec!["a".into(), "b".into(), "c".into()],
                seqs: vec![1, 2, 3],
            };
            model.validate().is_ok().then_some(model)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Up to the limits, as far as a cap of states lets a test search: nothing breaks.
    #[test]
    fn at_the_limits_the_correct_protocol_breaks_nothing_it_reaches(m in model_at_the_limits()) {
        let run = check(&m, Defects::default(), 40, 200_000);
        prop_assert!(run.states > 0);
        // A lost operation is liveness, which the correct protocol does not promise.
        let liveness = [Finding::LostOperation, Finding::StaleRefused];
        let found: Vec<_> = run
            .findings
            .iter()
            .filter(|f| f.path.is_some() && !liveness.contains(&f.finding))
            .map(|f| f.finding.name())
            .collect();
        prop_assert!(found.is_empty(), "{:?} in {}", found, m.programs());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_correct_protocol_never_breaks_a_property_never_locks_a_holder_out_and_never_gets_stuck(
        m in model(),
    ) {
        let (lengths, complete) = verdicts(&m, Defects::default());
        prop_assert!(complete);
        // Every finding but the lost operation (liveness, which the protocol does not promise).
        let lost = Finding::ALL.iter().position(|f| *f == Finding::LostOperation).unwrap();
        let mut others = lengths;
        others[lost] = None;
        prop_assert_eq!(others, [None; 7], "{}", m.programs());
    }

    #[test]
    fn with_any_defects_the_search_finds_what_the_oracle_finds(m in model(), bits in 0u8..16) {
        let defects = Defect::ALL
            .into_iter()
            .enumerate()
            .fold(Defects::default(), |d, (i, one)| d.with(one, bits & (1 << i) != 0));
        agrees_with_the_oracle(&m, defects)?;
    }
}
