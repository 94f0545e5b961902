//! The reading pages, rendered at build time: a chapter, the whole lesson, the not-found page.

use super::blocks::Blocks;
use super::tracker::{PrintButton, ReadTracker};
use crate::content::{Chapter, CHAPTERS, TOC};
use crate::route::Route;
use crate::ui::copy::CopyPageLink;
use leptos::prelude::*;

#[component]
pub fn ChapterPage(index: usize) -> impl IntoView {
    let chapter: &'static Chapter = &CHAPTERS[index];
    let slug = chapter.slug;
    let prev = index.checked_sub(1).map(|i| &TOC[i]);
    let next = TOC.get(index + 1);
    // Each term's first use on the page carries its definition.
    super::glossary::Seen::provide();
    view! {
        <article class="chapter" aria-labelledby="chapter-title">
            <p class="kicker">{format!("第 {} 章 · 共 {} 章", index + 1, CHAPTERS.len())}</p>
            <div class="heading-row">
                <h1 id="chapter-title">{chapter.title}</h1>
                <a href=Route::Chapter(slug).href() class="anchor" aria-label="本章固定链接">"#"</a>
                <CopyPageLink/>
            </div>
            <Blocks chapter=chapter/>
            <ReadTracker slug=slug.to_string()/>
            <nav class="pager" aria-label="翻页">
                {prev.map(|c| view! { <a href=Route::Chapter(c.slug).href() class="pager-prev" rel="prev"><span class="pager-dir">"← 上一章"</span><span>{c.nav}</span></a> })}
                {match next {
                    Some(c) => view! { <a href=Route::Chapter(c.slug).href() class="pager-next" rel="next"><span class="pager-dir">"下一章 →"</span><span>{c.nav}</span></a> }.into_any(),
                    // After the last chapter, the next step is the self-test.
                    None => view! { <a href=Route::SelfTest.href() class="pager-next"><span class="pager-dir">"下一步 →"</span><span>"闭卷自测"</span></a> }.into_any(),
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
                <PrintButton/>
            </div>
            {CHAPTERS.iter().map(|c| view! {
                <section class="whole-chapter" aria-labelledby=format!("{}-title", c.slug)>
                    <div class="heading-row">
                        <h2 id=format!("{}-title", c.slug)>{c.title}</h2>
                        <a href=Route::Chapter(c.slug).href() class="anchor" aria-label=format!("单独打开：{}", c.title)>"#"</a>
                    </div>
                    <Blocks chapter=c expanded=true/>
                </section>
            }).collect_view()}
        </article>
    }
}

#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <article class="chapter">
            <h1>"找不到这个页面"</h1>
            <p>"链接可能有误。可以从目录选择一章，或回到"<a href=Route::Home.href()>{TOC[0].nav}</a>"。"</p>
        </article>
    }
}
