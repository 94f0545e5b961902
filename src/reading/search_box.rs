//! The search box in the top bar: fetches the index on first use, lists hits as the learner
//! types, and moves between them from the keyboard.

use super::search::{search, Entry, INDEX_FILE, MAX_HITS};
use crate::content::TOC;
use crate::route;
use crate::ui::keys::SEARCH_INPUT_ID;
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// The index as the search box holds it.
#[derive(Clone, Debug, PartialEq)]
enum Index {
    NotLoaded,
    Loading,
    Ready(Arc<Vec<Entry>>),
    Failed,
}

async fn fetch_index() -> Option<Vec<Entry>> {
    let response = wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(&route::href(&format!("/{INDEX_FILE}")))).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    let text = wasm_bindgen_futures::JsFuture::from(response.text().ok()?).await.ok()?.as_string()?;
    serde_json::from_str(&text).ok()
}

#[island]
pub fn Search() -> impl IntoView {
    let input = NodeRef::<html::Input>::new();
    let query = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let index = RwSignal::new(Index::NotLoaded);
    let load = move || {
        if index.get_untracked() == Index::NotLoaded {
            index.set(Index::Loading);
            spawn_local(async move {
                index.set(fetch_index().await.map_or(Index::Failed, |e| Index::Ready(Arc::new(e))));
            });
        }
    };
    let hits = Memo::new(move |_| match index.get() {
        Index::Ready(entries) => search(&entries, &query.get()),
        _ => Vec::new(),
    });
    let close = move || {
        open.set(false);
        query.set(String::new());
    };
    let results = NodeRef::<html::Div>::new();
    // ↓ from the box enters the hits, ↑/↓ move between them, Esc returns to the box.
    let move_focus = move |ev: &web_sys::KeyboardEvent| {
        let Some(list) = results.get_untracked() else { return };
        let links = list.query_selector_all("a").ok();
        let links: Vec<web_sys::HtmlElement> =
            links.map(|l| (0..l.length()).filter_map(|i| l.item(i)?.dyn_into().ok()).collect()).unwrap_or_default();
        let active = document().active_element();
        let at = links.iter().position(|l| active.as_ref().is_some_and(|a| a == l.unchecked_ref::<web_sys::Element>()));
        let next = match (ev.key().as_str(), at) {
            ("ArrowDown", None) => Some(0),
            ("ArrowDown", Some(i)) => Some((i + 1).min(links.len().saturating_sub(1))),
            ("ArrowUp", Some(0)) => {
                ev.prevent_default();
                if let Some(i) = input.get_untracked() {
                    let _ = i.focus();
                }
                None
            }
            ("ArrowUp", Some(i)) => Some(i - 1),
            _ => None,
        };
        if let Some(link) = next.and_then(|i| links.get(i)) {
            ev.prevent_default();
            let _ = link.focus();
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
        "Escape" => {
            close();
            if let Some(i) = input.get_untracked() {
                let _ = i.focus();
            }
        }
        "ArrowDown" | "ArrowUp" => move_focus(&ev),
        _ => {}
    };
    let count = move || match (index.get(), hits.with(Vec::len)) {
        (Index::Loading | Index::NotLoaded, _) => "正在载入搜索索引…".to_string(),
        (Index::Failed, _) => "无法载入搜索索引，请检查网络后重试".to_string(),
        (_, 0) => "没有找到".to_string(),
        (_, MAX_HITS) => format!("前 {MAX_HITS} 处匹配"),
        (_, n) => format!("{n} 处匹配"),
    };
    view! {
        <div class="search" role="search">
            <label for=SEARCH_INPUT_ID class="visually-hidden">"搜索课程"</label>
            <input
                id=SEARCH_INPUT_ID
                type="search"
                node_ref=input
                placeholder="搜索课程"
                autocomplete="off"
                aria-controls="search-results"
                prop:value=move || query.get()
                on:input=move |ev| { query.set(event_target_value(&ev)); open.set(true); load(); }
                on:focus=move |_| { open.set(true); load(); }
                on:keydown=on_key
            />
            <kbd class="key-hint search-key" aria-hidden="true">"/"</kbd>
            <div id="search-results" class="search-results" node_ref=results on:keydown=on_key
                hidden=move || !open.get() || query.get().trim().is_empty()>
                <p class="search-count" role="status">{count}</p>
                <ul>
                    {move || hits.get().into_iter().map(|h| { let href = h.href(); view! {
                        // A hit in this page only moves the fragment: close the list behind it.
                        <li on:click=move |_| close()>
                            <a href=href>
                                <span class="hit-chapter">{TOC[h.chapter].nav}</span>
                                <span class="hit-text">{h.before}<mark>{h.matched}</mark>{h.after}</span>
                            </a>
                        </li>
                    }}).collect_view()}
                </ul>
            </div>
        </div>
    }
}
