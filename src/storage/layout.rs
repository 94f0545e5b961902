//! How the progress document lies in storage. Finished attempts are most of a learner's
//! document after years of use and never change once rated, while the rest (the draft being
//! typed, reading, runs) changes all the time: so each question's finished attempts live under
//! a key of their own (`progress.attempts.<question>`), written only when they change, and the
//! head (`progress`: everything else) is what a draft rewrites. The head names what each
//! attempt key holds (a count and a digest), so a save reads another tab's attempts only when
//! they differ from this tab's. An export is still the one document, attempts inline.
//!
//! No browser code: storage comes in as `Keys`, so all of it is tested natively.

use super::local::StorageError;
use super::progress::{parse, Attempt, Chapters, Current, Loaded, Prediction, Progress, RunRecord};
use super::review::Review;
use fencing_model::Experiment;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The head: the document without its finished attempts.
pub const HEAD: &str = "progress";
/// Followed by a question id: that question's finished attempts, a JSON list.
pub const ATTEMPTS: &str = "progress.attempts.";

/// Named text values, as localStorage keeps them (names without the app's namespace).
pub trait Keys {
    fn get(&self, name: &str) -> Result<Option<String>, StorageError>;
    /// Store the text; a write that did not stick is an error.
    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&mut self, name: &str) -> Result<(), StorageError>;
    /// Every stored name that starts with `prefix`.
    fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError>;
}

/// Which attempts a key holds: their number and an order-free digest of their identities
/// (the moment each was rated and its answer's length). Equal digests mean, short of two
/// tabs rating answers of one length in the same millisecond, equal sets.
pub fn digest(attempts: &[Attempt]) -> String {
    let sum = attempts.iter().fold(0u64, |sum, a| sum.wrapping_add(mix(a.at.to_bits() ^ (a.answer.len() as u64).rotate_left(48))));
    format!("{}-{sum:016x}", attempts.len())
}

/// SplitMix64's finalizer: spreads each attempt's bits over the whole word before summing.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The head as written: a progress document whose questions carry, instead of their attempts,
/// the digest of what their attempt key holds. Reads back as a `Progress` with no attempts.
#[derive(Serialize)]
struct Head<'a> {
    version: u32,
    chapters: &'a Chapters,
    runs: &'a BTreeMap<Experiment, RunRecord>,
    questions: BTreeMap<&'a str, HeadQuestion<'a>>,
    predictions: &'a [Prediction],
}

#[derive(Serialize)]
struct HeadQuestion<'a> {
    current: &'a Current,
    #[serde(skip_serializing_if = "Option::is_none")]
    review: Option<Review>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attempts_digest: Option<String>,
}

/// What a head says about the attempt keys (the rest of it is read by `parse`).
#[derive(Deserialize, Default)]
struct HeadDigests {
    #[serde(default)]
    questions: BTreeMap<String, DigestOnly>,
}

#[derive(Deserialize)]
struct DigestOnly {
    #[serde(default)]
    attempts_digest: Option<String>,
}

/// A stored text that could not be read: why, and the text itself (kept aside by the caller,
/// never overwritten before that).
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    pub reason: String,
    pub raw: String,
}

/// What loading found.
#[derive(Debug, PartialEq)]
pub struct Found<D = Progress> {
    /// Everything that could be read; the default document when nothing was stored.
    pub progress: D,
    /// Written by a newer app (its schema version): shown, never overwritten.
    pub newer: Option<u32>,
    pub unreadable: Vec<Unreadable>,
}

/// Read the whole document: the head, then every attempt key, whatever the head says (an
/// attempt key is never lost for a head that does not name it, or could not be read).
pub fn load(keys: &impl Keys) -> Result<Found, StorageError> {
    let head = keys.get(HEAD)?;
    let mut found = Found { progress: Progress::default(), newer: None, unreadable: Vec::new() };
    match parse(head.as_deref()) {
        Loaded::Empty => {}
        Loaded::Ok(p) => found.progress = p,
        Loaded::Newer { version, progress } => (found.newer, found.progress) = (Some(version), progress),
        Loaded::Corrupt { reason } => found.unreadable.push(Unreadable { reason, raw: head.unwrap_or_default() }),
    }
    for name in keys.names(ATTEMPTS)? {
        let Some(raw) = keys.get(&name)? else { continue };
        let id = &name[ATTEMPTS.len()..];
        match read_attempts(id, &raw) {
            Ok(attempts) => found.progress.questions.entry(id.to_string()).or_default().add_attempts(&attempts),
            Err(reason) => found.unreadable.push(Unreadable { reason, raw }),
        }
    }
    Ok(found)
}

