//! 学习台 · 租约与 fencing — the page: the lesson, its lab on the model crate, the self-test.
//! Components are grouped by what a learner does; content and the model are plain data.

pub mod content;
pub mod experiments;
pub mod progress;
pub mod reading;
pub mod selftest;
pub mod storage;
pub mod tok;
pub mod ui;

use leptos::prelude::*;
use leptos_router::components::{Redirect, Route, Router, Routes};
use leptos_router::path;

pub use content::CHAPTERS;

/// The site's base path (Trunk's public_url, which Trunk writes into `<base href>`), without
/// the trailing slash; empty at the root.
pub fn base_path() -> &'static str {
    static BASE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let href = document()
            .query_selector("base[href]")
            .ok()
            .flatten()
            .and_then(|b| b.get_attribute("href"))
            .unwrap_or_default();
        href.trim_end_matches('/').to_string()
    })
}

/// An in-app path as a link target. The router matches routes and navigates under the base,
/// but `<A href="/x">` takes an absolute href as it is, so links add the base here.
pub fn link(path: &str) -> String {
    format!("{}{path}", base_path())
}

#[component]
pub fn App() -> impl IntoView {
    ui::theme::init();
    view! {
        <Router base=base_path()>
            <ui::shell::Shell>
                <Routes fallback=|| view! { <reading::NotFound/> }>
                    <Route path=path!("/") view=|| view! { <Redirect path="/intro"/> }/>
                    <Route path=path!("/all") view=reading::WholeLesson/>
                    <Route path=path!("/explore") view=experiments::ExplorerPage/>
                    <Route path=path!("/self-test") view=selftest::SelfTestPage/>
                    <Route path=path!("/progress") view=progress::ProgressPage/>
                    <Route path=path!("/:slug") view=reading::ChapterRoute/>
                </Routes>
            </ui::shell::Shell>
        </Router>
    }
}

/// In-page timing of the model's benchmark workload (see tools/bench.mjs): milliseconds per
/// round, measured with `performance.now()` (std's clock does not exist on wasm32).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_model(rounds: u32) -> f64 {
    let now = || window().performance().map_or(0.0, |p| p.now());
    fencing_model::bench::workload(rounds / 10 + 1);
    let t = now();
    std::hint::black_box(fencing_model::bench::workload(rounds));
    (now() - t) / f64::from(rounds)
}
