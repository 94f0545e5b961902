//! What the explorer's machine takes: a learner's scenario within its limits, only the moves
//! a state offers, nothing while the authority is down, and a state where nothing can happen.

mod common;

use common::preset;
use fencing_model::machine::spec::{Programs, MAX_WRITES};
use fencing_model::machine::state::{Action, State, MAX_ACTIONS};
use fencing_model::machine::Machine;
use fencing_model::search::Search;
use fencing_model::Defects;
use fencing_model::Finding;
use std::collections::HashSet;

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

/// Each interleaving of the lab opens in 「你来调度」 at its path: the path replays in the
/// driven machine, move for move (the crash folded into its recovery a move of its own), to
/// the interleaving's last state.
#[test]
fn every_lab_interleaving_replays_as_a_path_of_the_driven_machine() {
    use fencing_model::path::{parse_path, replay};
    use fencing_model::{lab, Case, Scenario};
    for variant in ["correct", "no-fence", "rollback-issuer", "split-authority", "precheck"] {
        let defects = Defects::from_variant(variant).unwrap();
        let scenario = Scenario::lesson(Case::Fencing, defects);
        let machine = lab::driven(&scenario).unwrap();
        let run = lab::run(&scenario);
        for (trace, moves) in run.traces.iter().zip(lab::interleavings(&lab::machine(&scenario))) {
            let path = parse_path(&trace.path).unwrap();
            let replayed = replay(&machine, &path);
            assert_eq!(replayed.len(), path.len(), "{variant}: {} replays whole", trace.path);
            assert_eq!(replayed.len(), trace.steps.len() + 1, "{variant}: one crash added");
            assert_eq!(replayed.last().map(|m| m.after), moves.last().map(|m| m.after));
        }
    }
}
