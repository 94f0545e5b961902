//! The progress page: what was read, run, answered and rated, as a picture and in detail;
//! export, import (preview, then merge or replace) and reset; and where the data lives.

mod glance;
mod keeping;
mod runs;
mod transfer;

use crate::clock;
use crate::content::{QUESTIONS, TOC};
use crate::record::chapters::{ChapterState, Chapters};
use crate::record::lab::Lab;
use crate::record::recall::Recall;
use crate::record::study::{QuestionRecord, QuestionState, Study};
use crate::route::Route;
use crate::selftest::{next_review, rating_label, when};
use crate::storage::backup::Backup;
use crate::storage::store::{use_store, Import, Store};
use glance::{DueToday, Summary};
use keeping::Keeping;
use leptos::prelude::*;
use runs::{Challenges, Predictions, Runs};
use transfer::Transfer;

#[cfg(feature = "ssr")]
/// The progress page: prerendered as for a new learner; an island shows what this browser kept.
#[component]
pub fn ProgressPage() -> impl IntoView {
    view! {
        <article class="progress-page" aria-labelledby="progress-title">
            <h1 id="progress-title">"学习进度"</h1>
            <noscript>
                <p class="editor-error">
                    "学习进度保存在本机浏览器中，查看、导出与导入需要启用 JavaScript。"
                </p>
            </noscript>
            <ProgressView follow_ups=follow_up_count() />
        </article>
    }
}

/// How many follow-up questions the lesson asks (counted here, in the renderer, so that the
/// island does not carry the lesson's text).
#[cfg(feature = "ssr")]
fn follow_up_count() -> usize {
    crate::content::chapter_index("follow-ups").map_or(0, |i| {
        crate::content::CHAPTERS[i]
            .blocks
            .iter()
            .filter(|b| matches!(b, crate::content::Block::Qa { .. }))
            .count()
    })
}

/// The page shows every part, each from its own store.
#[derive(Clone, Copy)]
struct Parts {
    chapters: Store<Chapters>,
    lab: Store<Lab>,
    study: Store<Study>,
    recall: Store<Recall>,
}

impl Parts {
    fn new() -> Parts {
        Parts { chapters: use_store(), lab: use_store(), study: use_store(), recall: use_store() }
    }

    /// The whole document, as an export holds it.
    fn whole(&self) -> Backup {
        Backup::compose(
            &self.chapters.record().read(),
            &self.lab.record().read(),
            &self.study.record().read(),
            &self.recall.record().read(),
        )
    }

    fn import(&self, doc: Backup, how: Import) {
        let (chapters, lab, study, recall) = doc.split();
        self.chapters.import(chapters, how);
        self.lab.import(lab, how);
        self.study.import(study, how);
        self.recall.import(recall, how);
    }

    /// Whether every part was cleared (a part a newer app wrote is not; storage may refuse).
    fn reset(&self) -> bool {
        [self.chapters.reset(), self.lab.reset(), self.study.reset(), self.recall.reset()]
            .iter()
            .all(|done| *done)
    }

    fn discard_quarantine(&self) {
        self.chapters.discard_quarantine();
        self.lab.discard_quarantine();
        self.study.discard_quarantine();
        self.recall.discard_quarantine();
    }

    /// The first thing the learner should know about saving, of any part.
    fn notice(&self) -> Option<String> {
        [self.chapters.status(), self.lab.status(), self.study.status(), self.recall.status()]
            .iter()
            .find_map(|s| s.get().notice())
    }
}

/// The follow-up questions written to (this app's recall cards), with a way there.
#[component]
fn FollowUps(cards: usize) -> impl IntoView {
    let recall = use_store::<Recall>().record();
    view! {
        <section aria-labelledby="pf">
            <h2 id="pf">"三轮追问"</h2>
            <p class="recall-count">
                {move || {
                    format!(
                        "已写下回答的追问：{}/{cards}（先写后看的回忆卡片，本学习台补充；不计入自测）。",
                        recall.with(|r| r.cards.values().filter(|w| !w.is_empty()).count()),
                    )
                }} " "<a href=Route::Chapter("follow-ups").href()>"去作答 →"</a>
            </p>
        </section>
    }
}

/// An answer in progress (kept as a draft until rated), in words.
fn in_progress(q: &QuestionRecord) -> Option<&'static str> {
    match q.state() {
        QuestionState::Recalling => Some("作答中，草稿已存"),
        QuestionState::Revealed => Some("已对照，待自评"),
        _ => None,
    }
}

/// Where a question stands: its latest rating, and an answer in progress too, so that written
/// work never reads as nothing.
fn standing(q: &QuestionRecord) -> String {
    match (q.level().map(rating_label), in_progress(q)) {
        (Some(rated), Some(draft)) => format!("{rated}（新一轮{draft}）"),
        (Some(rated), None) => rated.to_string(),
        (None, Some(draft)) => draft.to_string(),
        (None, None) => "未作答".to_string(),
    }
}

/// Lazy, like every island of the study module: only `/progress` fetches its code.
#[island(lazy)]
fn ProgressView(follow_ups: usize) -> impl IntoView {
    let p = use_store::<Study>().record();
    let chapters = use_store::<Chapters>().record();
    view! {
        <Summary />
        <Transfer />
        <DueToday />
        <section aria-labelledby="pq">
            <h2 id="pq">"闭卷自测"</h2>
            <div class="table-wrap">
                <table class="question-status">
                    <thead>
                        <tr>
                            <th scope="col">"题目"</th>
                            <th scope="col">"状态"</th>
                            <th scope="col" class="count">
                                "自评次数"
                            </th>
                            <th scope="col" class="last-attempt">
                                "上次自评"
                            </th>
                            <th scope="col">"下次复习"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {QUESTIONS
                            .iter()
                            .enumerate()
                            .map(|(i, q)| {
                                let next = move || {
                                    let next = p
                                        .with(|p| next_review(&p.question(q.id), clock::now()));
                                    next.map_or("自评后安排".to_string(), |(_, when)| when)
                                };
                                view! {
                                    <tr>
                                        <th scope="row">
                                            <a href={Route::SelfTest
                                                .href_at(
                                                    q.id,
                                                )}>{format!("第 {} 题 · {}", i + 1, q.topic)}</a>
                                        </th>
                                        <td class="standing">
                                            {move || p.with(|p| standing(&p.question(q.id)))}
                                        </td>
                                        <td class="count">
                                            {move || p.with(|p| p.question(q.id).attempts.len())}
                                        </td>
                                        <td class="last-attempt">
                                            {move || {
                                                p.with(|p| {
                                                    p.question(q.id)
                                                        .attempts
                                                        .last()
                                                        .map_or("—".to_string(), |a| when(a.at))
                                                })
                                            }}
                                        </td>
                                        <td class="next-review">{next}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
        <FollowUps cards=follow_ups />
        <Runs />
        <Challenges />
        <section aria-labelledby="pc">
            <h2 id="pc">"章节"</h2>
            <ol class="chapter-status">
                {TOC
                    .iter()
                    .map(|c| {
                        view! {
                            <li>
                                <a href=Route::Chapter(c.slug).href()>{c.nav}</a>
                                <span class="status-word">
                                    {move || match chapters.with(|p| p.chapter(c.slug)) {
                                        ChapterState::Read => "已读完",
                                        ChapterState::Opened => "已打开",
                                        ChapterState::Unopened => "未打开",
                                    }}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </section>
        <Predictions />
        <Keeping />
    }
}
