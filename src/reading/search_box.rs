//! The search box in the top bar: fetches the index on first use, lists hits as the learner
//! types, and moves between them from the keyboard.

use super::hit_mark;
use super::search::{search, terms, Hit, Index, Term, INDEX_FILE};
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
enum IndexState {
    NotLoaded,
    Loading,
    Ready(Arc<Index>),
    Failed,
}

/// Hits shown per chapter; the rest of a chapter's are counted.
const PER_CHAPTER: usize = 3;

/// Fetch the index, the first time only.
fn load_index(index: RwSignal<IndexState>) {
    if index.get_untracked() == IndexState::NotLoaded {
        index.set(IndexState::Loading);
        spawn_local(async move {
            let got = fetch_index().await;
            index.set(got.map_or(IndexState::Failed, |e| IndexState::Ready(Arc::new(e))));
        });
    }
}

async fn fetch_index() -> Option<Index> {
    let response = wasm_bindgen_futures::JsFuture::from(
        window().fetch_with_str(&route::href(&format!("/{INDEX_FILE}"))),
    )
    .await
    .ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    let text =
        wasm_bindgen_futures::JsFuture::from(response.text().ok()?).await.ok()?.as_string()?;
    serde_json::from_str(&text).ok()
}

/// Hits grouped by chapter, in lesson order.
fn chapters(hits: &[Hit]) -> Vec<Vec<Hit>> {
    hits.chunk_by(|a, b| a.chapter == b.chapter).map(<[Hit]>::to_vec).collect()
}

/// One group of the list: the glossary's terms, or a chapter's hits.
struct Group {
    class: &'static str,
    label: &'static str,
    heading: String,
    items: Vec<Item>,
    /// How many hits are not listed, and the first of them.
    more: Option<(usize, Item)>,
}

/// A hit as the list shows it: where it leads, and its text before, in and after the match.
type Item = (String, String, String, String);

/// What the list shows: the terms the query names first (one view for both kinds, which
/// keeps the `reading` module small), then each chapter's first hits.
fn groups(terms: &[Term], hits: &[Hit]) -> Vec<Group> {
    let terms = (!terms.is_empty()).then(|| Group {
        class: "hit-group glossary-hits",
        label: "术语表",
        heading: format!("术语表{}", fencing_model::APP_NOTE),
        items: terms
            .iter()
            .map(|t| (t.href(), t.name().to_string(), String::new(), String::new()))
            .collect(),
        more: None,
    });
    let chapters = chapters(hits).into_iter().map(|group| {
        let (n, chapter) = (group.len(), group[0].chapter);
        let mut items = group.into_iter().map(|h| (h.href(), h.before, h.matched, h.after));
        let listed: Vec<Item> = items.by_ref().take(PER_CHAPTER).collect();
        Group {
            class: "hit-group",
            label: TOC[chapter].nav,
            heading: format!("{}（{n} 处）", TOC[chapter].nav),
            more: items.next().map(|first| (n - PER_CHAPTER, first)),
            items: listed,
        }
    });
    terms.into_iter().chain(chapters).collect()
}

/// One hit of the list, which keeps its word to be marked where it leads. A hit in this page
/// only moves the fragment: `close` the list behind it.
fn hit_item(
    (href, before, matched, after): Item,
    close: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let (to, word) = (href.clone(), matched.clone());
    let follow = move |_| {
        hit_mark::remember(&to, &word);
        close();
    };
    view! {
        <li on:click=follow>
            <a href=href>
                <span class="hit-text">{before}<mark>{matched}</mark>{after}</span>
            </a>
        </li>
    }
}

/// The hits a chapter has beyond those listed: a link to the first of them, from where the
/// chapter's page reads on.
fn more_link(
    n: usize,
    (href, _, matched, _): Item,
    close: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let to = href.clone();
    let follow = move |_| {
        hit_mark::remember(&to, &matched);
        close();
    };
    view! {
        <p class="hit-more">
            <a href=href on:click=follow>
                {format!("另有 {n} 处未列出，从下一处读起 →")}
            </a>
        </p>
    }
}

/// One group of the list: its heading, its hits, and a link to the rest.
fn group_view(group: Group, close: impl Fn() + Copy + 'static) -> impl IntoView {
    let more = group.more;
    view! {
        <section class=group.class aria-label=group.label>
            <p class="hit-chapter">{group.heading}</p>
            <ul>{group.items.into_iter().map(|item| hit_item(item, close)).collect_view()}</ul>
            {more.map(|(n, first)| more_link(n, first, close))}
        </section>
    }
}