/// One attempt key's list, checked as the document's own attempts are.
fn read_attempts(id: &str, raw: &str) -> Result<Vec<Attempt>, String> {
    let unreadable = |why: String| format!("题目 {id} 的历次作答{why}");
    let attempts: Vec<Attempt> = serde_json::from_str(raw).map_err(|e| unreadable(format!("无法读取：{e}")))?;
    let mut alone = Progress::default();
    alone.questions.entry(id.to_string()).or_default().attempts = attempts;
    alone.check().map_err(|e| unreadable(format!("无效：{e}")))?;
    Ok(alone.questions.remove(id).unwrap_or_default().attempts)
}

/// What storage holds now, as a save needs it.
#[derive(Debug, Default)]
pub struct Stored {
    /// Each attempt key present, by question id, and the digest the head gives it (`None`:
    /// the head does not name it — written by a save whose head did not stick).
    pub digests: BTreeMap<String, Option<String>>,
    /// When merging: the stored document, with the attempts of each key whose digest differs
    /// from `mine`'s (the others are `mine`'s already). `None` when unreadable or not asked.
    pub progress: Option<Progress>,
}

/// Read what a save must know: which attempt keys exist and what they hold, and, to merge
/// another tab's changes, the stored document — reading an attempt key only when its digest
/// differs from `mine`'s (a draft's save reads the head alone).
pub fn stored(keys: &impl Keys, mine: &Progress, merge: bool) -> Stored {
    let head = keys.get(HEAD).ok().flatten();
    let named: HeadDigests = head.as_deref().and_then(|h| serde_json::from_str(h).ok()).unwrap_or_default();
    let mut stored = Stored::default();
    for name in keys.names(ATTEMPTS).unwrap_or_default() {
        let id = name[ATTEMPTS.len()..].to_string();
        let digest = named.questions.get(&id).and_then(|q| q.attempts_digest.clone());
        stored.digests.insert(id, digest);
    }
    if merge {
        if let Loaded::Ok(mut theirs) = parse(head.as_deref()) {
            for (id, theirs_digest) in &stored.digests {
                let mine_digest = mine.questions.get(id).map(|q| digest(&q.attempts));
                if theirs_digest.is_none() || *theirs_digest != mine_digest {
                    // Unreadable lists are left out: loading kept them aside already.
                    if let Ok(attempts) = keys
                        .get(&format!("{ATTEMPTS}{id}"))
                        .map_err(|e| e.message().to_string())
                        .and_then(|raw| read_attempts(id, &raw.unwrap_or_default()))
                    {
                        theirs.questions.entry(id.clone()).or_default().attempts = attempts;
                    }
                }
            }
            stored.progress = Some(theirs);
        }
    }
    stored
}

