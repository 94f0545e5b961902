//! The progress page at a glance: the overall picture, what is due today and where to go on.

use super::Parts;
use crate::clock;
use crate::content::{QUESTIONS, TOC};
use crate::record::chapters::ChapterState;
use crate::record::review::Rating;
use crate::record::study::{QuestionState, Study};
use crate::route::Route;
use crate::selftest::due_today;
use crate::storage::store::use_store;
use fencing_model::challenges::CHALLENGES;
use fencing_model::{Case, Defects, Experiment};
use leptos::prelude::*;

/// What is due for review today, with a way straight to it.
#[component]
pub(super) fn DueToday() -> impl IntoView {
    let p = use_store::<Study>().record();
    let due = move || {
        p.with(|p| {
            let now = clock::now();
            due_today(p, now)
        })
    };
    view! {
        <section aria-labelledby="pr" class="due-today">
            <h2 id="pr">"今天的复习"</h2>
            {move || {
                let due = due();
                if due.is_empty() {
                    view! {
                        <p>
                            "今天没有到期的复习。自评过的题目会按莱特纳盒子的间隔回来：没想起来——明天，部分答出——至多 2 天，完整答出——间隔翻倍。"
                        </p>
                    }
                        .into_any()
                } else {
                    view! {
                        <p>{format!("今天到期 {} 题，先闭卷回忆：", due.len())}</p>
                        <ul class="due-list">
                            {due
                                .into_iter()
                                .map(|q| {
                                    let n = QUESTIONS
                                        .iter()
                                        .position(|x| x.id == q.id)
                                        .map_or(0, |i| i + 1);
                                    let label = format!("第 {n} 题 · {}", q.topic);
                                    view! {
                                        <li>
                                            <a href=Route::SelfTest.href_at(q.id)>{label}</a>
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}

/// The overall picture: three bars with their numbers written on them.
#[component]
pub(super) fn Summary() -> impl IntoView {
    let parts = Parts::new();
    let rows = move || {
        let (c, l, p) = (
            parts.chapters.record().read(),
            parts.lab.record().read(),
            parts.study.record().read(),
        );
        {
            let read = TOC.iter().filter(|x| c.chapter(x.slug) == ChapterState::Read).count();
            let rated = QUESTIONS.iter().filter(|q| p.question(q.id).level().is_some()).count();
            let full =
                QUESTIONS.iter().filter(|q| p.question(q.id).level() == Some(Rating::Full)).count();
            let lesson = Experiment::lesson();
            let ran = lesson.iter().filter(|e| l.runs_of(**e) > 0).count();
            let others = Experiment::all()
                .into_iter()
                .filter(|e| !lesson.contains(e) && l.runs_of(*e) > 0)
                .count();
            [
                ("章节读完", read, TOC.len(), String::new()),
                ("自测已自评", rated, QUESTIONS.len(), format!("（完整答出 {full}）")),
                (
                    "课程实验已运行",
                    ran,
                    lesson.len(),
                    if others > 0 {
                        format!("（另有开关组合 {others} 种）")
                    } else {
                        String::new()
                    },
                ),
            ]
        }
    };
    let text = move || {
        rows()
            .iter()
            .map(|(l, n, of, extra)| format!("{l} {n}/{of}{extra}"))
            .collect::<Vec<_>>()
            .join("；")
    };
    view! {
        <figure class="summary">
            // Narrow enough to stay legible on a phone: each label sits above its bar.
            <svg viewBox="0 0 400 186" role="img" aria-label=text>
                {move || {
                    rows()
                        .into_iter()
                        .enumerate()
                        .map(|(i, (label, n, of, extra))| bar(i, label, n, of, extra))
                        .collect_view()
                }}
            </svg>
            // For screen readers: the bars say the same to the eye.
            <figcaption class="visually-hidden">{text}</figcaption>
        </figure>
        // Folded: on a phone three paragraphs of rules would push the next steps off the screen.
        <details class="hint-fold">
            <summary>"这些数字怎么算"</summary>
            <p class="hint">
                "「章节读完」：在同一次打开的页面里，既读到章末，又停留满按篇幅估算的阅读时长\
                 （约每秒 20 字，至少 5 秒），两者先后不限；离开或刷新页面后须重新满足。\
                 只打开而没读到章末，或跳到章末却没停留够时长，都不算读完。"
            </p>
            <p class="hint">
                "「自测已自评」：四道闭卷题中至少自评过一次的题数；「完整答出」：其中最近一次自评为「完整答出」的题数。"
            </p>
            <p class="hint runs-denominator">{runs_denominator()}</p>
        </details>
        <NextStep />
    }
}

/// Bar `i` of the picture: `n` of `of`, labelled, with its number written on it.
fn bar(i: usize, label: &'static str, n: usize, of: usize, extra: String) -> impl IntoView {
    let y = 4.0 + i as f64 * 60.0;
    let w = 310.0 * n as f64 / of.max(1) as f64;
    view! {
        <g class="bar">
            <text x="0" y=y + 14.0 class="bar-label">
                {label}
                <tspan class="bar-extra">{extra}</tspan>
            </text>
            <rect x="0" y=y + 22.0 width="310" height="22" rx="5" class="bar-track" />
            <rect x="0" y=y + 22.0 width=w height="22" rx="5" class="bar-fill" />
            <text x="320" y=y + 38.0 class="bar-num">
                {format!("{n}/{of}")}
            </text>
        </g>
    }
}

/// What the lab's bar counts, in words: the lesson's five commands; the other switch
/// combinations are counted apart.
fn runs_denominator() -> String {
    let fencing = Defects::all_for(Case::Fencing).len();
    let operations = Defects::all_for(Case::Operations).len();
    format!(
        "「课程实验」数的是第 7 章五条命令的五种开关组合：在第 7 章点「运行」，或在实验台用同一组合运行（改过数值也算），都计入。缺陷开关共有 {} 种组合（\
         fencing {fencing} 种、operations {operations} 种），其余组合运行过的在括号里另计；自建场景（model）的运行不计入。",
        fencing + operations
    )
}

/// Where to go on: the questions due today, answers left half-done, the next chapter not yet
/// read, the next challenge not yet solved — each that applies, in that order.
#[component]
fn NextStep() -> impl IntoView {
    let parts = Parts::new();
    let steps = move || {
        let mut steps: Vec<(String, String)> = Vec::new();
        let now = clock::now();
        let due = parts.study.record().with(|p| due_today(p, now).len());
        if due > 0 {
            steps.push((Route::SelfTest.href(), format!("复习今天到期的 {due} 道自测题")));
        }
        // Answers left half-done, by name: finishing them comes before starting more.
        for (i, q) in QUESTIONS.iter().enumerate() {
            if let Some(words) =
                parts.study.record().with(|p| super::in_progress(&p.question(q.id)))
            {
                steps.push((
                    Route::SelfTest.href_at(&format!("{}-state", q.id)),
                    format!("回到第 {} 题（{words}）", i + 1),
                ));
            }
        }
        steps.extend(parts.chapters.record().with(crate::reading::tracker::reading_ways));
        // Those not begun: the half-done ones are named above.
        let untouched = parts.study.record().with(|p| {
            QUESTIONS
                .iter()
                .filter(|q| p.question(q.id).state() == QuestionState::NotStarted)
                .count()
        });
        if untouched > 0 && due == 0 {
            steps.push((Route::SelfTest.href(), format!("闭卷自测还有 {untouched} 道题尚未开始")));
        }
        if let Some(c) = CHALLENGES
            .iter()
            .find(|c| parts.lab.record().with(|p| !p.challenges.contains_key(c.id)))
        {
            steps.push((Route::Explore.href_with(&c.query()), format!("挑战：{}", c.task)));
        }
        steps
    };
    view! {
        <section aria-labelledby="pn" class="next-step">
            <h2 id="pn">"接下来"</h2>
            {move || {
                let steps = steps();
                if steps.is_empty() {
                    view! {
                        <p>
                            "章节读完、自测都已作答、挑战全部完成。到期的题目会按复习间隔回来。"
                        </p>
                    }
                        .into_any()
                } else {
                    view! {
                        <ul class="next-list">
                            {steps
                                .into_iter()
                                .map(|(href, words)| {
                                    view! {
                                        <li>
                                            <a href=href>{words}</a>
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
