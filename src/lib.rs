//! 学习台 · 租约与 fencing — the page: the lesson, its lab on the model crate, the self-test.
//!
//! Every route is rendered to HTML at build time by these components (`app::Page`, natively,
//! with the `ssr` feature); in the browser the `hydrate` build brings the islands to life —
//! search, theme, the chapter list's marks, lab runs, the explorer, the self-test, progress.
//!
//! The module tree has one direction: `app` (the frame and the routes' pages) at the top; one
//! module per learner activity below it (`reading`, `experiments`, `selftest`, `progress`);
//! what the explorer and the lab chapter both show of a run in `lab_views`; shared widgets in
//! `ui`; and at the bottom what everything may use — `route` (paths and the
//! base path), `storage` (how the records are kept) over `record` (what the learner did, and
//! the rules it changes by), `content` (the lesson as data).

#![recursion_limit = "256"]

pub mod app;
pub mod clock;
pub mod content;
#[cfg(feature = "lab")]
pub mod experiments;
#[cfg(any(feature = "lab", feature = "commands"))]
pub mod lab_views;
#[cfg(feature = "study")]
pub mod progress;
pub mod reading;
pub mod record;
pub mod rooted;
pub mod route;
#[cfg(feature = "study")]
pub mod selftest;
pub mod storage;
pub mod tok;
pub mod ui;

/// A browser module's entry point: the panic hook, the site's base path (read once, before
/// any island renders), and the islands' reactive root. js/islands.js then hydrates the page's
/// islands and calls `after_hydration`.
#[cfg(feature = "hydrate")]
pub fn start() {
    console_error_panic_hook::set_once();
    // Trunk writes `--public-url` into <base href>.
    let base = leptos::prelude::document()
        .query_selector("base[href]")
        .ok()
        .flatten()
        .and_then(|b| b.get_attribute("href"));
    route::set_base(&base.unwrap_or_default());
    leptos::mount::hydrate_islands();
}

/// Called by js/islands.js once every island is hydrated: what only the browser knows
/// (saved progress) is applied now, so that hydration met exactly the prerendered HTML.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn after_hydration() {
    // The stores the page's islands asked for read their records (the frame's chapters on
    // every page; a part's store only where an island shows it).
    storage::store::go_live();
    #[cfg(feature = "lab")]
    experiments::session::use_session().go_live();
}

/// In-page timing of the model's benchmark workload (see tools/bench.mjs): milliseconds per
/// round, measured with `performance.now()` (std's clock does not exist on wasm32). Built only
/// with the `bench` feature, so the shipped page does not carry it.
#[cfg(feature = "bench")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_model(rounds: u32) -> f64 {
    use leptos::prelude::window;
    let now = || window().performance().map_or(0.0, |p| p.now());
    fencing_model::bench::workload(rounds / 10 + 1);
    let t = now();
    std::hint::black_box(fencing_model::bench::workload(rounds));
    (now() - t) / f64::from(rounds)
}
