//! The checker in the page's Web Worker. `check` searches a scenario (given as the explorer's
//! query string) to the end or its cap, reporting a `Summary` as JSON every tenth of a second
//! and once at the end; `coach` searches the machine a learner drives to the end and builds
//! the coach over it, kept here for `coach_at` to answer each move. The worker script
//! (js/checker-worker.js) calls them; cancelling terminates the worker, so no loop needs a way
//! to be interrupted.

use fencing_model::checker::{self, Summary};
use fencing_model::coach::{locate, Coach, MAX_STATES};
use fencing_model::path::parse_path;
use fencing_model::search::Search;
use fencing_model::{codec, lab, Finding};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// States expanded between looks at the clock: a few milliseconds of work.
const SLICE: usize = 4096;
/// How often progress is reported, in milliseconds.
const EVERY_MS: f64 = 100.0;

/// Search the scenario `query` describes, calling `progress` with a `Summary` (JSON) as it
/// goes; returns the final one, with `elapsed_ms` beside it.
#[wasm_bindgen]
pub fn check(query: &str, cap: u32, progress: &js_sys::Function) -> Result<String, String> {
    let scenario = codec::from_query(query).map_err(|e| e.to_string())?;
    let mut search =
        checker::search(&scenario.model, scenario.defects, scenario.issuer, cap as usize);
    let start = js_sys::Date::now();
    let mut last = start;
    let report = |s: &Summary, elapsed: f64| {
        serde_json::json!({ "summary": s, "elapsed_ms": elapsed }).to_string()
    };
    while !search.run(SLICE) {
        let now = js_sys::Date::now();
        if now - last >= EVERY_MS {
            last = now;
            let _ = progress
                .call1(&JsValue::NULL, &JsValue::from_str(&report(&search.summary(), now - start)));
        }
    }
    Ok(report(&search.summary(), js_sys::Date::now() - start))
}

thread_local! {
    /// The coached search: every state of the driven machine, and the coach over them.
    static COACHED: RefCell<Option<(Search, Coach)>> = const { RefCell::new(None) };
}

/// Search every state of the machine a learner drives for the scenario `query` describes and
/// build the coach over them; what it cost: states, milliseconds, the search's and the
/// coach's bytes per state. (Numbers, not JSON: the page reads them without a parser.)
#[wasm_bindgen]
pub fn coach(query: &str) -> Result<Vec<f64>, String> {
    let scenario = codec::from_query(query).map_err(|e| e.to_string())?;
    let machine = lab::driven(&scenario).ok_or("operations 案例没有可调度的步骤")?;
    let start = js_sys::Date::now();
    // One state over the coach's limit is enough to know the scenario is too large.
    let mut search = Search::new(machine, MAX_STATES + 1);
    while !search.run(1 << 16) {}
    let coach = Coach::new(&search).map_err(|e| e.to_string())?;
    let cost = vec![
        search.states() as f64,
        js_sys::Date::now() - start,
        search.bytes_per_state(),
        coach.bytes_per_state(),
    ];
    COACHED.with(|c| *c.borrow_mut() = Some((search, coach)));
    Ok(cost)
}

/// Along a learner's `path` (its text form): the fewest moves to each finding (`Finding::COACHED`
/// order, `UNREACHABLE` for none) at each state from the initial one to the path's end — so
/// the page can say at which step a finding stopped being possible — then after each move
/// enabled at the end. Bytes, one row of `Finding::COACHED.len()` per state or move.
#[wasm_bindgen]
pub fn coach_at(path: &str) -> Result<Vec<u8>, String> {
    let path = parse_path(path)?;
    COACHED.with(|c| {
        let c = c.borrow();
        let (search, coach) = c.as_ref().ok_or("教练还没有准备好")?;
        let mut out = Vec::new();
        for k in 0..=path.len() {
            let i = locate(search, &path[..k]).ok_or("这条路径不在检查过的状态里")?;
            out.extend(Finding::COACHED.iter().map(|&f| coach.distance(i, f)));
            if k == path.len() {
                out.extend(coach.moves(search, i).iter().flat_map(|(_, d)| *d));
            }
        }
        Ok(out)
    })
}

fn main() {}
