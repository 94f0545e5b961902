//! The reading pages' islands: the reading progress of a chapter (opened, read to the end)
//! and the whole lesson's print button.

use crate::content::TOC;
use crate::record::chapters::{Change, ChapterState, Chapters};
use crate::storage::store::use_store;
use leptos::html;
use leptos::prelude::*;

/// Records that the chapter was opened, and read to the end once its end has been on screen.
#[island]
pub fn ReadTracker(slug: String) -> impl IntoView {
    let store = use_store::<Chapters>();
    // Islands' props are owned; the store names chapters by their static slug.
    let slug = TOC.iter().find(|c| c.slug == slug).map(|c| c.slug);
    let end = NodeRef::<html::Div>::new();
    let check_end = move || {
        let Some(slug) = slug else { return };
        let seen = end.get_untracked().is_some_and(|el| {
            let inner = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
            el.get_bounding_client_rect().top() <= inner
        });
        let unread = store.record().with_untracked(|p| p.chapter(slug) != ChapterState::Read);
        if seen && unread {
            store.apply(Change::Finish(slug));
        }
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| check_end());
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        if let Some(slug) = slug {
            store.apply(Change::Open(slug));
        }
        check_end();
    });
    view! { <div class="chapter-end" node_ref=end></div> }
}

#[island]
pub fn PrintButton() -> impl IntoView {
    view! { <button class="tool-btn" on:click=move |_| { let _ = window().print(); }>"打印"</button> }
}
