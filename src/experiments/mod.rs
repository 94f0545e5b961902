//! The explorer: the lesson's experiments on the model crate, compiled to WASM — every
//! interleaving, defects as switches, the scenario editable, the whole view in the URL.

pub mod challenge;
pub mod checker;
pub mod diagram;
pub mod editor;
mod pieces;
pub mod play;
pub mod player;
pub mod predict;
pub mod report;
pub mod sequence;
pub mod session;
pub mod state;
pub mod trace;
pub mod worker;

use crate::record::prediction::Guess;
use crate::ui::copy::CopyButton;
use diagram::OperationsDiagram;
use editor::Editor;
use fencing_model::verdicts::Place;
use fencing_model::words::{op_note, OP_SEQ_WHY, SPLIT_ORDER, SPLIT_OTHER_ORDERS};
use fencing_model::{render, Case, CaseRun, Defects, FencingRun, OperationsRun, Report};
use leptos::prelude::*;
use pieces::Piece;
use player::{follow_current_step, Player};
use predict::{PredictForm, PredictVerdict};
use report::Judgment;
use sequence::SequenceDiagram;
use session::use_session;
use state::View;
use trace::{announce, StepTable};

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
                s.parsed
                    .get()
                    .err()
                    .map(|e| {
                        view! {
                            <p class="editor-error" role="alert">
                                {format!(
                                    "链接中的实验参数无效（{e}），已改用课程默认场景。",
                                )}
                            </p>
                        }
                    })
            }}
            <Editor
                draft=s.draft
                error=s.draft_error.into()
                on_reset=Callback::new(move |_| s.reset())
            />
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
            return Some(format!(
                "{first}检查器在后台线程中搜索可达状态（上限 {} 个）：结果见下方",
                checker::grouped(worker::CAP)
            ));
        }
        if s.predict_first.get() {
            return Some("先预测模式：每个新场景的结果在你预测之后显示".to_string());
        }
        match s.report.get()?.case {
            CaseRun::Fencing(run) => Some(run.verdicts.headline().join(" · ")),
            CaseRun::Operations(run) => {
                let outcomes: Vec<&str> = run.operations.iter().map(|r| r.outcome.name()).collect();
                Some(format!("{} · 效果数 {}", outcomes.join(" / "), run.effects))
            }
            CaseRun::Model(_) => None,
        }
    };
    // Text, not a control: it floats over the controls, and a target there would crowd theirs.
    move || {
        said().map(|line| {
            view! {
                <p class="verdict-line" aria-live="polite">
                    <span>{line}</span>
                    <span class="go-down">"结果在下方 ↓"</span>
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
    let (play, model) = (Piece::play(), Piece::model());
    let mode = move |play: bool| {
        let v = s.view.get_untracked();
        go.run(View { play: play.then(|| v.play.clone().unwrap_or_default()), step: None, ..v })
    };
    // The model case searches in a worker (`checker`); the lab's cases run here, at once.
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
                    machine.map(|machine| play.play_view(scenario, machine, s.view, go)).into_any()
                }
                (scenario, _) if scenario.case == Case::Model => {
                    model.model_view(scenario, s.view, go)
                }
                _ => {
                    s.report
                        .get()
                        .map(|r| view! { <ResultView report=r view=s.view go=go /> })
                        .into_any()
                }
            }}
        </div>
    }
}

