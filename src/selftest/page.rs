//! The self-test page: the questions prerendered, and today's review plan (an island).

use super::words::{due_today, next_review, number, review_order};
#[cfg(feature = "ssr")]
use super::QuestionCard;
use crate::clock;
use crate::content::Question;
#[cfg(feature = "ssr")]
use crate::content::{chapter_index, QUESTIONS, TOC};
#[cfg(feature = "ssr")]
use crate::reading::blocks::block_list;
use crate::record::study::Study;
use crate::route::Route;
use crate::storage::store::use_store;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[cfg(feature = "ssr")]
/// The self-test page: the questions prerendered, each one's answering an island.
#[component]
pub fn SelfTestPage() -> impl IntoView {
    let follow_ups = chapter_index("follow-ups").map(|i| &TOC[i]);
    view! {
        <article class="selftest" aria-labelledby="selftest-title">
            <h1 id="selftest-title">"闭卷自测"</h1>
            <p class="lede">
                "四道题，合上课文作答：先凭记忆写下回答（边写边保存），再展开参考答案与评分点，勾出你答到的点，最后给自己三档评价之一。题目与参考答案由本学习台依据课文编写；\
                 记录只保存在本机浏览器，可在「学习进度」页导出备份。"
            </p>
            <noscript>
                <p class="editor-error">
                    "作答、对照与自评需要启用 JavaScript：下面的题目可以照常阅读与思考。"
                </p>
            </noscript>
            <ReviewPlan />
            <div class="questions">
                {QUESTIONS
                    .iter()
                    .enumerate()
                    .map(|(i, q)| {
                        view! {
                            <section
                                class="question"
                                aria-labelledby=format!("{}-title", q.id)
                                id=q.id
                            >
                                <header class="q-head">
                                    <span class="q-num">{format!("第 {} 题", i + 1)}</span>
                                    <span class="q-topic">{q.topic}</span>
                                </header>
                                <h2 id=format!("{}-title", q.id) class="q-prompt">
                                    {q.text().prompt}
                                </h2>
                                <div class="q-context">
                                    {block_list(q.text().context, q.id, false)}
                                </div>
                                <QuestionCard index=i />
                            </section>
                        }
                    })
                    .collect_view()}
            </div>
            {follow_ups
                .map(|c| {
                    view! {
                        <p class="hint">
                            "课文的三轮追问不在这里：它们是先写后看的回忆卡片，留在 "
                            <a href=Route::Chapter(c.slug).href()>{c.title}</a>
                            " 一章，写下的回答会保存，但不计入自测。"
                        </p>
                    }
                })}
        </article>
    }
}

/// Today's review: what is due, and when the rest come back. Once the saved record is read,
/// it puts the questions in review order on the page (once: a question just rated stays where
/// the learner is looking).
#[island(lazy)]
fn ReviewPlan() -> impl IntoView {
    let store = use_store::<Study>();
    let loaded = store.loaded();
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !loaded.get() {
            return done.unwrap_or(false);
        }
        put_in_order(store.record().with_untracked(|p| review_order(p, clock::now())));
        true
    });
    let plan = move || {
        loaded.get().then(|| {
            store.record().with(|p| {
                let now = clock::now();
                let due: Vec<String> = due_today(p, now).into_iter().map(number).collect();
                let later: Vec<(&str, String)> = review_order(p, now)
                    .into_iter()
                    .filter_map(|q| {
                        next_review(&p.question(q.id), now)
                            .filter(|(due, _)| !due)
                            .map(|(_, when)| (q.id, format!("{}：{when}复习", number(q))))
                    })
                    .collect();
                (due, later)
            })
        })
    };
    view! {
        <section class="review-plan" aria-labelledby="review-plan-title">
            <h2 id="review-plan-title">"今天的复习"</h2>
            {move || match plan() {
                None => {
                    view! {
                        <p class="hint">
                            "读取本机记录后，这里列出今天到期的题目。"
                        </p>
                    }
                        .into_any()
                }
                Some((due, later)) => {
                    view! {
                        <p class="review-due">
                            {if due.is_empty() {
                                "今天没有到期的复习。".to_string()
                            } else {
                                format!(
                                    "今天到期 {} 题：{}——已排在最前。照样先闭卷回忆，再展开对照。",
                                    due.len(),
                                    due.join("、"),
                                )
                            }}
                        </p>
                        {(!later.is_empty())
                            .then(|| {
                                view! {
                                    <p class="review-later">
                                        "已自评、还没到期的题排在后面，展开可看上次作答："
                                        {later
                                            .into_iter()
                                            .enumerate()
                                            .map(|(k, (id, words))| {
                                                view! {
                                                    {(k > 0).then_some("；")}
                                                    <a href=Route::SelfTest.href_at(id)>{words}</a>
                                                }
                                            })
                                            .collect_view()}"。"
                                    </p>
                                }
                            })}
                    }
                        .into_any()
                }
            }}
            // In the prerendered page too: the plan's space is there before the record is read.
            <p class="hint">
                "间隔按莱特纳（Leitner）盒子：没想起来——明天再来；部分答出——至多隔 2 天；\
                 完整答出——间隔比上次翻倍（1、2、4、8、16、32 天）。"
            </p>
        </section>
    }
}

/// Put the page's questions in `order`. The learner may be writing already (from before the
/// page was live): that box keeps the focus, its caret and its place on the screen.
fn put_in_order(order: Vec<&'static Question>) {
    let Some(list) = document().query_selector(".selftest .questions").ok().flatten() else {
        return;
    };
    let ids = |list: &web_sys::Element| -> Vec<String> {
        let sections = list.children();
        (0..sections.length()).filter_map(|i| sections.item(i)).map(|e| e.id()).collect()
    };
    if ids(&list) == order.iter().map(|q| q.id.to_string()).collect::<Vec<_>>() {
        return;
    }
    let writing = document()
        .active_element()
        .filter(|e| list.contains(Some(e)))
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok());
    let top = writing.as_ref().map(|b| b.get_bounding_client_rect().top());
    let caret = writing.as_ref().map(|b| (b.selection_start(), b.selection_end()));
    for q in order {
        if let Some(section) = document().get_element_by_id(q.id) {
            let _ = list.append_child(&section);
        }
    }
    if let (Some(b), Some(top), Some((Ok(Some(start)), Ok(Some(end))))) = (writing, top, caret) {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = b.focus_with_options(&options);
        let _ = b.set_selection_range(start, end);
        window().scroll_by_with_x_and_y(0.0, b.get_bounding_client_rect().top() - top);
        return;
    }
    // The browser put the learner back at the old offset (or at a linked question's old
    // place), which now shows another question: go to the linked question, or start from
    // the plan, which says where each question went.
    let hash = window().location().hash().unwrap_or_default();
    match document().get_element_by_id(hash.trim_start_matches('#')).filter(|_| !hash.is_empty()) {
        Some(linked) => linked.scroll_into_view(),
        None => window().scroll_to_with_x_and_y(0.0, 0.0),
    }
}
