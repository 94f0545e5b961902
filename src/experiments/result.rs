//! A lab case's result in the explorer: the prediction bar, the judgment, the command to
//! reproduce it, the text report, and the operations case's table.

use super::interleavings::Interleavings;
use super::session::use_session;
use crate::lab_views::ops_diagram::OperationsDiagram;
use crate::lab_views::predict::{self, PredictForm, PredictVerdict};
use crate::lab_views::report::Judgment;
use crate::lab_views::state::View;
use crate::record::prediction::Guess;
use crate::ui::copy::CopyButton;
use fencing_model::verdicts::Place;
use fencing_model::words::op_note;
use fencing_model::{render, CaseRun, OperationsRun, Report};
use leptos::prelude::*;

#[component]
pub(super) fn ResultView(report: Report, view: Memo<View>, go: Callback<View>) -> impl IntoView {
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
    let body = match report.case {
        CaseRun::Fencing(run) => view! {
            <Judgment
                verdicts=report.verdicts.clone()
                go=Callback::new(move |p: Place| go.run(view.get_untracked().at(p)))
            />
            <Interleavings run=run verdicts=report.verdicts defects=defects view=view go=go />
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
