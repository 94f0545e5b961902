//! The lesson's challenges in 「你来调度」: the list (each solved one with its moves), and the
//! one taken on — its task and the sentence it tests, a hint that shows only the first move
//! of a shortest way on, 「做不到」, and the checker's word when the learner's path makes the
//! goal. Solved challenges go to the lab's record.

use super::coach::{Coach, Row};
use crate::lab_views::state::View;
use crate::record::lab::{Change, Lab, Solved};
use crate::route::Route;
use crate::storage::store::use_store;
use fencing_model::challenges::{
    hint_words, impossible, not_earned, solved, Challenge, CHALLENGES, COMPUTING, NO_COACH,
};
use leptos::prelude::*;

/// The challenges, each a link that starts it (the lesson's scenario under its protocol).
#[component]
pub fn ChallengeList(view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let lab = use_store::<Lab>().record();
    let items = CHALLENGES
        .iter()
        .map(|c| {
            // Where its link leads (the lesson's scenario under its protocol, no move yet).
            let start = View::read(&c.query()).0;
            let href = Route::Explore.href_with(&c.query());
            let done = move || lab.with(|l| l.challenges.get(c.id).map(Solved::said));
            view! {
                <li
                    data-challenge=c.id
                    aria-current=move || {
                        (view.with(|v| v.challenge.as_deref() == Some(c.id))).then_some("true")
                    }
                >
                    <a
                        href=href
                        on:click=move |ev| {
                            ev.prevent_default();
                            go.run(start.clone());
                        }
                    >
                        {c.task}
                    </a>
                    {c
                        .ours
                        .then(|| view! { <span class="addition-tag">"本学习台补充"</span> })}
                    {move || done().map(|d| view! { <span class="solved">{d}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="challenges" open=move || view.with(|v| v.challenge.is_none())>
            <summary>
                {concat!(
                    "挑战",
                    fencing_model::app_note!(),
                    "：用你的调度检验课程的论断",
                )}
            </summary>
            <ol>{items}</ol>
        </details>
    }
}

/// The challenge taken on: `made` is the step at which the path made its goal, `origin` the
/// coach's row at the initial state, `hint` the first move of a shortest way on (outer `None`:
/// not answered yet); of the path's `moves` the first `linked` came with the address. What the
/// path made is said in `result`, which the board shows above the moves.
#[component]
pub(super) fn ChallengeBox(
    challenge: &'static Challenge,
    made: Signal<Option<usize>>,
    origin: Signal<Option<Row>>,
    coach: RwSignal<Coach>,
    hint: Signal<Option<Option<String>>>,
    moves: Signal<usize>,
    linked: Signal<usize>,
    result: RwSignal<Option<String>>,
    /// Whether the coach is shown: its chips show the way as a hint does.
    coached: Signal<bool>,
) -> impl IntoView {
    let lab = use_store::<Lab>();
    // The moves this challenge was solved in before (0: by 「做不到」).
    let solved_in = move || lab.record().with(|l| l.challenges.get(challenge.id).map(|s| s.steps));
    // Each 「做不到」 is a try, kept with whether it may tell the fewest moves: not the first
    // one before any move of the learner's.
    let (asks, tell) = (RwSignal::new(0u32), RwSignal::new(false));
    // A hint is what the coach said at the press, for the next move: put away when the path
    // changes. Until the goal is made, a move is counted as helped when a hint showed it, or
    // when it was made with the coach shown (its chips show the way as a hint does).
    let shown = RwSignal::new(None::<String>);
    let (presses, helped) = (RwSignal::new(0u32), RwSignal::new(0u32));
    let hinted_here = RwSignal::new(false);
    // The fewest moves from the start, once the coach knows them.
    let fewest = move || origin.get().map(|row| row[challenge.goal.slot()]);
    // Only a path made by moves in this page earns the challenge.
    let earned = move || made.get().filter(|_| linked.get() == 0);
    // At each change of the path: the move counted as helped if the coach was shown, then, if
    // the path makes the goal, solved once — in one effect, so the count kept is the count said.
    Effect::new(move |before: Option<(usize, bool)>| {
        let n = moves.get();
        let (last, mut done) = before.unwrap_or((n, false));
        let by_coach = n > last
            && coached.get_untracked()
            && !hinted_here.get_untracked()
            && made.get_untracked().is_none_or(|k| k == n);
        if by_coach {
            helped.set(helped.get_untracked() + 1);
        }
        hinted_here.set(false);
        shown.set(None);
        if let Some(steps) = untrack(earned).filter(|_| !done) {
            let fewest = untrack(fewest).flatten().map(u32::from);
            let (steps, hints) = (steps as u32, helped.get_untracked());
            lab.apply(Change::Solve { id: challenge.id.into(), steps, hints, fewest });
            done = true;
        }
        (n, done)
    });
    let failed = move || coach.with(|c| matches!(c, Coach::Failed(_)));
    let ask_hint = move |_| {
        presses.set(presses.get_untracked() + 1);
        let (h, made) = (hint.get_untracked(), made.get_untracked());
        if matches!(h, Some(Some(_))) && made.is_none() && !hinted_here.get_untracked() {
            helped.set(helped.get_untracked() + 1);
            hinted_here.set(true);
        }
        let said = match untrack(failed) {
            true => NO_COACH.to_string(),
            false => hint_words(h, untrack(fewest) == Some(None), presses.get_untracked(), made),
        };
        shown.set(Some(said));
    };
    let say_impossible = move |_| {
        tell.set(asks.get_untracked() > 0 || moves.get_untracked() > linked.get_untracked());
        asks.set(asks.get_untracked() + 1);
    };
    let answer = move || {
        let n = asks.get();
        (n > 0).then(|| match (fewest(), coach.with(Coach::states)) {
            _ if failed() => NO_COACH.to_string(),
            (Some(f), Some(states)) => {
                if f.is_none() && untrack(solved_in).is_none() {
                    let id = challenge.id.into();
                    lab.apply(Change::Solve { id, steps: 0, hints: 0, fewest: None });
                }
                let states = fencing_model::words::grouped(states);
                format!(
                    "（第 {n} 次答「做不到」）{}",
                    impossible(f, challenge.claim, &states, tell.get())
                )
            }
            _ => COMPUTING.to_string(),
        })
    };
    Effect::new(move |_| {
        result.set(made.get().map(|k| match linked.get() {
            0 => solved(k, fewest().flatten(), helped.get() as usize),
            n => not_earned(n, untrack(solved_in).is_some()),
        }))
    });
    on_cleanup(move || result.set(None));
    let done = move || earned().is_some() || solved_in().is_some_and(|n| n != 0);
    challenge_view(challenge, ask_hint, say_impossible, done, shown, answer)
}

/// The box: the task, the claim it tests, 「提示」 and 「做不到」 (hidden once `done`), the hint
/// shown and the answer to 「做不到」.
fn challenge_view(
    challenge: &'static Challenge,
    ask_hint: impl Fn(leptos::ev::MouseEvent) + 'static,
    say_impossible: impl Fn(leptos::ev::MouseEvent) + 'static,
    done: impl Fn() -> bool + Send + Sync + 'static,
    shown: RwSignal<Option<String>>,
    answer: impl Fn() -> Option<String> + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <div class="challenge-box" role="region" aria-label="当前挑战">
            <p class="challenge-task">
                <strong>"挑战："</strong>
                {challenge.task}
            </p>
            <p class="challenge-claim">"它检验的是："{challenge.claim}</p>
            <div class="play-tools">
                <button type="button" class="tool-btn" on:click=ask_hint>
                    "提示"
                </button>
                // After a success there is nothing left to doubt.
                <button type="button" class="tool-btn" hidden=done on:click=say_impossible>
                    "做不到"
                </button>
            </div>
            {move || shown.get().map(|h| view! { <p class="hint-move">{h}</p> })}
            <p class="challenge-answer" role="status">
                {answer}
            </p>
        </div>
    }
}
