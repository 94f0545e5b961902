//! The checker in the page's Web Worker: `answer` reads what the page asks (`checker::Ask`, as
//! JSON text) and posts what it answers (`checker::Answer`). A search runs to the end or its
//! cap, reporting its `Summary` every tenth of a second and once at the end; the coach searches
//! the machine a learner drives to the end and is kept here to answer each move. The worker
//! script (js/checker-worker.js) passes the messages through; cancelling terminates the
//! worker, so no loop needs a way to be interrupted.

use fencing_model::checker::{self, Answer, Ask, Cost, Progress};
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

/// Answer what the page asks (`ask`, JSON text), each answer given to `post` as its JSON text
/// and, for the coach's rows, their bytes.
#[wasm_bindgen]
pub fn answer(ask: &str, post: &js_sys::Function) {
    let send = |answer: &Answer, rows: Option<Vec<u8>>| {
        let json = serde_json::to_string(answer).unwrap_or_default();
        let rows = rows.map_or(JsValue::UNDEFINED, |r| js_sys::Uint8Array::from(&r[..]).into());
        let _ = post.call2(&JsValue::NULL, &JsValue::from_str(&json), &rows);
    };
    let done = match serde_json::from_str::<Ask>(ask) {
        Err(_) => {
            Err("读不懂页面发来的请求（页面与检查器可能不是同一版本，请刷新页面）".to_string())
        }
        Ok(Ask::Search { query, cap }) => check(&query, cap, |p| send(&Answer::Searching(p), None))
            .map(|p| send(&Answer::Searched(p), None)),
        Ok(Ask::Coach { query }) => coach(&query).map(|c| send(&Answer::Coached(c), None)),
        Ok(Ask::At { path }) => coach_at(&path).map(|rows| send(&Answer::At { path }, Some(rows))),
    };
    if let Err(why) = done {
        send(&Answer::Failed(why), None);
    }
}

/// Search the scenario `query` describes, calling `progress` as it goes; returns where it
/// ended.
fn check(query: &str, cap: usize, progress: impl Fn(Progress)) -> Result<Progress, String> {
    let scenario = codec::from_query(query).map_err(|e| e.to_string())?;
    let mut search = checker::search(&scenario.model, scenario.defects, scenario.issuer, cap);
    let start = js_sys::Date::now();
    let mut last = start;
    let at = |s: &Search, now: f64| Progress { summary: s.summary(), elapsed_ms: now - start };
    while !search.run(SLICE) {
        let now = js_sys::Date::now();
        if now - last >= EVERY_MS {
            last = now;
            progress(at(&search, now));
        }
    }
    Ok(at(&search, js_sys::Date::now()))
}

thread_local! {
    /// The coached search: every state of the driven machine, and the coach over them.
    static COACHED: RefCell<Option<(Search, Coach)>> = const { RefCell::new(None) };
}

/// Search every state of the machine a learner drives for the scenario `query` describes and
/// build the coach over them; returns what it cost.
fn coach(query: &str) -> Result<Cost, String> {
    let scenario = codec::from_query(query).map_err(|e| e.to_string())?;
    let machine = lab::driven(&scenario).ok_or("operations 案例没有可调度的步骤")?;
    let start = js_sys::Date::now();
    // One state over the coach's limit is enough to know the scenario is too large.
    let mut search = Search::new(machine, MAX_STATES + 1);
    while !search.run(1 << 16) {}
    let coach = Coach::new(&search).map_err(|e| e.to_string())?;
    let cost = Cost {
        states: search.states(),
        ms: js_sys::Date::now() - start,
        search_bytes: search.bytes_per_state(),
        coach_bytes: coach.bytes_per_state(),
    };
    COACHED.with(|c| *c.borrow_mut() = Some((search, coach)));
    Ok(cost)
}

/// Along a learner's `path` (its text form): the fewest moves to each finding (`Finding::COACHED`
/// order, `UNREACHABLE` for none) at each state from the initial one to the path's end — so
/// the page can say at which step a finding stopped being possible — then after each move
/// enabled at the end. Bytes, one row of `Finding::COACHED.len()` per state or move.
fn coach_at(path: &str) -> Result<Vec<u8>, String> {
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
