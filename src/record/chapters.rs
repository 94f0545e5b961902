//! The chapters a learner opened and read: all that the reading module (loaded on every page)
//! keeps, so the code for questions, predictions and attempts stays out of the module every
//! page waits for.

use super::{valid_time, Millis, Record};
use crate::content::TOC;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChapterProgress {
    pub opened_at: Millis,
    /// When the learner reached the chapter's end, if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_at: Option<Millis>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChapterState {
    Unopened,
    Opened,
    /// Read to the end.
    Read,
}

/// The stored document: by chapter slug.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Chapters {
    #[serde(default)]
    pub chapters: BTreeMap<String, ChapterProgress>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    Open(&'static str),
    /// The chapter's end has been on screen (the first time counts).
    Finish(&'static str),
}

/// Where reading goes on, by index in `TOC`.
#[derive(Debug, PartialEq, Eq)]
pub struct Onward {
    /// The first chapter not yet read after the furthest one read (or from the start).
    pub next: Option<usize>,
    /// The chapters left unread before the furthest one read: named, not silently skipped.
    pub skipped: Vec<usize>,
}

impl Chapters {
    /// Where reading goes on: after the furthest chapter read, not at the first gap, since a
    /// learner who read ahead chose to; a chapter only opened (the lab chapter, say, opened to
    /// run a command) does not move it.
    pub fn onward(&self) -> Onward {
        let unread = |i: &usize| self.chapter(TOC[*i].slug) != ChapterState::Read;
        let from = TOC
            .iter()
            .rposition(|c| self.chapter(c.slug) == ChapterState::Read)
            .map_or(0, |i| i + 1);
        Onward { next: (from..TOC.len()).find(unread), skipped: (0..from).filter(unread).collect() }
    }

    /// Where a chapter stands.
    pub fn chapter(&self, slug: &str) -> ChapterState {
        match self.chapters.get(slug) {
            None => ChapterState::Unopened,
            Some(c) if c.read_at.is_none() => ChapterState::Opened,
            Some(_) => ChapterState::Read,
        }
    }
}

impl Record for Chapters {
    type Change = Change;
    const WHAT: &'static str = "阅读记录";

    fn apply(&mut self, change: Change, at: Millis) {
        let (Change::Open(slug) | Change::Finish(slug)) = change;
        let chapter = self
            .chapters
            .entry(slug.to_string())
            .or_insert(ChapterProgress { opened_at: at, read_at: None });
        if matches!(change, Change::Finish(_)) {
            chapter.read_at.get_or_insert(at);
        }
    }

    /// Opened in either is opened, read in either is read, each at the earlier time.
    fn merge(&mut self, other: &Chapters) {
        for (slug, theirs) in &other.chapters {
            let mine = self.chapters.entry(slug.clone()).or_insert_with(|| theirs.clone());
            mine.opened_at = mine.opened_at.min(theirs.opened_at);
            mine.read_at = match (mine.read_at, theirs.read_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }

    fn check(&self) -> Result<(), String> {
        match self
            .chapters
            .iter()
            .find(|(_, c)| !valid_time(c.opened_at) || c.read_at.is_some_and(|t| !valid_time(t)))
        {
            Some((slug, _)) => Err(format!("章节 {slug} 的记录时间无效")),
            None => Ok(()),
        }
    }
}