#[island]
pub fn Search() -> impl IntoView {
    let input = NodeRef::<html::Input>::new();
    let query = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let index = RwSignal::new(IndexState::NotLoaded);
    let load = move || load_index(index);
    let found_terms = Memo::new(move |_| match index.get() {
        IndexState::Ready(entries) => {
            terms(&entries, &query.get()).into_iter().cloned().collect::<Vec<Term>>()
        }
        _ => Vec::new(),
    });
    let hits = Memo::new(move |_| match index.get() {
        IndexState::Ready(entries) => search(&entries, &query.get()),
        _ => Vec::new(),
    });
    let close = move || {
        open.set(false);
        query.set(String::new());
    };
    let results = NodeRef::<html::Div>::new();
    let on_key = move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
        "Escape" => {
            close();
            if let Some(i) = input.get_untracked() {
                let _ = i.focus();
            }
        }
        "ArrowDown" | "ArrowUp" => move_focus(&ev, results, input),
        // Enter in the box opens the first hit (a hit itself is a link: Enter follows it).
        "Enter"
            if ev.target().is_some_and(|t| t.dyn_ref::<web_sys::HtmlInputElement>().is_some()) =>
        {
            let first = results.get_untracked().and_then(|r| r.query_selector("a").ok().flatten());
            if let Some(link) = first.and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()) {
                ev.prevent_default();
                link.click();
            }
        }
        _ => {}
    };
    let count = move || {
        let no_terms = found_terms.with(Vec::is_empty);
        hits.with(|h| index.with(|i| query.with(|q| count_words(i, h, no_terms, q))))
    };
    view! {
        <div class="search" role="search">
            <label for=SEARCH_INPUT_ID class="visually-hidden">
                "搜索课程"
            </label>
            <input
                id=SEARCH_INPUT_ID
                type="search"
                node_ref=input
                placeholder="搜索课程"
                autocomplete="off"
                aria-controls="search-results"
                prop:value=move || query.get()
                on:input=move |ev| {
                    query.set(event_target_value(&ev));
                    open.set(true);
                    load();
                }
                on:focus=move |_| {
                    open.set(true);
                    load();
                }
                on:keydown=on_key
            />
            <kbd class="key-hint search-key" aria-hidden="true">
                "/"
            </kbd>
            <div
                id="search-results"
                class="search-results"
                node_ref=results
                on:keydown=on_key
                hidden=move || !open.get() || query.get().trim().is_empty()
            >
                <p class="search-count" role="status">
                    {count}
                </p>
                {move || {
                    groups(&found_terms.get(), &hits.get())
                        .into_iter()
                        .map(|group| group_view(group, close))
                        .collect_view()
                }}
            </div>
        </div>
    }
}

/// ↓ from the box enters the hits, ↑/↓ move between them, ↑ from the first returns to the box.
fn move_focus(
    ev: &web_sys::KeyboardEvent,
    results: NodeRef<html::Div>,
    input: NodeRef<html::Input>,
) {
    let Some(list) = results.get_untracked() else { return };
    let links = list.query_selector_all("a").ok();
    let links: Vec<web_sys::HtmlElement> = links
        .map(|l| (0..l.length()).filter_map(|i| l.item(i)?.dyn_into().ok()).collect())
        .unwrap_or_default();
    let active = document().active_element();
    let at = links
        .iter()
        .position(|l| active.as_ref().is_some_and(|a| a == l.unchecked_ref::<web_sys::Element>()));
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
}

/// What the list's status line says: the index loading or failed, nothing found and why, or
/// how many hits in how many chapters.
fn count_words(index: &IndexState, hits: &[Hit], no_terms: bool, query: &str) -> String {
    match (index, hits.len()) {
        (IndexState::Loading | IndexState::NotLoaded, _) => "正在载入搜索索引…".to_string(),
        (IndexState::Failed, _) => "无法载入搜索索引，请检查网络后重试".to_string(),
        // Search matches what was typed as one phrase: a space between two words is why.
        (_, 0) if no_terms && query.trim().contains(' ') => {
            "没有找到：输入（含空格）按一个整体原样匹配，试试只输入其中一个词".to_string()
        }
        (_, 0) if no_terms => "没有找到".to_string(),
        (_, 0) => "课文中没有找到，术语表里有：".to_string(),
        (_, n) => {
            // The lesson lacks the word, and its other names were found instead: say so.
            let q = query.trim().to_ascii_lowercase();
            let lead = match hits.iter().any(|h| h.matched.to_ascii_lowercase() != q) {
                true => "课文中搜不到这个词；按术语表同一词条的其他写法，找到 ",
                false => "匹配 ",
            };
            format!("{lead}{n} 处，分布在 {} 章", chapters(hits).len())
        }
    }
}
