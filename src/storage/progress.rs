//! The learner's saved progress as one versioned document: plain Rust types, parsing with
//! migration, and the per-item merge used when two tabs write. No browser code here.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The schema this build writes. Older documents are migrated on load; newer ones are
/// never overwritten.
pub const SCHEMA_VERSION: u32 = 1;

/// Milliseconds since the Unix epoch (JavaScript's `Date.now()`).
pub type Millis = f64;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChapterProgress {
    pub opened_at: Millis,
    /// When the learner reached the chapter's end, if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_at: Option<Millis>,
}

/// How often one experiment (a case with a set of defect switches) was run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    pub count: u32,
    pub last_at: Millis,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    #[serde(default)]
    pub chapters: BTreeMap<String, ChapterProgress>,
    /// Keyed by `case/variant`, e.g. `fencing/no-fence,rollback-issuer`.
    #[serde(default)]
    pub runs: BTreeMap<String, RunRecord>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress { version: SCHEMA_VERSION, chapters: BTreeMap::new(), runs: BTreeMap::new() }
    }
}

/// What loading a stored document found.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded {
    Empty,
    Ok(Progress),
    /// Written by a newer app: readable as far as we understand it, never to be overwritten.
    Newer { version: u32, progress: Progress },
    /// Not JSON, or not a progress document: kept aside, never deleted silently.
    Corrupt { reason: String },
}

pub fn parse(raw: Option<&str>) -> Loaded {
    let Some(raw) = raw else { return Loaded::Empty };
    let value: serde_json::Value = match serde_json::from_str(raw) {
        Ok(v) => v,
        Err(e) => return Loaded::Corrupt { reason: format!("不是有效的 JSON：{e}") },
    };
    let Some(version) = value.get("version").and_then(|v| v.as_u64()) else {
        return Loaded::Corrupt { reason: "缺少 version 字段".into() };
    };
    let version = version as u32;
    match serde_json::from_value::<Progress>(value) {
        Ok(p) if version > SCHEMA_VERSION => Loaded::Newer { version, progress: p },
        Ok(p) => Loaded::Ok(Progress { version: SCHEMA_VERSION, ..p }),
        Err(e) => Loaded::Corrupt { reason: format!("字段不符合第 {version} 版格式：{e}") },
    }
}

impl Progress {
    /// Merge another copy in, item by item, so that two tabs lose nothing: a chapter opened
    /// in either is opened (earliest time), read in either is read (earliest read).
    pub fn merge(&mut self, other: &Progress) {
        for (slug, theirs) in &other.chapters {
            let mine = self.chapters.entry(slug.clone()).or_insert_with(|| theirs.clone());
            mine.opened_at = mine.opened_at.min(theirs.opened_at);
            mine.read_at = match (mine.read_at, theirs.read_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        // Counts only grow; the larger of two tabs' counts loses the least.
        for (key, theirs) in &other.runs {
            let mine = self.runs.entry(key.clone()).or_default();
            mine.count = mine.count.max(theirs.count);
            mine.last_at = mine.last_at.max(theirs.last_at);
        }
    }

    /// Record one run of an experiment.
    pub fn record_run(&mut self, case: &str, variant: &str, at: Millis) {
        let r = self.runs.entry(format!("{case}/{variant}")).or_default();
        r.count += 1;
        r.last_at = r.last_at.max(at);
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress always serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_corrupt_and_newer_are_told_apart() {
        assert_eq!(parse(None), Loaded::Empty);
        assert!(matches!(parse(Some("{oops")), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some("[1,2]")), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some(r#"{"version":1,"chapters":{"intro":7}}"#)), Loaded::Corrupt { .. }));
        let newer = parse(Some(r#"{"version":9,"chapters":{},"future":true}"#));
        assert!(matches!(newer, Loaded::Newer { version: 9, .. }));
    }

    #[test]
    fn a_saved_document_round_trips() {
        let mut p = Progress::default();
        p.chapters.insert("timeline".into(), ChapterProgress { opened_at: 5.0, read_at: Some(9.0) });
        assert_eq!(parse(Some(&p.to_json())), Loaded::Ok(p));
    }

    #[test]
    fn merge_keeps_what_either_tab_recorded() {
        let mut a = Progress::default();
        a.chapters.insert("intro".into(), ChapterProgress { opened_at: 3.0, read_at: None });
        let mut b = Progress::default();
        b.chapters.insert("intro".into(), ChapterProgress { opened_at: 1.0, read_at: Some(4.0) });
        b.chapters.insert("lab".into(), ChapterProgress { opened_at: 2.0, read_at: None });
        a.merge(&b);
        assert_eq!(a.chapters["intro"], ChapterProgress { opened_at: 1.0, read_at: Some(4.0) });
        assert!(a.chapters.contains_key("lab"));
    }
}
