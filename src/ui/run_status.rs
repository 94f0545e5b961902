//! How often an experiment ran and whether its latest prediction hit, in the same words on the
//! progress page and beside the lab chapter's commands.

use leptos::prelude::*;

/// The latest prediction, as far as what is stored says: whether it was all right (a guess
/// partly right is not all right; "missed" would say it was all wrong).
pub fn latest_prediction(hit: bool) -> &'static str {
    if hit {
        "✓ 最近一次预测全部正确"
    } else {
        "最近一次预测未全部正确"
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
