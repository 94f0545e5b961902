//! The chapter list: where the learner is and what they have read.

use crate::content::CHAPTERS;
use crate::storage::store::use_store;
use leptos::prelude::*;
use leptos_router::components::A;

#[component]
pub fn ChapterList() -> impl IntoView {
    let store = use_store();
    let current = expect_context::<crate::ui::shell::CurrentChapter>().0;
    let mark = move |slug: &'static str| {
        store.progress.with(|p| match p.chapters.get(slug) {
            Some(c) if c.read_at.is_some() => ("read", "已读"),
            Some(_) => ("opened", "已打开"),
            None => ("", ""),
        })
    };
    view! {
        <ol class="chapter-list">
            {CHAPTERS.iter().enumerate().map(|(i, c)| view! {
                // On the whole-lesson page no chapter is "the page": the one in view is marked.
                <li class:in-view=move || current.get() == Some(i)>
                    <A href=crate::link(&format!("/{}", c.slug)) exact=true>
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
            <li><A href=crate::link("/explore")>"实验台"</A></li>
            <li><A href=crate::link("/self-test")>"闭卷自测"</A></li>
            <li><A href=crate::link("/progress")>"学习进度"</A></li>
            <li><A href=crate::link("/all")>"全文 · 打印"</A></li>
        </ul>
    }
}
