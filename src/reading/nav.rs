//! The chapter list: where the learner is and what they have read. On the whole-lesson page
//! the chapter in view is marked as the learner scrolls.

use crate::content::TOC;
use crate::record::chapters::{ChapterState, Chapters};
use crate::route::Route;
use crate::storage::store::use_store;
use leptos::prelude::*;

/// `current`: the chapter this page shows; `whole`: the page is the whole lesson (the chapter
/// in view is followed instead); `page`: the page's path, for marking the extra links.
#[island]
pub fn ChapterNav(current: Option<usize>, whole: bool, page: String) -> impl IntoView {
    let progress = use_store::<Chapters>().record();
    let in_view = RwSignal::new(None::<usize>);
    if whole {
        // The chapter whose heading has passed under the top bar.
        let spy = move || {
            let line = 120.0;
            let seen = TOC.iter().rposition(|c| {
                document()
                    .get_element_by_id(&format!("{}-title", c.slug))
                    .is_some_and(|h| h.get_bounding_client_rect().top() <= line)
            });
            in_view.set(Some(seen.unwrap_or(0)));
        };
        let handle = window_event_listener(leptos::ev::scroll, move |_| spy());
        on_cleanup(move || handle.remove());
        Effect::new(move |_| spy());
    }
    let mark = move |slug: &'static str| match progress.with(|p| p.chapter(slug)) {
        ChapterState::Read => ("read", "已读"),
        ChapterState::Opened => ("opened", "已打开"),
        ChapterState::Unopened => ("", ""),
    };
    let extra = [
        (Route::Explore, "实验台"),
        (Route::SelfTest, "闭卷自测"),
        (Route::Progress, "学习进度"),
        (Route::Glossary, "术语表"),
        (Route::All, "全文 · 打印"),
    ];
    view! {
        <ol class="chapter-list">
            {TOC
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    view! {
                        <li class:in-view=move || in_view.get() == Some(i)>
                            <a
                                href=Route::Chapter(c.slug).href()
                                aria-current=(current == Some(i)).then_some("page")
                            >
                                <span class="num" aria-hidden="true">
                                    {i + 1}
                                </span>
                                <span class="nav-title">{c.nav}</span>
                                <span
                                    class=move || format!("read-mark {}", mark(c.slug).0)
                                    title=move || mark(c.slug).1
                                >
                                    <span class="visually-hidden">{move || mark(c.slug).1}</span>
                                </span>
                            </a>
                        </li>
                    }
                })
                .collect_view()}
        </ol>
        // What the dots mean, once any chapter has one.
        <p
            class="mark-legend"
            aria-hidden="true"
            hidden=move || {
                progress.with(|p| TOC.iter().all(|c| p.chapter(c.slug) == ChapterState::Unopened))
            }
        >
            <span class="read-mark opened"></span>
            "已打开"
            <span class="read-mark read"></span>
            "已读"
        </p>
        <ul class="extra-links">
            {extra
                .into_iter()
                .map(|(route, label)| {
                    let here = route.path() == page;
                    view! {
                        <li>
                            <a href=route.href() aria-current=here.then_some("page")>
                                {label}
                            </a>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
