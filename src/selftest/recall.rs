//! The lesson's three follow-up questions (三轮追问) as recall cards — this app's addition to
//! the lesson's think-first cards: the learner writes an answer first, then the lesson's answer
//! unfolds beside it. Every answer written is kept with its date (`record::recall`), in this
//! browser and in the export. Not the self-test: no rating, no schedule. The chapter's page
//! loads the study module for these islands.

use crate::record::draft::MAX_ANSWER;
use crate::record::recall::{Change, Recall, Written};
use crate::storage::store::use_store;
use crate::storage::tab;
use leptos::prelude::*;

/// An answer written before the latest, with its date.
fn earlier(w: &Written) -> impl IntoView {
    view! {
        <li>
            <span class="when">{when(w.at)}</span>
            <blockquote class="past-answer">{w.answer.clone()}</blockquote>
        </li>
    }
}

/// When an answer was written, to the minute (seconds say nothing here): 「2026/12/2 14:28」.
fn when(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!(
        "{}/{}/{} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The think-first card with anchor `id`: its question and the lesson's answer come with it
/// from the prerendered page, so this module does not carry the lesson's text.
#[island(lazy)]
pub fn RecallCard(id: String, question: String, answer: String) -> impl IntoView {
    let store = use_store::<Recall>();
    let key = id.clone();
    let written =
        Memo::new(move |_| store.record().with(|r| r.cards.get(&key).cloned().unwrap_or_default()));
    // What is typed and not yet written is kept for this tab (sessionStorage): a reload or a
    // visit elsewhere does not lose it; it becomes the learner's answer only when written.
    let key = StoredValue::new(format!("fencing-study.recall-draft.{id}"));
    let text = RwSignal::new(String::new());
    // Until the tab's draft is read, the box says so, and what is typed is not yet kept.
    let restored = RwSignal::new(false);
    let remember = move |t: &str| {
        if !restored.get_untracked() {
            return;
        }
        key.with_value(|k| tab::set(k, t));
    };
    // Effects run only in the browser (the renderer has no window), after hydration: text
    // typed before then (js/islands.js hands it in) and the tab's draft are both kept, the
    // draft first.
    Effect::new(move |_| {
        let kept = key.with_value(|k| tab::get(k));
        restored.set(true);
        let typed = text.get_untracked();
        let both = match kept {
            Some(kept) if !typed.trim().is_empty() && !typed.contains(&kept) => {
                format!("{kept}\n{typed}")
            }
            Some(kept) if typed.trim().is_empty() => kept,
            _ => typed,
        };
        remember(&both);
        text.set(both);
    });
    // Writing again folds the lesson's answer until the new one is written.
    let again = RwSignal::new(false);
    let open = move || !again.get() && written.with(|w| !w.is_empty());
    let card_id = StoredValue::new(id.clone());
    let write = move |_| {
        store.apply(Change::Write { card: card_id.get_value(), answer: text.get_untracked() });
        text.set(String::new());
        remember("");
        again.set(false);
    };
    let input_id = format!("{id}-answer");
    view! {
        <section class="qa recall" id=id aria-label=question.clone()>
            <p class="qa-q">{question.clone()}</p>
            <Show when=move || !open() fallback=move || answered(answer.clone(), written, again)>
                <label for={input_id
                    .clone()}>
                    "先写下你的回答，再看课文的答案"
                    <span class="addition-tag">"本学习台补充"</span>
                </label>
                <textarea
                    id=input_id.clone()
                    rows="3"
                    maxlength=MAX_ANSWER
                    placeholder=move || (!restored.get()).then_some(crate::ui::DRAFT_LOADING)
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        let t = event_target_value(&ev);
                        remember(&t);
                        text.set(t);
                    }
                ></textarea>
                <button
                    type="button"
                    class="tool-btn primary"
                    disabled=move || text.with(|t| t.trim().is_empty())
                    on:click=write
                >
                    "写好了，展开课文的答案"
                </button>
                <p class="hint">
                    "点「写好了」后，回答保存在本机浏览器（每问保留最近 50 份），随学习进度导出；没写完的草稿只留在这个标签页里。不计入闭卷自测。"
                </p>
            </Show>
        </section>
    }
}

/// The card once written: the lesson's answer, the learner's latest, the earlier ones folded
/// (newest first), and a way to write again.
fn answered(answer: String, written: Memo<Vec<Written>>, again: RwSignal<bool>) -> impl IntoView {
    view! {
        <p>
            <strong>"答："</strong>
            {answer}
        </p>
        {move || {
            written
                .with(|w| w.last().cloned())
                .map(|w| {
                    view! {
                        <p class="recall-mine">{format!("你的回答（{}）：", when(w.at))}</p>
                        <blockquote class="past-answer">{w.answer}</blockquote>
                    }
                })
        }}
        {move || {
            let earlier_ones = move || {
                written.with(|w| { w[..w.len() - 1].iter().rev().map(earlier).collect_view() })
            };
            (written.with(Vec::len) > 1)
                .then(|| {
                    // All but the latest, newest first.
                    view! {
                        <details class="history">
                            <summary>
                                {move || {
                                    format!(
                                        "此前写过的回答（{} 次）",
                                        written.with(Vec::len) - 1,
                                    )
                                }}
                            </summary>
                            <ol>{earlier_ones}</ol>
                        </details>
                    }
                })
        }}
        <button type="button" class="tool-btn" on:click=move |_| again.set(true)>
            "再写一次"
        </button>
    }
}
