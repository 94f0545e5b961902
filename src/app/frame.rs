//! The frame's islands, on every page: the narrow-screen menu button (Esc closes the menu),
//! the storage notice and the keyboard shortcuts (←/→ between chapters unless a box that
//! scrolls sideways has focus, `/` focuses search, `?` shows the shortcuts — and the `?`
//! button in the top bar that shows them too, where there is a keyboard).

use crate::route::Route;
use crate::ui::dialog::Dialog;
use crate::ui::keys::{for_text_field, SEARCH_INPUT_ID};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The narrow-screen menu button. The sidebar is outside this island, so the open state is a
/// mark on the document that the stylesheet follows.
#[island]
pub fn MenuToggle() -> impl IntoView {
    let open = RwSignal::new(false);
    let button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.toggle_attribute_with_force("data-menu-open", open.get());
        }
    });
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && open.get_untracked() {
            open.set(false);
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <button
            node_ref=button
            class="tool-btn menu-toggle"
            aria-label="章节目录"
            aria-controls="sidebar"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)
        >
            <span aria-hidden="true">"☰"</span>
            <span class="tool-label">"目录"</span>
        </button>
    }
}

/// A visible line whenever progress is not being saved normally — by any store of the page's
/// module (each part the page shows has one).
#[island]
pub fn StorageNotice() -> impl IntoView {
    use crate::storage::{status::Status, store::statuses};
    // Every different thing the learner should know (a part read-only, a text kept aside), once.
    let text = move || {
        let mut said: Vec<String> = Vec::new();
        for n in statuses().iter().filter_map(Status::notice) {
            if !said.contains(&n) {
                said.push(n);
            }
        }
        (!said.is_empty()).then(|| said.concat())
    };
    let quarantined = move || statuses().iter().any(|s| matches!(s, Status::Quarantined { .. }));
    view! {
        <div class="storage-notice" role="status" hidden=move || text().is_none()>
            {move || text().unwrap_or_default()}
            {move || {
                quarantined()
                    .then(|| {
                        view! {
                            " "
                            <a href={Route::Progress
                                .href()}>"去「学习进度」导出或丢弃"</a>
                        }
                    })
            }}
        </div>
    }
}

const KEYS: &[(&str, &str)] = &[
    ("←  /  →", "上一章 / 下一章（焦点在表单控件或可横向滚动的区域时除外）"),
    ("/", "聚焦搜索框"),
    ("↓  /  ↑", "在搜索结果间移动"),
    ("Esc", "关闭搜索结果或本窗口"),
    ("?", "显示本窗口"),
];

/// Whether the key press is in a box that scrolls sideways (a table, a code block, a figure):
/// there the arrows scroll it, as the browser does, and do not change the chapter.
fn scrolls_sideways(ev: &web_sys::KeyboardEvent) -> bool {
    // Every such box on these pages takes focus (`tabindex="0"`) or is a code block.
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let scroller = target.and_then(|t| t.closest("[tabindex='0'], pre").ok().flatten());
    scroller.is_some_and(|e| e.scroll_width() > e.client_width() + 1)
}

/// `prev` and `next` are the links ←/→ follow (none outside the chapter pages).
#[island]
pub fn Shortcuts(prev: Option<String>, next: Option<String>) -> impl IntoView {
    let open = RwSignal::new(false);
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if for_text_field(&ev) {
            return;
        }
        let go = |href: &Option<String>| {
            if let Some(href) = href {
                ev.prevent_default();
                let _ = window().location().assign(href);
            }
        };
        match ev.key().as_str() {
            "/" => {
                let input = document()
                    .get_element_by_id(SEARCH_INPUT_ID)
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
                if let Some(input) = input {
                    ev.prevent_default();
                    let _ = input.focus();
                }
            }
            "?" => open.set(true),
            "ArrowLeft" | "ArrowRight" if scrolls_sideways(&ev) => {}
            "ArrowLeft" => go(&prev),
            "ArrowRight" => go(&next),
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <button
            class="tool-btn key-hint"
            aria-label="键盘快捷键"
            title="键盘快捷键（?）"
            on:click=move |_| open.set(true)
        >
            <span aria-hidden="true">"?"</span>
        </button>
        <Dialog open=open labelled_by="shortcuts-title" id="shortcuts">
            <h2 id="shortcuts-title">"键盘快捷键"</h2>
            <dl class="shortcuts">
                {KEYS
                    .iter()
                    .map(|(k, what)| {
                        view! {
                            <div>
                                <dt>
                                    <kbd>{*k}</kbd>
                                </dt>
                                <dd>{*what}</dd>
                            </div>
                        }
                    })
                    .collect_view()}
            </dl>
            <button class="tool-btn" on:click=move |_| open.set(false) autofocus>
                "关闭"
            </button>
        </Dialog>
    }
}
