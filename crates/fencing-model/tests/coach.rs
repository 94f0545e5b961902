//! The coach's distances agree with a forward search from each state: for every state of the
//! lesson's scenario, three-holders and retry-after-failover under every defect combination,
//! the fewest moves to each finding equal the shortest path a fresh search from that state
//! finds (none where it finds none).

use fencing_model::coach::{Coach, UNREACHABLE};
use fencing_model::machine::state::State;
use fencing_model::machine::Machine;
use fencing_model::path::read_path;
use fencing_model::presets::PRESETS;
use fencing_model::search::Search;
use fencing_model::words::{next_move, situation};
use fencing_model::{Defects, Finding};
use std::collections::{HashSet, VecDeque};

fn agree(preset: &str, defects: Defects) -> usize {
    let s = PRESETS.iter().find(|p| p.name == preset).unwrap().read().scenario;
    agree_on(preset, Machine::new(&s.model, defects, s.issuer))
}

fn agree_on(preset: &str, machine: Machine) -> usize {
    let defects = machine.defects;
    let mut search = Search::new(machine.clone(), 1 << 22);
    while !search.run(1 << 20) {}
    let coach = Coach::new(&search).unwrap();
    for i in 0..search.states() {
        let mut from = Search::starting_at(machine.clone(), *search.state(i), 1 << 22);
        while !from.run(1 << 20) {}
        let found = from.findings();
        let fewest = forward(&machine, *search.state(i));
        for (k, f) in Finding::COACHED.into_iter().enumerate() {
            let coached =
                Some(coach.distance(i, f) as usize).filter(|&d| d != UNREACHABLE as usize);
            // The report's findings against the search's shortest paths; every goal against a
            // plain breadth-first walk written here.
            if let Some(at) = Finding::ALL.iter().position(|g| *g == f) {
                let forward =
                    found.iter().find(|(g, _)| *g == Finding::ALL[at]).map(|(_, p)| p.len());
                assert_eq!(
                    coached,
                    forward,
                    "{preset} {} state {i} {}",
                    defects.variant_name(),
                    f.name()
                );
            }
            assert_eq!(
                coached,
                fewest[k],
                "{preset} {} state {i} {} (walk)",
                defects.variant_name(),
                f.name()
            );
        }
    }
    search.states()
}

/// Fewest moves from `start` to each goal of `Finding::COACHED`, by breadth-first search.
fn forward(machine: &Machine, start: State) -> Vec<Option<usize>> {
    let mut fewest = vec![None; Finding::COACHED.len()];
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([(start, 0)]);
    let mut out = Vec::new();
    while let Some((s, d)) = queue.pop_front() {
        machine.successors(&s, &mut out);
        for (k, f) in Finding::COACHED.into_iter().enumerate() {
            let here = !f.on_transition() && f.holds_in(machine, &s, out.is_empty());
            let next = f.on_transition()
                && out.iter().any(|(_, _, e)| f.made_under(machine.defects, &s, e));
            let found = if here { Some(d) } else { next.then_some(d + 1) };
            fewest[k] = fewest[k].or(found);
        }
        for (_, n, _) in out.drain(..) {
            if seen.insert(n) {
                queue.push_back((n, d + 1));
            }
        }
    }
    fewest
}

#[test]
fn the_coach_agrees_with_a_forward_search_from_every_state() {
    for preset in ["lesson", "three-holders", "retry-after-failover"] {
        for defects in Defects::all_for(fencing_model::Case::Fencing) {
            let n = agree(preset, defects);
            assert!(n > 10, "{preset}: {n} states");
        }
    }
}

/// The same for the machine 「你来调度」 drives in the fencing case: the lab's, with the
/// lesson's programs (under split authority, A mints before pausing and again after).
#[test]
fn the_coach_agrees_on_the_lab_machine() {
    for defects in Defects::all_for(fencing_model::Case::Fencing) {
        let scenario = fencing_model::Scenario::lesson(fencing_model::Case::Fencing, defects);
        let n = agree_on("lab", fencing_model::lab::driven(&scenario).unwrap());
        assert!(n > 10, "lab {}: {n} states", defects.variant_name());
    }
}

