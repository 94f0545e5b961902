//! The explorer's model case: the search runs in a Web Worker (`worker`), so the page never
//! blocks; its progress, its cancelling, and its summary as the very report the CLI prints.

mod counterexample;
pub mod worker;

use crate::experiments::result::reproduce;
use crate::lab_views::report::Judgment;
use crate::lab_views::state::View;
use crate::ui::download::download;
use counterexample::{story, Counterexample};
use fencing_model::checker::{self, ModelRun, Progress, Summary};
use fencing_model::verdicts::Place;
use fencing_model::words::grouped;
use fencing_model::{codec, scenario_file, Finding, Report, Scenario};
use leptos::prelude::*;
use worker::{start, Running, SearchStatus, CAP};

fn seconds(ms: f64) -> String {
    format!("{:.2}", ms / 1000.0)
}

/// The model case's result: the search's progress while it runs, then its report.
#[component]
pub fn ModelResult(scenario: Scenario, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let status = RwSignal::new(SearchStatus::Starting);
    let running = StoredValue::new_local(None::<Running>);
    // Ending a search frees its memory at once: the worker goes with it (`Running`), as it
    // does when the view goes.
    let end = move || running.set_value(None);
    let query = codec::to_query(&scenario);
    let session = crate::experiments::session::use_session();
    let run = Callback::new(move |()| {
        end();
        session.searched.set(None);
        status.set(SearchStatus::Starting);
        match start(&query, status) {
            Ok(r) => running.set_value(Some(r)),
            Err(e) => status.set(SearchStatus::Failed(e)),
        }
    });
    // Effects run only in the browser: the renderer never starts a worker.
    Effect::new(move |_| run.run(()));
    Effect::new(move |_| {
        if matches!(status.get(), SearchStatus::Done(_) | SearchStatus::Failed(_)) {
            end();
        }
    });
    let cancel = Callback::new(move |()| {
        end();
        status.update(|s| {
            *s = SearchStatus::Cancelled(match s {
                SearchStatus::Running(p) => Some(p.clone()),
                _ => None,
            })
        });
    });
    let title = format!("结果：{} · {}", scenario.case.name(), scenario.defects.variant_name());
    let query = codec::to_query(&scenario);
    view! {
        // Which scenario this result is of (the address's scenario part), for tests and tools.
        <section class="result model-result" aria-labelledby="result-title" data-query=query>
            <h2 id="result-title">{title}</h2>
            {move || shown(status.get(), &scenario, cancel, run, view, go)}
        </section>
    }
}

/// Where the search stands: starting, running (with what it found so far), cancelled or failed
/// (each with its way on), or done, with its report.
fn shown(
    status: SearchStatus,
    scenario: &Scenario,
    cancel: Callback<()>,
    restart: Callback<()>,
    view: Memo<View>,
    go: Callback<View>,
) -> AnyView {
    match status {
        SearchStatus::Starting => view! {
            <div class="checker-progress" data-status="starting">
                <p>"正在启动检查器（在后台线程中运行，页面不会卡住）…"</p>
                {button("取消", "tool-btn cancel-check", cancel)}
            </div>
        }
        .into_any(),
        SearchStatus::Running(p) => view! {
            <div class="checker-progress" data-status="running">
                <progress
                    max=CAP
                    value=p.summary.states
                    aria-label="已探索的状态数（相对上限）"
                ></progress>
                <p class="checker-numbers">
                    "已探索 " <strong class="states">{grouped(p.summary.states)}</strong>
                    " 个不同状态 · 每秒约 " {grouped(p.per_second() as usize)}
                    " 个 · 队列中 "{grouped(p.summary.queued)}" 个 · 已用 "
                    {seconds(p.elapsed_ms)}" 秒（上限 "{grouped(CAP)}" 个状态）"
                </p>
                <FoundSoFar summary=p.summary.clone() />
                {button("取消", "tool-btn cancel-check", cancel)}
            </div>
        }
        .into_any(),
        SearchStatus::Cancelled(p) => view! {
            <div class="checker-progress" data-status="cancelled" role="status">
                <p>
                    {format!(
                        "已取消：探索了 {} 个不同状态，没有结论。",
                        p.map_or(0, |p| p.summary.states),
                    )}
                </p>
                {button("重新运行", "tool-btn", restart)}
            </div>
        }
        .into_any(),
        SearchStatus::Failed(why) => view! {
            <div class="checker-progress" data-status="failed">
                <p class="editor-error" role="alert">
                    {format!("检查器出错：{why}")}
                </p>
                {button("重新运行", "tool-btn", restart)}
            </div>
        }
        .into_any(),
        SearchStatus::Done(p) => {
            let run =
                checker::result(&p.summary, &scenario.model, scenario.defects, scenario.issuer);
            view! { <ModelReport scenario=scenario.clone() run=run progress=p view=view go=go /> }
                .into_any()
        }
    }
}

