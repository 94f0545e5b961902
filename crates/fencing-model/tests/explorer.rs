//! The explorer's model checker: each preset's verdicts, shortest counterexamples confirmed
//! by an independent breadth-first search, the correct protocol never violating in random
//! scenarios, every defect caught by a small one, and the CLI printing what the report says.

use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::{Op, Programs, MAX_CLIENTS, MAX_OPS, MAX_WRITES};
use fencing_model::machine::state::{Action, State, MAX_ACTIONS};
use fencing_model::machine::Machine;
use fencing_model::presets::PRESETS;
use fencing_model::search::Search;
use fencing_model::Finding;
use fencing_model::{Defect, Defects, Property, Scenario};
use proptest::prelude::*;
use std::collections::HashSet;

fn preset(name: &str) -> Scenario {
    PRESETS.iter().find(|p| p.name == name).unwrap().read().scenario
}

fn with(s: &Scenario, variant: &str) -> Defects {
    let mut d = s.defects;
    for one in Defects::from_variant(variant).unwrap().iter() {
        d = d.with(one, true);
    }
    d
}

/// Each finding's shortest counterexample length (None: holds), and whether the search was
/// complete (the evidence `stale_refused`, last, is tested apart).
fn verdicts(model: &Programs, defects: Defects) -> ([Option<usize>; 7], bool) {
    let run = check(model, defects, 40, DEFAULT_CAP);
    let lengths: Vec<Option<usize>> =
        run.findings.iter().take(7).map(|f| f.path.as_ref().map(Vec::len)).collect();
    (lengths.try_into().unwrap(), run.complete)
}

#[test]
fn each_preset_has_the_verdicts_its_defects_make() {
    // (preset, variant, [overwrite, unbound, unbound over a committed result, reused fence,
    // holder locked out, lost operation, stuck], complete)
    let expected: &[(&str, &str, [Option<usize>; 7], bool)] = &[
        ("lesson", "correct", [None, None, None, None, None, None, None], true),
        ("lesson", "no-fence", [Some(7), None, None, None, None, None, None], true),
        ("lesson", "rollback-issuer", [Some(9), None, None, Some(6), Some(9), Some(9), None], true),
        ("lesson", "split-authority", [None, Some(6), Some(9), None, Some(9), Some(9), None], true),
        ("lesson", "precheck", [Some(9), None, None, None, None, None, None], true),
        ("three-holders", "correct", [None, None, None, None, None, None, None], true),
        ("three-holders", "no-fence", [Some(7), None, None, None, None, None, None], true),
        (
            "three-holders",
            "split-authority",
            [None, Some(6), Some(9), None, Some(9), Some(15), None],
            true,
        ),
        ("three-holders", "precheck", [Some(9), None, None, None, None, None, None], true),
        ("retry-after-failover", "correct", [None, None, None, None, None, Some(12), None], true),
        ("retry-after-failover", "no-fence", [Some(7), None, None, None, None, None, None], true),
        (
            "retry-after-failover",
            "rollback-issuer",
            [Some(14), None, None, Some(6), Some(9), Some(12), None],
            true,
        ),
        ("retry-after-failover", "precheck", [Some(9), None, None, None, None, None, None], true),
        ("scaled", "correct", [None, None, None, None, None, Some(23), None], true),
        ("scaled", "no-fence", [Some(9), None, None, None, None, None, None], true),
    ];
    for (name, variant, findings, complete) in expected {
        let s = preset(name);
        assert_eq!(
            verdicts(&s.model, with(&s, variant)),
            (*findings, *complete),
            "{name} {variant}"
        );
    }
}

#[test]
fn the_scaled_preset_reaches_a_million_states_within_the_cap() {
    let run = check(&preset("scaled").model, Defects::default(), 40, DEFAULT_CAP);
    assert!(run.complete && run.states >= 1_000_000 && run.states < DEFAULT_CAP, "{}", run.states);
    let mut search = fencing_model::checker::search(
        &preset("scaled").model,
        Defects::default(),
        40,
        DEFAULT_CAP,
    );
    while !search.run(1 << 20) {}
    // The progress bar's memory figure: at least the states and parent links themselves, and
    // within the page's budget of about 70 bytes a state.
    let floor = (std::mem::size_of::<State>() + 4) as f64;
    assert!(
        (floor..=70.0).contains(&search.bytes_per_state()),
        "{} bytes per state",
        search.bytes_per_state()
    );
}

