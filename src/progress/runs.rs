//! The progress page's lab side: the runs (the lesson's five commands first) and the
//! predictions made before them.

use crate::record::lab::{Lab, Solved};
use crate::route::Route;
use crate::storage::store::use_store;
use crate::ui::run_status::{latest_prediction, RunStatus};
use fencing_model::challenges::CHALLENGES;
use fencing_model::{codec, Experiment};
use leptos::prelude::*;

/// The lab's runs: the lesson's five commands first, each with a way to its view and its latest
/// prediction; the other combinations of the switches folded below.
#[component]
pub fn Runs() -> impl IntoView {
    let p = use_store::<Lab>().record();
    let lesson = Experiment::lesson();
    let row = move |e: Experiment, titled: bool| {
        let href = Route::Explore.href_with(&codec::experiment_query(e));
        view! {
            <li>
                {titled.then(|| view! { <a href=href.clone()>{e.title()}</a> })}
                <code>{format!("{} · {}", e.case.name(), e.defects.variant_name())}</code>
                <RunStatus
                    count=Signal::derive(move || p.with(|p| p.runs_of(e)))
                    hit=Signal::derive(move || p.with(|p| p.latest_hit(e)))
                />
                {(!titled)
                    .then(|| {
                        view! {
                            <a href=href.clone() class="open-in-explorer">
                                "在实验台打开"
                            </a>
                        }
                    })}
            </li>
        }
    };
    let others: Vec<Experiment> =
        Experiment::all().into_iter().filter(|e| !lesson.contains(e)).collect();
    view! {
        <section aria-labelledby="pe">
            <h2 id="pe">"实验"</h2>
            <p class="hint">"与课程五条实验命令对应的实验："</p>
            <ul class="run-list lesson-runs">{lesson.map(|e| row(e, true)).collect_view()}</ul>
            <details class="other-runs">
                <summary>
                    {format!(
                        "其余 {} 种开关组合（本学习台补充，含 precheck 变体；可在实验台打开）",
                        others.len(),
                    )}
                </summary>
                <ul class="run-list">{others.into_iter().map(|e| row(e, false)).collect_view()}</ul>
            </details>
        </section>
    }
}

/// Predictions before lab runs: how many, how many right, and the latest of each experiment.
#[component]
pub fn Predictions() -> impl IntoView {
    let p = use_store::<Lab>().record();
    let summary = move || {
        p.with(|p| {
            let (n, hits) = (p.predictions.len(), p.predictions.iter().filter(|x| x.hit).count());
            // Rounded to the nearest percent (2 of 3 is 67%).
            match (hits * 200 + n).checked_div(2 * n) {
                None => "还没有预测。在「可运行实验」一章或实验台里，运行前点「先预测」，写下你的预期再看结果。".to_string(),
                Some(rate) => format!("共预测 {n} 次，其中全部正确 {hits} 次（{rate}%）。"),
            }
        })
    };
    let latest = move || {
        p.with(|p| {
            let mut seen = Vec::new();
            p.predictions
                .iter()
                .rev()
                .filter(|x| {
                    let first = !seen.contains(&x.experiment);
                    seen.push(x.experiment);
                    first
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section aria-labelledby="pp" class="predictions">
            <h2 id="pp">"预测"</h2>
            <p class="prediction-summary">{summary}</p>
            <ul class="prediction-list">
                {move || {
                    latest()
                        .into_iter()
                        .map(|x| {
                            view! {
                                <li>
                                    <code>
                                        {format!(
                                            "{} · {}",
                                            x.experiment.case.name(),
                                            x.experiment.defects.variant_name(),
                                        )}
                                    </code>
                                    <span class="status-word" class:hit=x.hit class:miss=!x.hit>
                                        {format!(
                                            "{}：「{}」",
                                            latest_prediction(x.hit),
                                            x.guess.describe(),
                                        )}
                                    </span>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

/// 「你来调度」's challenges: each solved one with its moves against the fewest, each a link.
#[component]
pub fn Challenges() -> impl IntoView {
    let p = use_store::<Lab>().record();
    let items = CHALLENGES
        .iter()
        .map(|c| {
            let state = move || {
                p.with(|p| p.challenges.get(c.id).map_or("未完成".to_string(), Solved::said))
            };
            view! {
                <li data-challenge=c.id>
                    <a href=Route::Explore.href_with(&c.query())>{c.task}</a>
                    {c
                        .ours
                        .then(|| view! { <span class="addition-tag">"本学习台补充"</span> })}
                    <span class="status-word">{state}</span>
                </li>
            }
        })
        .collect_view();
    let solved =
        move || p.with(|p| CHALLENGES.iter().filter(|c| p.challenges.contains_key(c.id)).count());
    view! {
        <section aria-labelledby="pch">
            <h2 id="pch">"挑战（你来调度，本学习台补充）"</h2>
            <p class="hint">
                {move || format!("已完成 {} / {} 个。", solved(), CHALLENGES.len())}
            </p>
            <ul class="challenge-list">{items}</ul>
        </section>
    }
}
