//! The explorer's model case. The search runs in a Web Worker — its own WASM module
//! (crates/checker-worker), started from the script the build names in
//! `<meta name="checker-worker">` — so the page never blocks: this side starts it, shows its
//! progress, cancels it (terminating the worker: immediate, whatever it is doing) and turns
//! its final summary into the very report the CLI prints.

use super::player::{follow_current_step, Player};
use super::sequence::SequenceDiagram;
use super::state::View;
use super::trace::{announce, Marks, StepTable};
use crate::ui::copy::CopyButton;
use crate::ui::download::download;
use fencing_model::checker::{self, FindingResult, ModelRun, Summary};
use fencing_model::properties::BOUND_TO_A_GRANT;
use fencing_model::words::{assumptions, cause, none_of, unfired, why};
use fencing_model::{codec, render, scenario_file, CaseRun, Finding, Report, Scenario};
use js_sys::Reflect;
use leptos::prelude::*;
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most states a search in the page keeps (about 64 bytes each: under 256 MB in all).
const CAP: usize = checker::DEFAULT_CAP;

/// What the worker reports, as it goes and at the end.
#[derive(Clone, Debug, PartialEq, Deserialize)]
struct Progress {
    summary: Summary,
    elapsed_ms: f64,
}

impl Progress {
    fn per_second(&self) -> f64 {
        self.summary.states as f64 * 1000.0 / self.elapsed_ms.max(1.0)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Status {
    Starting,
    Running(Progress),
    Done(Progress),
    Cancelled(Option<Progress>),
    Failed(String),
}

/// A worker at work, with the handlers it calls (kept alive as long as it is).
struct Running {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

fn field(data: &JsValue, name: &str) -> Option<String> {
    Reflect::get(data, &name.into()).ok()?.as_string()
}

/// Start a worker searching `query`; its reports go to `status`.
fn start(query: &str, status: RwSignal<Status>) -> Result<Running, String> {
    let url = document()
        .query_selector("meta[name=checker-worker]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
        .ok_or("这一版页面没有带检查器模块")?;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(&url, &options).map_err(|e| format!("{e:?}"))?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let data = ev.data();
        let parsed = || field(&data, "json").and_then(|j| serde_json::from_str::<Progress>(&j).ok());
        let next = match field(&data, "kind").as_deref() {
            Some("progress") => parsed().map(Status::Running),
            Some("done") => parsed().map(Status::Done),
            _ => Some(Status::Failed(field(&data, "message").unwrap_or_else(|| "检查器发来无法读取的消息".into()))),
        };
        // A late progress report never replaces the end.
        if let Some(next) = next {
            status.update(|s| {
                if !matches!(s, Status::Done(_) | Status::Cancelled(_)) {
                    *s = next;
                }
            });
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
        status.set(Status::Failed(format!("检查器无法运行：{}", ev.message())));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let message = js_sys::Object::new();
    let _ = Reflect::set(&message, &"query".into(), &query.into());
    let _ = Reflect::set(&message, &"cap".into(), &(CAP as u32).into());
    worker.post_message(&message).map_err(|e| format!("{e:?}"))?;
    Ok(Running { worker, _on_message: on_message, _on_error: on_error })
}

/// `1453155` as `1,453,155`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn seconds(ms: f64) -> String {
    format!("{:.2}", ms / 1000.0)
}

/// The model case's result: the search's progress while it runs, then its report.
#[component]
pub fn ModelResult(scenario: Scenario, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let status = RwSignal::new(Status::Starting);
    let running = StoredValue::new_local(None::<Running>);
    // Ending a search frees its memory at once: the worker goes with it.
    let end = move || {
        if let Some(r) = running.try_update_value(Option::take).flatten() {
            r.worker.terminate();
        }
    };
    let query = codec::to_query(&scenario);
    let run = Callback::new(move |()| {
        end();
        status.set(Status::Starting);
        match start(&query, status) {
            Ok(r) => running.set_value(Some(r)),
            Err(e) => status.set(Status::Failed(e)),
        }
    });
    // Effects run only in the browser: the renderer never starts a worker.
    Effect::new(move |_| run.run(()));
    Effect::new(move |_| {
        if matches!(status.get(), Status::Done(_) | Status::Failed(_)) {
            end();
        }
    });
    on_cleanup(end);
    let cancel = move |_| {
        end();
        status.update(|s| {
            *s = Status::Cancelled(match s {
                Status::Running(p) => Some(p.clone()),
                _ => None,
            })
        });
    };
    let restart = move |_| run.run(());
    let title = format!("结果：{} · {}", scenario.case.name(), scenario.defects.variant_name());
    let shown = codec::to_query(&scenario);
    view! {
        // Which scenario this result is of (the address's scenario part), for tests and tools.
        <section class="result model-result" aria-labelledby="result-title" data-query=shown>
            <h2 id="result-title">{title}</h2>
            {move || match status.get() {
                Status::Starting => view! {
                    <div class="checker-progress" data-status="starting">
                        <p>"正在启动检查器（在后台线程中运行，页面不会卡住）…"</p>
                        <button type="button" class="tool-btn cancel-check" on:click=cancel>"取消"</button>
                    </div>
                }.into_any(),
                Status::Running(p) => view! {
                    <div class="checker-progress" data-status="running">
                        <progress max=CAP value=p.summary.states aria-label="已探索的状态数（相对上限）"></progress>
                        <p class="checker-numbers">
                            "已探索 "<strong class="states">{grouped(p.summary.states)}</strong>" 个不同状态 · 每秒约 "
                            {grouped(p.per_second() as usize)}" 个 · 队列中 "{grouped(p.summary.queued)}" 个 · 已用 "{seconds(p.elapsed_ms)}" 秒（上限 "{grouped(CAP)}" 个状态）"
                        </p>
                        <FoundSoFar summary=p.summary.clone()/>
                        <button type="button" class="tool-btn cancel-check" on:click=cancel>"取消"</button>
                    </div>
                }.into_any(),
                Status::Cancelled(p) => view! {
                    <div class="checker-progress" data-status="cancelled" role="status">
                        <p>{format!("已取消：探索了 {} 个不同状态，没有结论。", p.map_or(0, |p| p.summary.states))}</p>
                        <button type="button" class="tool-btn" on:click=restart>"重新运行"</button>
                    </div>
                }.into_any(),
                Status::Failed(why) => view! {
                    <div class="checker-progress" data-status="failed">
                        <p class="editor-error" role="alert">{format!("检查器出错：{why}")}</p>
                        <button type="button" class="tool-btn" on:click=restart>"重新运行"</button>
                    </div>
                }.into_any(),
                Status::Done(p) => {
                    let run = checker::result(&p.summary, &scenario.model, scenario.defects, scenario.issuer);
                    view! { <ModelReport scenario=scenario.clone() run=run progress=p view=view go=go/> }.into_any()
                }
            }}
        </section>
    }
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
fn ModelReport(scenario: Scenario, run: ModelRun, progress: Progress, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let report = Report { variant: scenario.defects.variant_name(), scenario: scenario.clone(), case: CaseRun::Model(run.clone()) };
    let text = render::text(&report);
    let command = fencing_model::cli::command_line(&scenario);
    let copy = command.clone();
    let file = scenario_file::write(None, &scenario);
    let extent = if run.complete {
        format!("广度优先遍历了全部可达状态：{} 个不同状态，{} 次转移", grouped(run.states), grouped(run.transitions as usize))
    } else {
        format!("达到上限 {} 个状态，搜索停止，未穷尽：「未发现」只说明已访问的状态里没有", grouped(run.cap))
    };
    // A rate over a few milliseconds says nothing.
    let speed = if progress.elapsed_ms >= 100.0 {
        format!("用时 {} 秒，每秒约 {} 个状态（在后台线程中）", seconds(progress.elapsed_ms), grouped(progress.per_second() as usize))
    } else {
        "用时不到 0.1 秒（在后台线程中）".to_string()
    };
    let findings = run.findings.clone();
    // The counterexample shown: the one chosen, or the first there is.
    let chosen = move || {
        let i = view.get().interleaving;
        findings.get(i).filter(|f| f.path.is_some()).map(|_| i).or_else(|| findings.iter().position(|f| f.path.is_some()))
    };
    let complete = run.complete;
    view! {
        <p class="search-extent" class:capped=!complete data-states=run.states data-complete=complete.to_string()>{extent}</p>
        <p class="search-speed" data-elapsed-ms=progress.elapsed_ms>{speed}</p>
        <ul class="verdicts">
            {Finding::ALL.into_iter().zip(run.findings.clone()).enumerate().map(|(i, (f, r))| {
                let ok = r.path.is_none();
                let steps = r.path.as_ref().map_or(0, Vec::len);
                let what = match f {
                    Finding::Broken(p) => format!("（{}）", p.promise()),
                    _ => "（本学习台补充）".to_string(),
                };
                let verdict = match (ok, complete, f) {
                    (true, true, Finding::Broken(_)) => "成立：全部可达状态都满足".to_string(),
                    (true, true, _) => none_of(f, 0),
                    (true, false, _) => "已访问的状态里未发现".to_string(),
                    (false, _, Finding::Broken(_)) => format!("违反：最短反例 {steps} 步"),
                    (false, _, _) => format!("发生：最短 {steps} 步"),
                };
                view! {
                    <li class:ok=ok class:bad=!ok data-finding=r.name>
                        <span class="verdict-sign" aria-hidden="true">{if ok { "✓" } else { "✗" }}</span>
                        <code>{r.name}</code>{what}"："<strong>{verdict}</strong>
                        {(!ok).then(|| view! { <p class="why">{why(f)}</p> })}
                        {match (f, r.path.as_ref().and_then(|p| p.last().map(|l| (p, l)))) {
                            (Finding::Broken(p), Some((path, last))) => {
                                cause(p, &last.event, path.len().checked_sub(2).and_then(|k| path[k].after.token), scenario.defects)
                            }
                            _ => None,
                        }.map(|c| view! { <p class="why cause">{c}</p> })}
                        {(!ok).then(|| view! {
                            <button type="button" class="tool-btn" on:click=move |_| go.run(View { interleaving: i, step: None, ..view.get_untracked() })>
                                {format!("查看最短反例（{steps} 步）")}
                            </button>
                        })}
                    </li>
                }
            }).collect_view()}
        </ul>
        <p class="bound-means">{BOUND_TO_A_GRANT}</p>
        <p class="assumptions">{assumptions(scenario.model.delay)}</p>
        {run.unfired.iter().map(|d| view! { <p class="unfired">{unfired(*d, scenario.defects, scenario.model.crash)}</p> }).collect_view()}
        {move || chosen().map(|i| view! { <Counterexample found=run.findings[i].clone() scenario=scenario.clone() view=view go=go/> })}
        <p class="command">
            <span>"在命令行中重现："</span>
            <code class="cmd">{command}</code>
            <CopyButton text=Callback::new(move |_| copy.clone()) label="复制命令"/>
            <button type="button" class="tool-btn" on:click=move |_| download("scenario.json", &file)>"下载场景文件"</button>
        </p>
        <details class="text-report">
            <summary>"文本报告（与 fencing-lab explore 的输出逐字相同）"</summary>
            <pre tabindex="0">{text}</pre>
        </details>
    }
}

/// One counterexample, step by step: the picture, the controls and, if asked, the table.
#[component]
fn Counterexample(found: FindingResult, scenario: Scenario, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let (name, path) = (found.name, found.path.clone().unwrap_or_default());
    let total = path.len();
    let step = Signal::derive(move || view.get().step.unwrap_or(1).clamp(1, total.max(1)));
    let player = Player::new(
        Signal::derive(move || total),
        step,
        Callback::new(move |n: usize| go.run(View { step: Some(n), ..view.get_untracked() })),
    );
    let table = Signal::derive(move || view.get().table);
    let on_table = Callback::new(move |shown: bool| go.run(View { table: shown, ..view.get_untracked() }));
    follow_current_step(move || view.track());
    let pick = Callback::new(move |n: usize| player.pick(n));
    let (model, defects) = (scenario.model.clone(), scenario.defects);
    let said = {
        let (path, keys) = (path.clone(), model.keys.clone());
        move || path.get(step.get() - 1).map(|s| announce(s, step.get(), total, &keys, defects)).unwrap_or_default()
    };
    let marks = Marks { findings: vec![(total, name)], notes: vec![], key_steps: found.key_steps };
    view! {
        <h3>{format!("最短反例：{name}（{total} 步）")}</h3>
        {player.controls(table, on_table)}
        <p class="announce" aria-live="polite">{said}</p>
        {move || {
            let at = step.get();
            view! {
                <SequenceDiagram id="checker" steps=path.clone() step=at marks=marks.clone() clients=model.clients.len() network=model.delay keys=model.keys.clone() defects=defects on_pick=pick/>
                {table.get().then(|| view! { <StepTable steps=path.clone() step=at marks=marks.clone() keys=model.keys.clone() defects=defects/> })}
            }
        }}
    }
}
