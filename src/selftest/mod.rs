//! The closed-book self-test: recall first (typed, saved as you type), then reveal the
//! reference answer and tick the scoring points covered, then rate on three levels. Every
//! attempt is kept; the latest rating is the current level. Each rating schedules the next
//! review (`record::review`, Leitner boxes): due questions come first, and a review starts
//! from an empty box, with earlier attempts shown only once the reference is revealed. The
//! words a learner reads about ratings, states and dates live in `words`, not in the stored
//! document. This file holds the answering of one question (an island); `page` the page.

mod drafts;
mod history;
mod page;
mod rated;
pub mod recall;
mod reveal;
mod words;

use crate::clock;
use crate::content::{chapter_index, Question, Reference, QUESTIONS, TOC};
use crate::record::study::{Change, QuestionRecord, QuestionRef, Study};
use crate::route::Route;
use crate::storage::persist;
use crate::storage::store::use_store;
use crate::ui::piece::Piece;
use drafts::{this_tab, Conflicts};
use history::History;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
#[cfg(feature = "ssr")]
pub use page::SelfTestPage;
use rated::JustRated;
use reveal::reference;
pub use words::{due_today, next_review, rating_label, review_order, when, UNSURE};
use words::{state_class, state_label};

/// The chapters a question sends the learner back to, the main one first.
fn reread(q: &'static Question) -> impl IntoView {
    let links = q.reread.iter().filter_map(|slug| chapter_index(slug)).enumerate().map(|(k, i)| {
        let c = &TOC[i];
        view! {
            {(k > 0).then_some("、")}
            <a href=Route::Chapter(c.slug).href()>{format!("第 {} 章 · {}", i + 1, c.title)}</a>
        }
    });
    links.collect_view()
}

/// A question's reference answer and the words of its points: a piece of their own, fetched
/// while the learner writes, at the latest at the reveal (most of a card's words, read only once
/// the learner has recalled).
#[wasm_split(
    selftest_reference,
    wasm_split_path = ::leptos::wasm_split,
    fallible,
    preload(load_reference)
)]
fn reference_of(q: &'static Question) -> Result<&'static Reference, SplitLoaderError> {
    Ok(q.reference())
}

/// Answering one question: recall, reveal, tick, rate, and the attempts so far. Lazy: its code
/// is a piece of the study module, fetched only by the page that shows it (docs/architecture.md).
#[island(lazy)]
fn QuestionCard(index: usize) -> impl IntoView {
    let q: &'static Question = &QUESTIONS[index];
    let store = use_store::<Study>();
    let this = QuestionRef { id: q.id, wording: q.version, tab: this_tab() };
    let record = Memo::new(move |_| store.record().with(|p| p.question(q.id)));
    let revealed = move || record.with(|r| r.current.revealed);
    // A draft typed against an earlier wording of the question is kept, and said to be so.
    let old_draft = move || {
        record.with(|r| !r.current.answer.trim().is_empty() && r.current.wording < q.version)
    };
    let answer_id = format!("{}-answer", q.id);
    let label_for = answer_id.clone();
    // Just rated, on this visit: the attempt stays in view until the learner answers again.
    let just_rated = RwSignal::new(false);
    let unsure = RwSignal::new(false);
    let answers = Piece::new("参考答案与评分点");
    // Rated from the revealed part: its piece is in by then, and the view is built at once.
    let rated = move || {
        answers.show(load_reference, move || async move {
            let r = reference_of(q).await?;
            let on_again = Callback::new(move |()| just_rated.set(false));
            Ok(view! { <JustRated record=record q=q r=r on_again=on_again /> }.into_any())
        })
    };
    let revealed_part = move || {
        answers.show(load_reference, move || async move {
            let r = reference_of(q).await?;
            Ok(reference(q, r, record, store, this, unsure, just_rated).into_any())
        })
    };
    view! {
        {status(q, record)}
        {move || just_rated.get().then(rated)}
        <div class="q-body" class:revealed=revealed hidden=move || just_rated.get()>
            <div class="q-mine">
                <label for=label_for>
                    {move || {
                        if revealed() {
                            "你的回答（已锁定，对照参考答案）"
                        } else {
                            "你的回答：先凭记忆写，写完再展开参考答案"
                        }
                    }}
                </label>
                {move || {
                    old_draft()
                        .then(|| {
                            view! {
                                <p class="hint">
                                    "这份草稿写于本题改写之前，针对的是旧版题目；请对照新题修改或重写。"
                                </p>
                            }
                        })
                }}
                <textarea
                    id=answer_id
                    rows="7"
                    readonly=revealed
                    placeholder=move || {
                        (!store.loaded().get()).then_some(crate::ui::DRAFT_LOADING)
                    }
                    prop:value=move || record.with(|r| r.current.answer.clone())
                    on:input=move |ev| {
                        store
                            .typing(Change::Draft {
                                question: this,
                                answer: event_target_value(&ev),
                            });
                        persist::request();
                    }
                    on:blur=move |_| store.flush()
                    // Writing comes before revealing: the reference is fetched meanwhile.
                    on:focus=move |_| answers.prefetch(load_reference)
                ></textarea>
                <Show when=move || !revealed()>
                    <Conflicts record=record this=this />
                </Show>
                <Show when=move || !revealed()>
                    <button
                        type="button"
                        class="tool-btn primary"
                        on:pointerenter=move |_| answers.prefetch(load_reference)
                        on:click=move |_| store.apply(Change::Reveal(this))
                    >
                        "展开参考答案与评分点"
                    </button>
                    <p class="hint">
                        {move || {
                            record
                                .with(|r| r.current.answer.trim().is_empty())
                                .then_some(
                                    "你还没写回答：建议先写下记得的内容再展开，回忆本身就是练习。",
                                )
                        }}
                        "展开后，你的回答会锁定，不能再改，留作对照评分点。"
                    </p>
                </Show>
            </div>
            <Show when=revealed>{revealed_part}</Show>
        </div>
        <History record=record q=q just_rated=just_rated.into() />
    }
}

/// Where the question stands: its state, the current level, the points ticked last time and the
/// next review. Where a link back to an answer in progress lands (`q1-state`).
fn status(q: &'static Question, record: Memo<QuestionRecord>) -> impl IntoView {
    let state = move || record.with(QuestionRecord::state);
    view! {
        <p
            class=move || format!("q-state {}", state_class(state()))
            role="status"
            id=format!("{}-state", q.id)
        >
            {move || state_label(state())}
            {move || {
                record.with(|r| r.level()).map(|l| format!(" · 当前：{}", rating_label(l)))
            }}
            {move || {
                record
                    .with(|r| {
                        r.attempts
                            .last()
                            .filter(|a| a.wording == q.version)
                            .map(|a| {
                                format!(
                                    " · 上次勾了 {}/{} 个评分点",
                                    a.ticked.len(),
                                    q.points,
                                )
                            })
                    })
            }}
            {move || {
                record
                    .with(|r| next_review(r, clock::now()))
                    .map(|(due, when)| {
                        view! {
                            <span class="q-review" class:due=due>
                                {if due {
                                    " · 复习：今天到期".to_string()
                                } else {
                                    format!(" · 下次复习：{when}")
                                }}
                            </span>
                        }
                    })
            }}
        </p>
    }
}
