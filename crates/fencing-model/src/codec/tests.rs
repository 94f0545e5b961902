//! The codec's tests: the lesson's inputs in every form, the messages for bad inputs, and
//! every scenario round-tripping through flags, query and command line.

use super::*;
use crate::machine::spec::MAX_WRITES;
use crate::scenario::{Defect, MAX_OPERATIONS, MAX_TEXT};
use proptest::prelude::*;

fn lesson(case: Case) -> Scenario {
    Scenario::lesson(case, Defects::default())
}

#[test]
fn an_experiments_query_is_its_lesson_scenarios() {
    for e in Experiment::all() {
        assert_eq!(experiment_query(e), to_query(&Scenario::lesson(e.case, e.defects)), "{e}");
    }
    let two = Experiment {
        case: Case::Operations,
        defects: Defects::default().with(Defect::NoFence, true),
    };
    assert_eq!(experiment_query(two), "case=operations&variant=no-fence");
}

#[test]
fn the_lesson_encodes_to_nothing_and_names_agree_in_every_form() {
    assert!(encode(&lesson(Case::Fencing)).is_empty());
    let mut s =
        Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
    (s.issuer, s.op_seq_a, s.op_seq_b) = (100, 3, 1);
    let s = canonical(&s);
    assert_eq!(to_query(&s), "variant=rollback-issuer&issuer=100&op-seq=3%2C1");
    assert_eq!(from_query(&to_query(&s)), Ok(s));
}

#[test]
fn the_issuer_rule_is_the_same_in_the_cli_and_the_url() {
    // `--case operations --issuer 100` rebuilds the lesson's list from fence 101.
    let s = decode([("case", "operations"), ("issuer", "100")]).unwrap();
    assert_eq!(s.operations[0].fence, 101);
    assert_eq!(from_query("case=operations&issuer=100"), Ok(s.clone()));
    assert_eq!(encode(&s), vec![(Param::Case, "operations".into()), (Param::Issuer, "100".into())]);
}

#[test]
fn bad_inputs_name_what_is_wrong() {
    for (pairs, says) in [
        (vec![("issuer", "x")], "issuer 须为非负整数"),
        (vec![("op-seq", "3")], "op-seq 应为「A,B」"),
        (vec![("op-seq", "0,1")], "A.op_seq 应在 1 到"),
        (vec![("case", "operations"), ("ops", "a b c")], "ops 第 1 项"),
        (vec![("case", "operations"), ("op-seq", "3,1")], "op-seq 不适用于 operations 案例"),
        (vec![("ops", "k d 1 1")], "ops 不适用于 fencing 案例"),
        (vec![("variant", "nofence")], "未知的 variant「nofence」"),
        (vec![("seq", "1,2")], "未知的输入「seq」"),
    ] {
        let err = decode(pairs.clone()).unwrap_err().to_string();
        assert!(err.contains(says), "{pairs:?}: {err}");
    }
}

fn text() -> impl Strategy<Value = String> {
    // Any characters the scenario allows, quotes and `&`/`=`/`%` included.
    proptest::string::string_regex(&format!("[a-z0-9'\"&=%+#?/\\-_.中文]{{1,{MAX_TEXT}}}")).unwrap()
}

/// Programs in their text form: 2–4 clients, each starting with `acquire`, with at most
/// MAX_WRITES writes in all (more is an input the parser refuses, tested apart).
fn programs() -> impl Strategy<Value = String> {
    let op = prop_oneof![
        Just("acquire".to_string()),
        Just("pause".to_string()),
        Just("renew".to_string()),
        (1u8..=99, "[a-z0-9-]{1,16}").prop_map(|(seq, key)| format!("write:{seq}:{key}")),
    ];
    let program =
        prop::collection::vec(op, 0..=2).prop_map(|ops| format!("acquire {}", ops.join(" ")));
    prop::collection::vec(program, 2..=4)
        .prop_map(|p| p.join("; "))
        .prop_filter("too many writes", |p| p.matches("write:").count() <= MAX_WRITES)
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let op = (text(), text(), 1u64..1000, 1u64..50)
        .prop_map(|(key, digest, fence, seq)| Operation { key, digest, fence, seq });
    let model = (programs(), any::<bool>(), any::<bool>())
        .prop_map(|(p, crash, delay)| Programs::parse(&p, crash, delay).unwrap());
    (
        0usize..3,
        0u8..16,
        0u64..2000,
        1u64..9,
        1u64..9,
        prop::collection::vec(op, 1..=MAX_OPERATIONS),
        model,
    )
        .prop_map(|(case, bits, issuer, a, b, operations, model)| {
            let case = Case::ALL[case];
            let defects = Defect::ALL
                .into_iter()
                .enumerate()
                .filter(|(_, d)| d.applies_to(case))
                .fold(Defects::default(), |set, (i, d)| set.with(d, bits & (1 << i) != 0));
            Scenario { case, defects, issuer, op_seq_a: a, op_seq_b: b, operations, model }
        })
}

proptest! {
    #[test]
    fn every_scenario_round_trips_through_every_form(s in scenario()) {
        let c = canonical(&s);
        let pairs = encode(&s);
        prop_assert_eq!(
            decode(pairs.iter().map(|(p, v)| (p.name(), v.as_str()))),
            Ok(c.clone())
        );
        prop_assert_eq!(from_query(&to_query(&s)), Ok(c.clone()));
        // The shown command line, split as a shell would, reads back the same scenario.
        let args = shlex::split(&crate::cli::command_line(&s)).unwrap();
        let program = shlex::split(crate::cli::INVOCATION).unwrap().len();
        match crate::cli::parse(&args[program..]) {
            Ok(crate::cli::Invocation::Run { scenario, .. }) => prop_assert_eq!(scenario, c),
            other => prop_assert!(false, "{:?}", other),
        }
    }

    #[test]
    fn any_query_is_read_or_refused_without_panic(q in ".{0,80}") {
        let _ = from_query(&q);
    }
}

#[test]
fn the_editor_fields_read_back_every_case_and_keep_its_limits() {
    for case in Case::ALL {
        assert_eq!(Fields::of(&lesson(case)).scenario(), Ok(lesson(case)));
    }
    let all = Defect::ALL.into_iter().fold(Defects::default(), |d, x| d.with(x, true));
    let mut f = Fields::of(&Scenario::lesson(Case::Fencing, all));
    f.choose_case(Case::Operations);
    assert!(Defect::ALL.into_iter().all(|x| f.defects.has(x) == x.applies_to(Case::Operations)));
    f.choose_case(Case::Model);
    f.load_preset(&lesson(Case::Model));
    assert_eq!(
        f.defects,
        Defects::default().with(Defect::NoFence, true),
        "a preset keeps the switches"
    );
    for _ in 0..30 {
        f.add_client();
        f.add_operation();
    }
    assert_eq!((f.clients.len(), f.ops.len()), (crate::machine::spec::MAX_CLIENTS, MAX_OPERATIONS));
    for _ in 0..30 {
        f.remove_client(0);
        f.remove_operation(0);
    }
    assert_eq!((f.clients.len(), f.ops.len()), (2, 0), "two clients stay");
}
