//! The checker in the page's Web Worker: one exported function that searches a scenario (given
//! as the explorer's query string) to the end or its cap, reporting a `Summary` as JSON every
//! tenth of a second and once at the end. The worker script (js/checker-worker.js) calls
//! it; cancelling terminates the worker, so the loop needs no way to be interrupted.

use fencing_model::checker::{self, Summary};
use fencing_model::codec;
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
    let mut search = checker::search(&scenario.model, scenario.defects, scenario.issuer, cap as usize);
    let start = js_sys::Date::now();
    let mut last = start;
    let report = |s: &Summary, elapsed: f64| serde_json::json!({ "summary": s, "elapsed_ms": elapsed }).to_string();
    while !search.run(SLICE) {
        let now = js_sys::Date::now();
        if now - last >= EVERY_MS {
            last = now;
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&report(&search.summary(), now - start)));
        }
    }
    Ok(report(&search.summary(), js_sys::Date::now() - start))
}

fn main() {}
