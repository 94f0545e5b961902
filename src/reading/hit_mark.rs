//! Which word a search hit found, kept for the page the hit leads to: the link scrolls to the
//! block (its fragment), and js/search-mark.js marks the word there. sessionStorage, not a query
//! string: that would give the offline cache another URL to miss.

use leptos::prelude::*;

/// Before following a hit: the page it leads to marks `word` in its block.
pub fn remember(href: &str, word: &str) {
    if let Some(s) = window().session_storage().ok().flatten() {
        let _ = s.set_item("search-hit", &format!("{href}\n{word}"));
    }
}
