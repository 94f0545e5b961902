//! Reading the lesson: one route per chapter, the whole lesson on one page for printing,
//! and the reading progress (opened / read to the end) saved through the store.

pub mod blocks;
pub mod lab;
pub mod nav;
pub mod search;
pub mod timeline;

use crate::content::{chapter_index, Chapter, CHAPTERS};
use crate::route::Route;
use crate::storage::progress::{Change, ChapterState};
use crate::storage::store::use_store;
use crate::ui::copy::CopyButton;
use blocks::Blocks;
use nav::CurrentChapter;
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_location, use_params_map};

#[component]
pub fn ChapterRoute() -> impl IntoView {
    let params = use_params_map();
    move || {
        let slug = params.read().get("slug").unwrap_or_default();
        match chapter_index(&slug) {
            Some(i) => view! { <ChapterPage slug=CHAPTERS[i].slug/> }.into_any(),
            None => view! { <NotFound/> }.into_any(),
        }
    }
}


/// Scroll to the element the URL's fragment names (a search hit), after it is in the DOM.
fn scroll_to_fragment() {
    let location = use_location();
    Effect::new(move |_| {
        let hash = location.hash.get();
        let id = hash.trim_start_matches('#').to_string();
        if id.is_empty() {
            return;
        }
        request_animation_frame(move || {
            if let Some(el) = document().get_element_by_id(&id) {
                el.scroll_into_view();
                let _ = el.class_list().add_1("flash");
            }
        });
    });
}

#[component]
pub fn ChapterPage(slug: &'static str) -> impl IntoView {
    let index = chapter_index(slug).expect("routes only pass known slugs");
    let chapter: &'static Chapter = &CHAPTERS[index];
    let store = use_store();
    let current = CurrentChapter::get();
    current.set(Some(index));
    // Leaving: clear the mark unless the next page has already set its own.
    on_cleanup(move || {
        current.try_update(|c| {
            if *c == Some(index) {
                *c = None;
            }
        });
    });
    document().set_title(&format!("{} · 学习台", chapter.title));
    store.apply(Change::OpenChapter(slug));
    scroll_to_fragment();

    // Read to the end: the end marker has been on screen.
    let end = NodeRef::<html::Div>::new();
    let check_end = move || {
        // The scroll listener may outlive the page for a moment: a gone marker is "not seen".
        let seen = end.try_get_untracked().flatten().is_some_and(|el| {
            let inner = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
            el.get_bounding_client_rect().top() <= inner
        });
        let unread = store.progress().with_untracked(|p| p.chapter(slug) != ChapterState::Read);
        if seen && unread {
            store.apply(Change::FinishChapter(slug));
        }
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| check_end());
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        if end.get().is_some() {
            request_animation_frame(check_end);
        }
    });

    let link = move || {
        let href = window().location().href().unwrap_or_default();
        href.split('#').next().unwrap_or_default().to_string()
    };
    let prev = index.checked_sub(1).map(|i| &CHAPTERS[i]);
    let next = CHAPTERS.get(index + 1);
    view! {
        <article class="chapter" aria-labelledby="chapter-title">
            <p class="kicker">{format!("第 {} 章 · 共 {} 章", index + 1, CHAPTERS.len())}</p>
            <div class="heading-row">
                <h1 id="chapter-title">{chapter.title}</h1>
                <A href=Route::Chapter(slug).href() attr:class="anchor" attr:aria-label="本章固定链接">"#"</A>
                <CopyButton text=Callback::new(move |_| link()) label="复制本章链接"/>
            </div>
            <Blocks chapter=chapter/>
            <div class="chapter-end" node_ref=end></div>
            <nav class="pager" aria-label="翻页">
                {prev.map(|c| view! { <A href=Route::Chapter(c.slug).href() attr:class="pager-prev" attr:rel="prev"><span class="pager-dir">"← 上一章"</span><span>{c.nav}</span></A> })}
                {next.map(|c| view! { <A href=Route::Chapter(c.slug).href() attr:class="pager-next" attr:rel="next"><span class="pager-dir">"下一章 →"</span><span>{c.nav}</span></A> })}
            </nav>
        </article>
    }
}

/// The whole lesson on one page: for reading straight through and for printing.
#[component]
pub fn WholeLesson() -> impl IntoView {
    document().set_title("全文 · 学习台 · 租约与 fencing");
    scroll_to_fragment();
    // Scroll spy: the chapter whose section has reached the top bar is "in view", for the
    // chapter list and for ←/→.
    let current = CurrentChapter::get();
    let spy = move || {
        let line = 120.0;
        let in_view = CHAPTERS.iter().rposition(|c| {
            document().get_element_by_id(&format!("{}-title", c.slug)).is_some_and(|h| h.get_bounding_client_rect().top() <= line)
        });
        current.set(Some(in_view.unwrap_or(0)));
    };
    let handle = window_event_listener(leptos::ev::scroll, move |_| spy());
    request_animation_frame(spy);
    on_cleanup(move || {
        handle.remove();
        current.try_set(None);
    });
    view! {
        <article class="chapter whole" aria-labelledby="whole-title">
            <div class="heading-row">
                <h1 id="whole-title">"全文 · 租约与 fencing"</h1>
                <button class="tool-btn" on:click=move |_| { let _ = window().print(); }>"打印"</button>
            </div>
            {CHAPTERS.iter().map(|c| view! {
                <section class="whole-chapter" aria-labelledby=format!("{}-title", c.slug)>
                    <div class="heading-row">
                        <h2 id=format!("{}-title", c.slug)>{c.title}</h2>
                        <A href=Route::Chapter(c.slug).href() attr:class="anchor" attr:aria-label=format!("单独打开：{}", c.title)>"#"</A>
                    </div>
                    <Blocks chapter=c expanded=true/>
                </section>
            }).collect_view()}
        </article>
    }
}

#[component]
pub fn NotFound() -> impl IntoView {
    document().set_title("找不到页面 · 学习台");
    view! {
        <article class="chapter">
            <h1>"找不到这个页面"</h1>
            <p>"链接可能有误。可以从目录选择一章，或回到"<A href=Route::Chapter(CHAPTERS[0].slug).href()>{CHAPTERS[0].nav}</A>"。"</p>
        </article>
    }
}