#[component]
fn ResultView(report: Report, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let text = render::text(&report);
    let command = fencing_model::cli::command_line(&report.scenario);
    let copy = command.clone();
    let title = format!("结果：{} · {}", report.scenario.case.name(), report.variant);
    // Predict, then look: while the learner predicts, everything that tells the verdict stays
    // hidden. Once chosen, predicting first holds for each scenario opened next, until skipped.
    let session = use_session();
    let predicting = RwSignal::new(session.predict_first.get_untracked());
    let guessed = RwSignal::new(None::<Guess>);
    let predicted = {
        let report = report.clone();
        Callback::new(move |g: Guess| {
            predict::record(&g, &report);
            session.record(report.scenario.clone());
            guessed.set(Some(g));
            predicting.set(false);
        })
    };
    let predict = move |first: bool| {
        predicting.set(first);
        session.predict_first.set(first);
    };
    let (judged, report_after) = (report.clone(), report.clone());
    let defects = report.scenario.defects;
    let op_seq_larger = report.scenario.op_seq_a > report.scenario.op_seq_b && !defects.no_fence;
    let body = match report.case {
        CaseRun::Fencing(run) => view! {
            <Judgment
                verdicts=run.verdicts.clone()
                path=Callback::new(|p: usize| format!("交错 {}", p + 1))
                go=Callback::new(move |p: Place| {
                    go.run(View {
                        interleaving: p.path,
                        step: Some(p.step),
                        ..view.get_untracked()
                    })
                })
            />
            <Interleavings run=run defects=defects op_seq_larger=op_seq_larger view=view go=go />
        }
        .into_any(),
        CaseRun::Operations(run) => view! { <OperationsTable run=run /> }.into_any(),
        CaseRun::Model(_) => unreachable!("the model case is shown by ModelResult"),
    };
    view! {
        <section class="result" aria-labelledby="result-title">
            <h2 id="result-title">{title}</h2>
            <div class="predict-bar">
                {move || {
                    (!predicting.get() && guessed.get().is_none())
                        .then(|| {
                            view! {
                                <button
                                    type="button"
                                    class="tool-btn predict-btn"
                                    on:click=move |_| predict(true)
                                >
                                    "先预测，再看结果"
                                </button>
                            }
                        })
                }}
                {move || {
                    predicting
                        .get()
                        .then(|| {
                            view! {
                                <PredictForm
                                    report=judged.clone()
                                    id="predict-explorer".to_string()
                                    on_submit=predicted
                                    on_cancel=Callback::new(move |()| predict(false))
                                />
                            }
                        })
                }}
                {move || {
                    guessed
                        .get()
                        .map(|g| view! { <PredictVerdict guess=g report=report_after.clone() /> })
                }}
            </div>
            <div class="result-body" hidden=move || predicting.get()>
                {body}
            </div>
            <p class="command">
                <span>"在命令行中重现："</span>
                <code class="cmd">{command}</code>
                <CopyButton text=Callback::new(move |_| copy.clone()) label="复制命令" />
            </p>
            <details class="text-report" hidden=move || predicting.get()>
                <summary>"文本报告（与 fencing-lab 的输出逐字相同）"</summary>
                <pre tabindex="0">{text}</pre>
            </details>
        </section>
    }
}

