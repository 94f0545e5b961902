//! The explorer: the lesson's experiments on the model crate, compiled to WASM — every
//! interleaving, defects as switches, the scenario editable, the whole view in the URL.

pub mod editor;
pub mod state;
pub mod trace;

use crate::route::Route;
use crate::storage::progress::Change;
use crate::storage::store::use_store;
use crate::ui::copy::CopyButton;
use editor::{Draft, Editor};
use fencing_model::properties::BOUND_TO_A_GRANT;
use fencing_model::words::{harm, note_tag, op_note, reused_fence};
use fencing_model::{render, run, CaseRun, Case, Experiment, FencingRun, OperationsRun, Property, Report, Scenario};
use leptos::prelude::*;
use state::View;
use std::time::Duration;
use trace::{announce, StepTable};

/// How long a scenario stays on screen, unchanged, before it counts as a run: typing `100`
/// into a field passes through `1` and `10`, which are not runs.
const RUN_SETTLE: Duration = Duration::from_millis(700);

#[cfg(feature = "ssr")]
/// The explorer's page: prerendered with the lesson's default scenario, live as an island.
#[component]
pub fn ExplorerPage() -> impl IntoView {
    view! {
        <article class="explorer-page" aria-labelledby="explorer-title">
            <h1 id="explorer-title">"实验台：在页面里运行事件模型"</h1>
            <p class="lede">"这里运行的是与命令行 fencing-lab 同一份 Rust 模型（编译为 WebAssembly）。选择案例、打开缺陷开关、修改输入，查看全部交错、每一步的状态与性质检查。"</p>
            <noscript><p class="editor-error">"实验台需要启用 JavaScript 与 WebAssembly：下面是课程默认场景（正确协议）的结果，不能修改或逐步查看。"</p></noscript>
            <Explorer/>
        </article>
    }
}

/// The explorer itself. The prerendered HTML shows the lesson's default view; once live, the
/// island reads the view from the address (so a link or a reload opens the same view) and
/// keeps the address up to date.
#[island]
fn Explorer() -> impl IntoView {
    let store = use_store();
    let query = RwSignal::new(String::new());
    let ready = RwSignal::new(false);
    Effect::new(move |_| {
        query.set(window().location().search().unwrap_or_default());
        ready.set(true);
    });
    let parsed = Memo::new(move |_| query.with(|q| View::from_query(q)));
    // A bad link falls back to the lesson's defaults and says so.
    let fallback = View::of(Scenario::lesson(Case::Fencing, Default::default()));
    let view_now = Memo::new(move |_| parsed.get().unwrap_or_else(|_| fallback.clone()));
    let scenario = Memo::new(move |_| view_now.with(|v| v.scenario.clone()));
    let report = Memo::new(move |_| run(&scenario.get()).ok());
    let go = Callback::new(move |v: View| {
        let q = v.to_query();
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&Route::Explore.href_with(&q)));
        }
        query.set(q);
    });

    let draft = RwSignal::new(Draft::of(&scenario.get_untracked()));
    let draft_error = Memo::new(move |_| draft.with(|d| d.scenario().err()));
    // Draft → view, when the learner edits it: only a valid draft runs.
    Effect::watch(
        move || draft.get(),
        move |d, _, _| {
            if let Ok(s) = d.scenario() {
                if s != scenario.get_untracked() {
                    go.run(View::of(s));
                }
            }
        },
        false,
    );
    // View → draft, when the address names another scenario.
    Effect::new(move |_| {
        let s = scenario.get();
        if draft.with_untracked(Draft::scenario).ok().as_ref() != Some(&s) {
            draft.set(Draft::of(&s));
        }
    });
    // A run is each distinct scenario shown during this visit, once it has settled on screen;
    // stepping and choosing an interleaving do not change the scenario, so they are not runs.
    let recorded = StoredValue::new(Vec::<Scenario>::new());
    Effect::new(move |_| {
        let shown = scenario.get();
        set_timeout(
            move || {
                let settled = scenario.try_get_untracked().is_some_and(|now| now == shown);
                let new = recorded.try_with_value(|r| !r.contains(&shown)).unwrap_or(false);
                if settled && new {
                    recorded.update_value(|r| r.push(shown.clone()));
                    store.apply(Change::Run(Experiment::of(&shown)));
                }
            },
            RUN_SETTLE,
        );
    });

    let reset = Callback::new(move |_| draft.set(Draft::of(&Scenario::lesson(Case::Fencing, Default::default()))));
    view! {
        // Until the address has been read, a prerendered default must not pass for its result.
        <div class="explorer" class:ready=ready>
            {move || parsed.get().err().map(|e| view! { <p class="editor-error" role="alert">{format!("链接中的实验参数无效（{e}），已改用课程默认场景。")}</p> })}
            <Editor draft=draft error=draft_error.into() on_reset=reset/>
            {move || report.get().map(|r| view! { <ResultView report=r view=view_now go=go/> })}
        </div>
    }
}

