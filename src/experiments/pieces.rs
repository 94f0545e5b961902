//! The parts of the explorer split off the `lab` module (tools/dist/split-module.sh): the mode
//! 「你来调度」 and the model case's results panel (its search runs in the checker's worker). `/explore`
//! first loads neither; each piece is fetched the first time it is shown, and from then on its
//! views are built at once.

use super::checker::ModelResult;
use super::play::Play;
use crate::lab_views::state::View;
use fencing_model::machine::Machine;
use fencing_model::Scenario;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

#[derive(Clone, Copy, PartialEq)]
enum Load {
    Absent,
    Loading,
    Ready,
    Failed,
}

/// One piece and how far its fetch has got; kept by the island, so it outlives each view.
#[derive(Clone, Copy)]
pub struct Piece {
    loading: &'static str,
    failed: &'static str,
    load: RwSignal<Load>,
}

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

    fn new(loading: &'static str, failed: &'static str) -> Self {
        // Natively (the renderer) a split function is a plain one: nothing to fetch.
        let load = if cfg!(target_family = "wasm") { Load::Absent } else { Load::Ready };
        Piece { loading, failed, load: RwSignal::new(load) }
    }

    /// The piece's view: built at once when the piece is loaded (a reactive view, not a
    /// `Suspend`, which would keep the last view, with its disposed signals, until the next
    /// resolved); otherwise a line that says it is loading, and the fetch started.
    fn show<L, V>(self, fetch: impl FnOnce() -> L + 'static, view: impl FnOnce() -> V) -> AnyView
    where
        L: Future<Output = Result<(), SplitLoaderError>> + 'static,
        V: Future<Output = Result<AnyView, SplitLoaderError>>,
    {
        let (loading, failed) = (self.loading, self.failed);
        match self.load.get() {
            // Loaded: the split function's future is ready at its first poll.
            Load::Ready => at_once(view()).and_then(Result::ok).unwrap_or_else(|| ().into_any()),
            Load::Failed => view! {
                <p class="error" role="alert">
                    {failed}
                    <button
                        type="button"
                        class="tool-btn"
                        on:click=move |_| self.load.set(Load::Absent)
                    >
                        "重试"
                    </button>
                </p>
            }
            .into_any(),
            load => {
                if load == Load::Absent {
                    self.load.set(Load::Loading);
                    leptos::task::spawn_local(async move {
                        self.load.set(if fetch().await.is_ok() {
                            Load::Ready
                        } else {
                            Load::Failed
                        });
                    });
                }
                view! { <p class="muted">{loading}</p> }.into_any()
            }
        }
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
}

/// Polls a future once: the value if it is ready.
fn at_once<T>(future: impl Future<Output = T>) -> Option<T> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
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
