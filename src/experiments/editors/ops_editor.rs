//! The operations case's inputs in the scenario editor: a table of operations, one row each
//! (key, digest, fence, seq), rows added and removed.

use fencing_model::codec::Fields;
use fencing_model::MAX_OPERATIONS;
use leptos::prelude::*;

#[component]
pub(super) fn OpsEditor(draft: RwSignal<Fields>) -> impl IntoView {
    const HEADS: [&str; 4] = ["幂等键 key", "请求摘要 digest", "fence", "seq"];
    let cell = move |i: usize, f: usize, label: String| {
        view! {
            <td data-label=HEADS[f] class:op-num={f >= 2}>
                <input
                    type="text"
                    autocomplete="off"
                    aria-label=label
                    prop:value=move || {
                        draft.with(|d| d.ops.get(i).map(|o| o[f].clone()).unwrap_or_default())
                    }
                    on:input=move |ev| {
                        draft
                            .update(|d| {
                                if let Some(o) = d.ops.get_mut(i) {
                                    o[f] = event_target_value(&ev);
                                }
                            })
                    }
                />
            </td>
        }
    };
    view! {
        <fieldset class="ops-editor">
            <legend>"operations 输入（按到达顺序）"</legend>
            <div class="table-wrap">
                <table>
                    <thead>
                        <tr>
                            <th scope="col">"#"</th>
                            {HEADS.map(|h| view! { <th scope="col">{h}</th> })}
                            <th scope="col">
                                <span class="visually-hidden">"操作"</span>
                            </th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            (0..draft.with(|d| d.ops.len()))
                                .map(|i| {
                                    let remove = move |_| draft.update(|d| d.remove_operation(i));
                                    view! {
                                        <tr class="ops-editor-row">
                                            <th scope="row" data-label="#">
                                                {i + 1}
                                            </th>
                                            {cell(i, 0, format!("第 {} 条的 key", i + 1))}
                                            {cell(i, 1, format!("第 {} 条的 digest", i + 1))}
                                            {cell(i, 2, format!("第 {} 条的 fence", i + 1))}
                                            {cell(i, 3, format!("第 {} 条的 seq", i + 1))}
                                            <td data-label="">
                                                <button
                                                    type="button"
                                                    class="tool-btn"
                                                    aria-label=format!("删除第 {} 条", i + 1)
                                                    on:click=remove
                                                >
                                                    "删除"
                                                </button>
                                            </td>
                                        </tr>
                                    }
                                })
                                .collect_view()
                        }}
                    </tbody>
                </table>
            </div>
            <button
                type="button"
                class="tool-btn"
                disabled=move || draft.with(|d| d.ops.len() >= MAX_OPERATIONS)
                on:click=move |_| draft.update(Fields::add_operation)
            >
                "添加一条"
            </button>
        </fieldset>
    }
}