#[component]
fn ResultView(report: Report, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let text = render::text(&report);
    let command = fencing_model::cli::command_line(&report.scenario);
    let copy = command.clone();
    let title = format!("结果：{} · {}", report.scenario.case.name(), report.variant);
    let body = match report.case {
        CaseRun::Fencing(run) => view! {
            <Verdicts run=run.clone() view=view go=go/>
            <Interleavings run=run view=view go=go/>
        }
        .into_any(),
        CaseRun::Operations(run) => view! { <OperationsTable run=run/> }.into_any(),
    };
    view! {
        <section class="result" aria-labelledby="result-title">
            <h2 id="result-title">{title}</h2>
            {body}
            <p class="command">
                <span>"在命令行中重现："</span>
                <code class="cmd">{command}</code>
                <CopyButton text=Callback::new(move |_| copy.clone()) label="复制命令"/>
            </p>
            <details class="text-report">
                <summary>"文本报告（与 fencing-lab 的输出逐字相同）"</summary>
                <pre tabindex="0">{text}</pre>
            </details>
        </section>
    }
}

#[component]
fn Verdicts(run: FencingRun, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    view! {
        <ul class="verdicts">
            {Property::ALL.into_iter().map(|p| {
                let broken: Vec<usize> = run.violations_of(p).map(|v| v.interleaving).collect();
                let ok = broken.is_empty();
                // Violations are sorted shortest first: the first one of this property is its shortest counterexample.
                let shortest = run.violations_of(p).next().map(|v| (v.interleaving, v.step));
                view! {
                    <li class:ok=ok class:bad=!ok>
                        <span class="verdict-sign" aria-hidden="true">{if ok { "✓" } else { "✗" }}</span>
                        <code>{p.name()}</code>"（"{p.promise()}"）："
                        <strong>{if ok { format!("成立，{} 条交错均满足", run.interleavings) } else { format!("违反，见交错 {}", broken.iter().map(|i| i.to_string()).collect::<Vec<_>>().join("、")) }}</strong>
                        {(!ok).then(|| view! { <p class="why">{p.why()}</p> })}
                        {shortest.map(|(i, step)| view! {
                            <button type="button" class="tool-btn" on:click=move |_| go.run(View { interleaving: i - 1, step: Some(step), ..view.get_untracked() })>
                                {format!("查看最短反例：交错 {i} 第 {step} 步")}
                            </button>
                        })}
                    </li>
                }
            }).collect_view()}
        </ul>
        <p class="bound-means">{BOUND_TO_A_GRANT}</p>
        <IssuerCheck run=run.clone()/>
    }
}

/// The issuer-side check, apart from the lesson's two properties.
#[component]
fn IssuerCheck(run: FencingRun) -> impl IntoView {
    let found = !run.reused_fences.is_empty();
    view! {
        <section class="issuer-check" class:bad=found aria-labelledby="issuer-check-title">
            <h3 id="issuer-check-title">"发号检查"<span class="addition-tag">"本学习台补充，不属于课程的两条性质"</span></h3>
            {(!found).then(|| view! { <p>"每个 fence 只发给了一次授予。"</p> })}
            {run.reused_fences.iter().map(|r| view! {
                <p><strong>{reused_fence(r)}</strong></p>
                <p>{harm(r)}</p>
            }).collect_view()}
        </section>
    }
}

