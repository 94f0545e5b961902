//! Keyboard shortcuts must not steal keys from text fields.

use wasm_bindgen::JsCast;

/// The search box's id: `/` focuses it from anywhere.
pub const SEARCH_INPUT_ID: &str = "search-input";

/// True when a key press belongs to a text field (or a modified key), not to the page.
pub fn for_text_field(ev: &web_sys::KeyboardEvent) -> bool {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.default_prevented() {
        return true;
    }
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    // A checkbox takes only Space: a shortcut pressed right after ticking one (「显示教练」) is
    // the page's. Radios keep their arrows.
    let checkbox = el.get_attribute("type").as_deref() == Some("checkbox");
    (matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") && !checkbox)
        || el.closest("[contenteditable]").ok().flatten().is_some()
}