#[component]
fn Interleavings(
    run: FencingRun,
    defects: Defects,
    op_seq_larger: bool,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let prefix = run.prefix_len;
    let interleavings = run.interleavings;
    let marks = run.verdicts.marks.clone();
    let chooser = run
        .traces
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let bad = marks[i].flags.iter().any(|f| f.kind.happened());
            let mut tags: Vec<String> =
                marks[i].notes.iter().map(|(_, t, _)| t.to_string()).collect();
            tags.extend(marks[i].flags.iter().map(|f| format!("{} {}", f.kind.sign(), f.label)));
            tags.dedup();
            let tagged = tags.join("，");
            view! {
                <button
                    type="button"
                    class="tool-btn interleaving"
                    class:bad=bad
                    aria-pressed=move || (view.get().interleaving == i).to_string()
                    on:click=move |_| {
                        go.run(View {
                            interleaving: i,
                            step: None,
                            ..view.get_untracked()
                        })
                    }
                >
                    <span>{format!("交错 {}", i + 1)}</span>
                    <small>{t.events[prefix..].join(" → ")}</small>
                    {(!tagged.is_empty())
                        .then(|| view! { <small class="interleaving-tag">{tagged}</small> })}
                </button>
            }
        })
        .collect_view();
    let traces = run.traces;
    let current = move || {
        let v = view.get();
        let i = v.interleaving.min(traces.len() - 1);
        let t = traces[i].clone();
        let total = t.steps.len();
        let step = v.step.unwrap_or(1).clamp(1, total);
        (v, i, t, total, step)
    };
    let player = {
        let (c1, c2) = (current.clone(), current.clone());
        Player::new(
            Signal::derive(move || c1().3),
            Signal::derive(move || c2().4),
            Callback::new(move |n: usize| go.run(View { step: Some(n), ..view.get_untracked() })),
        )
    };
    let said = {
        let current = current.clone();
        move || {
            let (_, _, t, total, step) = current();
            announce(&t.steps[step - 1], step, total, &[], defects)
        }
    };
    let pick = Callback::new(move |n: usize| player.pick(n));
    let table = Signal::derive(move || view.get().table);
    let on_table =
        Callback::new(move |shown: bool| go.run(View { table: shown, ..view.get_untracked() }));
    follow_current_step(move || view.track());
    view! {
        <h3>{format!("{interleavings} 条交错（固定前缀之后）")}</h3>
        {defects
            .split_authority
            .then(|| {
                let all_orders = View::of(fencing_model::Scenario::lesson(Case::Model, defects))
                    .href();
                view! {
                    <p class="why">{SPLIT_ORDER}</p>
                    <p class="why">
                        {SPLIT_OTHER_ORDERS}" "
                        <a href=all_orders>"在 model 案例里穷举全部次序 →"</a>
                    </p>
                }
            })}
        {op_seq_larger.then(|| view! { <p class="why">{OP_SEQ_WHY}</p> })}
        <div class="interleavings" role="group" aria-label="选择交错">
            {chooser}
        </div>
        {player.controls(table, on_table)}
        // The live region stays in place so screen readers announce each change of its text.
        <p class="announce" aria-live="polite">
            {said}
        </p>
        {move || {
            let (v, i, t, _, step) = current();
            let m = marks[i].clone();
            view! {
                <SequenceDiagram
                    id="explorer"
                    steps=t.steps.clone()
                    step=step
                    marks=m.clone()
                    clients=2
                    network=false
                    keys=vec![]
                    defects=defects
                    on_pick=pick
                />
                {v
                    .table
                    .then(|| {
                        view! {
                            <StepTable
                                steps=t.steps
                                step=step
                                marks=m
                                keys=vec![]
                                defects=defects
                            />
                        }
                    })}
            }
        }}
    }
}

#[component]
fn OperationsTable(run: OperationsRun) -> impl IntoView {
    let OperationsRun { operations, effects } = run;
    view! {
        <OperationsDiagram id="explorer" operations=operations.clone() effects=effects />
        <div class="table-wrap" tabindex="0" role="region" aria-label="operations 结果">
            <table class="ops">
                <thead>
                    <tr>
                        <th scope="col">"#"</th>
                        <th scope="col">"key"</th>
                        <th scope="col">"digest"</th>
                        <th scope="col">"(fence, seq)"</th>
                        <th scope="col">"结果"</th>
                        <th scope="col">"提交后 (max_fence, last_seq)"</th>
                    </tr>
                </thead>
                <tbody>
                    {operations
                        .into_iter()
                        .enumerate()
                        .map(|(i, r)| {
                            let applied = r.outcome == fencing_model::OpOutcome::Applied;
                            let note = op_note(&r);
                            view! {
                                <tr>
                                    <th scope="row" data-label="#">
                                        {i + 1}
                                    </th>
                                    <td data-label="key">
                                        <code>{r.op.key.clone()}</code>
                                    </td>
                                    <td data-label="digest">
                                        <code>{r.op.digest.clone()}</code>
                                    </td>
                                    <td data-label="(fence, seq)">
                                        {format!("({}, {})", r.op.fence, r.op.seq)}
                                    </td>
                                    <td data-label="结果">
                                        <strong class=format!(
                                            "outcome {}",
                                            r.outcome.name(),
                                        )>{r.outcome.name()}</strong>
                                        <span class="note">{note}</span>
                                    </td>
                                    <td data-label="提交后 (max_fence, last_seq)">
                                        {format!("({}, {})", r.max_fence, r.last_seq)}
                                        {applied.then_some(" ▲")}
                                    </td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
        <p class="effects">"效果数："<strong class="effect-count">{effects}</strong></p>
    }
}
