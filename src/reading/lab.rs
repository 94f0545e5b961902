//! The lab's commands as the lesson shows them, an island per lab block: each command with copy
//! and an in-page run on the very model crate the native `fencing-lab` uses — same parser, same
//! report, same bytes — and, if the learner likes, a prediction first (`experiments::predict`).

use crate::experiments::predict::{self, PredictForm, PredictVerdict};
use crate::route::Route;
use crate::storage::progress::Change;
use crate::storage::store::use_store;
use crate::ui::copy::CopyButton;
use fencing_model::cli::{args_of, execute, parse, Invocation};
use fencing_model::prediction::Guess;
use fencing_model::{codec, Experiment, Report};
use leptos::prelude::*;

/// One lab block: its commands, each runnable in the page.
#[island]
pub fn LabCommands(id: String, label: String, commands: Vec<String>) -> impl IntoView {
    let name = label.clone();
    view! {
        <section class="lab" id=id aria-label=name>
            <p class="lab-label">{label}<span class="lab-note">"（bash；「运行」在本页用 WASM 执行同一模型）"</span></p>
            <ul class="lab-commands">
                {commands.into_iter().map(|command| view! { <LabCommand command=command/> }).collect_view()}
            </ul>
        </section>
    }
}

#[component]
fn LabCommand(command: String) -> impl IntoView {
    let output = RwSignal::new(None::<(String, i32)>);
    let store = use_store();
    // The same command's scenario, for recording the run and for opening it in the explorer.
    let args: Vec<String> = args_of(&command).unwrap_or_default().into_iter().map(str::to_string).collect();
    let scenario = match parse(&args) {
        Ok(Invocation::Run { scenario, .. }) => Some(scenario),
        _ => None,
    };
    let explore = scenario.as_ref().map(|s| Route::Explore.href_with(&codec::to_query(s)));
    let experiment = scenario.as_ref().map(Experiment::of);
    let predicting = RwSignal::new(false);
    let verdict = RwSignal::new(None::<(Guess, Report)>);
    let run = Callback::new(move |()| {
        output.set(Some(execute(&args)));
        if let Some(e) = experiment {
            store.apply(Change::Run(e));
        }
    });
    let predicted = {
        let scenario = scenario.clone();
        Callback::new(move |guess: Guess| {
            predicting.set(false);
            run.run(());
            if let Some(report) = scenario.as_ref().and_then(|s| fencing_model::run(s).ok()) {
                predict::record(&guess, &report);
                verdict.set(Some((guess, report)));
            }
        })
    };
    // Each lab command runs a distinct experiment: its name makes the form's ids unique.
    let form_id = format!("predict-{}", experiment.map_or(String::new(), |e| e.to_string().replace(['/', ','], "-")));
    let (run_label, explore_label, output_label) =
        (format!("在页面中运行：{command}"), format!("在实验台中逐步查看：{command}"), format!("{command} 的输出"));
    let copied = command.clone();
    view! {
        <li class="lab-command">
            <div class="lab-row">
                <code class="cmd"><span class="prompt" aria-hidden="true">"$ "</span>{command}</code>
                <div class="lab-actions">
                    <CopyButton text=Callback::new(move |_| copied.clone()) label="复制命令"/>
                    {scenario.is_some().then(|| view! {
                        <button class="tool-btn predict-btn" type="button" aria-expanded=move || predicting.get().to_string()
                            on:click=move |_| predicting.update(|p| *p = !*p)>"先预测"</button>
                    })}
                    <button class="tool-btn run-btn" type="button" on:click=move |_| { verdict.set(None); run.run(()) } aria-label=run_label>
                        <span aria-hidden="true">"▶"</span><span class="tool-label">"运行"</span>
                    </button>
                    {explore.map(|href| view! {
                        <a href=href class="tool-btn" aria-label=explore_label>"实验台"</a>
                    })}
                </div>
            </div>
            {move || predicting.get().then(|| scenario.as_ref().and_then(|s| fencing_model::run(s).ok()).map(|report| view! {
                <PredictForm report=report id=form_id.clone() on_submit=predicted on_cancel=Callback::new(move |()| predicting.set(false))/>
            }))}
            {move || verdict.get().map(|(guess, report)| view! { <PredictVerdict guess=guess report=report/> })}
            {move || output.get().map(|(text, code)| view! {
                <pre class="lab-output" class:failed=code != 0 tabindex="0" aria-label=output_label.clone()>{text}</pre>
            })}
        </li>
    }
}
