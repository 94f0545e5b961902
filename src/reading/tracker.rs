//! The reading pages' islands: the reading progress of a chapter (opened, read to the end),
//! where a returning learner left off, and the whole lesson's print button.

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
    // `scrolled`: called for a scroll, when reaching the end is the learner's doing.
    let finish = move |scrolled: bool| {
        let Some(slug) = slug else { return };
        // `try_`: a timer may outlive the island.
        reached.try_update_value(|r| *r = *r || end_in_view());
        let (reached, dwelt) = (reached.try_get_value(), dwelt.try_get_value());
        let read = store.record().with_untracked(|p| p.chapter(slug) == ChapterState::Read);
        if reached == Some(true) && dwelt == Some(true) && !read {
            store.apply(Change::Finish(slug));
        } else if scrolled
            && reached == Some(true)
            && !read
            && waiting.try_get_untracked() == Some(None)
        {
            let spent = crate::clock::now() - opened_at.get_value();
            let left = ((f64::from(dwell_ms) - spent) / 1000.0).ceil().max(1.0);
            waiting.set(Some(left as u32));
        }
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| finish(true));
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        if let Some(slug) = slug {
            store.apply(Change::Open(slug));
        }
        opened_at.set_value(crate::clock::now());
        finish(false);
        let done = move || {
            dwelt.try_set_value(true);
            finish(false);
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
            // Muted while waiting: green is for done.
            <p class="read-note" class:waiting=move || !read.get() role="status">
                {move || match (read.get(), waiting.get()) {
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
        ways.push(link(i, format!("接着读第 {} 章 · {}", i + 1, TOC[i].nav)));
    }
    if let Some(&i) = onward.skipped.first() {
        let n = onward.skipped.len();
        let more = if n > 1 { format!("（前面共 {n} 章没读完）") } else { String::new() };
        ways.push(link(i, format!("回头补读第 {} 章 · {}{more}", i + 1, TOC[i].nav)));
    }
    ways
}

/// On the landing, for a learner coming back: what this browser kept of their reading, the way
/// on (as on the progress page), and where the rest is. Empty in the prerendered page (a new
/// learner's) and for one who has opened only the intro; read once after hydration, so reading
/// the intro now does not make a newcomer "returning".
#[island]
pub fn WelcomeBack() -> impl IntoView {
    let store = use_store::<Chapters>();
    let back = RwSignal::new(None::<(String, Vec<(String, String)>)>);
    Effect::new(move |_| {
        // When the stored record is in (loaded once, after hydration): `loaded` turns true once.
        if !store.loaded().get() {
            return;
        }
        store.record().with_untracked(|p| {
            let intro = TOC[0].slug;
            let returning = p.chapter(intro) == ChapterState::Read
                || p.chapters.keys().any(|slug| slug != intro);
            if !returning {
                return;
            }
            let read = TOC.iter().filter(|c| p.chapter(c.slug) == ChapterState::Read).count();
            let mut ways = reading_ways(p);
            if ways.is_empty() {
                ways.push((Route::SelfTest.href(), "去做闭卷自测".to_string()));
            }
            back.set(Some((format!("欢迎回来：本机记录已读完 {read}/{} 章。", TOC.len()), ways)));
        });
    });
    move || {
        back.get().map(|(said, ways)| {
            view! {
                <div class="welcome-back">
                    <p>{said}</p>
                    {ways
                        .into_iter()
                        .map(|(href, words)| {
                            view! {
                                <a class="start" href=href>
                                    {words}
                                </a>
                            }
                        })
                        .collect_view()}
                    <p class="hint">
                        "复习、自测与实验的进度，以及其余下一步，见"
                        <a href=Route::Progress.href()>"学习进度"</a> "。"
                    </p>
                </div>
            }
        })
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
