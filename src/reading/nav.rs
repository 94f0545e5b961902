//! The chapter list: where the learner is and what they have read.

use crate::content::CHAPTERS;
use crate::route::Route;
use crate::storage::progress::ChapterState;
use crate::storage::store::use_store;
use leptos::prelude::*;
use leptos_router::components::A;

/// Which chapter is on screen (a chapter page, or the one in view on the whole-lesson page),
/// for the chapter list and for ←/→.
#[derive(Clone, Copy)]
pub struct CurrentChapter(RwSignal<Option<usize>>);

impl CurrentChapter {
    pub fn provide() {
        provide_context(CurrentChapter(RwSignal::new(None)));
    }

    pub fn get() -> RwSignal<Option<usize>> {
        expect_context::<CurrentChapter>().0
    }
}

#[component]
pub fn ChapterList() -> impl IntoView {
    let progress = use_store().progress();
    let current = CurrentChapter::get();
    let mark = move |slug: &'static str| match progress.with(|p| p.chapter(slug)) {
        ChapterState::Read => ("read", "已读"),
        ChapterState::Opened => ("opened", "已打开"),
        ChapterState::Unopened => ("", ""),
    };
    let extra = [(Route::Explore, "实验台"), (Route::SelfTest, "闭卷自测"), (Route::Progress, "学习进度"), (Route::All, "全文 · 打印")];
    view! {
        <ol class="chapter-list">
            {CHAPTERS.iter().enumerate().map(|(i, c)| view! {
                // On the whole-lesson page no chapter is "the page": the one in view is marked.
                <li class:in-view=move || current.get() == Some(i)>
                    <A href=Route::Chapter(c.slug).href() exact=true>
                        <span class="num" aria-hidden="true">{i + 1}</span>
                        <span class="nav-title">{c.nav}</span>
                        <span class=move || format!("read-mark {}", mark(c.slug).0) title=move || mark(c.slug).1>
                            <span class="visually-hidden">{move || mark(c.slug).1}</span>
                        </span>
                    </A>
                </li>
            }).collect_view()}
        </ol>
        <ul class="extra-links">
            {extra.into_iter().map(|(route, label)| view! { <li><A href=route.href()>{label}</A></li> }).collect_view()}
        </ul>
    }
}
