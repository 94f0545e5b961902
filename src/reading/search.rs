//! Search inside the lesson that works for Chinese: plain substring matching over the text
//! (no word segmentation to get wrong), hits in context with the match marked; a word of the
//! glossary finds its other names too (令牌 finds token). The index is the lesson's text and
//! the glossary's names, written next to the pages at build time (`search-index.json`); the
//! search box (`search_box`) fetches it when first used, so the text is not part of the WASM.

use crate::content::{block_id, block_text, Block, CHAPTERS, TOC};
use crate::route::Route;
use serde::{Deserialize, Serialize};

/// Characters of context on each side of a hit.
const CONTEXT: usize = 18;
/// Where the index is served, under the base.
pub const INDEX_FILE: &str = "search-index.json";

/// One block's (or a chapter title's) searchable text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub chapter: usize,
    /// `None` for the chapter's title.
    pub block: Option<usize>,
    pub text: String,
}

/// What the build writes to `search-index.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Index {
    pub entries: Vec<Entry>,
    /// The glossary's terms: searching for one of a term's names finds them all, and the term.
    pub terms: Vec<Term>,
}

/// A glossary term as search knows it: its anchor on the glossary page, its title, then its
/// names (searching for one finds the others). One list of strings, not a struct: the index's
/// reader then needs no decoder of its own (0.6 KB gzip less in the `reading` module).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Term(pub Vec<String>);

impl Term {
    pub fn new(id: &str, name: &str, names: impl IntoIterator<Item = String>) -> Term {
        Term([id.to_string(), name.to_string()].into_iter().chain(names).collect())
    }

    pub fn name(&self) -> &str {
        &self.0[1]
    }

    pub fn names(&self) -> &[String] {
        &self.0[2..]
    }

    /// Whether `q` (trimmed, ASCII-lowercased) is one of its names.
    fn is_named(&self, q: &str) -> bool {
        self.names().iter().any(|n| n.to_ascii_lowercase() == q)
    }

    /// Where the glossary defines it.
    pub fn href(&self) -> String {
        Route::Glossary.href_at(&self.0[0])
    }
}

/// The glossary's terms that `query` names: one of their names, or part of their title.
pub fn terms<'a>(index: &'a Index, query: &str) -> Vec<&'a Term> {
    let q = query.trim().to_ascii_lowercase();
    let named = |t: &Term| t.is_named(&q) || t.name().to_ascii_lowercase().contains(&q);
    if q.is_empty() {
        Vec::new()
    } else {
        index.terms.iter().filter(|t| named(t)).collect()
    }
}

