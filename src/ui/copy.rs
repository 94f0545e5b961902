//! A copy-to-clipboard button that tells (to eyes and screen readers) whether it worked: as a
//! component inside islands, and as islands of its own on the prerendered pages.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

#[component]
pub fn CopyButton(
    /// What to copy, computed when clicked.
    #[prop(into)]
    text: Callback<(), String>,
    /// Accessible name, e.g. "复制命令".
    #[prop(into)]
    label: String,
    /// The button's visible word, where 「复制」 alone would not say what it copies.
    #[prop(default = "复制")]
    shown: &'static str,
) -> impl IntoView {
    let state = RwSignal::new("");
    let copy = move |_| {
        let value = text.run(());
        spawn_local(async move {
            let clipboard = window().navigator().clipboard();
            let ok = JsFuture::from(clipboard.write_text(&value)).await.is_ok();
            state.set(if ok { "已复制" } else { "复制失败，请手动选择" });
            set_timeout(move || state.set(""), std::time::Duration::from_millis(1800));
        });
    };
    view! {
        <button
            class="tool-btn copy-btn"
            type="button"
            on:click=copy
            aria-label=label.clone()
            title=label
        >
            <span class="tool-label">
                {move || if state.get().is_empty() { shown } else { state.get() }}
            </span>
        </button>
        <span class="visually-hidden" role="status">
            {move || state.get()}
        </span>
    }
}

/// Copy a fixed text (a code block).
#[cfg(feature = "reading")]
#[island]
pub fn CopyText(text: String, label: String) -> impl IntoView {
    view! { <CopyButton text=Callback::new(move |_| text.clone()) label=label /> }
}

/// Copy the address of this page, without its fragment.
#[cfg(feature = "reading")]
#[island]
pub fn CopyPageLink() -> impl IntoView {
    let link = || {
        window()
            .location()
            .href()
            .unwrap_or_default()
            .split('#')
            .next()
            .unwrap_or_default()
            .to_string()
    };
    view! {
        <CopyButton
            text=Callback::new(move |_| link())
            label="复制本章链接"
            shown="复制链接"
        />
    }
}