/// Where the lesson says a harm stops being possible, the coach says so at that step: with
/// no fence, once A's write lands before B's (the key caveat's order), no older grant's write
/// can overwrite B any more; before it, one could.
#[test]
fn the_coach_closes_the_overwrite_once_a_writes_first() {
    use fencing_model::coach::locate;
    let defects = Defects::default().with(fencing_model::Defect::NoFence, true);
    let machine = fencing_model::lab::driven(&fencing_model::Scenario::lesson(
        fencing_model::Case::Fencing,
        defects,
    ))
    .unwrap();
    let mut search = Search::new(machine.clone(), 1 << 20);
    while !search.run(1 << 20) {}
    let coach = Coach::new(&search).unwrap();
    let revoked = Finding::Broken(fencing_model::Property::RevokedGenerationOverwrite);
    let at = |text: &str| {
        coach.distance(locate(&search, &read_path(&machine, text).0).unwrap(), revoked)
    };
    assert_eq!(at(""), 7, "acquire A, pause A, expire, acquire B, write B, resume A, write A");
    assert_eq!(at("A.A.expire.crash.recover.B.resume-A"), 2);
    assert_eq!(at("A.A.expire.crash.recover.B.resume-A.A"), UNREACHABLE);
}

/// Every move enabled in every state of the lesson's scenario is worded without its outcome,
/// and two moves of one state never read alike.
#[test]
fn each_move_is_worded_before_it_happens() {
    for defects in Defects::all_for(fencing_model::Case::Fencing) {
        let s = PRESETS[0].read().scenario;
        let machine = Machine::new(&s.model, defects, s.issuer);
        let mut search = Search::new(machine.clone(), 1 << 20);
        while !search.run(1 << 20) {}
        let mut out = Vec::new();
        for i in 0..search.states() {
            machine.successors(search.state(i), &mut out);
            let words: Vec<String> =
                out.iter().map(|(a, _, _)| next_move(&machine, search.state(i), *a)).collect();
            for w in &words {
                for outcome in ["接受", "拒绝", "通过", "成功", "失败", "违反"] {
                    assert!(!w.contains(outcome), "«{w}» tells the outcome");
                }
            }
            let mut unique = words.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), words.len(), "{words:?}");
        }
    }
}

/// A learner's path read from a link: every move kept while each is enabled; the first that
/// is no move, or not enabled where it stands, is named and the rest dropped.
#[test]
fn a_learners_path_keeps_its_longest_valid_prefix() {
    let s = PRESETS[0].read().scenario;
    let machine = fencing_model::lab::machine(&s);
    let (path, why) = read_path(&machine, "A.A.expire.crash.recover.B.B.resume-A.A");
    assert_eq!((path.len(), why), (9, None));
    assert_eq!(fencing_model::path::path_text(&path), "A.A.expire.crash.recover.B.B.resume-A.A");
    let (path, why) = read_path(&machine, "A.A.x.A");
    assert_eq!(path.len(), 2);
    assert_eq!(why.as_deref(), Some("第 3 步「x」不是一步动作，只保留了它之前的 2 步"));
    // B cannot be granted the lease A holds: no `acquire B` while A's lease is valid.
    let (path, why) = read_path(&machine, "A.B");
    assert_eq!(path.len(), 1, "{why:?}");
    assert_eq!(why.as_deref(), Some("第 2 步「B」在那时不可选，只保留了它之前的 1 步"));
}

/// What the learner sees of the state: a client's next step and token with its grant, the
/// authority, the resource's pair and what it holds.
#[test]
fn the_situation_tells_each_part_of_the_state() {
    let s = PRESETS[0].read().scenario;
    let machine = fencing_model::lab::machine(&s);
    let moves = fencing_model::path::replay(&machine, &read_path(&machine, "A.A.expire").0);
    let lines = situation(&machine, &moves.last().unwrap().after, None);
    let text: Vec<String> = lines.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    assert_eq!(
        text,
        [
            "A: 下一步：A 写入 (41,2)，暂停中（恢复前不能行动）；持有 token 41（授予#1）",
            "B: 下一步：B 申请租约；未持有 token",
            "授权权威: owner A，租约已到期，generation 41",
            "资源: (max_fence, last_seq) = (0,0)，尚无提交",
        ]
    );
}

