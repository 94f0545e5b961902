//! The lab's commands as the lesson shows them, each with copy and an in-page run on the very
//! model crate the native `fencing-lab` uses: same parser, same report, same bytes.

use crate::route::Route;
use crate::storage::progress::Change;
use crate::storage::store::use_store;
use crate::ui::copy::CopyButton;
use fencing_model::cli::{args_of, execute, parse, Invocation};
use fencing_model::{codec, Experiment};
use leptos::prelude::*;
use leptos_router::components::A;

#[component]
pub fn LabCommands(id: String, label: &'static str, commands: &'static [&'static str]) -> impl IntoView {
    view! {
        <section class="lab" id=id aria-label=label>
            <p class="lab-label">{label}<span class="lab-note">"（bash；「运行」在本页用 WASM 执行同一模型）"</span></p>
            <ul class="lab-commands">
                {commands.iter().map(|cmd| view! { <LabCommand command=cmd/> }).collect_view()}
            </ul>
        </section>
    }
}

#[component]
fn LabCommand(command: &'static str) -> impl IntoView {
    let output = RwSignal::new(None::<(String, i32)>);
    let store = use_store();
    // The same command's scenario, for recording the run and for opening it in the explorer.
    let args = args_of(command).expect("lab commands are checked at build time");
    let scenario = match parse(&args) {
        Ok(Invocation::Run { scenario, .. }) => Some(scenario),
        _ => None,
    };
    let explore = scenario.as_ref().map(|s| Route::Explore.href_with(&codec::to_query(s)));
    let experiment = scenario.as_ref().map(Experiment::of);
    let run = move |_| {
        output.set(Some(execute(&args)));
        if let Some(e) = experiment {
            store.apply(Change::Run(e));
        }
    };
    view! {
        <li class="lab-command">
            <div class="lab-row">
                <code class="cmd"><span class="prompt" aria-hidden="true">"$ "</span>{command}</code>
                <div class="lab-actions">
                    <CopyButton text=Callback::new(move |_| command.to_string()) label="复制命令"/>
                    <button class="tool-btn run-btn" type="button" on:click=run aria-label=format!("在页面中运行：{command}")>
                        <span aria-hidden="true">"▶"</span><span class="tool-label">"运行"</span>
                    </button>
                    {explore.map(|href| view! {
                        <A href=href attr:class="tool-btn" attr:aria-label=format!("在实验台中逐步查看：{command}")>"实验台"</A>
                    })}
                </div>
            </div>
            {move || output.get().map(|(text, code)| view! {
                <pre class="lab-output" class:failed=code != 0 tabindex="0" aria-label=format!("{command} 的输出")>{text}</pre>
            })}
        </li>
    }
}
