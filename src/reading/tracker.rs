//! The reading pages' islands: the reading progress of a chapter (opened, read to the end)
//! and the whole lesson's print button.

use crate::content::TOC;
use crate::record::chapters::{Change, ChapterState, Chapters};
use crate::storage::store::use_store;
use leptos::html;
use leptos::prelude::*;

/// Records that the chapter was opened, and that it was read: its end scrolled into view, or —
/// when the end is on screen from the start (a chapter shorter than the window) — the chapter
/// kept open for `dwell_ms`, its reading time, so that opening is not reading.
#[island]
pub fn ReadTracker(slug: String, dwell_ms: u32) -> impl IntoView {
    let store = use_store::<Chapters>();
    // Islands' props are owned; the store names chapters by their static slug.
    let slug = TOC.iter().find(|c| c.slug == slug).map(|c| c.slug);
    let end = NodeRef::<html::Div>::new();
    let end_in_view = move || {
        end.get_untracked().is_some_and(|el| {
            let inner = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
            el.get_bounding_client_rect().top() <= inner
        })
    };
    let finish = move || {
        let Some(slug) = slug else { return };
        if store.record().with_untracked(|p| p.chapter(slug) != ChapterState::Read) {
            store.apply(Change::Finish(slug));
        }
    };
    // Whether the end was out of view at first: then reaching it means scrolling through.
    let scrolled = StoredValue::new(false);
    let handle = window_event_listener(leptos::ev::scroll, move |_| {
        if scrolled.get_value() && end_in_view() {
            finish();
        }
    });
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        if let Some(slug) = slug {
            store.apply(Change::Open(slug));
        }
        if end_in_view() {
            set_timeout(finish, std::time::Duration::from_millis(u64::from(dwell_ms)));
        } else {
            scrolled.set_value(true);
        }
    });
    view! { <div class="chapter-end" node_ref=end></div> }
}

#[island]
pub fn PrintButton() -> impl IntoView {
    view! {
        <button
            class="tool-btn"
            on:click=move |_| {
                let _ = window().print();
            }
        >
            "打印"
        </button>
    }
}
