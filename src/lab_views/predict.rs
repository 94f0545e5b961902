//! Predict, then run: before a lab run the learner may commit to an expectation — which
//! property breaks and whose result stands after each interleaving (fencing case), or each
//! operation's outcome (operations case) — and after it sees each part scored, with the
//! engine's own account of what decided it. The guess is recorded with the run (progress
//! shows the hit rate). Running without a prediction stays one click away.

use crate::record::lab::{Change, Lab};
use crate::record::prediction::{lesson_states, Guess};
use crate::storage::store::use_store;
use fencing_model::{Case, CaseRun, Experiment, OpOutcome, Property, Report, Scenario};
use leptos::prelude::*;

pub use super::predict_verdict::PredictVerdict;

/// The four answers to "which property breaks?", each led by the lesson's words for what
/// breaks (the identifiers follow in small type).
const FENCING_CHOICES: [(&str, &[Property]); 4] = [
    ("两条性质都守住", &[]),
    ("只有一条被破坏：", &[Property::RevokedGenerationOverwrite]),
    ("只有一条被破坏：", &[Property::UnauthorizedAccept]),
    ("两条都被破坏", &[Property::RevokedGenerationOverwrite, Property::UnauthorizedAccept]),
];

/// A choice as a learner reads it: the lesson's words, then the identifiers.
fn choice_label((lead, broken): (&str, &[Property])) -> AnyView {
    let words = if broken.len() == 1 {
        format!("{lead}「{}」", broken[0].promise())
    } else {
        lead.to_string()
    };
    let ids: Vec<&str> = broken.iter().map(|p| p.name()).collect();
    view! {
        {words}
        {(!ids.is_empty())
            .then(|| {
                view! {
                    " "
                    <small>
                        <code class="finding-id">{ids.join(" · ")}</code>
                    </small>
                }
            })}
    }
    .into_any()
}

const WRITERS: [char; 2] = ['A', 'B'];

const OUTCOMES: [OpOutcome; 4] =
    [OpOutcome::Applied, OpOutcome::Duplicate, OpOutcome::Conflict, OpOutcome::Stale];

/// Each interleaving's moves after the fixed prefix, as the report names them.
fn orders(report: &Report) -> Vec<String> {
    match report.case {
        CaseRun::Fencing(_) => report.verdicts.marks.iter().map(|m| m.order.clone()).collect(),
        _ => vec![],
    }
}

/// The form: the parts for the run's case; `on_submit` gets the guess. The run itself is
/// known (the lab is instant) but only its interleavings' orders are shown.
#[component]
pub fn PredictForm(
    report: Report,
    id: String,
    on_submit: Callback<Guess>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    let scenario = report.scenario.clone();
    let orders = orders(&report);
    let choice = RwSignal::new(None::<usize>);
    let writers = RwSignal::new(vec![None::<char>; orders.len()]);
    let outcomes = RwSignal::new(vec![None::<OpOutcome>; scenario.operations.len()]);
    let operations = matches!(report.case, CaseRun::Operations(_));
    let guess = move || match operations {
        true => outcomes
            .get()
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .map(|outcomes| Guess::Operations { outcomes }),
        false => {
            let last_writers = writers.get().into_iter().collect::<Option<Vec<_>>>()?;
            choice
                .get()
                .map(|i| Guess::Fencing { broken: FENCING_CHOICES[i].1.to_vec(), last_writers })
        }
    };
    let submit = move |_| {
        if let Some(g) = guess() {
            on_submit.run(g);
        }
    };
    let body = match operations {
        true => operations_parts(&scenario, &id, outcomes),
        false => fencing_parts(&scenario, &id, orders, choice, writers),
    };
    view! {
        <form class="predict" on:submit=|ev| ev.prevent_default()>
            {body}
            <div class="actions">
                <button
                    type="button"
                    class="tool-btn primary"
                    disabled=move || guess().is_none()
                    on:click=submit
                >
                    "提交预测并运行"
                </button>
                {move || {
                    guess()
                        .is_none()
                        .then(|| {
                            view! { <span class="hint">"每一项都选好后才能提交"</span> }
                        })
                }}
                <button type="button" class="tool-btn" on:click=move |_| on_cancel.run(())>
                    "不预测了"
                </button>
            </div>
        </form>
    }
}

