//! A lab case's result in the explorer: the prediction bar, the judgment, the command to
//! reproduce it and the text report.

use super::interleavings::Interleavings;
use super::session::use_session;
use crate::lab_views::operations::OperationsTable;
use crate::lab_views::predict::{self, PredictForm, PredictVerdict};
use crate::lab_views::report::Judgment;
use crate::lab_views::state::View;
use crate::record::prediction::Guess;
use crate::ui::copy::CopyButton;
use crate::ui::piece::Piece;
use fencing_model::verdicts::Place;
use fencing_model::{render, CaseRun, OperationsRun, Report};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

#[component]
pub(super) fn ResultView(
    report: Report,
    view: Memo<View>,
    go: Callback<View>,
    /// The operations case's table, a piece.
    ops_piece: Piece,
    /// The prediction form with its verdict, a piece.
    predict_piece: Piece,
) -> impl IntoView {
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
    let ask = move |first: bool| {
        predicting.set(first);
        session.predict_first.set(first);
    };
    let cancel = Callback::new(move |()| ask(false));
    let (judged, report_text) = (report.clone(), report.clone());
    let defects = report.scenario.defects;
    let body = match report.case {
        CaseRun::Fencing(run) => view! {
            <Judgment
                verdicts=report.verdicts.clone()
                go=Callback::new(move |p: Place| go.run(view.get_untracked().at(p)))
            />
            <Interleavings run=run verdicts=report.verdicts defects=defects view=view go=go />
        }
        .into_any(),
        CaseRun::Operations(run) => {
            (move || ops_piece.show(load_ops_table, || ops_table_view(run.clone()))).into_any()
        }
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
                                    on:click=move |_| ask(true)
                                >
                                    "先预测，再看结果"
                                </button>
                            }
                        })
                }}
                {move || {
                    let (asking, guess) = (predicting.get(), guessed.get());
                    (asking || guess.is_some())
                        .then(|| {
                            let judged = judged.clone();
                            predict_piece
                                .show(
                                    load_predict,
                                    move || predict_view(judged, guess, predicted, cancel),
                                )
                        })
                }}
                {move || {
                    (predicting.get() && predict_piece.failed())
                        .then(|| {
                            // Under the form's failure line (its piece could not be fetched): the
                            // learner can still stop predicting and see the result.
                            view! {
                                <button
                                    type="button"
                                    class="tool-btn"
                                    on:click=move |_| cancel.run(())
                                >
                                    "不预测了"
                                </button>
                            }
                        })
                }}
            </div>
            <div class="result-body" hidden=move || predicting.get()>
                {body}
            </div>
            {reproduce(&report_text, "fencing-lab", predicting.into(), ())}
        </section>
    }
}

/// How to get the run outside the page: its command line, to copy (`more` beside it), and the
/// text report that command prints (`printed_by`), folded (hidden while `hidden`).
pub(super) fn reproduce(
    report: &Report,
    printed_by: &'static str,
    hidden: Signal<bool>,
    more: impl IntoView,
) -> impl IntoView {
    let command = fencing_model::cli::command_line(&report.scenario);
    let copy = command.clone();
    view! {
        <p class="command">
            <span>"在命令行中重现："</span>
            <code class="cmd">{command}</code>
            <CopyButton text=Callback::new(move |_| copy.clone()) label="复制命令" />
            {more}
        </p>
        <details class="text-report" hidden=hidden>
            <summary>{format!("文本报告（与 {printed_by} 的输出逐字相同）")}</summary>
            <pre tabindex="0">{render::text(report)}</pre>
        </details>
    }
}

// In the operations case's piece with `ops_inputs_view` (editors): the two are shown together.
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
