// A trivial page with the router: what Leptos + leptos_router cost before any app code.
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::hooks::use_params_map;
use leptos_router::path;
#[component]
fn Page() -> impl IntoView {
    let p = use_params_map();
    view! {
        <h1>{move || p.read().get("slug").unwrap_or_default()}</h1>
        <A href="/b">"next"</A>
    }
}
fn main() {
    leptos::mount::mount_to_body(|| {
        view! {
            <Router>
                <Routes fallback=|| "nf">
                    <Route path=path!("/:slug") view=Page />
                </Routes>
            </Router>
        }
    });
}