/// Each challenge can be done in the lesson's scenario under its protocol, in the fewest moves
/// its story needs, except the first, which no path does: the claim it tests holds.
#[test]
fn each_challenge_is_possible_but_the_first() {
    use fencing_model::challenges::CHALLENGES;
    let fewest: Vec<(&str, Option<u8>)> = CHALLENGES
        .iter()
        .map(|c| {
            let machine = fencing_model::lab::driven(&c.scenario()).unwrap();
            let mut search = Search::new(machine, 1 << 20);
            while !search.run(1 << 20) {}
            let d = Coach::new(&search).unwrap().distance(0, c.goal);
            (c.id, (d != UNREACHABLE).then_some(d))
        })
        .collect();
    assert_eq!(
        fewest,
        [
            ("stale-after-commit", None),
            // acquire A, pause A, expire, acquire B, resume A, write A (41 lands before B's 42).
            ("key-caveat", Some(6)),
            ("no-fence", Some(7)),
            // … with a mint after each grant, and A's second (unbound) mint after resuming.
            ("split-authority", Some(10)),
            ("rollback-overwrite", Some(9)),
            ("rollback-lockout", Some(9)),
            ("precheck", Some(9)),
        ]
    );
}

/// The scaled preset (1.4 million states): at a few states spread over the search's visit
/// order, the coach's distances equal a breadth-first walk's from there.
#[test]
fn the_coach_agrees_on_sampled_states_of_the_scaled_preset() {
    let s = PRESETS.iter().find(|p| p.name == "scaled").unwrap().read().scenario;
    let machine = Machine::new(&s.model, s.defects, s.issuer);
    let mut search = Search::new(machine.clone(), fencing_model::coach::MAX_STATES + 1);
    while !search.run(1 << 20) {}
    let coach = Coach::new(&search).unwrap();
    let n = search.states();
    for i in [n / 2, n * 3 / 4, n * 9 / 10, n - 1] {
        let fewest = forward(&machine, *search.state(i));
        for (k, f) in Finding::COACHED.into_iter().enumerate() {
            let coached =
                Some(coach.distance(i, f) as usize).filter(|&d| d != UNREACHABLE as usize);
            assert_eq!(coached, fewest[k], "scaled state {i} {}", f.name());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// Scenarios generated from the programs' own steps, under any defects: the coach agrees
    /// with a breadth-first walk from every state.
    #[test]
    fn the_coach_agrees_on_generated_scenarios(
        programs in proptest::collection::vec(proptest::collection::vec(0usize..4, 1..4), 2..4),
        crash in proptest::bool::ANY,
        delay in proptest::bool::ANY,
        defects in 0usize..16,
    ) {
        // Each program acquires first, then any of the other steps, on a key of its own.
        let op = |o: usize, c: usize| {
            ["pause", "write:1:k", "renew", "write:2:k"][o].replace('k', &format!("k{c}"))
        };
        let program = |(c, p): (usize, &Vec<usize>)| {
            format!("acquire {}", p.iter().map(|&o| op(o, c)).collect::<Vec<_>>().join(" "))
        };
        let text = programs.iter().enumerate().map(program).collect::<Vec<_>>().join("; ");
        let model = fencing_model::machine::spec::Programs::parse(&text, crash, delay);
        proptest::prop_assume!(model.is_ok());
        let model = model.unwrap();
        let defects = Defects::all_for(fencing_model::Case::Model)[defects];
        let machine = Machine::new(&model, defects, 40);
        let mut search = Search::new(machine.clone(), 601);
        while !search.run(1 << 20) {}
        proptest::prop_assume!(search.complete() && search.states() <= 600);
        agree_on(&text, machine);
    }
}

/// A scenario over the coach's limit is refused as too large (the worker stops its search one
/// state past the limit, so the search is also incomplete: the size is what is said); an
/// incomplete search within the limit is refused as incomplete.
#[test]
fn the_coach_refuses_a_scenario_too_large_before_an_incomplete_search() {
    use fencing_model::coach::CoachError;
    let s = PRESETS[0].read().scenario;
    let machine = Machine::new(&s.model, s.defects, s.issuer);
    let mut capped = Search::new(machine.clone(), 51);
    while !capped.run(1 << 20) {}
    let refused = Coach::within(&capped, 50).err();
    assert_eq!(refused, Some(CoachError::TooLarge(50)));
    assert_eq!(refused.unwrap().to_string(), "场景的可达状态超过教练的上限 50 个：请缩小场景");
    assert_eq!(Coach::within(&capped, 60).err(), Some(CoachError::Incomplete));
    let mut whole = Search::new(machine, 1 << 20);
    while !whole.run(1 << 20) {}
    assert!(Coach::within(&whole, whole.states()).is_ok());
}
