//! The lab's commands as the lesson shows them, an island per lab block: each command titled by
//! what it does, with copy and an in-page run on the very model crate the native `fencing-lab`
//! uses — same parser, same report, same bytes — and, if the learner likes, a prediction first
//! (`lab_views::predict`). A run shows its verdict first — the one report component, as the
//! explorer shows it — then the interleaving it turns on drawn as in the explorer, then the
//! command line's text, folded. The model runs once per run; its report serves all three.

use super::lab_run::{self, Asked};
use crate::lab_views::state::View;
use crate::record::lab::{Change, Lab};
use crate::storage::store::use_store;
use crate::ui::copy::CopyButton;
use crate::ui::run_status::RunStatus;
use fencing_model::cli::{args_of, parse, Invocation};
use fencing_model::Experiment;
use leptos::prelude::*;

/// One lab block: its commands, each runnable in the page.
#[island]
pub fn LabCommands(id: String, label: String, commands: Vec<String>) -> impl IntoView {
    let name = label.clone();
    view! {
        <section class="lab" id=id aria-label=name>
            <p class="lab-label">
                {label}
                <span class="lab-note">
                    "（「运行」就在本页执行同一模型，无需安装；复制的命令要在本学习台的源代码仓库里运行，需要 Rust 工具链）"
                </span>
            </p>
            <ul class="lab-commands">
                {commands
                    .into_iter()
                    .map(|command| view! { <LabCommand command=command /> })
                    .collect_view()}
            </ul>
        </section>
    }
}

#[component]
fn LabCommand(command: String) -> impl IntoView {
    let store = use_store::<Lab>();
    // The same command's scenario, for recording the run and for opening it in the explorer.
    let args: Vec<String> =
        args_of(&command).unwrap_or_default().into_iter().map(str::to_string).collect();
    let scenario = match parse(&args) {
        Ok(Invocation::Run { scenario, .. }) => Some(scenario),
        _ => None,
    };
    let explore = scenario.as_ref().map(|s| View::of(s.clone()).href());
    let experiment = scenario.as_ref().map(Experiment::of);
    let runnable = scenario.is_some();
    let flags = args.join(" ");
    // What the learner asked for: the prediction form open, and how many runs so far (the
    // output is the same at each; a run drops the verdict of an earlier prediction).
    let predicting = RwSignal::new(false);
    let runs = RwSignal::new(0u32);
    let run = Callback::new(move |()| {
        runs.update(|n| *n += 1);
        if let Some(e) = experiment {
            store.apply(Change::Run(e));
        }
    });
    // The run itself is a piece of the module, fetched when first asked for (`lab_run`).
    let asked_once = Memo::new(move |was: Option<&bool>| {
        was == Some(&true) || predicting.get() || runs.get() > 0
    });
    let piece = lab_run::piece();
    let item = NodeRef::<leptos::html::Li>::new();
    // Each lab command runs a distinct experiment: its name makes the form's ids unique.
    let form_id = format!(
        "predict-{}",
        experiment.map_or(String::new(), |e| e.to_string().replace(['/', ','], "-"))
    );
    let (run_label, explore_label, output_label) = (
        format!("在页面中运行：{command}"),
        format!("在实验台中逐步查看：{command}"),
        format!("{command} 的输出"),
    );
    let asked = Asked { args, scenario, predicting, runs, run, item, form_id, output_label };
    let copied = command.clone();
    let heading = experiment.map(|e| (e.title(), flags));
    view! {
        <li class="lab-command" node_ref=item>
            {heading.map(|(what, flags)| title(what, flags))}
            {experiment.map(|e| kept(e, runs))}
            <div class="lab-row">
                <code class="cmd">
                    <span class="prompt" aria-hidden="true">
                        "$ "
                    </span>
                    {words(&command)}
                </code>
                <div class="lab-actions">
                    <CopyButton text=Callback::new(move |_| copied.clone()) label="复制命令" />
                    {runnable
                        .then(|| {
                            view! {
                                <button
                                    class="tool-btn predict-btn"
                                    type="button"
                                    aria-expanded=move || predicting.get().to_string()
                                    on:click=move |_| open_prediction(predicting, item)
                                >
                                    "先预测"
                                </button>
                            }
                        })}
                    // While a prediction is open, its own button runs: a run never drops a guess.
                    <button
                        class="tool-btn run-btn"
                        type="button"
                        hidden=move || predicting.get()
                        on:click=move |_| run.run(())
                        aria-label=run_label
                    >
                        <span aria-hidden="true">"▶"</span>
                        <span class="tool-label">"运行"</span>
                    </button>
                    {explore
                        .map(|href| {
                            view! {
                                <a href=href class="tool-btn" aria-label=explore_label>
                                    "实验台"
                                </a>
                            }
                        })}
                </div>
            </div>
            {move || asked_once.get().then(|| lab_run::show(piece, asked.clone()))}
        </li>
    }
}

/// What a command does, and its flags.
fn title(what: impl IntoView + 'static, flags: String) -> impl IntoView {
    view! {
        <p class="lab-title">
            <strong>{what}</strong>
            " "
            <code>{flags}</code>
        </p>
    }
}

/// What the learner did with a command, kept through a reload (the output is not saved:
/// 「运行」 computes the same again); hidden once this visit runs it.
fn kept(e: Experiment, runs: RwSignal<u32>) -> impl IntoView {
    let lab = use_store::<Lab>().record();
    let count = Signal::derive(move || lab.with(|l| l.runs_of(e)));
    view! {
        <p class="lab-status" hidden=move || { count.get() == 0 || runs.get() != 0 }>
            <RunStatus count=count hit=Signal::derive(move || lab.with(|l| l.latest_hit(e))) />
            <span class="hint">
                "（刷新后不保留输出，再点「运行」结果相同；次数也计入实验台里同一开关组合的运行）"
            </span>
        </p>
    }
}

/// A command's words, each kept whole (`--variant`, `split-authority`): a narrow screen breaks
/// the line between words only.
fn words(command: &str) -> impl IntoView {
    command
        .split(' ')
        .enumerate()
        .map(|(i, w)| {
            view! {
                {(i > 0).then_some(" ")}
                <span class="word">{w.to_string()}</span>
            }
        })
        .collect_view()
}

/// Open or close the prediction form, and bring it into view.
fn open_prediction(predicting: RwSignal<bool>, item: NodeRef<leptos::html::Li>) {
    predicting.update(|p| *p = !*p);
    request_animation_frame(move || {
        let form = item.get_untracked().and_then(|li| li.query_selector(".predict").ok().flatten());
        if let Some(el) = form {
            el.scroll_into_view();
        }
    });
}
