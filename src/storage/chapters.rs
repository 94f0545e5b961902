//! The chapters a learner opened and read: part of the progress document, and all that the
//! reading module — loaded on every page — keeps of it. That module's store reads and writes
//! only this part (`Part for Chapters` in `part`), so the code for questions, predictions and
//! attempts stays out of the module every page waits for.

use super::progress::{Change, ChapterProgress, ChapterState, Millis};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

/// By chapter slug.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Chapters(pub BTreeMap<String, ChapterProgress>);

impl Deref for Chapters {
    type Target = BTreeMap<String, ChapterProgress>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Chapters {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Chapters {
    /// Where a chapter stands.
    pub fn chapter(&self, slug: &str) -> ChapterState {
        match self.get(slug) {
            None => ChapterState::Unopened,
            Some(c) if c.read_at.is_none() => ChapterState::Opened,
            Some(_) => ChapterState::Read,
        }
    }

    /// A reading change at `at`: the chapter was opened, or its end was on screen (the first
    /// time counts). Other changes are not this part's.
    pub fn record(&mut self, change: &Change, at: Millis) {
        let (Change::OpenChapter(slug) | Change::FinishChapter(slug)) = *change else { return };
        let chapter = self.entry(slug.to_string()).or_insert(ChapterProgress { opened_at: at, read_at: None });
        if matches!(change, Change::FinishChapter(_)) {
            chapter.read_at.get_or_insert(at);
        }
    }

    /// Times serde cannot check (an import, a stored head must pass this too).
    pub fn check(&self) -> Result<(), String> {
        let finite = |t: Millis| t.is_finite() && t >= 0.0;
        match self.iter().find(|(_, c)| !finite(c.opened_at) || c.read_at.is_some_and(|t| !finite(t))) {
            Some((slug, _)) => Err(format!("章节 {slug} 的记录时间无效")),
            None => Ok(()),
        }
    }

    /// Another tab's record joins this one: opened in either is opened, read in either is
    /// read, each at the earlier time.
    pub fn merge(&mut self, other: &Chapters) {
        for (slug, theirs) in other.iter() {
            let mine = self.entry(slug.clone()).or_insert_with(|| theirs.clone());
            mine.opened_at = mine.opened_at.min(theirs.opened_at);
            mine.read_at = match (mine.read_at, theirs.read_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
}
