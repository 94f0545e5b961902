//! The explorer's model checker and its report: each preset's verdicts, a search capped or in
//! slices, the defects that never fired, a lost operation's trace and each preset's story.
//! (The oracle's agreement is in `explorer_oracle.rs`, the machine's moves in
//! `explorer_moves.rs`.)

mod common;

use common::{preset, verdicts};
use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::Programs;
use fencing_model::machine::state::State;
use fencing_model::presets::PRESETS;
use fencing_model::Finding;
use fencing_model::{Defect, Defects, Scenario};

fn with(s: &Scenario, variant: &str) -> Defects {
    let mut d = s.defects;
    for one in Defects::from_variant(variant).unwrap().iter() {
        d = d.with(one, true);
    }
    d
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
    let scenario = fencing_model::Scenario { defects: with(&s, "no-fence"), ..s.clone() };
    let report = fencing_model::report::Report::of_model(scenario, run);
    let text = fencing_model::render::text(&report);
    assert!(text.contains("在上限 50,000 个状态处停止，未穷尽"), "{text}");
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
