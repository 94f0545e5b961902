//! The explorer: the lesson's experiments on the model crate, compiled to WASM — every
//! interleaving, defects as switches, the scenario editable, the whole view in the URL.
//! Its parts split off the `lab` module (`#[wasm_split]`, each beside its caller; cut by
//! tools/dist/split-module.sh) are fetched the first time they are shown (`Piece::show`):
//! `/explore` opens on the fencing case, its results shown, needing none of them.

pub mod editors;
mod interleavings;
pub mod model_case;
pub mod play;
mod result;
pub mod session;

use crate::lab_views::state::View;
use crate::ui::piece::Piece;
use editors::Editor;
use fencing_model::machine::Machine;
use fencing_model::{Case, CaseRun, Scenario};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use model_case::ModelResult;
use play::Play;
use result::ResultView;
use session::use_session;

#[cfg(feature = "ssr")]
/// The explorer's page: prerendered with the lesson's default scenario, live as an island.
#[component]
pub fn ExplorerPage() -> impl IntoView {
    view! {
        <article class="explorer-page" aria-labelledby="explorer-title">
            <h1 id="explorer-title">"实验台：在页面里运行事件模型"</h1>
            <p class="lede">
                "这里运行的是与命令行 fencing-lab 同一份 Rust 模型（编译为 WebAssembly）。选择案例、打开缺陷开关、修改输入，查看全部交错、\
                 每一步的状态与性质检查；选 model 案例可自建 2–4 个客户端的场景，由模型检查器在后台线程里穷举全部状态，给出每条性质被破坏的最短路径。"
            </p>
            <noscript>
                <p class="editor-error">
                    "实验台需要启用 JavaScript 与 WebAssembly：下面是课程默认场景（正确协议）的结果，不能修改或逐步查看。"
                </p>
            </noscript>
            <ExplorerEditor />
            <ExplorerResult />
        </article>
    }
}

/// The explorer's editor: case, switches and inputs. Prerendered as the lesson's default;
/// once live, it follows the address (see `session`).
#[island]
fn ExplorerEditor() -> impl IntoView {
    let s = use_session();
    view! {
        // Until the address has been read, a prerendered default must not pass for its view.
        <div class="explorer" class:ready=s.ready>
            {move || {
                let bad = s.parsed.with(|(_, bad)| bad.join("；"));
                (!bad.is_empty())
                    .then(|| {
                        view! {
                            <p class="editor-error" role="alert">
                                {format!(
                                    "链接中有参数无效，已略去：{bad}。其余参数照链接生效；略去的视同未给出（场景输入取课程默认值）。",
                                )}
                            </p>
                        }
                    })
            }}
            <Editor />
            <VerdictLine />
        </div>
    }
}

/// The verdict of the scenario on screen, kept in view under the controls while they are
/// (so a switch or an input shows what it changed), leading to the result. Never while the
/// learner predicts first, nor in 「你来调度」, whose moves say it themselves.
#[component]
fn VerdictLine() -> impl IntoView {
    let s = use_session();
    let said = move || {
        if s.view.with(|v| v.play.is_some()) {
            return None;
        }
        if s.scenario.with(|sc| sc.case == Case::Model) {
            // The model case asks for no prediction: say so rather than hide it.
            let first = if s.predict_first.get() {
                "先预测模式不用于 model 案例，结果照常显示。"
            } else {
                ""
            };
            // While the search runs, what it is; once it has ended, what it found.
            return Some(match s.searched.get() {
                Some(verdict) => format!("{first}{verdict}"),
                None => format!(
                    "{first}检查器正在后台线程中搜索 model 案例的全部状态（上限 {} 个）",
                    fencing_model::words::grouped(model_case::worker::CAP)
                ),
            });
        }
        if s.predict_first.get() {
            return Some("先预测模式：每个新场景的结果在你预测之后显示".to_string());
        }
        let report = s.report.get()?;
        match report.case {
            CaseRun::Fencing(_) => Some(report.verdicts.headline().join(" · ")),
            CaseRun::Operations(run) => {
                Some(format!("{} · 效果数 {}", run.outcomes(), run.effects))
            }
            CaseRun::Model(_) => None,
        }
    };
    // Not a control: it floats over the controls, and a target there would shrink theirs
    // (axe's target-size). A tap on it still leads down to the result; the keyboard reaches the
    // result by Tab.
    let down = move |_| {
        if let Some(el) = document().get_element_by_id("result-title") {
            el.scroll_into_view();
        }
    };
    move || {
        said().map(|line| {
            view! {
                <p class="verdict-line" aria-live="polite" on:click=down>
                    <span>{line}</span>
                    <span class="go-down">"进度与结果在下方 ↓"</span>
                </p>
            }
        })
    }
}

/// The explorer's result: verdicts, interleavings step by step, the command and the text report.
#[island]
fn ExplorerResult() -> impl IntoView {
    let s = use_session();
    let go = Callback::new(move |v: View| s.go(v));
    let playing = Memo::new(move |_| s.view.with(|v| v.play.is_some()));
    let (play, model) = (Piece::new("「你来调度」"), Piece::new("model 案例的结果面板"));
    let (ops_piece, predict_piece) =
        (Piece::new("operations 案例的结果表"), Piece::new("预测表单"));
    let mode = move |play: bool| {
        let v = s.view.get_untracked();
        go.run(View { play: play.then(|| v.play.clone().unwrap_or_default()), step: None, ..v })
    };
    // The model case searches in a worker (`model_case`); the lab's cases run here, at once.
    view! {
        <div class="explorer" class:ready=s.ready>
            {move || {
                (s.scenario.with(|sc| sc.case != Case::Operations))
                    .then(|| {
                        view! {
                            <div class="mode-switch" role="group" aria-label="实验台的视图">
                                <button
                                    type="button"
                                    class="tool-btn"
                                    aria-pressed=move || (!playing.get()).to_string()
                                    on:click=move |_| mode(false)
                                >
                                    "看全部结果"
                                </button>
                                <button
                                    type="button"
                                    class="tool-btn"
                                    aria-pressed=move || playing.get().to_string()
                                    on:click=move |_| mode(true)
                                >
                                    "你来调度"
                                </button>
                            </div>
                        }
                    })
            }}
            {move || match (s.scenario.get(), playing.get()) {
                (scenario, true) if scenario.case != Case::Operations => {
                    let machine = fencing_model::lab::driven(&scenario);
                    machine
                        .map(|m| play.show(load_play, move || play_view(scenario, m, s.view, go)))
                        .into_any()
                }
                (scenario, _) if scenario.case == Case::Model => {
                    model.show(load_model, move || model_view(scenario, s.view, go))
                }
                _ => {
                    s.report
                        .get()
                        .map(|r| {
                            view! {
                                <ResultView
                                    report=r
                                    view=s.view
                                    go=go
                                    ops_piece=ops_piece
                                    predict_piece=predict_piece
                                />
                            }
                        })
                        .into_any()
                }
            }}
        </div>
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
