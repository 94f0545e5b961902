//! How often an experiment ran and whether its latest prediction hit, in the same words on the
//! progress page and beside the lab chapter's commands.

use leptos::prelude::*;

/// The latest prediction, in the verdict's words: a guess partly right is not all right, and
/// "missed" would say it was all wrong (what was stored says only whether it was all right).
pub fn latest_prediction(hit: bool) -> &'static str {
    if hit {
        "✓ 最近一次预测全部正确"
    } else {
        "最近一次预测与结果有出入"
    }
}

#[component]
pub fn RunStatus(
    #[prop(into)] count: Signal<u32>,
    #[prop(into)] hit: Signal<Option<bool>>,
) -> impl IntoView {
    view! {
        <span class="status-word">
            {move || match count.get() {
                0 => "未运行".to_string(),
                n => format!("运行 {n} 次"),
            }}
        </span>
        {move || {
            hit.get()
                .map(|hit| {
                    view! {
                        <span class="status-word" class:hit=hit class:miss=!hit>
                            {latest_prediction(hit)}
                        </span>
                    }
                })
        }}
    }
}
