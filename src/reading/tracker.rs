//! The reading pages' islands: the reading progress of a chapter (opened, read to the end),
//! and the whole lesson's print button.

use crate::content::TOC;
use crate::record::chapters::{Change, ChapterState, Chapters};
use crate::route::Route;
use crate::storage::store::use_store;
use leptos::html;
use leptos::prelude::*;

/// Records that the chapter was opened, and that it was read: its end has been on screen and
/// the chapter has been open for `dwell_ms`, its reading time — one rule for every chapter, so
/// that neither opening a short one nor jumping to the end of a long one is reading it. Reached
/// too soon, its end says how long is left.
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
    let opened_at = StoredValue::new(0.0);
    // The end reached before the time: the seconds still to stay, said at the end.
    let waiting = RwSignal::new(None::<u32>);
    let ticker = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(h) = ticker.try_update_value(Option::take).flatten() {
            h.clear();
        }
    };
    // Called on opening, on each scroll and when the time is up: the end may be in view at
    // once (a chapter shorter than the screen), and then the countdown starts at once too.
    let finish = move || {
        let Some(slug) = slug else { return };
        // `try_`: a timer may outlive the island.
        reached.try_update_value(|r| *r = *r || end_in_view());
        let (reached, dwelt) = (reached.try_get_value(), dwelt.try_get_value());
        let read = store.record().with_untracked(|p| p.chapter(slug) == ChapterState::Read);
        if reached == Some(true) && dwelt == Some(true) && !read {
            store.apply(Change::Finish(slug));
            stop();
        } else if reached == Some(true) && !read && waiting.try_get_untracked() == Some(None) {
            let left = move || {
                let spent = crate::clock::now() - opened_at.get_value();
                ((f64::from(dwell_ms) - spent) / 1000.0).ceil().max(1.0) as u32
            };
            waiting.set(Some(left()));
            // Counted down each second, so that a learner who waits sees the time pass (until
            // the chapter is read, when the note says so instead).
            let second = std::time::Duration::from_secs(1);
            if let Ok(h) =
                set_interval_with_handle(move || _ = waiting.try_set(Some(left())), second)
            {
                ticker.set_value(Some(h));
            }
        }
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| finish());
    on_cleanup(move || {
        handle.remove();
        stop();
    });
    Effect::new(move |_| {
        if let Some(slug) = slug {
            store.apply(Change::Open(slug));
        }
        opened_at.set_value(crate::clock::now());
        finish();
        let done = move || {
            dwelt.try_set_value(true);
            finish();
        };
        set_timeout(done, std::time::Duration::from_millis(u64::from(dwell_ms)));
    });
    // Said where the learner is when it happens (on a phone the sidebar's dot is out of sight);
    // once the stored record is in, after hydration, since the prerendered page cannot know.
    let read = move || {
        store.loaded().get()
            && slug.is_some_and(|s| store.record().with(|p| p.chapter(s) == ChapterState::Read))
    };
    view! {
        <div class="chapter-end" node_ref=end>
            // Muted while waiting: green is for done.
            <p class="read-note" class:waiting=move || !read() role="status">
                {move || match (read(), waiting.get()) {
                    (true, _) => Some("✓ 本章已记为读完".to_string()),
                    (false, Some(left)) => {
                        Some(
                            format!(
                                "已读到章末；在本页再停留约 {left} 秒，即记为读完。",
                            ),
                        )
                    }
                    (false, None) => None,
                }}
            </p>
        </div>
    }
}

/// The way on through the chapters, as links (address, words): after the furthest chapter read,
/// and back to the first one left unread behind it. Said alike on the landing and the progress
/// page.
pub fn reading_ways(p: &Chapters) -> Vec<(String, String)> {
    let onward = p.onward();
    let link = |i: usize, words: String| (Route::Chapter(TOC[i].slug).href(), words);
    let mut ways = Vec::new();
    if let Some(i) = onward.next {
        // The first chapter is the way on only when none was read: a start, not a return.
        let words = if i == 0 {
            format!("从第 1 章读起 · {}", TOC[0].nav)
        } else {
            format!("接着读第 {} 章 · {}", i + 1, TOC[i].nav)
        };
        ways.push(link(i, words));
    }
    if let Some(&i) = onward.skipped.first() {
        let n = onward.skipped.len();
        let more = if n > 1 { format!("（共 {n} 章待补）") } else { String::new() };
        ways.push(link(i, format!("回头补读第 {} 章 · {}{more}", i + 1, TOC[i].nav)));
    }
    ways
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