/// 取消 (the worker goes, and what it found so far with it) or 重新运行 (after it was
/// cancelled or failed).
fn button(label: &'static str, class: &'static str, then: Callback<()>) -> impl IntoView {
    view! {
        <button type="button" class=class on:click=move |_| then.run(())>
            {label}
        </button>
    }
}

/// Finding `i`'s shortest path as 「你来调度」 reads it from the address (`play=`).
fn played(summary: &Summary, i: usize) -> String {
    let path = summary.paths.get(i).cloned().flatten().unwrap_or_default();
    let actions: Vec<_> =
        path.into_iter().map(fencing_model::machine::state::Action::unpack).collect();
    fencing_model::path::path_text(&actions)
}

/// What the search has found so far, while it runs.
#[component]
fn FoundSoFar(summary: Summary) -> impl IntoView {
    let found: Vec<String> = Finding::ALL
        .iter()
        .zip(&summary.paths)
        .filter_map(|(f, p)| p.as_ref().map(|p| format!("{}（最短 {} 步）", f.name(), p.len())))
        .collect();
    (!found.is_empty()).then(|| view! { <p class="found-so-far">"已发现："{found.join("、")}</p> })
}

#[component]
fn ModelReport(
    scenario: Scenario,
    run: ModelRun,
    progress: Progress,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let report = Report::of_model(scenario.clone(), run.clone());
    let verdicts = report.verdicts.clone();
    let file = scenario_file::write(None, &scenario);
    // A rate over a few milliseconds says nothing.
    let speed = if progress.elapsed_ms >= 100.0 {
        format!(
            "用时 {} 秒，每秒约 {} 个状态（在后台线程中）",
            seconds(progress.elapsed_ms),
            grouped(progress.per_second() as usize)
        )
    } else {
        "用时不到 0.1 秒（在后台线程中）".to_string()
    };
    let findings = run.findings.clone();
    crate::experiments::session::use_session().searched.set(Some(verdicts.headline().join(" · ")));
    // The counterexample shown: the one chosen, or the first there is.
    let chosen = move || {
        let i = view.get().interleaving;
        findings
            .get(i)
            .filter(|f| f.path.is_some())
            .map(|_| i)
            .or_else(|| findings.iter().position(|f| f.path.is_some()))
    };
    let complete = run.complete;
    view! {
        <p
            class="search-extent"
            class:capped=!complete
            data-states=run.states
            data-complete=complete.to_string()
        >
            {verdicts.head.join("")}
        </p>
        <p class="search-speed" data-elapsed-ms=progress.elapsed_ms>
            {speed}
        </p>
        <Judgment
            verdicts=verdicts.clone()
            go=Callback::new(move |p: Place| go.run(view.get_untracked().at(p)))
        />
        {story(&scenario)}
        {move || {
            chosen()
                .map(|i| {
                    view! {
                        <Counterexample
                            found=run.findings[i].clone()
                            play=played(&progress.summary, i)
                            marks=verdicts.marks[i].clone()
                            scenario=scenario.clone()
                            view=view
                            go=go
                        />
                    }
                })
        }}
        {reproduce(
            &report,
            "fencing-lab explore",
            Signal::default(),
            view! {
                <button
                    type="button"
                    class="tool-btn"
                    on:click=move |_| download("scenario.json", &file)
                >
                    "下载场景文件"
                </button>
            },
        )}
    }
}