/// Write `doc`: each question's attempts where they differ from what is stored (`stored`, as
/// `stored()` found it; a question without attempts has no key), then the head naming them.
/// Attempt keys first: a head never names attempts that are not there.
pub fn write(keys: &mut impl Keys, doc: &Progress, stored: &Stored) -> Result<(), StorageError> {
    let mut digests = BTreeMap::new();
    for (id, q) in doc.questions.iter().filter(|(_, q)| !q.attempts.is_empty()) {
        let digest = digest(&q.attempts);
        if stored.digests.get(id) != Some(&Some(digest.clone())) {
            let list = serde_json::to_string(&q.attempts).map_err(|_| StorageError::Unavailable)?;
            keys.set(&format!("{ATTEMPTS}{id}"), &list)?;
        }
        digests.insert(id.as_str(), digest);
    }
    let head = Head {
        version: doc.version,
        chapters: &doc.chapters,
        runs: &doc.runs,
        questions: doc
            .questions
            .iter()
            .map(|(id, q)| {
                (id.as_str(), HeadQuestion { current: &q.current, review: q.review, attempts_digest: digests.get(id.as_str()).cloned() })
            })
            .collect(),
        predictions: &doc.predictions,
    };
    keys.set(HEAD, &serde_json::to_string(&head).map_err(|_| StorageError::Unavailable)?)?;
    // Lists no question holds any more (after a reset or a replacing import).
    for id in stored.digests.keys().filter(|id| !digests.contains_key(id.as_str())) {
        keys.remove(&format!("{ATTEMPTS}{id}"))?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::storage::progress::tests::{Q1, Q2};
    use crate::storage::progress::{Change, QuestionRef, Rating};
    use std::cell::RefCell;

    const V5: &str = include_str!("fixtures/progress-v5.json");

    /// localStorage in memory, counting reads and writes per name; `full` refuses writes.
    #[derive(Default)]
    pub(crate) struct Memory {
        pub(crate) items: BTreeMap<String, String>,
        reads: RefCell<Vec<String>>,
        writes: Vec<String>,
        full: bool,
    }

    impl Keys for Memory {
        fn get(&self, name: &str) -> Result<Option<String>, StorageError> {
            self.reads.borrow_mut().push(name.to_string());
            Ok(self.items.get(name).cloned())
        }
        fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
            if self.full {
                return Err(StorageError::Full);
            }
            self.writes.push(name.to_string());
            self.items.insert(name.to_string(), value.to_string());
            Ok(())
        }
        fn remove(&mut self, name: &str) -> Result<(), StorageError> {
            self.items.remove(name);
            Ok(())
        }
        fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
            Ok(self.items.keys().filter(|k| k.starts_with(prefix)).cloned().collect())
        }
    }

    /// A tab: its document in memory, saved as the store saves (re-read, merge, change, write).
    pub(crate) fn save(keys: &mut Memory, doc: &mut Progress, change: impl FnOnce(&mut Progress)) {
        let stored = stored(keys, doc, true);
        if let Some(theirs) = &stored.progress {
            doc.merge(theirs);
        }
        change(doc);
        write(keys, doc, &stored).unwrap();
    }

    fn answered(doc: &mut Progress, q: QuestionRef, answer: &str, at: f64) {
        doc.apply(Change::Draft { question: q, answer: answer.into() }, at);
        doc.apply(Change::Reveal(q), at);
        doc.apply(Change::Rate { question: q, rating: Rating::Partial }, at);
    }

    fn years() -> Progress {
        let mut doc = Progress::default();
        for i in 0..40 {
            answered(&mut doc, if i % 2 == 0 { Q1 } else { Q2 }, &"回答".repeat(200 + i), i as f64 * 1000.0);
        }
        doc
    }

    /// `years()` written to an empty store, and the document.
    fn stored_years() -> (Memory, Progress) {
        let mut keys = Memory::default();
        let doc = years();
        write(&mut keys, &doc, &Stored::default()).unwrap();
        (keys, doc)
    }

    #[test]
    fn attempts_lie_apart_from_the_head_and_load_back_whole() {
        let (keys, doc) = stored_years();
        assert_eq!(keys.items.keys().collect::<Vec<_>>(), ["progress", "progress.attempts.q1", "progress.attempts.q2"]);
        let head = &keys.items[HEAD];
        assert!(!head.contains("回答回答") && head.contains(&digest(&doc.questions["q1"].attempts)), "{head}");
        let found = load(&keys).unwrap();
        assert_eq!(found, Found { progress: doc, newer: None, unreadable: vec![] });
    }

    #[test]
    fn a_draft_reads_and_writes_the_head_alone() {
        let mut keys = Memory::default();
        let mut doc = years();
        save(&mut keys, &mut doc, |_| {});
        keys.reads.borrow_mut().clear();
        keys.writes.clear();
        save(&mut keys, &mut doc, |d| d.apply(Change::Draft { question: Q1, answer: "又一次".into() }, 1e6));
        assert_eq!(*keys.reads.borrow(), [HEAD]);
        assert_eq!(keys.writes, [HEAD]);
        // A rating writes that question's list, and only it.
        keys.writes.clear();
        save(&mut keys, &mut doc, |d| {
            d.apply(Change::Reveal(Q1), 1e6);
            d.apply(Change::Rate { question: Q1, rating: Rating::Full }, 1e6);
        });
        assert_eq!(keys.writes, ["progress.attempts.q1", HEAD]);
        assert_eq!(load(&keys).unwrap().progress, doc);
    }

    #[test]
    fn two_tabs_rating_at_once_keep_every_attempt_and_one_schedule() {
        let mut keys = Memory::default();
        let mut a = years();
        save(&mut keys, &mut a, |_| {});
        let mut b = load(&keys).unwrap().progress;
        save(&mut keys, &mut a, |d| answered(d, Q1, "甲标签页", 5e6));
        // B has not heard of A's attempt: its save reads A's list because the digests differ.
        save(&mut keys, &mut b, |d| answered(d, QuestionRef { tab: "tab-2", ..Q1 }, "乙标签页", 6e6));
        let stored = load(&keys).unwrap().progress;
        let q1 = &stored.questions["q1"];
        assert_eq!(q1.attempts.len(), 22);
        assert_eq!(q1.attempts.iter().rev().take(2).map(|x| x.answer.as_str()).collect::<Vec<_>>(), ["乙标签页", "甲标签页"]);
        assert_eq!(q1.review, Review::replay(&q1.attempts));
        assert_eq!(stored, b);
    }

    #[test]
    fn a_single_key_document_from_v5_is_split_at_its_first_save() {
        let mut keys = Memory::default();
        keys.items.insert(HEAD.into(), V5.into());
        let Found { progress: mut doc, unreadable, .. } = load(&keys).unwrap();
        assert!(unreadable.is_empty());
        let before = doc.clone();
        assert_eq!(before.questions["q1"].attempts.len(), 2);
        save(&mut keys, &mut doc, |_| {});
        assert_eq!(doc, before);
        assert_eq!(keys.items.keys().collect::<Vec<_>>(), [HEAD, "progress.attempts.q1"]);
        assert!(keys.items[HEAD].contains(r#""version":6"#));
        assert_eq!(load(&keys).unwrap().progress, before);
    }

    #[test]
    fn an_unreadable_list_is_reported_and_the_rest_loads() {
        let (mut keys, doc) = stored_years();
        keys.items.insert("progress.attempts.q2".into(), "[{\"answer\": 7}]".into());
        let found = load(&keys).unwrap();
        assert_eq!(found.progress.questions["q1"].attempts, doc.questions["q1"].attempts);
        assert!(found.progress.questions["q2"].attempts.is_empty());
        assert_eq!(found.unreadable.len(), 1);
        assert_eq!(found.unreadable[0].raw, "[{\"answer\": 7}]");
        assert!(
            found.unreadable[0].reason.starts_with("题目 q2 的历次作答无法读取：invalid type: integer `7`, expected a string"),
            "{}",
            found.unreadable[0].reason
        );
        // Checked as the document's own attempts are.
        keys.items.insert("progress.attempts.q2".into(), r#"[{"answer":"x","ticked":[99],"rating":"full","at":1}]"#.to_string());
        assert!(load(&keys).unwrap().unreadable[0].reason.contains("评分点编号无效"));
        // An unreadable head loses no attempts.
        keys.items.insert(HEAD.into(), "{oops".into());
        let found = load(&keys).unwrap();
        assert_eq!(found.progress.questions["q1"].attempts, doc.questions["q1"].attempts);
        assert_eq!(
            found.unreadable.iter().map(|u| u.raw.as_str()).collect::<Vec<_>>(),
            ["{oops", "[{\"answer\":\"x\",\"ticked\":[99],\"rating\":\"full\",\"at\":1}]"]
        );
    }

    #[test]
    fn a_list_the_head_does_not_name_is_loaded_and_kept() {
        let (mut keys, mut doc) = stored_years();
        // A rating whose list was written but whose head was not (the quota ran out between).
        let mut later = doc.clone();
        answered(&mut later, Q1, "头没写成", 9e6);
        let now = stored(&keys, &later, false);
        write(&mut keys, &later, &now).unwrap();
        keys.items.insert(
            HEAD.into(),
            serde_json::to_string(&Head {
                version: doc.version,
                chapters: &doc.chapters,
                runs: &doc.runs,
                questions: BTreeMap::new(),
                predictions: &doc.predictions,
            })
            .unwrap(),
        );
        assert_eq!(load(&keys).unwrap().progress.questions["q1"].attempts, later.questions["q1"].attempts);
        save(&mut keys, &mut doc, |_| {});
        assert_eq!(doc.questions["q1"].attempts.last().unwrap().answer, "头没写成");
        assert_eq!(load(&keys).unwrap().progress, doc);
    }

    #[test]
    fn reset_and_replace_remove_lists_no_question_holds() {
        let (mut keys, _) = stored_years();
        let empty = Progress::default();
        let now = stored(&keys, &empty, false);
        write(&mut keys, &empty, &now).unwrap();
        assert_eq!(keys.items.keys().collect::<Vec<_>>(), [HEAD]);
        assert_eq!(load(&keys).unwrap().progress, empty);
    }

    #[test]
    fn a_full_store_says_so() {
        let mut keys = Memory { full: true, ..Memory::default() };
        assert_eq!(write(&mut keys, &years(), &Stored::default()), Err(StorageError::Full));
    }

    #[test]
    fn digests_tell_sets_apart_in_any_order() {
        let doc = years();
        let q1 = &doc.questions["q1"].attempts;
        let mut reversed = q1.clone();
        reversed.reverse();
        assert_eq!(digest(q1), digest(&reversed));
        assert_ne!(digest(q1), digest(&q1[1..]));
        let mut other = q1.clone();
        other[0].at += 1.0;
        assert_ne!(digest(q1), digest(&other));
        other[0].at -= 1.0;
        other[0].answer.push('了');
        assert_ne!(digest(q1), digest(&other));
        assert!(digest(q1).starts_with("20-"));
    }
    #[test]
    fn the_digest_is_part_of_the_stored_format() {
        // Heads written by this version name their lists by these values; a changed function
        // would make every stored digest differ, and every save re-read every list.
        let a = |at: f64, answer: &str| Attempt { answer: answer.into(), ticked: vec![], rating: Rating::Full, at, wording: 2 };
        assert_eq!(digest(&[a(1764600000000.0, "fence 挡旧写")]), "1-98107cbb2cf4e06b");
        assert_eq!(digest(&[a(1.0, "甲"), a(2.0, "乙乙")]), "2-12086d483308ca36");
        assert_eq!(digest(&[]), "0-0000000000000000");
    }
}
