//! The coach's distances agree with a forward search from each state: for every state of the
//! lesson's scenario, three-holders and retry-after-failover under every defect combination,
//! the fewest moves to each finding equal the shortest path a fresh search from that state
//! finds (none where it finds none).

use fencing_model::coach::{Coach, UNREACHABLE};
use fencing_model::machine::Machine;
use fencing_model::presets::PRESETS;
use fencing_model::search::Search;
use fencing_model::{Defects, Finding};

fn agree(preset: &str, defects: Defects) -> usize {
    let s = PRESETS.iter().find(|p| p.name == preset).unwrap().read().scenario;
    let machine = Machine::new(&s.model, defects, s.issuer);
    let mut search = Search::new(machine.clone(), 1 << 22);
    while !search.run(1 << 20) {}
    let coach = Coach::new(&search).unwrap();
    for i in 0..search.states() {
        let mut from = Search::starting_at(machine.clone(), *search.state(i), 1 << 22);
        while !from.run(1 << 20) {}
        let found = from.findings();
        for f in Finding::ALL {
            let forward = found.iter().find(|(g, _)| *g == f).map(|(_, p)| p.len());
            let coached = Some(coach.distance(i, f) as usize).filter(|&d| d != UNREACHABLE as usize);
            assert_eq!(coached, forward, "{preset} {} state {i} {}", defects.variant_name(), f.name());
        }
    }
    search.states()
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
            let words: Vec<String> = out.iter().map(|(a, _, _)| machine.move_words(search.state(i), *a)).collect();
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
