//! Keyboard: ←/→ between chapters, `/` focuses search, `?` shows the shortcuts.

use crate::content::CHAPTERS;
use crate::reading::nav::CurrentChapter;
use crate::route::Route;
use crate::ui::dialog::Dialog;
use crate::ui::keys::for_text_field;
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

const KEYS: &[(&str, &str)] = &[
    ("←  /  →", "上一章 / 下一章"),
    ("/", "聚焦搜索框"),
    ("↓  /  ↑", "在搜索结果间移动"),
    ("Esc", "关闭搜索结果或本窗口"),
    ("?", "显示本窗口"),
];

pub fn install(help_open: RwSignal<bool>, search: NodeRef<html::Input>) {
    let current = CurrentChapter::get();
    let navigate = use_navigate();
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if for_text_field(&ev) {
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
                    navigate(&Route::Chapter(slug).path(), Default::default());
                }
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}

#[component]
pub fn ShortcutsDialog(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <Dialog open=open labelled_by="shortcuts-title" id="shortcuts">
            <h2 id="shortcuts-title">"键盘快捷键"</h2>
            <dl class="shortcuts">
                {KEYS.iter().map(|(k, what)| view! { <div><dt><kbd>{*k}</kbd></dt><dd>{*what}</dd></div> }).collect_view()}
            </dl>
            <button class="tool-btn" on:click=move |_| open.set(false) autofocus>"关闭"</button>
        </Dialog>
    }
}
