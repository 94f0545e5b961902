//! The word a search hit found, marked in the block the hit leads to. The link scrolls to the
//! block (its fragment); which word it was is kept for the next page in sessionStorage — a query
//! string would give the offline cache another URL to miss.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node, Text};

const KEY: &str = "search-hit";

/// Before following a hit: the page it leads to marks `word` in its block.
pub fn remember(href: &str, word: &str) {
    if let Some(s) = window().session_storage().ok().flatten() {
        let _ = s.set_item(KEY, &format!("{href}\n{word}"));
    }
}

/// Marks the remembered word if this page, at this fragment, is where the hit led; once.
pub fn mark_remembered() {
    let Some(s) = window().session_storage().ok().flatten() else { return };
    let Some(kept) = s.get_item(KEY).ok().flatten() else { return };
    let Some((href, word)) = kept.split_once('\n') else { return };
    let location = window().location();
    let here = location.pathname().unwrap_or_default() + &location.hash().unwrap_or_default();
    if here != href {
        return;
    }
    let _ = s.remove_item(KEY);
    let doc = document();
    // A second hit in the same page: only the newest word stays marked.
    if let Ok(old) = doc.query_selector_all("mark.search-mark") {
        for m in (0..old.length()).filter_map(|i| old.item(i)) {
            if let (Some(parent), Some(text)) = (m.parent_node(), m.first_child()) {
                let _ = parent.replace_child(&text, &m);
            }
        }
    }
    let id = href.split_once('#').map_or("", |(_, id)| id);
    if let Some(block) = doc.get_element_by_id(id).filter(|_| !word.is_empty()) {
        mark_in(&block, word);
    }
}

fn mark_in(node: &Node, word: &str) {
    let list = node.child_nodes();
    let children: Vec<Node> = (0..list.length()).filter_map(|i| list.item(i)).collect();
    for child in children {
        if let Some(text) = child.dyn_ref::<Text>() {
            wrap(text.clone(), word);
        } else if child.dyn_ref::<Element>().is_some_and(|e| {
            // An island's text is its own to hydrate; a term's tip shows only on hover.
            e.tag_name() != "LEPTOS-ISLAND" && e.get_attribute("role").as_deref() != Some("tooltip")
        }) {
            mark_in(&child, word);
        }
    }
}

/// Each occurrence of `word` in one text node, wrapped in a `<mark>` (DOM offsets are UTF-16).
fn wrap(mut rest: Text, word: &str) -> Option<()> {
    let units = |s: &str| s.encode_utf16().count() as u32;
    while let Some(at) = rest.data().find(word) {
        let hit = rest.split_text(units(&rest.data()[..at])).ok()?;
        let after = hit.split_text(units(word)).ok()?;
        let mark = document().create_element("mark").ok()?;
        mark.set_class_name("search-mark");
        hit.parent_node()?.replace_child(&mark, &hit).ok()?;
        mark.append_child(&hit).ok()?;
        rest = after;
    }
    Some(())
}
