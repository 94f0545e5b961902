//! Right after a rating: the attempt just rated stays in view, read-only — the answer, the
//! points ticked, the rating and the next review — so the work does not look gone, with a way
//! to answer again. (The answer box itself is empty again: the attempt is saved.)

use super::history::past_answer;
use super::{next_review, rating_label, UNSURE};
use crate::clock;
use crate::content::{Question, Reference};
use crate::record::study::{QuestionRecord, Study};
use crate::storage::status::Status;
use crate::storage::store::use_store;
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn JustRated(
    record: Memo<QuestionRecord>,
    q: &'static Question,
    r: &'static Reference,
    on_again: Callback<()>,
) -> impl IntoView {
    let again = NodeRef::<html::Button>::new();
    // The rating button just pressed is gone: focus moves here, which keeps the reader in place.
    Effect::new(move |_| {
        if let Some(b) = again.get() {
            let _ = b.focus();
        }
    });
    let last = move || record.with(|r| r.attempts.last().cloned());
    let status = use_store::<Study>().status();
    // Kept in the browser only if the store could write it.
    let kept = move || match status.get() {
        Status::Saved | Status::Quarantined { .. } => "已保存这次作答",
        Status::MemoryOnly(_) => "已记下这次作答（未能存入本机浏览器，关闭页面后会丢失）",
        Status::ReadOnly { .. } => "已记下这次作答（本页只读，未保存）",
    };
    view! {
        <div class="q-just-rated" role="region" aria-label="刚刚自评的这次作答">
            {move || {
                last()
                    .map(|a| {
                        view! {
                            <p class="q-rated-line">
                                {kept}" · "<strong>{rating_label(a.rating)}</strong>
                                {a.unsure.then_some(UNSURE)}
                                // Points of an earlier wording are not this question's: not counted
                                // against it.
                                {(a.wording == q.version)
                                    .then(|| {
                                        format!(
                                            " · 勾了 {}/{} 个评分点",
                                            a.ticked.len(),
                                            q.points,
                                        )
                                    })}
                                {record
                                    .with(|r| next_review(r, clock::now()))
                                    .map(|(_, when)| format!(" · 下次复习：{when}"))}
                            </p>
                            {past_answer(&a.answer)}
                            <ul class="ticked-points" hidden=a.wording != q.version>
                                {r
                                    .points
                                    .iter()
                                    .enumerate()
                                    .map(|(k, text)| {
                                        let ticked = a.ticked.contains(&k);
                                        let unticked = (!ticked)
                                            .then(|| {
                                                view! {
                                                    <span class="visually-hidden">"（未勾）"</span>
                                                }
                                            });
                                        view! {
                                            <li class:ticked=ticked>
                                                <span aria-hidden="true">
                                                    {if ticked { "✓ " } else { "· " }}
                                                </span>
                                                {*text}
                                                {unticked}
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        }
                    })
            }}
            <button
                type="button"
                class="tool-btn"
                node_ref=again
                on:click=move |_| on_again.run(())
            >
                "重新作答"
            </button>
        </div>
    }
}
