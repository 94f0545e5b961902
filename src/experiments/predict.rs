//! Predict, then run: before a lab run the learner may commit to an expectation — which
//! property breaks (fencing case), or each operation's outcome (operations case) — and after
//! it sees whether the run bore it out, with the lesson's sentences that explain why. The
//! guess is recorded with the run (progress shows the hit rate). Running without a prediction
//! stays one click away.

use crate::storage::progress::Change;
use crate::storage::store::use_store;
use fencing_model::prediction::{lesson_words, Guess};
use fencing_model::{Case, Experiment, OpOutcome, Property, Report, Scenario};
use leptos::prelude::*;

/// The four answers to "which property breaks?".
const FENCING_CHOICES: [(&str, &[Property]); 4] = [
    ("两条性质都成立", &[]),
    ("只违反 revoked_generation_overwrite", &[Property::RevokedGenerationOverwrite]),
    ("只违反 unauthorized_accept", &[Property::UnauthorizedAccept]),
    ("两条都违反", &[Property::RevokedGenerationOverwrite, Property::UnauthorizedAccept]),
];

const OUTCOMES: [OpOutcome; 4] = [OpOutcome::Applied, OpOutcome::Duplicate, OpOutcome::Conflict, OpOutcome::Stale];

/// The form: the choices for the scenario's case; `on_submit` gets the guess.
#[component]
pub fn PredictForm(scenario: Scenario, id: String, on_submit: Callback<Guess>, on_cancel: Callback<()>) -> impl IntoView {
    let choice = RwSignal::new(None::<usize>);
    let outcomes = RwSignal::new(vec![None::<OpOutcome>; scenario.operations.len()]);
    let case = scenario.case;
    let guess = move || match case {
        Case::Operations => outcomes.get().into_iter().collect::<Option<Vec<_>>>().map(|outcomes| Guess::Operations { outcomes }),
        _ => choice.get().map(|i| Guess::Fencing { broken: FENCING_CHOICES[i].1.to_vec() }),
    };
    let ready = move || guess().is_some();
    let submit = move |_| {
        if let Some(g) = guess() {
            on_submit.run(g);
        }
    };
    let body = match case {
        Case::Operations => view! {
            <fieldset class="predict-choices">
                <legend>"运行前先预测：资源对每条操作的结果"</legend>
                <ol class="predict-ops">
                    {scenario.operations.iter().enumerate().map(|(i, op)| {
                        let select_id = format!("{id}-op-{i}");
                        view! {
                            <li>
                                <label for=select_id.clone()><code>{format!("{} {} ({},{})", op.key, op.digest, op.fence, op.seq)}</code></label>
                                <select id=select_id on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    outcomes.update(|o| o[i] = OUTCOMES.into_iter().find(|x| x.name() == v));
                                }>
                                    <option value="">"选择…"</option>
                                    {OUTCOMES.map(|o| view! { <option value=o.name()>{o.name()}</option> })}
                                </select>
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </fieldset>
        }
        .into_any(),
        _ => view! {
            <fieldset class="predict-choices">
                <legend>"运行前先预测：在全部交错里，哪条性质会被违反？"</legend>
                {FENCING_CHOICES.iter().enumerate().map(|(i, (label, _))| view! {
                    <label class="check">
                        <input type="radio" name=format!("{id}-choice") on:change=move |_| choice.set(Some(i))/>
                        <span>{*label}</span>
                    </label>
                }).collect_view()}
            </fieldset>
        }
        .into_any(),
    };
    view! {
        <form class="predict" on:submit=|ev| ev.prevent_default()>
            {body}
            <div class="actions">
                <button type="button" class="tool-btn primary" disabled=move || !ready() on:click=submit>"提交预测并运行"</button>
                <button type="button" class="tool-btn" on:click=move |_| on_cancel.run(())>"不预测了"</button>
            </div>
        </form>
    }
}

/// Record a guess against the run it predicted; whether it hit.
pub fn record(guess: &Guess, report: &Report) -> bool {
    let hit = guess.hits(report);
    use_store().apply(Change::Predict { experiment: Experiment::of(&report.scenario), guess: guess.clone(), hit });
    hit
}

/// After the run: whether the prediction held, what happened, and the lesson's words on why.
#[component]
pub fn PredictVerdict(guess: Guess, report: Report) -> impl IntoView {
    let hit = guess.hits(&report);
    let actual = Guess::actual(&report).map(|a| a.describe()).unwrap_or_default();
    let words = lesson_words(Experiment::of(&report.scenario));
    view! {
        <div class="predict-verdict" class:hit=hit class:miss=!hit role="status">
            <p>
                <strong>{if hit { "✓ 预测正确" } else { "✗ 预测与结果不同" }}</strong>
                {format!("：你预测「{}」，运行结果「{}」。", guess.describe(), actual)}
            </p>
            <p class="hint">"课文怎么说："</p>
            <ul class="lesson-words">{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
        </div>
    }
}
