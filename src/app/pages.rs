//! Which page each route shows, inside the shell, with its title and description. Every
//! route is rendered to HTML at build time (src/bin/prerender.rs); in the browser only the
//! islands in it come alive.

use super::shell::Shell;
use crate::content::{block_text, chapter_index, CHAPTERS, TOC};
use crate::route::Route;
use crate::{experiments, progress, reading, selftest};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};

/// Every route the site has, in the order the renderer writes them.
pub fn routes() -> Vec<Route> {
    let mut all = vec![Route::Home];
    all.extend(TOC.iter().map(|c| Route::Chapter(c.slug)));
    all.extend([
        Route::All,
        Route::Explore,
        Route::SelfTest,
        Route::Progress,
        Route::Glossary,
        Route::NotFound,
    ]);
    all
}

/// The browser module a route's page loads (its islands: the features in Cargo.toml): `lab` for
/// the explorer, `commands` where the lab chapter's commands run (the chapter and the whole
/// lesson), `study` for the self-test, progress and the follow-up questions' recall cards,
/// `reading` everywhere else.
pub fn module(route: Route) -> &'static str {
    match route {
        Route::Explore => "lab",
        Route::All | Route::Chapter("lab") => "commands",
        Route::SelfTest | Route::Progress | Route::Chapter("follow-ups") => "study",
        _ => "reading",
    }
}

/// A page's `<title>` and meta description.
fn meta(route: Route) -> (String, String) {
    const SITE: &str = "学习台 · 租约与 fencing";
    let chapter = |i: usize| {
        // The chapter's opening words, as a search result would show them.
        let text: String = CHAPTERS[i].blocks.iter().map(block_text).collect::<Vec<_>>().join(" ");
        let summary: String = text.chars().filter(|c| *c != '\n').take(110).collect();
        (format!("{} · {SITE}", CHAPTERS[i].title), summary)
    };
    match route {
        Route::Home => chapter(0),
        Route::Chapter(slug) => chapter(chapter_index(slug).expect("routes name known chapters")),
        Route::All => (format!("全文 · {SITE}"), "租约和 fencing 一课的全部章节，合在一页，便于通读与打印。".into()),
        Route::Explore => (
            format!("实验台 · {SITE}"),
            "在页面里运行课程的 fencing 事件模型：打开缺陷开关、修改输入，逐步查看每条交错与性质检查，输出与命令行逐字相同。".into(),
        ),
        Route::SelfTest => (format!("闭卷自测 · {SITE}"), "四道闭卷题：先凭记忆作答，再对照参考答案与评分点，最后三档自评。".into()),
        Route::Progress => (format!("学习进度 · {SITE}"), "本机浏览器里保存的阅读、实验、作答与自评记录，可导出、导入与清除。".into()),
        Route::Glossary => (
            format!("术语表 · {SITE}"),
            "owner、租约、fence、token、generation、op_seq、幂等键、提交点等术语之间的关系，由本学习台依据课文编写。".into(),
        ),
        Route::NotFound => (format!("找不到页面 · {SITE}"), "这个地址没有对应的页面。".into()),
    }
}

/// One route's whole page body.
#[component]
pub fn Page(route: Route) -> impl IntoView {
    let current = match route {
        Route::Home => Some(0),
        Route::Chapter(slug) => chapter_index(slug),
        _ => None,
    };
    let body = match route {
        Route::Home => view! { <reading::ChapterPage index=0 home=true /> }.into_any(),
        Route::Chapter(_) => {
            view! { <reading::ChapterPage index=current.unwrap_or(0) /> }.into_any()
        }
        Route::All => view! { <reading::WholeLesson /> }.into_any(),
        Route::Explore => view! { <experiments::ExplorerPage /> }.into_any(),
        Route::SelfTest => view! { <selftest::SelfTestPage /> }.into_any(),
        Route::Progress => view! { <progress::ProgressPage /> }.into_any(),
        Route::Glossary => view! { <reading::GlossaryPage /> }.into_any(),
        Route::NotFound => view! { <reading::NotFound /> }.into_any(),
    };
    let (title, description) = meta(route);
    view! {
        <Title text=title />
        <Meta name="description" content=description />
        <Shell route=route current=current>
            {body}
        </Shell>
    }
}
