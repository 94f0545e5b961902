//! Predict, then run: before a lab run the learner may commit to an expectation — which
//! property breaks and whose result stands after each interleaving (fencing case), or each
//! operation's outcome (operations case) — and after it sees each part scored, with the
//! engine's own account of what decided it. The guess is recorded with the run (progress
//! shows the hit rate). Running without a prediction stays one click away.

use crate::record::lab::{Change, Lab};
use crate::record::prediction::{lesson_states, lesson_words, Guess};
use crate::storage::store::use_store;
use fencing_model::words;
use fencing_model::{Case, CaseRun, Event, Experiment, OpOutcome, Property, Report, Scenario};
use leptos::prelude::*;

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
    match &report.case {
        CaseRun::Fencing(run) => {
            run.traces.iter().map(|t| t.events[run.prefix_len..].join(" → ")).collect()
        }
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
    // An operation's predicted outcome, by its name (none for the placeholder).
    let pick = move |i: usize, v: String| {
        outcomes.update(|o| o[i] = OUTCOMES.into_iter().find(|x| x.name() == v));
    };
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
    let body = if operations {
        let recall = scenario == Scenario::lesson(Case::Operations, Default::default());
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
    } else {
        view! {
            <fieldset class="predict-choices">
                <legend>
                    "运行前先预测（一）：在全部交错里，哪条性质守不住？"
                </legend>
                {lesson_states(&scenario)
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

/// What decided each answer the guess got wrong, in the engine's words: for an interleaving,
/// the last write the resource accepted and any it refused after; for an operation, what the
/// resource did with it. (Where each property broke is the run's own verdict, shown below.)
fn misses(guess: &Guess, report: &Report) -> Vec<String> {
    match (guess, &report.case) {
        (Guess::Fencing { last_writers, .. }, CaseRun::Fencing(run)) => {
            let mut out = Vec::new();
            for (i, (t, guessed)) in run.traces.iter().zip(last_writers).enumerate() {
                let Some((n, last)) = t
                    .steps
                    .iter()
                    .enumerate()
                    .rev()
                    .find(|(_, s)| matches!(s.event, Event::Accepted { .. }))
                else {
                    continue;
                };
                let Some(writer) = last.after.writer.filter(|w| w != guessed) else { continue };
                let step = |k: usize| {
                    format!("第 {} 步（前缀之后第 {} 步）", k + 1, k + 1 - run.prefix_len)
                };
                let mut said = format!(
                    "交错 {}：最后是 {writer} 的结果——{}：{}",
                    i + 1,
                    step(n),
                    words::event(&last.event, &[], report.scenario.defects)
                );
                for (k, s) in t
                    .steps
                    .iter()
                    .enumerate()
                    .skip(n + 1)
                    .filter(|(_, s)| matches!(s.event, Event::Rejected { .. }))
                {
                    said.push_str(&format!(
                        "；随后{}：{}",
                        step(k),
                        words::event(&s.event, &[], report.scenario.defects)
                    ));
                }
                out.push(said);
            }
            out
        }
        (Guess::Operations { outcomes }, CaseRun::Operations(run)) => run
            .operations
            .iter()
            .zip(outcomes)
            .enumerate()
            .filter(|(_, (r, guessed))| r.outcome != **guessed)
            .map(|(i, (r, _))| {
                format!("第 {} 条：{}——{}", i + 1, r.outcome.name(), words::op_note(r))
            })
            .collect(),
        _ => vec![],
    }
}

/// After the run: each part scored, what the run did where the guess missed, and the
/// lesson's sentence where the lesson describes this very run.
#[component]
pub fn PredictVerdict(guess: Guess, report: Report) -> impl IntoView {
    let scores = guess.scores(&report);
    let hit = scores.iter().all(|s| s.right == s.of);
    // Some of it right: the box says so, and only the parts that missed are marked.
    let partly = !hit && scores.iter().any(|s| s.right > 0);
    let actual = Guess::actual(&report).map(|a| a.describe()).unwrap_or_default();
    let misses = misses(&guess, &report);
    let lesson = lesson_words(&report.scenario);
    view! {
        <div
            class="predict-verdict"
            class:hit=hit
            class:partly=partly
            class:miss=!hit && !partly
            role="status"
            tabindex="-1"
        >
            <p>
                <strong>
                    {match (hit, partly) {
                        (true, _) => "✓ 预测全部正确",
                        (false, true) => "◐ 预测部分正确",
                        (false, false) => "✗ 预测与结果有出入",
                    }}
                </strong>
                {if hit {
                    format!("：运行结果正是“{actual}”。")
                } else {
                    format!(
                        "：你预测“{}”，运行结果“{}”。",
                        guess.describe(),
                        actual,
                    )
                }}
            </p>
            {(!hit)
                .then(|| {
                    view! {
                        <ul class="predict-scores">
                            {scores
                                .into_iter()
                                .map(|s| {
                                    view! {
                                        <li class:right=s.right == s.of class:wrong=s.right < s.of>
                                            {match s.of {
                                                1 => {
                                                    format!(
                                                        "{}：{}",
                                                        s.part,
                                                        if s.right == 1 { "对" } else { "错" },
                                                    )
                                                }
                                                _ => format!("{}：{}/{} 对", s.part, s.right, s.of),
                                            }}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })}
            {(!misses.is_empty())
                .then(|| {
                    view! {
                        <ul class="predict-misses">
                            {misses.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}
                        </ul>
                        <p class="hint">{format!("（token 后的{}）", words::GRANT_NOTE)}</p>
                    }
                })}
            {(!lesson.is_empty())
                .then(|| view! { <p class="hint">"课文怎么说："{lesson.join("")}</p> })}
        </div>
    }
}
