//! What a lab command does when asked, a piece of the `commands` module of its own
//! (tools/dist/split-module.sh): the model run, the prediction form and its verdict, the result.
//! The chapter's first load carries none of it; it is fetched at the first 「先预测」 or 「运行」
//! (`ui::piece`), and the command's island keeps what the learner asked for meanwhile.

use super::lab_result::RunResult;
use crate::lab_views::predict::{self, PredictForm, PredictVerdict};
use crate::record::prediction::Guess;
use crate::ui::piece::Piece;
use fencing_model::cli::execute;
use fencing_model::{render, Report, Scenario};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use wasm_bindgen::JsCast;

/// What the command's island hands its run: the command, what the learner asked for (the form
/// open; how many runs so far), and how to count a run.
#[derive(Clone)]
pub(super) struct Asked {
    pub args: Vec<String>,
    pub scenario: Option<Scenario>,
    pub predicting: RwSignal<bool>,
    pub runs: RwSignal<u32>,
    /// Counts one more run (and records it).
    pub run: Callback<()>,
    pub item: NodeRef<leptos::html::Li>,
    pub form_id: String,
    pub output_label: String,
}

pub(super) fn piece() -> Piece {
    Piece::new("运行所需的代码")
}

/// The run's view, from the piece once it is in.
pub(super) fn show(piece: Piece, asked: Asked) -> AnyView {
    piece.show(load_run, move || run_view(asked))
}

#[wasm_split(lab_run, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_run))]
fn run_view(asked: Asked) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <LabRun asked=asked /> }.into_any())
}

#[component]
fn LabRun(asked: Asked) -> impl IntoView {
    let Asked { args, scenario, predicting, runs, run, item, form_id, output_label } = asked;
    // The model runs once, when first asked (for the prediction form or a run), and its report
    // is kept for what follows.
    let kept = StoredValue::new(None::<Option<Report>>);
    let scenario = StoredValue::new(scenario);
    let report = move || {
        if kept.with_value(Option::is_none) {
            kept.set_value(Some(
                scenario.with_value(|s| s.as_ref().and_then(|s| fencing_model::run(s).ok())),
            ));
        }
        kept.get_value().flatten()
    };
    // A run's output: the command line's text and exit code, and the report it printed (none
    // for a command that does not run the model); the same at every run.
    let output = move || match report() {
        Some(r) => (render::text(&r), 0, Some(r)),
        None => {
            let (text, code) = execute(&args);
            (text, code, None)
        }
    };
    // A prediction's verdict, with the run it came with: a later run shows the plain result.
    let verdict = RwSignal::new(None::<(Guess, Report, u32)>);
    let predicted = Callback::new(move |guess: Guess| {
        predicting.set(false);
        run.run(());
        if let Some(report) = report() {
            predict::record(&guess, &report);
            verdict.set(Some((guess, report, runs.get_untracked())));
            request_animation_frame(move || show_verdict(item));
        }
    });
    let result_id = form_id.replacen("predict", "run", 1);
    view! {
        {move || {
            predicting
                .get()
                .then(report)
                .flatten()
                .map(|report| {
                    view! {
                        <PredictForm
                            report=report
                            id=form_id.clone()
                            on_submit=predicted
                            on_cancel=Callback::new(move |()| predicting.set(false))
                        />
                    }
                })
        }}
        {move || {
            verdict
                .get()
                .filter(|(_, _, at)| *at == runs.get())
                .map(|(guess, report, _)| view! { <PredictVerdict guess=guess report=report /> })
        }}
        {move || {
            (runs.get() > 0)
                .then(&output)
                .map(|(text, code, report)| match (code, report) {
                    (0, Some(report)) => {
                        view! {
                            <RunResult
                                report=report
                                text=text
                                id=result_id.clone()
                                label=output_label.clone()
                            />
                        }
                            .into_any()
                    }
                    _ => {
                        view! {
                            <pre
                                class="lab-output failed"
                                tabindex="0"
                                aria-label=output_label.clone()
                            >
                                {text}
                            </pre>
                        }
                            .into_any()
                    }
                })
        }}
    }
}

/// The feedback replaces the form the learner scrolled through (and the button that had the
/// focus): bring its first line into view once it is drawn, and the focus to it, so the
/// keyboard goes on from there.
fn show_verdict(item: NodeRef<leptos::html::Li>) {
    let shown =
        item.get_untracked().and_then(|li| li.query_selector(".predict-verdict").ok().flatten());
    if let Some(el) = shown {
        el.scroll_into_view();
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
