//! Which word a search hit found, kept for the page the hit leads to: the link scrolls to the
//! block (its fragment), and js/search-mark.js marks the word there. sessionStorage, not a query
//! string: that would give the offline cache another URL to miss.

/// Before following a hit: the page it leads to marks `word` in its block.
pub fn remember(href: &str, word: &str) {
    crate::storage::tab::set("search-hit", &format!("{href}\n{word}"));
}
