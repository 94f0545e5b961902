//! The parts of the explorer split off the `lab` module (tools/dist/split-module.sh): the mode
//! 「你来调度」; the model case's editor and results panel (its search runs in the checker's
//! worker), one piece; the operations case's editor and table, one piece; the prediction form
//! and its verdict. `/explore` first loads none of them (it opens on the fencing case, its
//! results shown); each is fetched the first time it is shown (`ui::piece`).

use super::editors::model_editor::ModelEditor;
use super::editors::ops_editor::OpsEditor;
use super::editors::Fields;
use super::model_case::ModelResult;
use super::play::Play;
use crate::lab_views::operations::OperationsTable;
use crate::lab_views::predict::{PredictForm, PredictVerdict};
use crate::lab_views::state::View;
use crate::record::prediction::Guess;
pub use crate::ui::piece::Piece;
use fencing_model::machine::Machine;
use fencing_model::{OperationsRun, Report, Scenario};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

impl Piece {
    pub fn play_view(
        self,
        scenario: Scenario,
        machine: Machine,
        view: Memo<View>,
        go: Callback<View>,
    ) -> AnyView {
        self.show(load_play, move || play_view(scenario, machine, view, go))
    }

    pub fn model_view(self, scenario: Scenario, view: Memo<View>, go: Callback<View>) -> AnyView {
        self.show(load_model, move || model_view(scenario, view, go))
    }

    pub fn model_inputs_view(self, draft: RwSignal<Fields>) -> AnyView {
        self.show(load_model_inputs, move || model_inputs_view(draft))
    }

    pub fn ops_inputs_view(self, draft: RwSignal<Fields>) -> AnyView {
        self.show(load_ops_inputs, move || ops_inputs_view(draft))
    }

    pub fn ops_table_view(self, run: OperationsRun) -> AnyView {
        self.show(load_ops_table, move || ops_table_view(run))
    }

    /// The form for `report`, then the guess scored against it (`guessed`).
    pub fn predict_view(
        self,
        report: Report,
        guessed: Option<Guess>,
        on_submit: Callback<Guess>,
        on_cancel: Callback<()>,
    ) -> AnyView {
        self.show(load_predict, move || predict_view(report, guessed, on_submit, on_cancel))
    }
}

#[wasm_split(explore_play, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_play))]
fn play_view(
    scenario: Scenario,
    machine: Machine,
    view: Memo<View>,
    go: Callback<View>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <Play scenario=scenario machine=machine view=view go=go /> }.into_any())
}

#[wasm_split(explore_model, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_model))]
fn model_view(
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

// In the operations case's piece: its inputs and its result are shown together.
#[wasm_split(
    explore_operations,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_ops_table)
)]
fn ops_table_view(run: OperationsRun) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <OperationsTable id="explorer" run=run /> }.into_any())
}

#[wasm_split(
    explore_predict,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_predict)
)]
fn predict_view(
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
