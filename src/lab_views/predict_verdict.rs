//! After a predicted run: each part of the guess scored, what the run did where it missed (in
//! the engine's words), and the lesson's sentence where the lesson describes this very run.

use crate::record::prediction::{lesson_words, Guess};
use fencing_model::words;
use fencing_model::{CaseRun, Event, Report};
use leptos::prelude::*;

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
                    "{}：最后是 {writer} 的结果——{}：{}",
                    report.verdicts.marks[i].name,
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
