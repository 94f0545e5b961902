//! What a question shows once its reference is revealed: the reference answer and where to
//! reread, the learner's answer again, the scoring points to tick and the three-level rating.

use super::reread;
use super::words::{
    marked_suggestion, rating_class, rating_label, rating_meaning, suggestion, POINT_RULE,
};
use crate::content::{Question, Reference};
use crate::record::review::Rating;
use crate::record::study::{Change, QuestionRecord, QuestionRef, Study};
use crate::storage::store::Store;
use leptos::prelude::*;

/// The mark on the rating the ticked points suggest.
fn suggested_tag() -> impl IntoView {
    view! { <span class="suggested-tag">"建议"</span> }
}

/// The revealed part of question `q` (`r`, its reference): `unsure` is the 「没把握」 switch,
/// `just_rated` is set when the learner rates.
pub(super) fn reference(
    q: &'static Question,
    r: &'static Reference,
    record: Memo<QuestionRecord>,
    store: Store<Study>,
    this: QuestionRef,
    unsure: RwSignal<bool>,
    just_rated: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <div class="q-reference">
            <h3>"参考答案"</h3>
            {r.answer.split("\n\n").map(|para| view! { <p>{para}</p> }).collect_view()}
            <p class="hint">"出处："{reread(q)}</p>
            // On a phone the answer box is far above: the answer again, at hand while
            // ticking.
            <details class="mine-again">
                <summary>"对照你的回答"</summary>
                <blockquote>
                    {move || {
                        record
                            .with(|r| {
                                if r.current.answer.trim().is_empty() {
                                    "（未写回答）".to_string()
                                } else {
                                    r.current.answer.clone()
                                }
                            })
                    }}
                </blockquote>
            </details>
            <fieldset class="points">
                <legend>"评分点：勾出你的回答覆盖到的"</legend>
                <p class="muted">{POINT_RULE}</p>
                {r
                    .points
                    .iter()
                    .enumerate()
                    .map(|(k, text)| {
                        view! {
                            <label class="check">
                                <input
                                    type="checkbox"
                                    prop:checked=move || {
                                        record.with(|r| r.current.ticked.contains(&k))
                                    }
                                    on:change=move |ev| {
                                        store
                                            .apply(Change::Tick {
                                                question: this,
                                                point: k,
                                                on: event_target_checked(&ev),
                                            })
                                    }
                                />
                                <span>{*text}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <fieldset class="rating">
                <legend>
                    {move || {
                        format!(
                            "自评（已勾 {}/{} 个评分点）",
                            record.with(|r| r.current.ticked.len()),
                            q.points,
                        )
                    }}
                </legend>
                <p class="suggested-rating">
                    {move || suggestion(q, &record.with(|r| r.current.ticked.clone()))}
                </p>
                <label class="check unsure">
                    <input
                        type="checkbox"
                        prop:checked=unsure
                        on:change=move |ev| unsure.set(event_target_checked(&ev))
                    />
                    <span>
                        "没把握"<span class="addition-tag">"本学习台补充"</span>
                        <small>
                            "只在自评为“完整答出”时起作用：这次按“部分答出”排复习（间隔回到\
                             至多 2 天，之后从那里再翻倍），让这题早些回来；选另两档时不改变\
                             安排。你的自评、进度页与导出里的自评都不变。"
                        </small>
                    </span>
                </label>
                {Rating::ALL
                    .into_iter()
                    .map(|rating| {
                        let is_suggested = move || {
                            record.with(|r| marked_suggestion(q, &r.current.ticked)) == Some(rating)
                        };
                        view! {
                            <button
                                type="button"
                                class=format!("tool-btn rate {}", rating_class(rating))
                                class:suggested=is_suggested
                                on:click=move |_| {
                                    store
                                        .apply(Change::Rate {
                                            question: this,
                                            rating,
                                            unsure: unsure.get_untracked(),
                                        });
                                    unsure.set(false);
                                    just_rated.set(true);
                                }
                            >
                                <strong>
                                    {rating_label(rating)}
                                    {move || is_suggested().then(suggested_tag)}
                                </strong>
                                <small>{rating_meaning(rating)}</small>
                            </button>
                        }
                    })
                    .collect_view()}
            </fieldset>
        </div>
    }
}
