//! The closed-book self-test: recall first (typed, saved as you type), then reveal the
//! reference answer and tick the scoring points covered, then rate on three levels. Every
//! attempt is kept; the latest rating is the current level. Each rating schedules the next
//! review (`record::review`, Leitner boxes): due questions come first, and a review starts
//! from an empty box, with earlier attempts shown only once the reference is revealed. The
//! words a learner reads about ratings, states and dates live here, not in the stored document.

mod rated;
pub mod recall;

use crate::clock;
use crate::content::{chapter_index, Question, QUESTIONS, TOC};
#[cfg(feature = "ssr")]
use crate::reading::blocks::block_list;
use crate::record::review::Rating;
use crate::record::study::{Change, QuestionRecord, QuestionRef, QuestionState, Study};
use crate::route::Route;
use crate::storage::persist;
use crate::storage::store::use_store;
use leptos::prelude::*;
use rated::JustRated;

/// This tab's name in the drafts it writes (random per page load), so that a merge can tell
/// another tab's parallel draft from an older copy of its own.
#[cfg(target_arch = "wasm32")]
fn this_tab() -> &'static str {
    thread_local! {
        static TAB: &'static str = {
            let id = (js_sys::Math::random() * 2f64.powi(48)) as u64;
            Box::leak(format!("{id:x}").into_boxed_str())
        };
    }
    TAB.with(|t| *t)
}

/// The build-time renderer writes no drafts.
#[cfg(not(target_arch = "wasm32"))]
fn this_tab() -> &'static str {
    "render"
}

/// How an attempt marked unsure says so, after its rating.
pub const UNSURE: &str = "（没把握）";

pub fn rating_label(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "没想起来",
        Rating::Partial => "部分答出",
        Rating::Full => "完整答出",
    }
}

fn rating_meaning(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "要点大多没想起来，需要重读相关章节",
        Rating::Partial => "抓住了部分评分点，关键处仍有遗漏或含糊",
        Rating::Full => "课文的评分点都答到了，并能说清为什么",
    }
}

/// The rating the points ticked suggest: by the lesson's points only (`Rating::suggested`).
fn suggested(q: &Question, ticked: &[usize]) -> Rating {
    let lesson: Vec<usize> = q.lesson_points().collect();
    Rating::suggested(lesson.iter().filter(|k| ticked.contains(k)).count(), lesson.len())
}

/// The suggestion and its rule, as the learner reads them beside the three levels.
fn suggestion(q: &Question, ticked: &[usize]) -> String {
    let lesson = q.lesson_points().count();
    let on = q.lesson_points().filter(|k| ticked.contains(k)).count();
    let extra =
        if lesson < q.points.len() { "；标“本学习台补充”的点不计入" } else { "" };
    format!(
        "按你勾的课文评分点（{on}/{lesson}），建议：{}。规则：全部勾上为完整答出，至少一半为部分答出，不到一半为没想起来{extra}。以你的选择为准。",
        rating_label(suggested(q, ticked))
    )
}

/// The stylesheet's name for a rating.
fn rating_class(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "rate-missed",
        Rating::Partial => "rate-partial",
        Rating::Full => "rate-full",
    }
}

fn state_label(s: QuestionState) -> &'static str {
    match s {
        QuestionState::NotStarted => "未作答",
        QuestionState::Recalling => "回忆中",
        QuestionState::Revealed => "已对照",
        QuestionState::Rated => "已自评",
    }
}

/// The stylesheet's name for a question's state.
fn state_class(s: QuestionState) -> &'static str {
    match s {
        QuestionState::NotStarted => "state-new",
        QuestionState::Recalling => "state-recalling",
        QuestionState::Revealed => "state-revealed",
        QuestionState::Rated => "state-rated",
    }
}

/// A date and time in the learner's locale, for attempt history.
pub fn when(ms: f64) -> String {
    js_sys::Date::new(&ms.into())
        .to_locale_string("zh-CN", &wasm_bindgen::JsValue::UNDEFINED)
        .into()
}

