//! The scenario editor: case, the defect switches, and the inputs the model takes — for the
//! model case, each client's program and the environment, or a preset.
//! It edits a text draft; only a draft that parses and validates becomes the shown view,
//! so bad input is explained inline and the last good result stays on screen.

use fencing_model::codec::{ops_line, ops_rows, Inputs, Param};
use fencing_model::machine::client_name;
use fencing_model::machine::spec::MAX_CLIENTS;
use fencing_model::presets::PRESETS;
use fencing_model::{Case, Defect, Defects, Scenario, MAX_OPERATIONS};
use leptos::prelude::*;

/// The editor's fields as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Fields {
    pub case: Case,
    pub defects: Defects,
    pub issuer: String,
    pub seq_a: String,
    pub seq_b: String,
    pub ops: Vec<[String; 4]>,
    /// The model case: each client's program as typed, and the environment.
    pub clients: Vec<String>,
    pub crash: bool,
    pub delay: bool,
}

impl Fields {
    pub fn of(s: &Scenario) -> Fields {
        Fields {
            case: s.case,
            defects: s.defects,
            issuer: s.issuer.to_string(),
            seq_a: s.op_seq_a.to_string(),
            seq_b: s.op_seq_b.to_string(),
            ops: ops_rows(&s.operations),
            clients: s.model.program_texts(),
            crash: s.model.crash,
            delay: s.model.delay,
        }
    }

    /// A scenario the model accepts, or what is wrong, in Chinese: the fields go through the
    /// model's codec, as the URL and the CLI's flags do. Inputs the case does not take stay
    /// in the draft (switching back finds them) but are not given.
    pub fn scenario(&self) -> Result<Scenario, String> {
        let mut inputs = Inputs::default();
        let read = |inputs: &mut Inputs| -> Result<(), fencing_model::codec::CodecError> {
            inputs
                .set(Param::Case, self.case.name())?
                .set(Param::Variant, &self.defects.variant_name())?
                .set(Param::Issuer, &self.issuer)?;
            match self.case {
                Case::Fencing => inputs
                    .set(Param::OpSeq, &format!("{},{}", self.seq_a.trim(), self.seq_b.trim()))?,
                Case::Operations => inputs.set(Param::Ops, &ops_line(&self.ops))?,
                Case::Model => inputs
                    .set(
                        Param::Clients,
                        &self.clients.iter().map(|c| c.trim()).collect::<Vec<_>>().join("; "),
                    )?
                    .set(Param::Crash, &self.crash.to_string())?
                    .set(Param::Delay, &self.delay.to_string())?,
            };
            Ok(())
        };
        read(&mut inputs).and_then(|()| inputs.scenario()).map_err(|e| e.to_string())
    }
}

fn number_field(
    label: &'static str,
    id: &'static str,
    draft: RwSignal<Fields>,
    field: fn(&mut Fields) -> &mut String,
) -> impl IntoView {
    view! {
        <label class="field" for=id>
            <span>{label}</span>
            <input
                id=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || {
                    let mut d = draft.get();
                    field(&mut d).clone()
                }
                on:input=move |ev| draft.update(|d| *field(d) = event_target_value(&ev))
            />
        </label>
    }
}

