//! The parts of the explorer split off the `lab` module (tools/dist/split-module.sh): the mode
//! 「你来调度」, and the model case's editor and results panel (its search runs in the checker's
//! worker), one piece. `/explore` first loads neither; each is fetched the first time it is
//! shown (`ui::piece`).

use super::editors::model_editor::ModelEditor;
use super::editors::Fields;
use super::model_case::ModelResult;
use super::play::Play;
use crate::lab_views::state::View;
pub use crate::ui::piece::Piece;
use fencing_model::machine::Machine;
use fencing_model::Scenario;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

impl Piece {
    pub fn play() -> Self {
        Piece::new("正在载入「你来调度」……", "「你来调度」未能载入，可能是网络问题。")
    }

    pub fn model() -> Self {
        Piece::new(
            "正在载入 model 案例的结果面板……",
            "model 案例的结果面板未能载入，可能是网络问题。",
        )
    }

    pub fn model_inputs() -> Self {
        Piece::new("正在载入 model 案例的输入……", "model 案例的输入未能载入，可能是网络问题。")
    }

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
