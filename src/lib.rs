//! 学习台 · 租约与 fencing — the page: the lesson, its lab on the model crate, the self-test.
//!
//! The module tree has one direction: `app` (the frame and the route table) at the top; one
//! module per learner activity below it (`reading`, `experiments`, `selftest`, `progress`);
//! shared widgets in `ui`; and at the bottom what everything may use — `route` (paths and the
//! base path), `storage` (the one store), `content` (the lesson as data).

pub mod app;
pub mod content;
pub mod experiments;
pub mod progress;
pub mod reading;
pub mod route;
pub mod selftest;
pub mod storage;
pub mod tok;
pub mod ui;

pub use app::App;

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