#[component]
pub fn Editor(
    draft: RwSignal<Fields>,
    error: Signal<Option<String>>,
    on_reset: Callback<()>,
) -> impl IntoView {
    let case = move || draft.with(|d| d.case);
    let switch = move |x: Defect, on: bool| draft.update(|d| d.defects = d.defects.with(x, on));
    view! {
        <form class="editor" on:submit=|ev| ev.prevent_default() aria-describedby="editor-error">
            <fieldset class="choice">
                <legend>"案例"</legend>
                {Case::ALL
                    .into_iter()
                    .map(|c| {
                        view! {
                            <label class="check">
                                <input
                                    type="radio"
                                    name="case"
                                    prop:checked=move || case() == c
                                    on:change=move |_| {
                                        draft
                                            .update(|d| {
                                                d.case = c;
                                                for x in Defect::ALL {
                                                    if !x.applies_to(c) {
                                                        d.defects = d.defects.with(x, false);
                                                    }
                                                }
                                            })
                                    }
                                />
                                <span>
                                    <code>{c.name()}</code>
                                    " "
                                    {c.summary()}
                                </span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <fieldset class="choice">
                <legend>"故意缺陷（可任意组合）"</legend>
                {Defect::ALL
                    .into_iter()
                    .map(|x| {
                        view! {
                            <label class="check" class:disabled=move || !x.applies_to(case())>
                                <input
                                    type="checkbox"
                                    prop:checked=move || draft.with(|d| d.defects.has(x))
                                    disabled=move || !x.applies_to(case())
                                    on:change=move |ev| switch(x, event_target_checked(&ev))
                                />
                                <span>
                                    <code>{x.name()}</code>
                                    " "
                                    {x.summary()}
                                    {(!x.applies_to(Case::Operations))
                                        .then_some("（不用于 operations 案例）")}
                                </span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            // Each case shows only the inputs it takes.
            {move || match case() {
                Case::Fencing => {
                    view! {
                        <fieldset class="inputs">
                            <legend>"场景输入"</legend>
                            {number_field("初始 issuer", "in-issuer", draft, |d| &mut d.issuer)}
                            {number_field("A 的 op_seq", "in-seq-a", draft, |d| &mut d.seq_a)}
                            {number_field("B 的 op_seq", "in-seq-b", draft, |d| &mut d.seq_b)}
                        </fieldset>
                    }
                        .into_any()
                }
                Case::Operations => view! { <OpsEditor draft=draft /> }.into_any(),
                Case::Model => view! { <ModelEditor draft=draft /> }.into_any(),
            }}
            <p
                id="editor-error"
                class="editor-error"
                role="alert"
                hidden=move || error.get().is_none()
            >
                {move || {
                    error
                        .get()
                        .map(|e| {
                            format!(
                                "输入有误，未运行：{e}。下方仍是上一次有效的结果。",
                            )
                        })
                }}
            </p>
            <button type="button" class="tool-btn" on:click=move |_| on_reset.run(())>
                "恢复课程默认"
            </button>
        </form>
    }
}

#[component]
fn OpsEditor(draft: RwSignal<Fields>) -> impl IntoView {
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
                                                    on:click=move |_| {
                                                        draft
                                                            .update(|d| {
                                                                if i < d.ops.len() {
                                                                    d.ops.remove(i);
                                                                }
                                                            })
                                                    }
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
                on:click=move |_| {
                    draft
                        .update(|d| {
                            d.ops
                                .push([
                                    format!("order-{}", d.ops.len() + 1),
                                    "amount=1".into(),
                                    d.issuer.trim().parse::<u64>().map_or(1, |v| v + 1).to_string(),
                                    "1".into(),
                                ])
                        })
                }
            >
                "添加一条"
            </button>
        </fieldset>
    }
}

/// The model case: a preset to start from, each client's program, the environment.
#[component]
fn ModelEditor(draft: RwSignal<Fields>) -> impl IntoView {
    let count = move || draft.with(|d| d.clients.len());
    let program = move |i: usize| {
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
                    disabled=move || { count() <= 2 }
                    on:click=move |_| {
                        draft
                            .update(|d| {
                                if d.clients.len() > 2 && i < d.clients.len() {
                                    d.clients.remove(i);
                                }
                            })
                    }
                >
                    "删除"
                </button>
            </div>
        }
    };
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
                                on:click=move |_| {
                                    draft
                                        .update(|d| {
                                            let defects = d.defects;
                                            *d = Fields::of(&scenario);
                                            d.defects = defects;
                                        })
                                }
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
            {move || (0..count()).map(program).collect_view()}
            <button
                type="button"
                class="tool-btn"
                disabled=move || { count() >= MAX_CLIENTS }
                on:click=move |_| {
                    draft
                        .update(|d| {
                            let key = client_name(d.clients.len()).to_ascii_lowercase();
                            d.clients.push(format!("acquire write:1:{key}"));
                        })
                }
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
