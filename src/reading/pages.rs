//! The reading pages, rendered at build time: a chapter, the whole lesson, the not-found page.

use super::blocks::Blocks;
use super::tracker::{PrintButton, ReadTracker};
use super::welcome::WelcomeBack;
use crate::content::{block_id, block_text, Chapter, CHAPTERS, TOC};
use crate::route::Route;
use crate::ui::copy::CopyPageLink;
use leptos::prelude::*;

/// How long a chapter takes to read at a brisk 20 characters a second, at least 5 s: a short
/// chapter counts as read after that long open, not when it loads.
fn reading_ms(chapter: &Chapter) -> u32 {
    let chars: usize = chapter.blocks.iter().map(|b| block_text(b).chars().count()).sum();
    (chars as u32 * 50).max(5_000)
}

/// The landing's way through the lesson (this app's addition, after the lesson's own first
/// paragraph): the story in one line, the three steps with a time for the reading, a start.
#[component]
fn Orientation() -> impl IntoView {
    // At a careful 300 characters a minute (the chapters are technical), the lesson after the
    // intro.
    let chars: usize =
        CHAPTERS[1..].iter().flat_map(|c| c.blocks).map(|b| block_text(b).chars().count()).sum();
    let minutes = (chars / 300 / 5 + 1) * 5;
    let second = &TOC[1];
    view! {
        <aside class="orientation" aria-labelledby="orientation-title">
            <span class="addition-tag">"本学习台补充"</span>
            // First, so that a returning learner's way on is in sight without scrolling.
            <WelcomeBack />
            <h2 id="orientation-title">"这一课怎么学"</h2>
            <p class="hook">
                "A 拿着 fence 41 暂停；它的租约到期，42 授给了 B，B 的结果已经提交。A 醒来，还带着 41 去写——挡住它的不是锁，而是资源在提交处的检查。"
            </p>
            <ol class="route-steps">
                <li>
                    <a href=Route::Chapter(second.slug)
                        .href()>{format!("读完其余 {} 个短章", CHAPTERS.len() - 1)}</a>
                    {format!(
                        "（约 {minutes} 分钟）：owner 与租期、41/42/41 时间线、发号与授予、一个任期多次写、资源怎样参与、\
                         可运行实验、U60 真实服务验证（在真实的 Redis、MySQL 等服务上）、三轮追问，以及闭卷验收与来源。",
                    )}
                </li>
                <li>
                    <a href=Route::Chapter("lab").href()>"运行课程的实验"</a>
                    "：第 7 章的五条命令都能在页面里运行；到"
                    <a href=Route::Explore.href()>"实验台"</a>
                    "还可以由你来调度，试着让旧持有者得逞。"
                </li>
                <li>
                    <a href=Route::SelfTest.href()>"闭卷自测四道题"</a>
                    "：先凭记忆作答，再对照评分点，三档自评，按间隔复习。"
                </li>
            </ol>
            // The lesson starts right below, with the intro's own paragraph: the pager then leads
            // on to chapter 2. The start comes before the note on storage, so that on a phone it
            // is on the first screen.
            <a class="start" href=format!("#{}", block_id(TOC[0].slug, 0))>
                "开始：先读下面的引言 ↓"
            </a>
            <p class="hint">
                "阅读、运行与作答的进度只保存在本机浏览器，可在「学习进度」页导出备份。"
            </p>
        </aside>
    }
}

#[component]
pub fn ChapterPage(index: usize, #[prop(optional)] home: bool) -> impl IntoView {
    let chapter: &'static Chapter = &CHAPTERS[index];
    let slug = chapter.slug;
    let prev = index.checked_sub(1).map(|i| &TOC[i]);
    let next = TOC.get(index + 1);
    // The first chapter's title is the lesson's own name: the kicker says it is the 引言 that
    // the sidebar, the pager and the landing's start call it.
    let also = if index == 0 { format!(" · {}", TOC[0].nav) } else { String::new() };
    // Each term's first use on the page carries its definition.
    super::glossary::Seen::provide();
    view! {
        <article class="chapter" aria-labelledby="chapter-title">
            <p class="kicker">
                {format!("第 {} 章{also} · 共 {} 章", index + 1, CHAPTERS.len())}
            </p>
            <div class="heading-row">
                <h1 id="chapter-title">{chapter.title}</h1>
                <CopyPageLink />
            </div>
            // On the landing the way comes first, so a phone shows it without scrolling.
            {home.then(|| view! { <Orientation /> })}
            <Blocks chapter=chapter />
            // The lesson's 「下方自测面板」 is this app's self-test page: its way in, as the call to
            // action.
            {(slug == "closed-book")
                .then(|| {
                    view! {
                        <a class="cta" href=Route::SelfTest.href()>
                            "打开闭卷自测（4 道题）→"
                        </a>
                    }
                })}
            <ReadTracker slug=slug.to_string() dwell_ms=reading_ms(chapter) />
            <nav class="pager" aria-label="翻页">
                {prev
                    .map(|c| {
                        view! {
                            <a href=Route::Chapter(c.slug).href() class="pager-prev" rel="prev">
                                <span class="pager-dir">"← 上一章"</span>
                                <span>{c.nav}</span>
                            </a>
                        }
                    })}
                {match next {
                    Some(c) => {
                        view! {
                            <a href=Route::Chapter(c.slug).href() class="pager-next" rel="next">
                                <span class="pager-dir">"下一章 →"</span>
                                <span>{c.nav}</span>
                            </a>
                        }
                            .into_any()
                    }
                    None => {
                        // After the last chapter, the next step is the self-test.
                        view! {
                            <a href=Route::SelfTest.href() class="pager-next">
                                <span class="pager-dir">"下一步 →"</span>
                                <span>"闭卷自测"</span>
                            </a>
                        }
                            .into_any()
                    }
                }}
            </nav>
        </article>
    }
}

/// The whole lesson on one page: for reading straight through and for printing. The chapter
/// list marks the chapter in view (see `nav::ChapterNav`).
#[component]
pub fn WholeLesson() -> impl IntoView {
    super::glossary::Seen::provide();
    view! {
        <article class="chapter whole" aria-labelledby="whole-title">
            <div class="heading-row">
                <h1 id="whole-title">"全文 · 租约与 fencing"</h1>
                <PrintButton />
            </div>
            {CHAPTERS
                .iter()
                .map(|c| {
                    view! {
                        <section class="whole-chapter" aria-labelledby=format!("{}-title", c.slug)>
                            <div class="heading-row">
                                <h2 id=format!("{}-title", c.slug)>{c.title}</h2>
                                <a
                                    href=Route::Chapter(c.slug).href()
                                    class="anchor"
                                    aria-label=format!("单独打开：{}", c.title)
                                >
                                    "单独打开"
                                </a>
                            </div>
                            <Blocks chapter=c expanded=true />
                        </section>
                    }
                })
                .collect_view()}
        </article>
    }
}

#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <article class="chapter">
            <h1>"找不到这个页面"</h1>
            <p>
                "链接可能有误。可以从目录选择一章，或回到"
                <a href=Route::Home.href()>{TOC[0].nav}</a>"。"
            </p>
        </article>
    }
}