#[component]
fn Interleavings(run: FencingRun, view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let prefix = run.prefix_len;
    let interleavings = run.interleavings;
    let tags: Vec<Vec<&'static str>> = (1..=interleavings)
        .map(|i| {
            let mut t: Vec<&'static str> = run.notes_on(i).map(note_tag).collect();
            t.dedup();
            t
        })
        .collect();
    let FencingRun { traces, violations, notes, .. } = run;
    let chooser = traces.iter().enumerate().map(|(i, t)| {
        let rest: Vec<String> = t.events[prefix..].iter().map(|e| e.to_string()).collect();
        let bad = violations.iter().any(|v| v.interleaving == i + 1);
        let tagged = tags[i].join("，");
        view! {
            <button type="button" class="tool-btn interleaving" class:bad=bad
                aria-pressed=move || (view.get().interleaving == i).to_string()
                on:click=move |_| go.run(View { interleaving: i, step: None, ..view.get_untracked() })>
                <span>{format!("交错 {}", i + 1)}{if bad { " ⚠" } else { "" }}</span>
                <small>{rest.join(" → ")}</small>
                {(!tagged.is_empty()).then(|| view! { <small class="interleaving-tag">{tagged}</small> })}
            </button>
        }
    }).collect_view();
    let current = move || {
        let v = view.get();
        let t = traces.get(v.interleaving).cloned().unwrap_or_else(|| traces[0].clone());
        let total = t.steps.len();
        let step = v.step.unwrap_or(total).clamp(1, total);
        (v, t, total, step)
    };
    // One way to step, for the buttons and the keyboard.
    let step_by = {
        let current = current.clone();
        move |delta: isize| {
            let (v, _, total, step) = untrack(&current);
            let next = (step as isize + delta).clamp(1, total as isize) as usize;
            go.run(View { step: Some(next), ..v });
        }
    };
    let (back, forward, key_step) = (step_by.clone(), step_by.clone(), step_by);
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if crate::ui::keys::for_text_field(&ev) {
            return;
        }
        let delta = match ev.key().as_str() {
            "ArrowLeft" | "k" => -1,
            "ArrowRight" | "j" => 1,
            _ => return,
        };
        ev.prevent_default();
        key_step(delta);
    });
    on_cleanup(move || handle.remove());
    let said = {
        let current = current.clone();
        move || {
            let (_, t, total, step) = current();
            announce(&t.steps[step - 1], step, total)
        }
    };
    view! {
        <h3>{format!("{interleavings} 条交错（固定前缀之后）")}</h3>
        <div class="interleavings" role="group" aria-label="选择交错">{chooser}</div>
        <div class="stepper" role="group" aria-label="逐步查看">
            <button type="button" class="tool-btn" on:click=move |_| back(-1)>"← 上一步"</button>
            <button type="button" class="tool-btn" on:click=move |_| forward(1)>"下一步 →"</button>
            <span class="hint">"键盘：← / → 或 k / j"</span>
        </div>
        // The live region stays in place so screen readers announce each change of its text.
        <p class="announce" aria-live="polite">{said}</p>
        {move || {
            let (v, t, _, step) = current();
            let bad: Vec<_> = violations.iter().filter(|x| x.interleaving == v.interleaving + 1).cloned().collect();
            let said: Vec<_> = notes.iter().filter(|n| n.interleaving() == v.interleaving + 1).copied().collect();
            view! { <StepTable trace=t step=step violations=bad notes=said/> }
        }}
    }
}

#[component]
fn OperationsTable(run: OperationsRun) -> impl IntoView {
    let OperationsRun { operations, effects } = run;
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-label="operations 结果">
            <table class="ops">
                <thead><tr><th scope="col">"#"</th><th scope="col">"key"</th><th scope="col">"digest"</th><th scope="col">"(fence, seq)"</th><th scope="col">"结果"</th><th scope="col">"提交后 (max_fence, last_seq)"</th></tr></thead>
                <tbody>
                    {operations.into_iter().enumerate().map(|(i, r)| {
                        let applied = r.outcome == fencing_model::OpOutcome::Applied;
                        let note = op_note(&r);
                        view! {
                            <tr>
                                <th scope="row">{i + 1}</th>
                                <td><code>{r.op.key.clone()}</code></td>
                                <td><code>{r.op.digest.clone()}</code></td>
                                <td>{format!("({}, {})", r.op.fence, r.op.seq)}</td>
                                <td><strong class=format!("outcome {}", r.outcome.name())>{r.outcome.name()}</strong><span class="note">{note}</span></td>
                                <td>{format!("({}, {})", r.max_fence, r.last_seq)}{applied.then_some(" ▲")}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        <p class="effects">"效果数："<strong class="effect-count">{effects}</strong></p>
    }
}