#[test]
fn a_capped_search_says_so_and_still_reports_what_it_found() {
    let s = preset("scaled");
    let run = check(&s.model, with(&s, "no-fence"), 40, 50_000);
    assert!(!run.complete && run.states == 50_000);
    let text = fencing_model::render::text(&fencing_model::report::Report {
        variant: "no-fence".into(),
        scenario: s.clone(),
        case: fencing_model::CaseRun::Model(run),
    });
    assert!(text.contains("在上限 50000 个状态处停止，未穷尽"), "{text}");
    // A property not broken among the states visited is not said to hold.
    assert!(
        text.contains(
            "? unauthorized_accept（未绑定授予的 token 不可产生效果）：未发现违例（未穷尽）"
        ),
        "{text}"
    );
    // What was not found is said to be unfinished, not absent.
    let liveness = ["reused_fence：", "locked_out：", "lost_operation：", "stuck："];
    let unfinished = text
        .lines()
        .filter(|l| {
            liveness.iter().any(|n| l.trim_start().starts_with(&format!("? {n}")))
                && l.ends_with("（未穷尽）")
        })
        .count();
    assert!(unfinished > 0, "{text}");
}

/// Each defect that never fired is named with the reason that fits the scenario.
#[test]
fn a_defect_that_never_fired_says_why_for_this_scenario() {
    let unfired = |args: &[&str]| {
        let all: Vec<&str> = ["explore"].iter().chain(args).copied().collect();
        let (text, _) = fencing_model::cli::execute(&all);
        text.lines()
            .filter(|l| l.contains("本缺陷从未触发"))
            .map(|l| {
                l.trim()
                    .trim_start_matches("（本学习台补充）")
                    .split('，')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect::<Vec<_>>()
    };
    let sequential = ["--clients", "acquire write:1:a; acquire write:1:b", "--crash", "false"];
    assert_eq!(
        unfired(&[
            "--clients",
            "pause; pause",
            "--variant",
            "rollback-issuer,no-fence,split-authority"
        ]),
        [
            "no-fence：没有哪次比较本会拒绝的写入被资源接受",
            "split-authority：没有谁在失去租约之后向计数器取号",
            "rollback-issuer：没有一次恢复让发号器回退"
        ]
    );
    assert_eq!(
        unfired(&[&sequential[..], &["--variant", "no-fence,precheck,rollback-issuer"]].concat()),
        [
            "no-fence：没有哪次比较本会拒绝的写入被资源接受",
            "rollback-issuer：本场景 crash=false",
            "precheck：与 no-fence 同开时",
        ]
    );
    assert_eq!(
        unfired(&[&sequential[..], &["--variant", "precheck"]].concat()),
        ["precheck：没有哪次写入在比较通过之后、资源已变到本会拒绝它的值时被无条件写入"]
    );
}

/// What the page's progress bar and cap message read while the worker searches in slices.
#[test]
fn a_search_in_slices_reports_its_queue_and_whether_it_hit_the_cap() {
    let s = preset("three-holders");
    let mut search = fencing_model::checker::search(&s.model, Defects::default(), 40, DEFAULT_CAP);
    assert!(!search.run(10));
    assert_eq!(search.queued(), search.states() - 10, "seen but not yet expanded");
    assert_eq!(search.summary().queued, search.queued());
    assert!(!search.complete() && !search.capped());
    while !search.run(100) {}
    let all = search.states();
    assert!(search.complete() && !search.capped() && search.queued() == 0 && all == 314);
    // Room for one more state than there are: complete. A cap of exactly every state stops
    // before the last ones are expanded (their transitions could still break a property): capped.
    for (cap, capped) in [(all + 1, false), (all, true), (50, true)] {
        let mut search = fencing_model::checker::search(&s.model, Defects::default(), 40, cap);
        while !search.run(7) {}
        assert_eq!((search.capped(), search.complete()), (capped, !capped), "cap {cap}");
        assert_eq!(search.states(), cap.min(all));
    }
    // A parent link holds a state's number in 24 bits: a larger cap is held to what it can name.
    let huge = fencing_model::checker::search(&s.model, Defects::default(), 40, usize::MAX);
    assert_eq!(huge.cap, (1 << 24) - 1);
}

/// The limits of a learner's scenario, each at its edge.
#[test]
fn a_scenario_is_refused_past_each_limit_and_accepted_at_it() {
    let parse = |text: &str| Programs::parse(text, false, true).map(|_| ()).map_err(|e| e.why);
    let refused = |text: &str, why: &str| {
        let got = parse(text).expect_err(text);
        assert!(got.contains(why), "{text}: {got}");
    };
    assert_eq!(parse("acquire pause acquire pause acquire pause;acquire"), Ok(()));
    refused("acquire pause acquire pause acquire pause acquire;acquire", "程序须有 1 到 6 步");
    refused(" ;acquire", "程序须有 1 到 6 步");
    refused("write:1:a acquire;acquire", "在 acquire 之前就要写入或续租");
    refused("pause renew acquire;acquire", "在 acquire 之前就要写入或续租");
    refused("acquire;renew", "在 acquire 之前就要写入或续租");
    assert_eq!(parse("pause acquire renew write:1:a;acquire"), Ok(()));
    assert_eq!(
        parse("acquire write:1:a write:2:b write:3:c;acquire write:1:d write:2:e write:3:f"),
        Ok(())
    );
    refused(
        "acquire write:1:a write:2:b write:3:c write:4:g;acquire write:1:d write:2:e write:3:f",
        "合计最多 6 次写入，收到 7 次",
    );
    assert_eq!(parse("acquire write:1:abcdefghij-12345;acquire"), Ok(()));
    for key in ["", "abcdefghij-123456", "a_b", "键"] {
        refused(&format!("acquire write:1:{key};acquire"), "key 须为 1 到 16 个字母、数字或 -");
    }
}

/// `apply` takes only the moves a state offers (a paused client cannot step, a running one
/// cannot resume, a finished one can only release): the search has no hidden moves.
#[test]
fn apply_takes_only_the_actions_a_state_offers() {
    let every_step = Programs::parse(
        "acquire write:1:a pause renew write:2:b; acquire pause write:1:b; acquire",
        true,
        true,
    )
    .unwrap();
    for model in [preset("three-holders").model, every_step] {
        for defects in Defects::all_for(fencing_model::Case::Model) {
            let machine = Machine::new(&model, defects, 40);
            let clients = model.clients.len() as u8;
            let mut moves: Vec<Action> = (0..clients)
                .flat_map(|c| [Action::Step(c), Action::Resume(c), Action::Release(c)])
                .collect();
            moves.extend([Action::Step(clients), Action::Expire, Action::Crash, Action::Recover]);
            moves.extend((0..MAX_WRITES as u8).map(Action::Deliver));
            let (mut seen, mut queue, mut out) =
                (HashSet::from([State::default()]), vec![State::default()], Vec::new());
            while let Some(s) = queue.pop() {
                let mut offered = [Action::Expire; MAX_ACTIONS];
                let n = machine.actions(&s, &mut offered);
                let offered = &offered[..n];
                for &action in &moves {
                    assert!(
                        machine.apply(&s, action).is_none() || offered.contains(&action),
                        "{action:?} in {s:?}"
                    );
                }
                machine.successors(&s, &mut out);
                queue.extend(out.iter().filter_map(|&(_, n, _)| seen.insert(n).then_some(n)));
            }
            assert!(seen.len() > 100, "{} states", seen.len());
        }
    }
}

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
fn the_search_reports_a_state_where_nothing_can_happen() {
    // A state no scenario reaches (the lease held by a client the machine does not have), so
    // client A waits for ever: the detector must say so, with the empty path to it.
    let model = preset("three-holders").model;
    let mut stuck = State::default();
    (stuck.owner, stuck.lease) = (4, 1);
    let mut search = Search::starting_at(Machine::new(&model, Defects::default(), 40), stuck, 100);
    while !search.run(10) {}
    assert_eq!(search.findings(), vec![(Finding::Stuck, vec![])]);
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

/// A lost operation's key steps end at the refusal, not at the path's last step: here A's
/// second write reuses op_seq 1 in its own term and is refused, then A releases and B acquires.
#[test]
fn a_lost_operation_is_traced_from_its_refusal() {
    let model = Programs::parse("acquire write:1:pay write:1:tax; acquire", false, false).unwrap();
    let run = check(&model, Defects::default(), 40, DEFAULT_CAP);
    let lost = run.findings.iter().find(|f| f.finding == Finding::LostOperation).unwrap();
    assert_eq!(lost.path.as_ref().map(|p| p.len()), Some(5));
    assert_eq!(lost.key_steps, vec![1, 2, 3]);
    let (text, _) = fencing_model::cli::execute(&[
        "explore",
        "--clients",
        &model.programs(),
        "--delay",
        "false",
        "--crash",
        "false",
    ]);
    assert!(
        text.contains("是协议预期的失败，不是性质违例：本例中同一任期里 op_seq 不小于它的写入"),
        "{text}"
    );
}

/// While the authority is down none of its operations happens: a client's acquire (its own
/// re-entrant one too), renew and release wait, and so does the expiry it would judge.
#[test]
fn while_the_authority_is_down_its_operations_wait() {
    let model = Programs::parse("acquire pause acquire renew; acquire", true, false).unwrap();
    let machine = Machine::new(&model, Defects::default(), 40);
    let run = |s: State, actions: &[Action]| {
        actions
            .iter()
            .fold(s, |s, &a| machine.apply(&s, a).unwrap_or_else(|| panic!("{a:?} in {s:?}")).0)
    };
    // A holds the lease and is paused; the authority crashes.
    let paused = run(State::default(), &[Action::Step(0), Action::Step(0), Action::Crash]);
    assert!(machine.apply(&paused, Action::Expire).is_none(), "expiry waits");
    let resumed = run(paused, &[Action::Resume(0)]);
    assert!(machine.apply(&resumed, Action::Step(0)).is_none(), "A's re-entrant acquire waits");
    assert!(machine.apply(&resumed, Action::Step(1)).is_none(), "B's acquire waits");
    // The authority crashes once: to see it down again later, the state says so directly.
    let up = run(resumed, &[Action::Recover, Action::Step(0)]);
    assert!(machine.apply(&State { crash: 1, ..up }, Action::Step(0)).is_none(), "A's renew waits");
    let done = run(up, &[Action::Step(0)]);
    let down_again = State { crash: 1, ..done };
    assert!(machine.apply(&down_again, Action::Release(0)).is_none(), "release waits");
    assert!(machine.apply(&done, Action::Release(0)).is_some(), "and happens once it is up");
}

/// A switch whose defective step never happens is reported as such: a recovery before any
/// grant restores the same issuer (nothing moved back), a crash never allowed has none.
#[test]
fn a_defect_that_never_fires_is_named() {
    let unfired = |programs: &str, crash: bool, variant: &str| {
        let model = Programs::parse(programs, crash, false).unwrap();
        check(&model, Defects::from_variant(variant).unwrap(), 40, DEFAULT_CAP).unfired
    };
    assert_eq!(unfired("pause; pause", true, "rollback-issuer"), vec![Defect::RollbackIssuer]);
    assert_eq!(
        unfired("acquire write:1:a; acquire write:1:b", false, "rollback-issuer"),
        vec![Defect::RollbackIssuer]
    );
    assert_eq!(unfired("acquire write:1:a; acquire write:1:b", true, "rollback-issuer"), vec![]);
    // Nobody loses the lease before taking a number, and nothing stale reaches the resource.
    assert_eq!(
        unfired("acquire write:1:a; acquire write:2:b", false, "split-authority,no-fence"),
        vec![Defect::NoFence, Defect::SplitAuthority]
    );
    assert_eq!(
        unfired("acquire pause write:1:a; acquire write:2:b", false, "no-fence,precheck"),
        vec![Defect::Precheck]
    );
    assert_eq!(unfired("acquire pause write:2:a; acquire write:1:b", false, "precheck"), vec![]);
}

/// Each preset's example path replays to its end under the correct protocol and tells the
/// story its caption tells.
#[test]
fn each_presets_story_replays_and_tells_its_caption() {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, path_text, replay, steps};
    use fencing_model::verdicts::{of_path, Kind};
    for p in PRESETS {
        let Some((_, story)) = p.story else { continue };
        let s = p.read().scenario;
        let path = parse_path(story).unwrap();
        assert_eq!(path_text(&path), story, "{}", p.name);
        let machine = Machine::new(&s.model, Defects::default(), s.issuer);
        let moves = replay(&machine, &path);
        assert_eq!(moves.len(), path.len(), "{}: the story replays to its end", p.name);
        let st = steps(&machine, &moves);
        let marks = of_path(&machine, &moves, &st);
        // No harm and nothing broken: only the evidence that stale writes were refused.
        assert!(marks.flags.iter().all(|f| f.kind == Kind::Holds), "{}: {:?}", p.name, marks.flags);
        let refused = marks.flags.iter().filter(|f| f.finding == Finding::StaleRefused).count();
        let applied =
            st.iter().filter(|s| matches!(s.event, fencing_model::Event::Accepted { .. })).count();
        match p.name {
            "lesson" => assert_eq!((refused, applied), (1, 1)),
            "three-holders" => assert_eq!((refused, applied), (2, 1)),
            // B's ship, then A's retried pay under 43.
            "retry-after-failover" => {
                assert_eq!((refused, applied), (1, 2));
                assert_eq!(st.last().unwrap().after.max_fence, 43);
            }
            other => panic!("a story for {other} needs its expectations here"),
        }
    }
    assert_eq!(parse_path("A.wait").unwrap_err(), "不是一步动作：wait");
}
