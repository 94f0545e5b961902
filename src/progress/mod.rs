//! The progress page: what was read, run, answered and rated, as a picture and in detail;
//! export, import (preview, then merge or replace) and reset; and where the data lives.

mod runs;

use crate::clock;
use crate::content::{QUESTIONS, TOC};
use crate::record::chapters::{ChapterState, Chapters};
use crate::record::lab::Lab;
use crate::record::recall::Recall;
use crate::record::review::Rating;
use crate::record::study::Study;
use crate::route::Route;
use crate::selftest::{due_today, next_review, rating_label, when};
use crate::storage::backup::Backup;
use crate::storage::persist;
use crate::storage::status::quarantined;
use crate::storage::store::{use_store, Import, Store};
use crate::storage::transfer::{preview, read_import, Preview};
use crate::ui::dialog::Dialog;
use crate::ui::download::download;
use fencing_model::challenges::CHALLENGES;
use fencing_model::{Case, Defects, Experiment};
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use runs::{Challenges, Predictions, Runs};

/// Named for the day on the app's one clock (UTC, as the ISO date of the export's times).
fn export_name() -> String {
    let iso: String = js_sys::Date::new(&crate::clock::now().into()).to_iso_string().into();
    format!("fencing-study-progress-{}.json", &iso[..10])
}

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
            <ProgressView />
        </article>
    }
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
fn FollowUps() -> impl IntoView {
    let recall = use_store::<Recall>().record();
    let cards = crate::content::chapter_index("follow-ups").map_or(0, |i| {
        crate::content::CHAPTERS[i]
            .blocks
            .iter()
            .filter(|b| matches!(b, crate::content::Block::Qa { .. }))
            .count()
    });
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

#[island]
fn ProgressView() -> impl IntoView {
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
                            <th scope="col">"当前自评"</th>
                            <th scope="col">"作答次数"</th>
                            <th scope="col" class="last-attempt">
                                "最近一次"
                            </th>
                            <th scope="col">"下次复习"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {QUESTIONS
                            .iter()
                            .enumerate()
                            .map(|(i, q)| {
                                view! {
                                    <tr>
                                        <th scope="row">
                                            <a href=Route::SelfTest
                                                .href_at(
                                                    q.id,
                                                )>{format!("第 {} 题 · {}", i + 1, q.topic)}</a>
                                        </th>
                                        <td>
                                            {move || {
                                                p.with(|p| {
                                                    p.question(q.id).level().map_or("—", rating_label)
                                                })
                                            }}
                                        </td>
                                        <td>
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
                                        <td class="next-review">
                                            {move || {
                                                p.with(|p| {
                                                    next_review(&p.question(q.id), clock::now())
                                                        .map_or("自评后安排".to_string(), |(_, when)| when)
                                                })
                                            }}
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
        <FollowUps />
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

/// What is due for review today, with a way straight to it.
#[component]
fn DueToday() -> impl IntoView {
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
                                    view! {
                                        <li>
                                            <a href=Route::SelfTest
                                                .href_at(q.id)>{format!("第 {n} 题 · {}", q.topic)}</a>
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
fn Summary() -> impl IntoView {
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
                        .map(|(i, (label, n, of, extra))| {
                            let y = 4.0 + i as f64 * 60.0;
                            let w = 310.0 * n as f64 / of.max(1) as f64;
                            view! {
                                <g class="bar">
                                    <text x="0" y=y + 14.0 class="bar-label">
                                        {label}
                                        <tspan class="bar-extra">{extra}</tspan>
                                    </text>
                                    <rect
                                        x="0"
                                        y=y + 22.0
                                        width="310"
                                        height="22"
                                        rx="5"
                                        class="bar-track"
                                    />
                                    <rect
                                        x="0"
                                        y=y + 22.0
                                        width=w
                                        height="22"
                                        rx="5"
                                        class="bar-fill"
                                    />
                                    <text x="320" y=y + 38.0 class="bar-num">
                                        {format!("{n}/{of}")}
                                    </text>
                                </g>
                            }
                        })
                        .collect_view()
                }}
            </svg>
            <figcaption>{text}</figcaption>
        </figure>
        <p class="hint runs-denominator">{runs_denominator()}</p>
        <NextStep />
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

/// Where to go on: the questions due today, the next chapter not yet read, the next challenge
/// not yet solved — each that applies, in that order.
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
        let chapters = parts.chapters.record();
        // Onward from the furthest chapter reached (the landing starts at chapter 2), else from the
        // start.
        let reached = TOC
            .iter()
            .rposition(|c| chapters.with(|p| p.chapter(c.slug) != ChapterState::Unopened))
            .unwrap_or(0);
        let unread = |(_, c): &(usize, &crate::content::Toc)| {
            chapters.with(|p| p.chapter(c.slug) != ChapterState::Read)
        };
        if let Some((i, c)) = TOC.iter().enumerate().skip(reached).find(unread) {
            steps.push((
                Route::Chapter(c.slug).href(),
                format!("接着读第 {} 章 · {}", i + 1, c.nav),
            ));
        }
        // Chapters left unread behind the furthest one reached: named, not silently skipped.
        let skipped: Vec<(usize, &crate::content::Toc)> =
            TOC.iter().enumerate().take(reached).filter(unread).collect();
        if let Some(&(i, c)) = skipped.first() {
            let more = if skipped.len() > 1 {
                format!("（前面共 {} 章没读完）", skipped.len())
            } else {
                String::new()
            };
            steps.push((
                Route::Chapter(c.slug).href(),
                format!("回头补读第 {} 章 · {}{more}", i + 1, c.nav),
            ));
        }
        let unrated = parts
            .study
            .record()
            .with(|p| QUESTIONS.iter().filter(|q| p.question(q.id).attempts.is_empty()).count());
        if unrated > 0 && due == 0 {
            steps.push((Route::SelfTest.href(), format!("闭卷自测还有 {unrated} 道题没自评")));
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

/// What localStorage holds per site in Chromium and Firefox, in UTF-16 code units (measured:
/// a longer value throws `QuotaExceededError`); the stored document counts the same way.
const LOCAL_STORAGE_LIMIT: usize = 5_242_880;

/// A count of characters as a learner reads it: `3,200 个字符`, `1.21 M 个字符`.
fn characters(n: usize) -> String {
    if n >= 1_000_000 {
        format!("{:.2} M 个字符", n as f64 / 1e6)
    } else {
        format!(
            "{} 个字符",
            n.to_string()
                .as_bytes()
                .rchunks(3)
                .rev()
                .map(|c| std::str::from_utf8(c).unwrap_or(""))
                .collect::<Vec<_>>()
                .join(",")
        )
    }
}

/// Export, import with preview, reset behind a confirmation.
#[component]
fn Transfer() -> impl IntoView {
    let store = Parts::new();
    let pending = RwSignal::new(None::<(Backup, Preview)>);
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<&'static str>);
    let file_input = NodeRef::<html::Input>::new();
    let confirm = RwSignal::new(false);
    let exported = RwSignal::new(None::<String>);
    let export = move |_| {
        let (name, doc) = (export_name(), untrack(|| store.whole()));
        let json = doc.to_pretty_json();
        download(&name, &json);
        let attempts: usize = doc.questions.values().map(|q| q.attempts.len()).sum();
        exported.set(Some(format!(
            "已导出 {name}（{:.1} KB）：章节记录 {} 条、作答记录 {attempts} 次、草稿 {} 份、实验记录 {} 项、预测 {} 次、完成的挑战 {} 个、\
             追问回答 {} 份。文件在浏览器的下载位置；导入它即可在另一台设备或浏览器上继续。",
            json.len() as f64 / 1024.0,
            doc.chapters.len(),
            doc.questions.values().filter(|q| !q.current.answer.trim().is_empty()).count(),
            doc.runs.len(),
            doc.predictions.len(),
            doc.challenges.len(),
            doc.recall.values().map(Vec::len).sum::<usize>(),
        )));
        // The download itself is silent: bring what it saved into view.
        request_animation_frame(|| {
            if let Some(el) = document().query_selector(".transfer .exported").ok().flatten() {
                el.scroll_into_view_with_bool(false);
            }
        });
    };
    let choose = move |_| {
        let Some(input) = file_input.get_untracked() else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        pending.set(None);
        done.set(None);
        let size = file.size() as usize;
        spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string());
            match text
                .ok_or_else(|| "无法读取这个文件".to_string())
                .and_then(|t| read_import(&t, size))
            {
                Ok(doc) => {
                    error.set(None);
                    let pv = preview(&untrack(|| store.whole()), &doc);
                    pending.set(Some((doc, pv)));
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let apply = move |how: Import| {
        if let Some((doc, _)) = pending.get_untracked() {
            store.import(doc, how);
            pending.set(None);
            done.set(Some(match how {
                Import::Replace => "已用文件替换本机记录。",
                Import::Merge => "已把文件合并进本机记录。",
            }));
        }
    };
    view! {
        <section aria-labelledby="pt" class="transfer">
            <h2 id="pt">"备份与迁移"</h2>
            <div class="actions">
                <button type="button" class="tool-btn" on:click=export>
                    "导出进度（JSON）"
                </button>
                <label class="tool-btn file-btn">
                    "导入进度文件…"
                    <input
                        type="file"
                        accept="application/json,.json"
                        node_ref=file_input
                        on:change=choose
                        class="visually-hidden"
                    />
                </label>
                <button type="button" class="tool-btn danger" on:click=move |_| confirm.set(true)>
                    "清除全部记录…"
                </button>
            </div>
            <p class="editor-error" role="alert" hidden=move || error.get().is_none()>
                {move || {
                    error
                        .get()
                        .map(|e| format!("未导入：{e}。本机记录没有任何改动。"))
                }}
            </p>
            <p role="status" class="done">
                {move || done.get()}
            </p>
            <p role="status" class="exported">
                {move || exported.get()}
            </p>
            {move || {
                pending
                    .get()
                    .map(|(_, pv)| {
                        view! {
                            <div class="import-preview" role="region" aria-label="导入预览">
                                <p>
                                    <strong>"导入预览："</strong>
                                    {format!(
                                        "新增章节记录 {} 条、作答记录 {} 次、较新的草稿 {} 份、实验记录 {} 项、预测 {} 次、\
                                         完成的挑战 {} 个、追问回答 {} 份（复习安排随作答记录合并）。",
                                        pv.chapters_new,
                                        pv.attempts_new,
                                        pv.drafts_changed,
                                        pv.runs_new,
                                        pv.predictions_new,
                                        pv.challenges_new,
                                        pv.recall_new,
                                    )}
                                </p>
                                <p class="hint">
                                    {format!(
                                        "「合并」保留本机已有的一切；「替换」以文件为准，本机独有的 {} 次作答记录会被丢弃。",
                                        pv.attempts_lost_on_replace,
                                    )}
                                </p>
                                <div class="actions">
                                    <button
                                        type="button"
                                        class="tool-btn primary"
                                        on:click=move |_| apply(Import::Merge)
                                    >
                                        "合并"
                                    </button>
                                    <button
                                        type="button"
                                        class="tool-btn"
                                        on:click=move |_| apply(Import::Replace)
                                    >
                                        "替换"
                                    </button>
                                    <button
                                        type="button"
                                        class="tool-btn"
                                        on:click=move |_| pending.set(None)
                                    >
                                        "取消"
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
            <Dialog open=confirm labelled_by="reset-title">
                <h2 id="reset-title">"清除全部记录？"</h2>
                <p>
                    "阅读、实验、作答与自评记录都会从本机删除，无法撤销。建议先导出一份备份。"
                </p>
                <div class="actions">
                    <button type="button" class="tool-btn" on:click=export>
                        "先导出备份"
                    </button>
                    <button
                        type="button"
                        class="tool-btn danger"
                        on:click=move |_| {
                            let all = store.reset();
                            confirm.set(false);
                            done.set(
                                Some(
                                    if all {
                                        "已清除全部记录。"
                                    } else {
                                        "有些记录未能清除（本地存储拒绝写入，或由更新版本学习台写入），仍保存在本机，刷新后会重新显示。"
                                    },
                                ),
                            );
                        }
                    >
                        "确认清除"
                    </button>
                    <button
                        type="button"
                        class="tool-btn"
                        on:click=move |_| confirm.set(false)
                        autofocus
                    >
                        "取消"
                    </button>
                </div>
            </Dialog>
        </section>
    }
}

/// Where the data lives and how safe it is there.
#[component]
fn Keeping() -> impl IntoView {
    let store = Parts::new();
    // What storage holds is read in the browser only.
    let raw = RwSignal::new(None);
    Effect::new(move |_| {
        raw.set(quarantined());
        persist::read();
    });
    let status = move || {
        store.notice().unwrap_or_else(|| "记录保存在本机浏览器的 localStorage 中。".to_string())
    };
    view! {
        <section aria-labelledby="pk" class="keeping">
            <h2 id="pk">"记录存在哪里"</h2>
            <p>{status}</p>
            <p>
                {move || match persist::persisted().get() {
                    None => "正在向浏览器查询本站数据的保存方式…",
                    Some(true) => {
                        "浏览器已为本站启用持久存储：存储空间紧张时一般不会自动清除本站数据；手动清除网站数据仍会删除它，下面说的清理规则也可能删除它。"
                    }
                    Some(false) => {
                        "浏览器按默认的“尽力保存”方式保存本站数据，存储空间紧张时可能自动清除它。在闭卷自测里作答时，学习台会向浏览器申请一次持久存储（浏览器不支持时无法申\
                         请），是否同意由浏览器决定（有的会询问你）。"
                    }
                }}
            </p>
            <p class="quota">
                {move || {
                    let used = store.whole().to_json().encode_utf16().count();
                    let share = used as f64 * 100.0 / LOCAL_STORAGE_LIMIT as f64;
                    let share = if share < 0.1 {
                        "不到 0.1%".to_string()
                    } else {
                        format!("{share:.1}%")
                    };
                    format!(
                        "本机记录约 {}，占 localStorage 常见上限（每个网站 {}，Chromium 与 Firefox）的 {share}。",
                        characters(used),
                        characters(LOCAL_STORAGE_LIMIT),
                    )
                }}
            </p>
            <p class="hint">
                "浏览器还可能按自己的规则清除网站数据，例如 Safari 可能在你使用 Safari 的 7 天里都没有在本站上操作（点按、输入）时清除它；\
                 导出的 JSON 文件才是你的备份。"
            </p>
            {move || {
                raw.get()
                    .map(|text| {
                        let for_export = text.clone();
                        view! {
                            <div
                                class="quarantine"
                                role="region"
                                aria-label="无法读取的旧记录"
                            >
                                <p>
                                    {format!(
                                        "有一份无法读取的旧记录（{} 字节）被另存了下来。可以导出原始内容自行检查，或丢弃它。",
                                        text.len(),
                                    )}
                                </p>
                                <div class="actions">
                                    <button
                                        type="button"
                                        class="tool-btn"
                                        on:click=move |_| download(
                                            "fencing-study-unreadable.txt",
                                            &for_export,
                                        )
                                    >
                                        "导出原始内容"
                                    </button>
                                    <button
                                        type="button"
                                        class="tool-btn danger"
                                        on:click=move |_| {
                                            store.discard_quarantine();
                                            raw.set(None);
                                        }
                                    >
                                        "丢弃"
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
        </section>
    }
}
