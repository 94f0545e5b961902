//! The scenario editor: case, defect switches and each case's inputs. It edits a text draft;
//! only a valid draft is shown, so bad input is explained inline and the last result stays.

mod model_editor;
mod ops_editor;

use super::session::use_session;
use crate::ui::piece::Piece;
use fencing_model::codec::Fields;
use fencing_model::{Case, Defect};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use model_editor::ModelEditor;
use ops_editor::OpsEditor;

/// The session's draft (`session`), edited.
#[component]
pub fn Editor() -> impl IntoView {
    let s = use_session();
    let (draft, error) = (s.draft, s.draft_error);
    let case = move || draft.with(|d| d.case);
    // Each case's own inputs but the lesson's, fetched the first time that case is chosen.
    let (model, ops) = (Piece::new("model 案例的输入"), Piece::new("operations 案例的输入"));
    let switch = move |x: Defect, on: bool| draft.update(|d| d.defects = d.defects.with(x, on));
    view! {
        <form class="editor" on:submit=|ev| ev.prevent_default() aria-describedby="editor-error">
            // Choosing a case turns off the defects it does not take.
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
                                    on:change=move |_| draft.update(|d| d.choose_case(c))
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
                Case::Operations => ops.show(load_ops_inputs, move || ops_inputs_view(draft)),
                Case::Model => model.show(load_model_inputs, move || model_inputs_view(draft)),
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
            <button type="button" class="tool-btn" on:click=move |_| s.reset()>
                "恢复课程默认"
            </button>
        </form>
    }
}

/// A number typed as text, as the codec reads it (`field` of the draft).
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

// In the model case's piece with `model_view` (super): the two are shown together.
#[wasm_split(
    explore_model,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_model_inputs)
)]
fn model_inputs_view(draft: RwSignal<Fields>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ModelEditor draft=draft /> }.into_any())
}

#[wasm_split(
    explore_operations,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_ops_inputs)
)]
fn ops_inputs_view(draft: RwSignal<Fields>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <OpsEditor draft=draft /> }.into_any())
}
