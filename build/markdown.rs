//! One Markdown file to its front matter, its one heading and the `Block` expressions of the
//! rest. Conventions on top of CommonMark: fenced blocks whose info string names the kind —
//! ```figure NAME``` (a drawn figure; body = caption), ```lab LABEL``` (runnable commands, one
//! per line), ```qa QUESTION``` (a think-first question; body = answer), and code as
//! ```LANG CAPTION``` (text, sql or bash, with an optional caption). A block quote is what
//! this app adds to the lesson, shown marked as such (`> [!NOTE]`: folded). A link to
//! `outside:` marks a cross-reference to a page this app does not have.

use crate::highlight::highlight;
use pulldown_cmark::{
    BlockQuoteKind, CodeBlockKind, Event, MetadataBlockKind, Options, Parser, Tag, TagEnd,
};

pub struct Doc {
    pub front: Front,
    pub title: Option<String>,
    pub blocks: Vec<String>,
}

/// The front matter's `key: value` lines (between `---` lines, at the top): the few flat
/// fields the content uses, which a YAML parser would read no better.
pub struct Front(String);

impl Front {
    pub fn get(&self, name: &str) -> Result<&str, String> {
        let value = self.0.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(": "));
        value.map(str::trim).ok_or(format!("front matter lacks {name}"))
    }
}

/// A Rust string literal.
pub fn lit(s: &str) -> String {
    format!("{s:?}")
}

pub fn parse(source: &str) -> Result<Doc, String> {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_GFM | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let mut reader = Reader::default();
    for event in Parser::new_ext(source, options) {
        reader.read(event)?;
    }
    let front = reader.front.ok_or("missing front matter")?;
    Ok(Doc { front: Front(front), title: reader.title, blocks: reader.blocks })
}

/// Where the reader is in the file, and what it has gathered.
#[derive(Default)]
struct Reader {
    front: Option<String>,
    in_front: bool,
    title: Option<String>,
    /// The heading's text while inside it.
    heading: Option<String>,
    blocks: Vec<String>,
    /// The running text of the paragraph or list item being read.
    inlines: Vec<String>,
    /// A list's items so far, and whether it is numbered.
    items: Vec<String>,
    ordered: bool,
    in_item: bool,
    /// A fenced block's info string and text.
    code: Option<(String, String)>,
    /// A table's rows so far, and the cell being read.
    table: Vec<Vec<String>>,
    cell: String,
    strong: bool,
    /// A link's target and text while inside it.
    link: Option<(String, String)>,
    /// The block kind of a quote's paragraphs: this app's addition, or (`> [!NOTE]`) its fold.
    quote: Option<&'static str>,
}

