//! The parts of the explorer split off the `lab` module (tools/dist/split-module.sh), each
//! fetched the first time it is shown (`Piece::show`): `/explore` opens needing none of them.

use super::editors::model_editor::ModelEditor;
use super::editors::ops_editor::OpsEditor;
use super::model_case::ModelResult;
use super::play::Play;
use crate::lab_views::operations::OperationsTable;
use crate::lab_views::predict::{PredictForm, PredictVerdict};
use crate::lab_views::state::View;
use crate::record::prediction::Guess;
pub(super) use crate::ui::piece::Piece;
use fencing_model::codec::Fields;
use fencing_model::machine::Machine;
use fencing_model::{OperationsRun, Report, Scenario};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

#[wasm_split(explore_play, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_play))]
pub(super) fn play_view(
    scenario: Scenario,
    machine: Machine,
    view: Memo<View>,
    go: Callback<View>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <Play scenario=scenario machine=machine view=view go=go /> }.into_any())
}

#[wasm_split(explore_model, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_model))]
pub(super) fn model_view(
    scenario: Scenario,
    view: Memo<View>,
    go: Callback<View>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ModelResult scenario=scenario view=view go=go /> }.into_any())
}

// In the model case's piece: the two are shown together.
#[wasm_split(
    explore_model,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_model_inputs)
)]
pub(super) fn model_inputs_view(draft: RwSignal<Fields>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ModelEditor draft=draft /> }.into_any())
}

#[wasm_split(
    explore_operations,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_ops_inputs)
)]
pub(super) fn ops_inputs_view(draft: RwSignal<Fields>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <OpsEditor draft=draft /> }.into_any())
}

// In the operations case's piece: its inputs and its result are shown together.
#[wasm_split(
    explore_operations,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_ops_table)
)]
pub(super) fn ops_table_view(run: OperationsRun) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <OperationsTable id="explorer" run=run /> }.into_any())
}

#[wasm_split(
    explore_predict,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_predict)
)]
pub(super) fn predict_view(
    report: Report,
    guessed: Option<Guess>,
    on_submit: Callback<Guess>,
    on_cancel: Callback<()>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(match guessed {
        Some(guess) => view! { <PredictVerdict guess=guess report=report /> }.into_any(),
        None => {
            let id = "predict-explorer".to_string();
            view! { <PredictForm report=report id=id on_submit=on_submit on_cancel=on_cancel /> }
                .into_any()
        }
    })
}
