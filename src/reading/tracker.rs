//! The reading pages' islands: the reading progress of a chapter (opened, read to the end)
//! and the whole lesson's print button.

use crate::content::TOC;
use crate::record::chapters::{Change, ChapterState, Chapters};
use crate::storage::store::use_store;
use leptos::html;
use leptos::prelude::*;

/// Records that the chapter was opened, and that it was read: its end has been on screen and
/// the chapter has been open for `dwell_ms`, its reading time — one rule for every chapter, so
/// that neither opening a short one nor jumping to the end of a long one is reading it.
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
    // The two conditions, in whichever order they come.
    let (reached, dwelt) = (StoredValue::new(false), StoredValue::new(false));
    let finish = move || {
        let Some(slug) = slug else { return };
        // `try_`: a timer may outlive the island.
        reached.try_update_value(|r| *r = *r || end_in_view());
        if reached.try_get_value() == Some(true)
            && dwelt.try_get_value() == Some(true)
            && store.record().with_untracked(|p| p.chapter(slug) != ChapterState::Read)
        {
            store.apply(Change::Finish(slug));
        }
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| finish());
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        if let Some(slug) = slug {
            store.apply(Change::Open(slug));
        }
        finish();
        let done = move || {
            dwelt.try_set_value(true);
            finish();
        };
        set_timeout(done, std::time::Duration::from_millis(u64::from(dwell_ms)));
    });
    // Said where the learner is when it happens (on a phone the sidebar's dot is out of sight);
    // set after hydration, since the prerendered page cannot know.
    let read = RwSignal::new(false);
    Effect::new(move |_| {
        let state = slug.map(|slug| store.record().with(|p| p.chapter(slug)));
        read.set(state == Some(ChapterState::Read));
    });
    view! {
        <div class="chapter-end" node_ref=end>
            <p class="read-note" role="status">
                {move || read.get().then_some("✓ 本章已记为读完")}
            </p>
        </div>
    }
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
