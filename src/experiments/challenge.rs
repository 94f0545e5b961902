//! The lesson's challenges in 「你来调度」: the list (each solved one with its moves), and the
//! one taken on — its task and the sentence it tests, a hint that shows only the first move
//! of a shortest way on, 「做不到」, and the checker's word when the learner's path makes the
//! goal. Solved challenges go to the lab's record.

use super::coach::Row;
use crate::lab_views::state::View;
use crate::record::lab::{Change, Lab};
use crate::route::Route;
use crate::storage::store::use_store;
use fencing_model::challenges::{impossible, solved, Challenge, CHALLENGES};
use leptos::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the page was opened at a challenge (a chapter's or the progress page's link): then
/// the learner came for its box, further down than a screen, and it is brought into view once.
pub static ARRIVED_AT_ONE: AtomicBool = AtomicBool::new(false);

/// The challenges, each a link that starts it (the lesson's scenario under its protocol).
#[component]
pub fn ChallengeList(view: Memo<View>, go: Callback<View>) -> impl IntoView {
    let lab = use_store::<Lab>().record();
    let items = CHALLENGES
        .iter()
        .map(|c| {
            let start = View {
                play: Some(String::new()),
                challenge: Some(c.id.into()),
                ..View::of(c.scenario())
            };
            let href = Route::Explore.href_with(&c.query());
            let done = move || {
                lab.with(|l| {
                    l.challenges.get(c.id).map(|s| {
                        if s.steps == 0 {
                            "已完成".to_string()
                        } else {
                            format!("已完成，{} 步", s.steps)
                        }
                    })
                })
            };
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
                concat!("挑战", fencing_model::app_note!(), "：用你的调度检验课程的论断")
            </summary>
            <ol>{items}</ol>
        </details>
    }
}

/// The challenge taken on: `made` is the step at which the path made its goal, `origin` the
/// coach's row at the initial state, `hint` the
/// first move of a shortest way on (outer `None`: the coach has not answered yet).
#[component]
pub fn ChallengeBox(
    challenge: &'static Challenge,
    made: Signal<Option<usize>>,
    origin: Signal<Option<Row>>,
    hint: Signal<Option<Option<String>>>,
    at_start: Signal<bool>,
) -> impl IntoView {
    let lab = use_store::<Lab>();
    let said_impossible = RwSignal::new(false);
    let hinted = RwSignal::new(false);
    // The fewest moves from the start, once the coach knows them.
    let fewest = move || origin.get().map(|row| row[challenge.goal.slot()]);
    // A path that makes the goal solves it, once: kept with the fewest known then.
    Effect::new(move |done: Option<bool>| {
        let steps = made.get();
        if done != Some(true) {
            if let Some(steps) = steps {
                let fewest = untrack(fewest).flatten().map(u32::from);
                lab.apply(Change::Solve { id: challenge.id.into(), steps: steps as u32, fewest });
                return true;
            }
        }
        done.unwrap_or(false)
    });
    let boxed = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = boxed.get().filter(|_| ARRIVED_AT_ONE.swap(false, Ordering::Relaxed)) {
            el.scroll_into_view();
        }
    });
    let answer = move || {
        said_impossible.get().then(|| match fewest() {
            None => "教练还在计算，稍等再问。".to_string(),
            Some(f) => {
                if f.is_none()
                    && untrack(|| lab.record().with(|l| !l.challenges.contains_key(challenge.id)))
                {
                    lab.apply(Change::Solve { id: challenge.id.into(), steps: 0, fewest: None });
                }
                impossible(f, challenge.claim)
            }
        })
    };
    view! {
        <div class="challenge-box" role="region" aria-label="当前挑战" node_ref=boxed>
            <p class="challenge-task">
                <strong>"挑战："</strong>
                {challenge.task}
            </p>
            <p class="challenge-claim">"它检验的是："{challenge.claim}</p>
            <div class="play-tools">
                <button type="button" class="tool-btn" on:click=move |_| hinted.set(true)>
                    "提示"
                </button>
                <button type="button" class="tool-btn" on:click=move |_| said_impossible.set(true)>
                    "做不到"
                </button>
            </div>
            {move || {
                hinted
                    .get()
                    .then(|| {
                        view! {
                            <p class="hint-move">
                                {match hint.get() {
                                    None => "教练还在计算，稍等再问。".to_string(),
                                    Some(None) if at_start.get() => {
                                        "从初始状态起就做不到：可以答「做不到」。"
                                            .to_string()
                                    }
                                    Some(None) => {
                                        "从这里已经做不到了：撤销几步再试。"
                                            .to_string()
                                    }
                                    Some(Some(h)) => format!("提示：下一步选「{h}」。"),
                                }}
                            </p>
                        }
                    })
            }}
            <p class="challenge-answer" role="status">
                {move || made.get().map(|k| solved(k, fewest().flatten()))}
                {answer}
            </p>
        </div>
    }
}
