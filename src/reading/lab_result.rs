//! A lab command's result in the lab chapter: the verdict first, the interleaving it turns on
//! drawn as in the explorer, then the command line's text, folded.

use crate::lab_views::operations::OperationsDiagram;
use crate::lab_views::report::Judgment;
use crate::lab_views::sequence::SequenceDiagram;
use crate::lab_views::state::View;
use fencing_model::verdicts::{Kind, Part};
use fencing_model::{CaseRun, Report};
use leptos::prelude::*;

/// A run's result: the verdict in the report's words, the interleaving it turns on (a broken
/// property's shortest counterexample, else the lesson's order) drawn as in the explorer with
/// a way there, then the command line's text, folded — unfolded, byte for byte the CLI's.
#[component]
pub(super) fn RunResult(report: Report, text: String, id: String, label: String) -> impl IntoView {
    let defects = report.scenario.defects;
    let shown = match report.case {
        CaseRun::Fencing(run) => {
            let i = run.shown_first();
            let marks = report.verdicts.marks[i - 1].clone();
            let broken = marks
                .flags
                .iter()
                .find(|f| f.kind == Kind::Broken)
                .map(|f| (f.label.clone(), f.step));
            let trace = run.traces[i - 1].clone();
            let steps = trace.steps.len();
            let href =
                View { interleaving: i - 1, ..View::of(report.scenario.clone()) }.steps_href();
            let headline = report.verdicts.headline().join(" · ");
            view! {
                <p class="lab-headline">{headline}</p>
                <Judgment verdicts=report.verdicts.clone() only=Part::Properties />
                <p class="lab-shown">
                    {fencing_model::words::shown(
                        i,
                        &marks.order,
                        broken.as_ref().map(|(n, s)| (n.as_str(), *s)),
                    )} " "<a href=href>"在实验台逐步看 →"</a>
                </p>
                <SequenceDiagram
                    id=id.clone()
                    steps=trace.steps
                    step=steps
                    marks=marks
                    clients=2
                    network=false
                    keys=vec![]
                    defects=defects
                    on_pick=Callback::new(|_| ())
                />
            }
            .into_any()
        }
        CaseRun::Operations(run) => view! {
            <p class="verdicts">{run.outcomes()}</p>
            <OperationsDiagram id=id.clone() operations=run.operations effects=run.effects />
        }
        .into_any(),
        CaseRun::Model(_) => ().into_any(),
    };
    view! {
        <div class="lab-result">
            {shown} <details class="text-report">
                <summary>
                    "命令行输出（与在本仓库运行这条命令的输出逐字相同）"
                </summary>
                <pre class="lab-output" tabindex="0" aria-label=label>
                    {text}
                </pre>
            </details>
        </div>
    }
}
