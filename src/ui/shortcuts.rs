//! Keyboard: ←/→ between chapters, `/` focuses search, `?` shows the shortcuts.

use crate::content::CHAPTERS;
use crate::ui::shell::CurrentChapter;
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use wasm_bindgen::JsCast;

const KEYS: &[(&str, &str)] = &[
    ("←  /  →", "上一章 / 下一章"),
    ("/", "聚焦搜索框"),
    ("↓  /  ↑", "在搜索结果间移动"),
    ("Esc", "关闭搜索结果或本窗口"),
    ("?", "显示本窗口"),
];

/// True when a key press belongs to a text field, not to the page.
pub fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || el.closest("[contenteditable]").ok().flatten().is_some()
}

pub fn install(help_open: RwSignal<bool>, search: NodeRef<html::Input>) {
    let current = expect_context::<CurrentChapter>().0;
    let navigate = use_navigate();
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.default_prevented() || typing(&ev) {
            return;
        }
        let go = |delta: isize| {
            let i = current.get_untracked()? as isize + delta;
            CHAPTERS.get(usize::try_from(i).ok()?).map(|c| c.slug)
        };
        match ev.key().as_str() {
            "/" => {
                if let Some(input) = search.get_untracked() {
                    ev.prevent_default();
                    let _ = input.focus();
                }
            }
            "?" => help_open.set(true),
            "ArrowLeft" | "ArrowRight" => {
                let delta = if ev.key() == "ArrowLeft" { -1 } else { 1 };
                if let Some(slug) = go(delta) {
                    ev.prevent_default();
                    navigate(&format!("/{slug}"), Default::default());
                }
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}

#[component]
pub fn ShortcutsDialog(open: RwSignal<bool>) -> impl IntoView {
    let dialog = NodeRef::<html::Dialog>::new();
    Effect::new(move |_| {
        let Some(d) = dialog.get() else { return };
        if open.get() && !d.open() {
            let _ = d.show_modal();
        } else if !open.get() && d.open() {
            d.close();
        }
    });
    view! {
        <dialog node_ref=dialog class="shortcuts" aria-labelledby="shortcuts-title" on:close=move |_| open.set(false)>
            <h2 id="shortcuts-title">"键盘快捷键"</h2>
            <dl>
                {KEYS.iter().map(|(k, what)| view! { <div><dt><kbd>{*k}</kbd></dt><dd>{*what}</dd></div> }).collect_view()}
            </dl>
            <button class="tool-btn" on:click=move |_| open.set(false) autofocus>"关闭"</button>
        </dialog>
    }
}
