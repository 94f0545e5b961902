//! 学习台 · 租约与 fencing — the page: the lesson, its lab on the model crate, the self-test.

pub mod content;
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    view! { <main id="main"><h1>{content::CHAPTERS[0].title}</h1></main> }
}
