//! A question's earlier attempts, shown once the reference is revealed.

use super::reread;
use super::words::{next_review, rating_label, when, UNSURE};
use crate::clock;
use crate::content::Question;
use crate::record::review::Rating;
use crate::record::study::{Attempt, QuestionRecord, QuestionState};
use leptos::prelude::*;

/// An answer of an attempt, as it was written (or that none was).
pub(super) fn past_answer(answer: &str) -> impl IntoView {
    let text = if answer.trim().is_empty() {
        "（未写回答）".to_string()
    } else {
        answer.to_string()
    };
    view! { <blockquote class="past-answer">{text}</blockquote> }
}

/// Earlier attempts, shown only once the reference is revealed: recall comes first.
#[component]
pub(super) fn History(
    record: Memo<QuestionRecord>,
    q: &'static Question,
    just_rated: Signal<bool>,
) -> impl IntoView {
    view! {
        <Show when=move || {
            record.with(|r| !r.attempts.is_empty() && !r.current.revealed) && !just_rated.get()
        }>
            <p class="hint history-later">
                {move || {
                    format!(
                        "先凭记忆作答：之前的 {} 次作答记录在展开参考答案后显示。",
                        record.with(|r| r.attempts.len()),
                    )
                }}
            </p>
        </Show>
        <Show when=move || record.with(|r| !r.attempts.is_empty() && r.current.revealed)>
            <details class="history">
                <summary>
                    {move || format!("作答记录（{} 次）", record.with(|r| r.attempts.len()))}
                </summary>
                <ol>
                    {move || {
                        record
                            .with(|r| {
                                r.attempts.iter().rev().map(|a| attempt_item(a, q)).collect_view()
                            })
                    }}
                </ol>
            </details>
        </Show>
        {move || {
            (record.with(|r| r.state()) == QuestionState::Rated && !just_rated.get())
                .then(|| {
                    view! {
                        <p class="hint">
                            "已自评。可以在上面的输入框里重新作答，历次记录都会保留。"
                        </p>
                        // Not due yet: the last attempt stays at hand, folded (a due one is
                        // recalled first).
                        {record
                            .with(|r| {
                                let (due, back) = next_review(r, clock::now())?;
                                let a = r.attempts.last().filter(|_| !due)?.clone();
                                Some(last_attempt(a, back))
                            })}
                    }
                })
        }}
        {move || {
            (record.with(|r| r.level()) == Some(Rating::Missed))
                .then(|| {
                    view! {
                        <p class="hint reread">
                            "没想起来：建议重读 "{reread(q)}"，再回来重答。"
                        </p>
                    }
                })
        }}
    }
}

/// One earlier attempt: when, its rating, its scoring points, its answer.
fn attempt_item(a: &Attempt, q: &Question) -> impl IntoView {
    view! {
        <li>
            <span class="when">{when(a.at)}</span>
            " · "
            <strong>{rating_label(a.rating)}</strong>
            {a.unsure.then_some(UNSURE)}
            {if a.wording < q.version {
                format!(
                    " · 答的是本题改写前的旧版（勾了 {} 个评分点）",
                    a.ticked.len(),
                )
            } else {
                format!(" · 评分点 {}/{}", a.ticked.len(), q.points)
            }}
            {past_answer(&a.answer)}
        </li>
    }
}

/// The last attempt, folded, with when it comes back.
fn last_attempt(a: Attempt, back: String) -> impl IntoView {
    view! {
        <details class="last-attempt">
            <summary>
                {format!(
                    "上次作答：{} · {}{} · 下次复习：{back}",
                    when(a.at),
                    rating_label(a.rating),
                    if a.unsure { UNSURE } else { "" },
                )}
            </summary>
            {past_answer(&a.answer)}
        </details>
    }
}
