//! This tab's notes (sessionStorage): what a tab keeps for itself and drops with it — a recall
//! card's text not yet written, the explorer's last view, the word a search hit found. Best
//! effort: a tab that refuses storage keeps none of them, and the records lose nothing.

use leptos::prelude::window;

fn notes() -> Option<web_sys::Storage> {
    window().session_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    notes()?.get_item(key).ok().flatten()
}

/// Keep `value` under `key`; an empty value removes it.
pub fn set(key: &str, value: &str) {
    if let Some(s) = notes() {
        let _ = if value.is_empty() { s.remove_item(key) } else { s.set_item(key, value) };
    }
}
