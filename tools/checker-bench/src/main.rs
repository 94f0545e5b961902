//! `checker-bench [RUNS]`: the scaled preset's complete search, RUNS times (default 5) each by
//! the app's checker and by stateright's single-threaded BFS over the same transitions;
//! prints JSON with the distinct states, each run's wall time and the median rate
//! (distinct states of a complete search / wall time).
//! `checker-bench coach [RUNS]`: for the lab's machine (the lesson's scenario, every defect
//! combination) and each preset, what the coach of 「你来调度」 costs: the complete search and
//! the backward pass (median ms of RUNS each), states, and bytes per state of each.

use fencing_model::checker::{search, DEFAULT_CAP};
use fencing_model::coach::{Coach, MAX_STATES};
use fencing_model::machine::spec::Programs as Spec;
use fencing_model::machine::state::{Action, State, MAX_ACTIONS};
use fencing_model::machine::Machine;
use fencing_model::presets::PRESETS;
use fencing_model::search::Search;
use fencing_model::Defects;
use fencing_model::{lab, Case, Scenario};
use stateright::{Checker, Model, Property};
use std::time::Instant;

/// The same machine, as stateright models are written: enabled actions, then one step.
struct Peer(Machine);

impl Model for Peer {
    type State = State;
    type Action = Action;

    fn init_states(&self) -> Vec<State> {
        vec![State::default()]
    }

    /// Every action the state offers; one that turns out disabled is `None` in `next_state`,
    /// which stateright's search skips (so each transition is computed once, as ours are).
    fn actions(&self, s: &State, out: &mut Vec<Action>) {
        let mut all = [Action::Expire; MAX_ACTIONS];
        let n = self.0.actions(s, &mut all);
        out.extend_from_slice(&all[..n]);
    }

    fn next_state(&self, s: &State, a: Action) -> Option<State> {
        self.0.apply(s, a).map(|(n, _)| n)
    }

    /// A per-state check of about the app's per-transition cost: stateright's properties are
    /// predicates on states.
    fn properties(&self) -> Vec<Property<Self>> {
        vec![Property::always("the resource's fence was issued", |_, s: &State| {
            s.max_fence <= s.max_issued.max(s.counter)
        })]
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The coach's cost on one machine: states, search and pass times (median ms), bytes per state.
fn coach(name: &str, machine: Machine, runs: usize) -> serde_json::Value {
    let (mut search_ms, mut pass_ms) = (Vec::new(), Vec::new());
    let mut out = serde_json::json!({});
    for _ in 0..runs {
        let t = Instant::now();
        let mut s = Search::new(machine.clone(), MAX_STATES + 1);
        while !s.run(1 << 16) {}
        search_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        let t = Instant::now();
        let built = Coach::new(&s);
        pass_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        out = match built {
            Ok(c) => {
                serde_json::json!({
                    "name": name,
                    "states": s.states(),
                    "search_bytes_per_state": s.bytes_per_state(),
                    "coach_bytes_per_state": c.bytes_per_state()
                })
            }
            Err(e) => {
                serde_json::json!({ "name": name, "states": s.states(), "refused": e.to_string() })
            }
        };
    }
    out["search_ms"] = median(search_ms).into();
    out["pass_ms"] = median(pass_ms).into();
    out
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("coach") {
        let runs: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(3);
        let mut rows = Vec::new();
        for d in Defects::all_for(Case::Fencing) {
            let machine = lab::driven(&Scenario::lesson(Case::Fencing, d))
                .expect("the fencing case is driven");
            rows.push(coach(&format!("lab {}", d.variant_name()), machine, runs));
        }
        for p in PRESETS {
            let s = p.read().scenario;
            rows.push(coach(p.name, Machine::new(&s.model, s.defects, s.issuer), runs));
        }
        println!("{}", serde_json::Value::Array(rows));
        return;
    }
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let scaled =
        PRESETS.iter().find(|p| p.name == "scaled").expect("the scaled preset").read().scenario;
    let spec: &Spec = &scaled.model;
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    let (mut states, mut peer_states, mut bytes) = (0, 0, 0.0);
    for _ in 0..runs {
        let t = Instant::now();
        let mut s = search(spec, Defects::default(), 40, DEFAULT_CAP);
        while !s.run(1 << 16) {}
        ours.push(t.elapsed().as_secs_f64() * 1000.0);
        assert!(s.complete());
        (states, bytes) = (s.states(), s.bytes_per_state());

        let t = Instant::now();
        let checker = Peer(Machine::new(spec, Defects::default(), 40))
            .checker()
            .threads(1)
            .spawn_bfs()
            .join();
        peer.push(t.elapsed().as_secs_f64() * 1000.0);
        checker.assert_properties();
        peer_states = checker.unique_state_count();
    }
    assert_eq!(states, peer_states, "both searches must visit the same distinct states");
    let rate = |ms: &[f64]| states as f64 / (median(ms.to_vec()) / 1000.0);
    let out = serde_json::json!({
        "states": states,
        "bytes_per_state": bytes,
        "native": { "ms": ours, "states_per_s": rate(&ours) },
        "stateright": { "ms": peer, "states_per_s": rate(&peer) },
    });
    println!("{out}");
}