/// One question's radio buttons; `pick` gets the chosen one's index. (Type-erased: one
/// function for every group keeps the module small.)
fn radios(name: String, labels: Vec<AnyView>, pick: Callback<usize>) -> AnyView {
    labels
        .into_iter()
        .enumerate()
        .map(|(i, label)| {
            view! {
                <label class="check">
                    <input type="radio" name=name.clone() on:change=move |_| pick.run(i) />
                    <span>{label}</span>
                </label>
            }
        })
        .collect_view()
        .into_any()
}

/// Record a guess against the run it predicted; whether it hit.
pub fn record(guess: &Guess, report: &Report) -> bool {
    let hit = guess.hits(report);
    use_store::<Lab>().apply(Change::Predict {
        experiment: Experiment::of(&report.scenario),
        guess: guess.clone(),
        hit,
    });
    hit
}

/// The operations case's parts: each operation's outcome, chosen from a list.
fn operations_parts(
    scenario: &Scenario,
    id: &str,
    outcomes: RwSignal<Vec<Option<OpOutcome>>>,
) -> AnyView {
    // An operation's predicted outcome, by its name (none for the placeholder).
    let pick = move |i: usize, v: String| {
        outcomes.update(|o| o[i] = OUTCOMES.into_iter().find(|x| x.name() == v));
    };
    let recall = *scenario == Scenario::lesson(Case::Operations, Default::default());
    view! {
        <fieldset class="predict-choices">
            <legend>"运行前先预测：资源对每条操作的结果"</legend>
            {recall
                .then(|| {
                    view! {
                        <p class="hint">
                            "课文已列出这五条的结果，这里是回忆；到实验台改动任何一条操作再预测，就要靠推理了。"
                        </p>
                    }
                })}
            <ol class="predict-ops">
                {scenario
                    .operations
                    .iter()
                    .enumerate()
                    .map(|(i, op)| {
                        let select_id = format!("{id}-op-{i}");
                        view! {
                            <li>
                                <label for=select_id.clone()>
                                    <code>
                                        {format!(
                                            "{} {} ({},{})",
                                            op.key,
                                            op.digest,
                                            op.fence,
                                            op.seq,
                                        )}
                                    </code>
                                </label>
                                <select
                                    id=select_id
                                    on:change=move |ev| pick(i, event_target_value(&ev))
                                >
                                    <option value="">"选择…"</option>
                                    {OUTCOMES
                                        .map(|o| {
                                            view! { <option value=o.name()>{o.name()}</option> }
                                        })}
                                </select>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </fieldset>
    }
    .into_any()
}

/// The fencing case's parts: which property breaks, and whose result each order leaves.
fn fencing_parts(
    scenario: &Scenario,
    id: &str,
    orders: Vec<String>,
    choice: RwSignal<Option<usize>>,
    writers: RwSignal<Vec<Option<char>>>,
) -> AnyView {
    view! {
        <fieldset class="predict-choices">
            <legend>
                "运行前先预测（一）：在全部交错里，哪条性质守不住？"
            </legend>
            {lesson_states(scenario)
                .then(|| {
                    view! {
                        <p class="hint">
                            "课文点明了其中一条性质在这次运行里的结论，另一条要自己推理。"
                        </p>
                    }
                })}
            {radios(
                format!("{id}-choice"),
                FENCING_CHOICES.map(choice_label).into_iter().collect(),
                Callback::new(move |i| choice.set(Some(i))),
            )}
        </fieldset>
        <fieldset class="predict-choices">
            <legend>"（二）每条交错走完后，资源里是谁的结果？"</legend>
            <p class="hint">
                "固定前缀之后的次序如下；课文没有逐条列出，要靠推理。"
            </p>
            <ol class="predict-orders">
                {orders
                    .into_iter()
                    .enumerate()
                    .map(|(i, order)| {
                        view! {
                            <li>
                                <fieldset>
                                    <legend>
                                        <code>{order}</code>
                                    </legend>
                                    {radios(
                                        format!("{id}-last-{i}"),
                                        WRITERS
                                            .map(|c| format!("{c} 的结果").into_any())
                                            .into_iter()
                                            .collect(),
                                        Callback::new(move |k| {
                                            writers.update(|w| w[i] = Some(WRITERS[k]))
                                        }),
                                    )}
                                </fieldset>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </fieldset>
    }
    .into_any()
}
