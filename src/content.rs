//! The lesson as typed data. `build/main.rs` generates `CHAPTERS` (with every block) and `TOC`
//! (slugs and titles only) from content/lesson/*.md; this module holds the types and the lookups
//! the components need. The page's islands use `TOC`, never `CHAPTERS`: the lesson's text reaches
//! the browser as prerendered HTML, not inside the WASM. Likewise a question's wording and
//! context (`QUESTION_TEXTS`) apart from what its answering needs (`QUESTIONS`).

/// A piece of running text. Everything reaches the DOM as a text node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inline {
    Text(&'static str),
    Strong(&'static str),
    Code(&'static str),
    /// An in-app link (a chapter or view path, without the site's base).
    Link {
        href: &'static str,
        text: &'static str,
    },
    /// A page of the wider course that this app does not have: shown, never linked.
    Outside(&'static str),
}

pub use crate::tok::Tok;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    Para(&'static [Inline]),
    /// A paragraph this app adds to the lesson (shown marked as an addition).
    Addition(&'static [Inline]),
    /// A note this app adds, folded (`> [!NOTE]`): its bold opening is what shows.
    Fold(&'static [Inline]),
    List {
        ordered: bool,
        items: &'static [&'static [Inline]],
    },
    /// Code; `caption` (possibly empty) says what it is.
    Code {
        lang: &'static str,
        caption: &'static str,
        lines: &'static [&'static [(Tok, &'static str)]],
    },
    Table {
        head: &'static [&'static str],
        rows: &'static [&'static [&'static str]],
    },
    /// A drawn figure, by name, with its caption.
    Figure {
        name: &'static str,
        caption: &'static str,
    },
    /// The lab's commands, each runnable in the page and by the CLI.
    Lab {
        label: &'static str,
        commands: &'static [&'static str],
    },
    /// A follow-up question whose answer stays hidden until asked for.
    Qa {
        question: &'static str,
        answer: &'static str,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chapter {
    pub slug: &'static str,
    /// Short title for the chapter list.
    pub nav: &'static str,
    pub title: &'static str,
    pub blocks: &'static [Block],
}

/// A chapter as the chapter list and the pager name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Toc {
    pub slug: &'static str,
    pub nav: &'static str,
    pub title: &'static str,
}

/// A closed-book question, as its answering needs it; the words it is asked in and the words
/// revealed after are apart (`QuestionText`, `Reference`), so that no island's WASM carries them
/// before they are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    pub id: &'static str,
    /// The wording's version: attempts saved against an earlier wording are shown as such.
    pub version: u32,
    pub topic: &'static str,
    /// The chapters to reread when the question could not be recalled (the first is the main one).
    pub reread: &'static [&'static str],
    /// How many scoring points (评分点) it has.
    pub points: usize,
    /// The points that are this app's additions (their words open with `APP_NOTE`), by index.
    pub additions: &'static [usize],
    /// The chapter (slug) each point draws on, by index; `reread` holds them all.
    pub sources: &'static [&'static str],
}

/// What the learner reads of a question before answering: prerendered, never in the WASM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuestionText {
    pub id: &'static str,
    pub prompt: &'static str,
    /// A trace of steps, the setting.
    pub context: &'static [Block],
}

/// What a question shows once revealed: its reference answer and the words of its scoring
/// points, each one checkable claim. In a piece of its own (`selftest::reference_of`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reference {
    pub id: &'static str,
    pub answer: &'static str,
    pub points: &'static [&'static str],
}

impl Question {
    /// Its wording and context.
    pub fn text(&self) -> &'static QuestionText {
        QUESTION_TEXTS.iter().find(|t| t.id == self.id).expect("build/main.rs writes each")
    }

    /// Its reference answer and scoring points.
    pub fn reference(&self) -> &'static Reference {
        REFERENCES.iter().find(|r| r.id == self.id).expect("build/main.rs writes each")
    }

    /// The scoring points that are the lesson's own (not this app's additions), by index.
    pub fn lesson_points(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.points).filter(|k| !self.additions.contains(k))
    }
}

include!(concat!(env!("OUT_DIR"), "/lesson.rs"));

/// The anchor id of a block (`prefix` is a chapter's slug or a question's id), unique on the
/// whole-lesson page too.
pub fn block_id(prefix: &str, i: usize) -> String {
    format!("{prefix}-b{i}")
}

pub fn chapter_index(slug: &str) -> Option<usize> {
    TOC.iter().position(|c| c.slug == slug)
}

fn inline_text(i: &Inline) -> &'static str {
    match i {
        Inline::Text(t) | Inline::Strong(t) | Inline::Code(t) | Inline::Outside(t) => t,
        Inline::Link { text, .. } => text,
    }
}

/// The plain text of a block, as search sees it.
pub fn block_text(b: &Block) -> String {
    let inlines = |xs: &[Inline]| xs.iter().map(inline_text).collect::<String>();
    match b {
        Block::Para(xs) | Block::Addition(xs) | Block::Fold(xs) => inlines(xs),
        Block::List { items, .. } => {
            items.iter().map(|i| inlines(i)).collect::<Vec<_>>().join("\n")
        }
        Block::Code { lines, .. } => lines
            .iter()
            .map(|l| l.iter().map(|(_, t)| *t).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Table { head, rows } => std::iter::once(*head)
            .chain(rows.iter().copied())
            .map(|r| r.join(" | "))
            .collect::<Vec<_>>()
            .join("\n"),
        Block::Figure { caption, .. } => caption.to_string(),
        Block::Lab { commands, .. } => commands.join("\n"),
        Block::Qa { question, answer } => format!("{question}\n答：{answer}"),
    }
}

#[cfg(test)]
mod tests;
