//! The tools under the moves of 「你来调度」: take a move back, start over, copy the path's
//! link, show or hide the coach; the keys; the coach's status, and the command line that
//! prints what it says at the step on view.

use super::coach::Coach;
use super::walk::Walk;
use crate::ui::copy::CopyButton;
use leptos::prelude::*;

#[component]
pub(super) fn PlayTools(
    w: Walk,
    shown: RwSignal<bool>,
    coach: RwSignal<Coach>,
    /// `fencing-lab … --path` at the step on view.
    command: Signal<String>,
) -> impl IntoView {
    view! {
        <div class="play-tools" role="group" aria-label="调度">
            <button
                type="button"
                class="tool-btn"
                disabled=move || w.total.get() == 0
                on:click=move |_| w.undo()
            >
                "撤销最后一步"
            </button>
            <button
                type="button"
                class="tool-btn"
                disabled=move || w.total.get() == 0
                on:click=move |_| w.set_path(&[])
            >
                "从头开始"
            </button>
            <CopyButton
                text=Callback::new(|_| window().location().href().unwrap_or_default())
                label="复制这条路径的链接"
                shown="复制链接"
            />
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=shown
                    on:change=move |ev| shown.set(event_target_checked(&ev))
                />
                <span>"显示教练"</span>
            </label>
        </div>
        <p class="hint key-hint">
            "键盘：1–9、0 选第 1–10 个动作（其余用 Tab 与回车）；u 或退格撤销最后一步（会删掉它）；← / → 只查看前后的步骤，不改路径。"
        </p>
        <p class="coach-status" role="status">
            {move || coach.with(Coach::status)}
        </p>
        // The coach's words at the step on view, from the command line.
        <p class="command">
            <span>"在命令行中重现教练的话："</span>
            <code class="cmd">{command}</code>
            <CopyButton text=Callback::new(move |_| command.get_untracked()) label="复制命令" />
        </p>
    }
}
