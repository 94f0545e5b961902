//! Drafts from more than one tab: this tab's name in the drafts it writes, and the drafts
//! another tab typed at the same time.

use super::words::when;
use crate::record::study::{Change, QuestionRecord, QuestionRef, Study};
use crate::storage::store::use_store;
use leptos::prelude::*;

/// This tab's name in the drafts it writes (random per page load), so that a merge can tell
/// another tab's parallel draft from an older copy of its own.
#[cfg(target_arch = "wasm32")]
pub(super) fn this_tab() -> &'static str {
    // A static, so the name lives as long as the page and `QuestionRef` stays `Copy`.
    static TAB: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TAB.get_or_init(|| format!("{:x}", (js_sys::Math::random() * 2f64.powi(48)) as u64))
}

/// The build-time renderer writes no drafts.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn this_tab() -> &'static str {
    "render"
}

/// Drafts of this answer that another tab typed at the same time: kept, shown, and the
/// learner picks (the answer they replace takes their place) or drops them.
#[component]
pub(super) fn Conflicts(record: Memo<QuestionRecord>, this: QuestionRef) -> impl IntoView {
    let store = use_store::<Study>();
    let resolve = move |index, take| store.apply(Change::Resolve { question: this, index, take });
    move || {
        record
            .with(|r| r.current.conflicts.clone())
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                view! {
                    <div class="draft-conflict" role="note">
                        <p>
                            {format!(
                                "这道题还有另一份草稿（写于 {}），保留在下方。它和框里的回答是各自写下的：\
                                 可能是两个标签页同时修改，或页面加载完成前就开始了输入。",
                                when(c.at),
                            )}
                        </p>
                        <blockquote class="past-answer">{c.answer}</blockquote>
                        <div class="actions">
                            <button
                                type="button"
                                class="tool-btn"
                                on:click=move |_| resolve(i, true)
                            >
                                "换用这份草稿"
                            </button>
                            <button
                                type="button"
                                class="tool-btn"
                                on:click=move |_| resolve(i, false)
                            >
                                "丢弃这份"
                            </button>
                        </div>
                    </div>
                }
            })
            .collect_view()
    }
}