/// The whole lesson as search entries. A follow-up's answer, folded behind 「先想一想」 on
/// the page, stays out: search must not give it away.
pub fn index_entries() -> Vec<Entry> {
    CHAPTERS
        .iter()
        .enumerate()
        .flat_map(|(c, ch)| {
            let title = std::iter::once((None, ch.title.to_string()));
            let blocks = ch.blocks.iter().enumerate().map(|(b, blk)| {
                let text = match blk {
                    Block::Qa { question, .. } => question.to_string(),
                    // A row's cells read as a phrase, not as Markdown's pipes.
                    table @ Block::Table { .. } => block_text(table).replace(" | ", "；"),
                    other => block_text(other),
                };
                (Some(b), text)
            });
            title.chain(blocks).map(move |(block, text)| Entry { chapter: c, block, text })
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub chapter: usize,
    /// The block the hit is in; `None` for the chapter's title.
    pub block: Option<usize>,
    pub before: String,
    pub matched: String,
    pub after: String,
}

/// Every occurrence of `query` (case-insensitive for Latin letters), in lesson order; where
/// the lesson never writes it, every occurrence of the glossary's other names for it (`令牌`
/// finds `token`). The word as typed, when the lesson has it, is what the learner asked for:
/// `max_fence` must not drown in its term's `fence`, which is everywhere.
pub fn search(index: &Index, query: &str) -> Vec<Hit> {
    let q = query.trim().to_ascii_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let exact = find(index, std::slice::from_ref(&q));
    if !exact.is_empty() {
        return exact;
    }
    let mut words = Vec::new();
    for term in index.terms.iter().filter(|t| t.is_named(&q)) {
        for a in term.names().iter().map(|a| a.to_ascii_lowercase()) {
            if !words.contains(&a) {
                words.push(a);
            }
        }
    }
    find(index, &words)
}

/// Every occurrence of any of `words` (lowercase), in lesson order.
fn find(index: &Index, words: &[String]) -> Vec<Hit> {
    let mut hits = Vec::new();
    for e in &index.entries {
        // ASCII-lowercased copy: same byte offsets, so hits map back exactly.
        let folded = e.text.to_ascii_lowercase();
        let mut at = 0;
        while at < folded.len() {
            // The longest name starting here: one hit per place (max_fence, not also its fence).
            let Some(end) = words
                .iter()
                .filter(|w| folded[at..].starts_with(w.as_str()))
                .map(|w| at + w.len())
                .max()
            else {
                at += folded[at..].chars().next().map_or(1, char::len_utf8);
                continue;
            };
            let before: String = {
                let chars: Vec<char> = e.text[..at].chars().collect();
                let start = chars.len().saturating_sub(CONTEXT);
                (if start > 0 { "…" } else { "" }).to_string()
                    + &chars[start..].iter().collect::<String>()
            };
            let after_full = &e.text[end..];
            let mut after: String = after_full.chars().take(CONTEXT).collect();
            if after_full.chars().count() > CONTEXT {
                after.push('…');
            }
            hits.push(Hit {
                chapter: e.chapter,
                block: e.block,
                before: before.replace('\n', " "),
                matched: e.text[at..end].to_string(),
                after: after.replace('\n', " "),
            });
            at = end;
        }
    }
    hits
}

impl Hit {
    /// Where the hit is: its chapter, scrolled to its block.
    pub fn href(&self) -> String {
        let slug = TOC[self.chapter].slug;
        match self.block {
            Some(b) => Route::Chapter(slug).href_at(&block_id(slug, b)),
            None => Route::Chapter(slug).href(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(names: &[&str]) -> Term {
        Term::new(names[0], names[0], names.iter().map(|n| n.to_string()))
    }

    #[test]
    fn a_term_is_found_by_any_of_its_names_or_part_of_its_title_and_links_to_the_glossary() {
        let index = Index {
            entries: vec![],
            terms: vec![term(&["token", "令牌"]), term(&["租约", "lease"])],
        };
        let ids = |q: &str| terms(&index, q).iter().map(|t| t.0[0].clone()).collect::<Vec<_>>();
        assert_eq!(ids("令牌"), ["token"]);
        assert_eq!(ids("LEASE"), ["租约"]);
        assert_eq!(ids("租"), ["租约"], "part of the title");
        assert!(ids("令").is_empty(), "part of a name that is not in the title finds no term");
        assert!(ids(" ").is_empty());
        crate::route::set_base("/");
        assert_eq!(terms(&index, "token")[0].href(), "/glossary#token");
    }

    #[test]
    fn chinese_substrings_are_found_in_the_right_chapters() {
        let index = Index { entries: index_entries(), terms: vec![] };
        let slugs = |q: &str| {
            let mut s: Vec<&str> =
                search(&index, q).iter().map(|h| CHAPTERS[h.chapter].slug).collect();
            s.dedup();
            s
        };
        assert!(slugs("幂等").contains(&"many-writes"));
        assert!(slugs("幂等").contains(&"u60"));
        assert!(slugs("FENCING").contains(&"intro"));
        assert_eq!(slugs("不存在的词"), Vec::<&str>::new());
    }

    #[test]
    fn another_name_finds_the_term_and_a_follow_ups_answer_is_not_indexed() {
        let index = Index { entries: index_entries(), terms: vec![term(&["token", "令牌"])] };
        let found: Vec<String> = search(&index, "令牌").into_iter().map(|h| h.matched).collect();
        assert!(
            !found.is_empty() && found.iter().all(|m| m.eq_ignore_ascii_case("token")),
            "{found:?}"
        );
        // Overlapping names are one hit: `fence` inside `max_fence` is not counted again.
        let names = ["栅栏", "fence", "max_fence"];
        let index = Index { entries: index_entries(), terms: vec![term(&names)] };
        let hits = search(&index, "栅栏");
        assert!(
            hits.iter().any(|h| h.matched == "max_fence")
                && !hits.iter().any(|h| h.before.ends_with("max_"))
        );
        assert!(search(&index, "两个操作域不同").is_empty());
        assert_eq!(search(&index, "既然能 fence").len(), 1);
    }

    #[test]
    fn the_word_as_typed_finds_itself_and_its_other_names_only_where_the_lesson_lacks_it() {
        let index = Index {
            entries: index_entries(),
            terms: vec![term(&["fence", "fencing", "max_fence"]), term(&["token", "令牌"])],
        };
        let matched =
            |q: &str| search(&index, q).into_iter().map(|h| h.matched).collect::<Vec<_>>();
        let exact = matched("MAX_FENCE");
        assert!(!exact.is_empty() && exact.iter().all(|m| m == "max_fence"), "{exact:?}");
        assert!(matched("令牌").iter().all(|m| m.eq_ignore_ascii_case("token")));
    }

    #[test]
    fn a_hit_shows_its_match_in_context() {
        let h = &search(&Index { entries: index_entries(), terms: vec![] }, "max_fence=42")[0];
        assert_eq!(h.matched, "max_fence=42");
        crate::route::set_base("/");
        assert!(h.href().starts_with("/timeline#timeline-b"));
        assert!(!h.before.is_empty() || !h.after.is_empty());
    }
}
