//! The model case's inputs in the scenario editor: a preset to start from, each client's
//! program, and the environment (the authority's crash, delayed writes).

use super::number_field;
use fencing_model::codec::Fields;
use fencing_model::machine::client_name;
use fencing_model::machine::spec::MAX_CLIENTS;
use fencing_model::presets::PRESETS;
use leptos::prelude::*;

/// The model case: a preset to start from, each client's program, the environment.
#[component]
pub(super) fn ModelEditor(draft: RwSignal<Fields>) -> impl IntoView {
    let count = move || draft.with(|d| d.clients.len());
    view! {
        <fieldset class="presets">
            <legend>
                "预设场景（也是仓库里的场景文件，命令行可直接运行）"
            </legend>
            <div class="preset-list">
                {PRESETS
                    .into_iter()
                    .map(|p| {
                        let file = p.read();
                        let title = file.title.clone().unwrap_or_else(|| p.name.to_string());
                        let scenario = file.scenario;
                        view! {
                            <button
                                type="button"
                                class="tool-btn preset"
                                data-preset=p.name
                                on:click=move |_| draft.update(|d| d.load_preset(&scenario))
                            >
                                {title}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </fieldset>
        <fieldset class="inputs model-inputs">
            <legend>"客户端的程序（按顺序执行）"</legend>
            <p class="hint">
                "每步以空格分隔：acquire（申请租约，他人租约有效时等待）、pause（暂停，租约可能在此期间到期）、write:op_seq:key（写入；\
                 同一个 key 再写一次即重试）、renew（续租，失败则停止）。2–4 个客户端，每个至多 6 步，合计至多 6 次写入。"
            </p>
            {move || (0..count()).map(|i| program(draft, i)).collect_view()}
            <button
                type="button"
                class="tool-btn"
                disabled=move || { count() >= MAX_CLIENTS }
                on:click=move |_| draft.update(Fields::add_client)
            >
                "添加客户端"
            </button>
        </fieldset>
        <fieldset class="inputs model-env">
            <legend>"授权权威与网络"</legend>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || draft.with(|d| d.crash)
                    on:change=move |ev| draft.update(|d| d.crash = event_target_checked(&ev))
                />
                <span>
                    <code>"crash"</code>
                    " 授权权威可崩溃一次并恢复（打开 rollback-issuer 时从旧备份恢复）"
                </span>
            </label>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || draft.with(|d| d.delay)
                    on:change=move |ev| draft.update(|d| d.delay = event_target_checked(&ev))
                />
                <span>
                    <code>"delay"</code>
                    " 网络可延迟写入：写入先发出，之后以任意次序送达"
                </span>
            </label>
            {number_field("初始 issuer", "in-issuer-model", draft, |d| &mut d.issuer)}
        </fieldset>
    }
}

/// Client `i`'s program, and a way to delete it (two clients at least stay).
fn program(draft: RwSignal<Fields>, i: usize) -> impl IntoView {
    let id = format!("in-client-{i}");
    let name = client_name(i);
    view! {
        <div class="client-row">
            <label for=id.clone()>{format!("客户端 {name}")}</label>
            // Two lines that wrap: a program is longer than a phone's width (a line break is
            // whitespace to the parser).
            <textarea
                id=id
                rows="2"
                autocomplete="off"
                spellcheck="false"
                class="program"
                prop:value=move || draft.with(|d| d.clients.get(i).cloned().unwrap_or_default())
                on:input=move |ev| {
                    draft
                        .update(|d| {
                            if let Some(c) = d.clients.get_mut(i) {
                                *c = event_target_value(&ev);
                            }
                        })
                }
            ></textarea>
            <button
                type="button"
                class="tool-btn"
                aria-label=format!("删除客户端 {name}")
                disabled=move || draft.with(|d| d.clients.len() <= 2)
                on:click=move |_| draft.update(|d| d.remove_client(i))
            >
                "删除"
            </button>
        </div>
    }
}
