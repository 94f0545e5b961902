//! The frame of the app, at the top of the module tree: the route table, the shell around
//! every view and the page-wide keyboard shortcuts. It imports the activities (reading,
//! experiments, self-test, progress); nothing imports it.

mod shell;
mod shortcuts;

use crate::route::{Base, Route};
use crate::{experiments, progress, reading, selftest, ui};
use leptos::prelude::*;
use leptos_router::components::{Redirect, Route as RouteView, Router, Routes};
use leptos_router::{ParamSegment, StaticSegment};

/// The whole app under the site's base path (see `route::Base`).
#[component]
pub fn App(base: Base) -> impl IntoView {
    ui::theme::init();
    let router_base = base.0.clone();
    provide_context(base);
    let first = Route::Chapter(crate::content::CHAPTERS[0].slug).path();
    view! {
        <Router base=router_base>
            <shell::Shell>
                <Routes fallback=|| view! { <reading::NotFound/> }>
                    <RouteView path=StaticSegment(Route::Home.segment()) view=move || view! { <Redirect path=first.clone()/> }/>
                    <RouteView path=StaticSegment(Route::All.segment()) view=reading::WholeLesson/>
                    <RouteView path=StaticSegment(Route::Explore.segment()) view=experiments::ExplorerPage/>
                    <RouteView path=StaticSegment(Route::SelfTest.segment()) view=selftest::SelfTestPage/>
                    <RouteView path=StaticSegment(Route::Progress.segment()) view=progress::ProgressPage/>
                    <RouteView path=ParamSegment("slug") view=reading::ChapterRoute/>
                </Routes>
            </shell::Shell>
        </Router>
    }
}