/// When a question comes back, in words, and whether that is today: `今天到期`,
/// `明天（12月1日）`, `3 天后（12月3日）`. `None` before its first rating.
pub fn next_review(record: &QuestionRecord, now: f64) -> Option<(bool, String)> {
    let r = record.review?;
    let offset = clock::offset(now);
    if r.is_due(now, offset) {
        return Some((true, "今天到期".to_string()));
    }
    let (month, day) = clock::month_day(r.due);
    let date = format!("{month}月{day}日");
    Some((
        false,
        match r.days_left(now, offset) {
            1 => format!("明天（{date}）"),
            n => format!("{n} 天后（{date}）"),
        },
    ))
}

/// The questions in review order: due today first, then those never rated, then the rest by
/// when they come back (each group in the lesson's order).
pub fn review_order(p: &Study, now: f64) -> Vec<&'static Question> {
    let offset = clock::offset(now);
    let mut all: Vec<&'static Question> = QUESTIONS.iter().collect();
    all.sort_by(|a, b| {
        let key = |q: &Question| match p.question(q.id).review {
            Some(r) if r.is_due(now, offset) => (0, 0.0),
            None => (1, 0.0),
            Some(r) => (2, r.due),
        };
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    all
}

/// The questions due for review today, in review order.
pub fn due_today(p: &Study, now: f64) -> Vec<&'static Question> {
    review_order(p, now)
        .into_iter()
        .filter(|q| next_review(&p.question(q.id), now).is_some_and(|(due, _)| due))
        .collect()
}

/// The question's number in the lesson's order ("第 2 题").
fn number(q: &Question) -> String {
    format!("第 {} 题", QUESTIONS.iter().position(|x| x.id == q.id).map_or(0, |i| i + 1))
}

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
                                    {q.prompt}
                                </h2>
                                <div class="q-context">{block_list(q.context, q.id, false)}</div>
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
#[island]
fn ReviewPlan() -> impl IntoView {
    let store = use_store::<Study>();
    let loaded = store.loaded();
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !loaded.get() {
            return done.unwrap_or(false);
        }
        let order = store.record().with_untracked(|p| review_order(p, clock::now()));
        if let Some(list) = document().query_selector(".selftest .questions").ok().flatten() {
            for q in order {
                if let Some(section) = document().get_element_by_id(q.id) {
                    let _ = list.append_child(&section);
                }
            }
        }
        // The browser put the learner back at the old offset (or at a linked question's old
        // place), which now shows another question: go to the linked question, or start from
        // the plan, which says where each question went.
        let hash = window().location().hash().unwrap_or_default();
        match document()
            .get_element_by_id(hash.trim_start_matches('#'))
            .filter(|_| !hash.is_empty())
        {
            Some(linked) => linked.scroll_into_view(),
            None => window().scroll_to_with_x_and_y(0.0, 0.0),
        }
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
                        <p class="hint">
                            "间隔按莱特纳（Leitner）盒子：没想起来——明天再来；部分答出——至多隔 2 天；完整答出——间隔比上次翻倍（1、2、4、8、16、32 天）。"
                        </p>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}

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

