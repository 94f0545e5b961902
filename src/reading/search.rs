//! Search inside the lesson that works for Chinese: plain substring matching over the text
//! (no word segmentation to get wrong), hits listed in context with the match highlighted.

use super::blocks::block_id;
use crate::content::{block_text, CHAPTERS};
use crate::route::Route;
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;
use wasm_bindgen::JsCast;
use std::sync::OnceLock;

const MAX_HITS: usize = 30;
/// Characters of context on each side of a hit.
const CONTEXT: usize = 18;

/// One block's (or a chapter title's) searchable text.
struct Entry {
    chapter: usize,
    /// `None` for the chapter's title.
    block: Option<usize>,
    text: String,
    /// ASCII-lowercased copy: same byte offsets, so hits map back exactly.
    folded: String,
}

fn index() -> &'static [Entry] {
    static INDEX: OnceLock<Vec<Entry>> = OnceLock::new();
    INDEX.get_or_init(|| {
        CHAPTERS
            .iter()
            .enumerate()
            .flat_map(|(c, ch)| {
                let title = std::iter::once((None, ch.title.to_string()));
                let blocks = ch.blocks.iter().enumerate().map(|(b, blk)| (Some(b), block_text(blk)));
                title.chain(blocks).map(move |(block, text)| Entry { chapter: c, block, folded: text.to_ascii_lowercase(), text })
            })
            .collect()
    })
}

#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub chapter: usize,
    /// The block the hit is in; `None` for the chapter's title.
    pub block: Option<usize>,
    pub before: String,
    pub matched: String,
    pub after: String,
}

/// Every occurrence of `query` (case-insensitive for Latin letters), in lesson order.
pub fn search(query: &str) -> Vec<Hit> {
    let q = query.trim().to_ascii_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let mut hits = Vec::new();
    for e in index() {
        for (at, _) in e.folded.match_indices(&q) {
            let end = at + q.len();
            let before: String = {
                let chars: Vec<char> = e.text[..at].chars().collect();
                let start = chars.len().saturating_sub(CONTEXT);
                (if start > 0 { "…" } else { "" }).to_string() + &chars[start..].iter().collect::<String>()
            };
            let after_full = &e.text[end..];
            let mut after: String = after_full.chars().take(CONTEXT).collect();
            if after_full.chars().count() > CONTEXT {
                after.push('…');
            }
            hits.push(Hit {
                chapter: e.chapter,
                block: e.block,
                before: before.replace('\n', " "),
                matched: e.text[at..end].to_string(),
                after: after.replace('\n', " "),
            });
            if hits.len() == MAX_HITS {
                return hits;
            }
        }
    }
    hits
}

impl Hit {
    /// Where the hit is: its chapter, scrolled to its block.
    pub fn href(&self) -> String {
        let slug = CHAPTERS[self.chapter].slug;
        match self.block {
            Some(b) => Route::Chapter(slug).href_at(&block_id(slug, b)),
            None => Route::Chapter(slug).href(),
        }
    }
}

#[component]
pub fn Search(input: NodeRef<html::Input>) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let hits = Memo::new(move |_| search(&query.get()));
    let close = move || {
        open.set(false);
        query.set(String::new());
    };
    let results = NodeRef::<html::Div>::new();
    // ↓ from the box enters the hits, ↑/↓ move between them, Esc returns to the box.
    let move_focus = move |ev: &web_sys::KeyboardEvent| {
        let Some(list) = results.get_untracked() else { return };
        let links = list.query_selector_all("a").ok();
        let links: Vec<web_sys::HtmlElement> = links
            .map(|l| (0..l.length()).filter_map(|i| l.item(i)?.dyn_into().ok()).collect())
            .unwrap_or_default();
        let active = document().active_element();
        let at = links.iter().position(|l| active.as_ref().is_some_and(|a| a == l.unchecked_ref::<web_sys::Element>()));
        let next = match (ev.key().as_str(), at) {
            ("ArrowDown", None) => Some(0),
            ("ArrowDown", Some(i)) => Some((i + 1).min(links.len().saturating_sub(1))),
            ("ArrowUp", Some(0)) => {
                ev.prevent_default();
                if let Some(i) = input.get_untracked() { let _ = i.focus(); }
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
            if let Some(i) = input.get_untracked() { let _ = i.focus(); }
        }
        "ArrowDown" | "ArrowUp" => move_focus(&ev),
        _ => {}
    };
    view! {
        <div class="search" role="search">
            <label for="search-input" class="visually-hidden">"搜索课程"</label>
            <input
                id="search-input"
                type="search"
                node_ref=input
                placeholder="搜索课程（按 / ）"
                autocomplete="off"
                aria-controls="search-results"
                prop:value=move || query.get()
                on:input=move |ev| { query.set(event_target_value(&ev)); open.set(true); }
                on:focus=move |_| open.set(true)
                on:keydown=on_key
            />
            <div id="search-results" class="search-results" node_ref=results on:keydown=on_key
                hidden=move || !open.get() || query.get().trim().is_empty()>
                <p class="search-count" role="status">
                    {move || match hits.get().len() {
                        0 => "没有找到".to_string(),
                        MAX_HITS => format!("前 {MAX_HITS} 处匹配"),
                        n => format!("{n} 处匹配"),
                    }}
                </p>
                <ul>
                    {move || hits.get().into_iter().map(|h| view! {
                        // The click bubbles up from the router link: close the list behind it.
                        <li on:click=move |_| close()>
                            <A href=h.href()>
                                <span class="hit-chapter">{CHAPTERS[h.chapter].nav}</span>
                                <span class="hit-text">{h.before}<mark>{h.matched}</mark>{h.after}</span>
                            </A>
                        </li>
                    }).collect_view()}
                </ul>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_substrings_are_found_in_the_right_chapters() {
        let slugs = |q: &str| {
            let mut s: Vec<&str> = search(q).iter().map(|h| CHAPTERS[h.chapter].slug).collect();
            s.dedup();
            s
        };
        assert!(slugs("幂等").contains(&"many-writes"));
        assert!(slugs("幂等").contains(&"u60"));
        assert!(slugs("FENCING").contains(&"intro"));
        assert_eq!(slugs("不存在的词"), Vec::<&str>::new());
    }

    #[test]
    fn a_hit_shows_its_match_in_context() {
        let h = &search("max_fence=42")[0];
        assert_eq!(h.matched, "max_fence=42");
        assert!(Owner::new().with(|| h.href()).starts_with("/timeline#timeline-b"));
        assert!(!h.before.is_empty() || !h.after.is_empty());
    }
}
