//! The scenario editor: case, the defect switches, and the inputs the model takes — for the
//! model case, each client's program and the environment, or a preset.
//! It edits a text draft; only a draft that parses and validates becomes the shown view,
//! so bad input is explained inline and the last good result stays on screen.

use super::model_editor::ModelEditor;
use super::ops_editor::OpsEditor;
use fencing_model::codec::{ops_line, ops_rows, Inputs, Param};
use fencing_model::{Case, Defect, Defects, Scenario};
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

pub(super) fn number_field(
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
