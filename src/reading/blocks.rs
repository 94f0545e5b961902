//! Lesson blocks to HTML, at build time. Every piece of lesson text becomes a text node;
//! nothing is parsed or injected as HTML. Copy buttons and lab commands are islands.

use super::lab::LabCommands;
use super::timeline::Timeline;
use crate::content::{Block, Chapter, Inline};
use crate::ui::copy::CopyText;
use leptos::prelude::*;

use crate::content::block_id;

/// A chapter's blocks. `expanded` opens the think-first answers (the whole-lesson page
/// prints them).
#[component]
pub fn Blocks(chapter: &'static Chapter, #[prop(optional)] expanded: bool) -> impl IntoView {
    block_list(chapter.blocks, chapter.slug, expanded)
}

/// Blocks with anchor ids under `prefix` (a chapter's slug, a question's id).
pub fn block_list(blocks: &'static [Block], prefix: &'static str, expanded: bool) -> impl IntoView {
    blocks.iter().enumerate().map(|(i, b)| block(b, block_id(prefix, i), expanded)).collect_view()
}

/// A folded note's text after its title, without the colon that followed the title.
fn fold_body(xs: &'static [Inline]) -> impl IntoView {
    let (first, rest) = match xs.split_first() {
        Some((Inline::Text(t), rest)) => (Some(t.trim_start_matches('：')), rest),
        _ => (None, xs),
    };
    view! {
        {first.map(super::glossary::with_terms)}
        {inlines(rest)}
    }
}

pub fn inlines(xs: &'static [Inline]) -> impl IntoView {
    xs.iter()
        .map(|x| match *x {
            Inline::Text(t) => super::glossary::with_terms(t),
            Inline::Strong(t) => view! { <strong>{t}</strong> }.into_any(),
            Inline::Code(t) => view! { <code>{t}</code> }.into_any(),
            Inline::Link { href, text } => {
                view! { <a href=crate::route::href(href)>{text}</a> }.into_any()
            }
            Inline::Outside(t) => view! {
                <span class="outside" title="课程中的另一页，不在本学习台内">
                    {t}
                    <span class="outside-tag">"（本课之外）"</span>
                </span>
            }
            .into_any(),
        })
        .collect_view()
}

/// A table's cell: the first of a row heads it; each names its column (`data-label`).
fn cell(heads_row: bool, text: &'static str, label: &'static str) -> AnyView {
    if heads_row {
        view! {
            <th scope="row" data-label=label>
                {text}
            </th>
        }
        .into_any()
    } else {
        view! { <td data-label=label>{text}</td> }.into_any()
    }
}

fn block(b: &'static Block, id: String, expanded: bool) -> AnyView {
    match *b {
        Block::Para(xs) => view! { <p id=id>{inlines(xs)}</p> }.into_any(),
        Block::Addition(xs) => view! {
            <aside class="addition" id=id aria-label="本学习台补充">
                <span class="addition-tag">"本学习台补充"</span>
                <p>{inlines(xs)}</p>
            </aside>
        }
        .into_any(),
        Block::Fold(xs) => {
            // The bold opening is the summary; the rest (after its colon) unfolds.
            let (title, rest) = match xs.split_first() {
                Some((Inline::Strong(t), rest)) => (*t, rest),
                _ => ("本学习台的说明", xs),
            };
            view! {
                <details class="addition fold" id=id>
                    <summary>
                        <span class="addition-tag">"本学习台补充"</span>
                        " "
                        {title}
                    </summary>
                    <p>{fold_body(rest)}</p>
                </details>
            }
            .into_any()
        }
        Block::List { ordered: true, items } => {
            let items = items.iter().map(|i| view! { <li>{inlines(i)}</li> }).collect_view();
            view! { <ol id=id>{items}</ol> }.into_any()
        }
        Block::List { ordered: false, items } => {
            let items = items.iter().map(|i| view! { <li>{inlines(i)}</li> }).collect_view();
            view! { <ul id=id>{items}</ul> }.into_any()
        }
        Block::Code { lang, caption, lines } => {
            let plain: String = lines
                .iter()
                .map(|l| l.iter().map(|(_, t)| *t).collect::<String>() + "\n")
                .collect();
            view! {
                <figure class="code" id=id>
                    <figcaption class="code-head">
                        <span class="code-lang">{lang}</span>
                        {(!caption.is_empty())
                            .then(|| view! { <span class="code-caption">{caption}</span> })}
                        <CopyText text=plain label="复制代码".to_string() />
                    </figcaption>
                    <pre tabindex="0" role="region" aria-label=format!("{lang} 代码")>
                        <code>
                            {lines
                                .iter()
                                .map(|l| {
                                    view! {
                                        <span class="line">
                                            {l
                                                .iter()
                                                .map(|(tok, t)| {
                                                    view! { <span class=tok.class()>{*t}</span> }
                                                })
                                                .collect_view()}
                                        </span>
                                        "\n"
                                    }
                                })
                                .collect_view()}
                        </code>
                    </pre>
                </figure>
            }
            .into_any()
        }
        Block::Table { head, rows } => view! {
            <div
                class="table-wrap"
                id=id
                tabindex="0"
                role="region"
                aria-label=format!("表格：{}", head.join(" / "))
            >
                <table>
                    <thead>
                        <tr>
                            {head
                                .iter()
                                .map(|h| view! { <th scope="col">{*h}</th> })
                                .collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        {rows
                            .iter()
                            .map(|r| {
                                view! {
                                    // Each cell names its column: on a phone a row is shown as a
                                    // card.
                                    <tr>
                                        {r
                                            .iter()
                                            .enumerate()
                                            .map(|(i, c)| cell(i == 0, c, head[i]))
                                            .collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        }
        .into_any(),
        // The timeline draws itself, caption and switch included (reading/timeline.rs).
        Block::Figure { name: "timeline", caption } => {
            view! { <Timeline id=id.clone() caption=caption /> }.into_any()
        }
        Block::Figure { caption, .. } => view! {
            <figure class="figure" id=id.clone()>
                <figcaption>{caption}</figcaption>
            </figure>
        }
        .into_any(),
        Block::Lab { label, commands } => view! {
            <LabCommands
                id=id
                label=label.to_string()
                commands=commands.iter().map(|c| c.to_string()).collect()
            />
        }
        .into_any(),
        // On the chapter's page, a card to write in first (the study module's island); the
        // prerendered answer stays for a browser without JavaScript.
        Block::Qa { question, answer } if !expanded => view! {
            <crate::selftest::recall::RecallCard
                id=id.clone()
                question=question.to_string()
                answer=answer.to_string()
            />
            <noscript>{qa(question, answer, None, false)}</noscript>
        }
        .into_any(),
        Block::Qa { question, answer } => qa(question, answer, Some(id), true).into_any(),
    }
}

/// A think-first question and its answer: folded, or `open` with the think-first hint (the
/// whole lesson's page opens them, so printing prints them).
fn qa(
    question: &'static str,
    answer: &'static str,
    id: Option<String>,
    open: bool,
) -> impl IntoView {
    view! {
        <details class="qa" id=id open=open>
            <summary>
                <span class="qa-q">{question}</span>
                {open
                    .then(|| {
                        view! { <span class="qa-hint">"先想一想，再展开答案"</span> }
                    })}
            </summary>
            <p>
                <strong>"答："</strong>
                {answer}
            </p>
        </details>
    }
}