/// Answering one question: recall, reveal, tick, rate, and the attempts so far.
#[island]
fn QuestionCard(index: usize) -> impl IntoView {
    let q: &'static Question = &QUESTIONS[index];
    let store = use_store::<Study>();
    let this = QuestionRef { id: q.id, wording: q.version, tab: this_tab() };
    let record = Memo::new(move |_| store.record().with(|p| p.question(q.id)));
    let state = move || record.with(QuestionRecord::state);
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
    view! {
        <p class=move || format!("q-state {}", state_class(state())) role="status">
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
                                    q.points.len(),
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
        {move || {
            just_rated
                .get()
                .then(|| {
                    view! {
                        <JustRated
                            record=record
                            q=q
                            on_again=Callback::new(move |()| just_rated.set(false))
                        />
                    }
                })
        }}
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
                ></textarea>
                <Show when=move || !revealed()>
                    <Conflicts record=record this=this />
                </Show>
                <Show when=move || !revealed()>
                    <button
                        type="button"
                        class="tool-btn primary"
                        on:click=move |_| store.apply(Change::Reveal(this))
                    >
                        "展开参考答案与评分点"
                    </button>
                    {move || {
                        record
                            .with(|r| r.current.answer.trim().is_empty())
                            .then(|| {
                                view! {
                                    <p class="hint">
                                        "建议先写下你记得的内容再展开：回忆本身就是练习。"
                                    </p>
                                }
                            })
                    }}
                </Show>
            </div>
            <Show when=revealed>
                <div class="q-reference">
                    <h3>"参考答案"</h3>
                    {q.answer.split("\n\n").map(|para| view! { <p>{para}</p> }).collect_view()}
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
                        <legend>
                            "评分点：勾出你的回答覆盖到的（每点一条可核对的论断）"
                        </legend>
                        {q
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
                                    q.points.len(),
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
                                    "只在自评为“完整答出”时起作用：这次按“部分答出”排复习（间隔回到至多 2 天，之后从那里再翻倍），让这题早些回来；选另两档时不改变安排。你的自评、进度页与导出里的自评都不变。"
                                </small>
                            </span>
                        </label>
                        {Rating::ALL
                            .into_iter()
                            .map(|rating| {
                                view! {
                                    <button
                                        type="button"
                                        class=format!("tool-btn rate {}", rating_class(rating))
                                        class:suggested=move || {
                                            record.with(|r| suggested(q, &r.current.ticked)) == rating
                                        }
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
                                            {move || {
                                                (record.with(|r| suggested(q, &r.current.ticked)) == rating)
                                                    .then(|| {
                                                        view! { <span class="suggested-tag">"建议"</span> }
                                                    })
                                            }}
                                        </strong>
                                        <small>{rating_meaning(rating)}</small>
                                    </button>
                                }
                            })
                            .collect_view()}
                    </fieldset>
                </div>
            </Show>
        </div>
        <History record=record q=q just_rated=just_rated.into() />
    }
}

/// Drafts of this answer that another tab typed at the same time: kept, shown, and the
/// learner picks (the answer they replace takes their place) or drops them.
#[component]
fn Conflicts(record: Memo<QuestionRecord>, this: QuestionRef) -> impl IntoView {
    let store = use_store::<Study>();
    let resolve = move |index, take| store.apply(Change::Resolve { question: this, index, take });
    move || {
        record
            .with(|r| r.current.conflicts.clone())
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                view! {
                    <div class="draft-conflict" role="note">
                        <p>
                            {format!(
                                "这道题在两个标签页里同时被改写过，另一份草稿（{}）没有丢，保留在这里：",
                                when(c.at),
                            )}
                        </p>
                        <blockquote class="past-answer">{c.answer}</blockquote>
                        <div class="actions">
                            <button
                                type="button"
                                class="tool-btn"
                                on:click=move |_| resolve(i, true)
                            >
                                "换用这份草稿"
                            </button>
                            <button
                                type="button"
                                class="tool-btn"
                                on:click=move |_| resolve(i, false)
                            >
                                "丢弃这份"
                            </button>
                        </div>
                    </div>
                }
            })
            .collect_view()
    }
}

/// Earlier attempts, shown only once the reference is revealed: recall comes first.
#[component]
fn History(
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
                                r.attempts
                                    .iter()
                                    .rev()
                                    .map(|a| {
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
                                                    format!(
                                                        " · 评分点 {}/{}",
                                                        a.ticked.len(),
                                                        q.points.len(),
                                                    )
                                                }}
                                                <blockquote class="past-answer">
                                                    {if a.answer.trim().is_empty() {
                                                        "（未写回答）".to_string()
                                                    } else {
                                                        a.answer.clone()
                                                    }}
                                                </blockquote>
                                            </li>
                                        }
                                    })
                                    .collect_view()
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
                                Some(
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
                                            <blockquote class="past-answer">
                                                {if a.answer.trim().is_empty() {
                                                    "（未写回答）".to_string()
                                                } else {
                                                    a.answer
                                                }}
                                            </blockquote>
                                        </details>
                                    },
                                )
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