impl Reader {
    fn read(&mut self, event: Event) -> Result<(), String> {
        match event {
            Event::Start(Tag::MetadataBlock(MetadataBlockKind::YamlStyle)) => self.in_front = true,
            Event::End(TagEnd::MetadataBlock(_)) => self.in_front = false,
            Event::Text(t) if self.in_front => self.front.get_or_insert_default().push_str(&t),
            Event::Start(Tag::Heading { .. }) => self.heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => {
                if self.title.is_some() {
                    return Err("one heading per file".into());
                }
                self.title = self.heading.take();
            }
            Event::Start(Tag::List(start)) => self.ordered = start.is_some(),
            Event::Start(Tag::Item) => self.in_item = true,
            Event::End(TagEnd::Item) => {
                self.in_item = false;
                let item = format!("&[{}]", self.take_inlines());
                self.items.push(item);
            }
            Event::End(TagEnd::List(_)) => {
                let items = std::mem::take(&mut self.items).join(", ");
                self.blocks.push(format!(
                    "Block::List {{ ordered: {}, items: &[{items}] }}",
                    self.ordered
                ));
            }
            Event::Start(Tag::BlockQuote(kind)) => {
                self.quote =
                    Some(if kind == Some(BlockQuoteKind::Note) { "Fold" } else { "Addition" })
            }
            Event::End(TagEnd::BlockQuote(_)) => self.quote = None,
            // Paragraphs inside list items stay with the item.
            Event::End(TagEnd::Paragraph) if !self.in_item => {
                let kind = self.quote.unwrap_or("Para");
                let block = format!("Block::{kind}(&[{}])", self.take_inlines());
                self.blocks.push(block);
            }
            Event::Start(Tag::Strong) => self.strong = true,
            Event::End(TagEnd::Strong) => self.strong = false,
            Event::Start(Tag::Link { dest_url, .. }) => {
                self.link = Some((dest_url.to_string(), String::new()))
            }
            Event::End(TagEnd::Link) => {
                let (href, text) = self.link.take().ok_or("a link's end without its start")?;
                self.inlines.push(match href.strip_prefix("outside:") {
                    Some(_) => format!("Inline::Outside({})", lit(&text)),
                    None => {
                        format!("Inline::Link {{ href: {}, text: {} }}", lit(&href), lit(&text))
                    }
                });
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                self.code = Some((info.to_string(), String::new()))
            }
            Event::End(TagEnd::CodeBlock) => {
                let (info, text) = self.code.take().ok_or("an indented code block (fence it)")?;
                self.blocks.push(fenced(&info, &text)?);
            }
            Event::Start(Tag::TableRow | Tag::TableHead) => self.table.push(Vec::new()),
            Event::End(TagEnd::TableCell) => {
                let cell = lit(std::mem::take(&mut self.cell).trim());
                self.table.last_mut().ok_or("a cell outside a row")?.push(cell);
            }
            Event::End(TagEnd::Table) => {
                let rows: Vec<String> =
                    self.table.drain(..).map(|r| format!("&[{}]", r.join(", "))).collect();
                self.blocks.push(format!(
                    "Block::Table {{ head: {}, rows: &[{}] }}",
                    rows[0],
                    rows[1..].join(", ")
                ));
            }
            Event::Text(t) | Event::Code(t) if self.heading.is_some() => {
                self.heading.as_mut().unwrap().push_str(&t)
            }
            Event::Text(t) if self.code.is_some() => self.code.as_mut().unwrap().1.push_str(&t),
            Event::Text(t) if self.link.is_some() => self.link.as_mut().unwrap().1.push_str(&t),
            Event::Text(t) | Event::Code(t) if !self.table.is_empty() => self.cell.push_str(&t),
            // CommonMark's flanking rules leave `**` next to CJK punctuation unparsed.
            Event::Text(t) if t.contains("**") => {
                return Err(format!("unparsed emphasis in {t:?}"))
            }
            Event::Text(t) => {
                let kind = if self.strong { "Strong" } else { "Text" };
                self.inlines.push(format!("Inline::{kind}({})", lit(&t)));
            }
            Event::Code(t) => self.inlines.push(format!("Inline::Code({})", lit(&t))),
            Event::SoftBreak | Event::HardBreak => {}
            Event::Start(_) | Event::End(_) => {}
            other => return Err(format!("unsupported Markdown: {other:?}")),
        }
        Ok(())
    }

    fn take_inlines(&mut self) -> String {
        std::mem::take(&mut self.inlines).join(", ")
    }
}

/// Fenced blocks: figures, lab commands, think-first questions, or highlighted code.
fn fenced(info: &str, text: &str) -> Result<String, String> {
    let (kind, arg) = info.split_once(' ').map_or((info, ""), |(k, a)| (k, a.trim()));
    let text = text.trim_end();
    Ok(match kind {
        "figure" => {
            format!("Block::Figure {{ name: {}, caption: {} }}", lit(arg), lit(text.trim()))
        }
        "lab" => {
            let commands: Vec<String> = text.lines().map(|l| lit(l.trim())).collect();
            format!("Block::Lab {{ label: {}, commands: &[{}] }}", lit(arg), commands.join(", "))
        }
        "qa" => format!("Block::Qa {{ question: {}, answer: {} }}", lit(arg), lit(text.trim())),
        "text" | "sql" | "bash" => {
            let line = |l: &str| {
                let tokens: Vec<String> = highlight(kind, l)
                    .into_iter()
                    .map(|(c, t)| format!("(Tok::{c:?}, {})", lit(&t)))
                    .collect();
                format!("&[{}]", tokens.join(", "))
            };
            let lines: Vec<String> = text.lines().map(line).collect();
            format!(
                "Block::Code {{ lang: {}, caption: {}, lines: &[{}] }}",
                lit(kind),
                lit(arg),
                lines.join(", ")
            )
        }
        other => return Err(format!("unknown fenced block kind {other:?}")),
    })
}
