//! What a browser module keeps of the progress document, and how it reads and writes its
//! part. The lab and study modules keep all of it (`Progress`, in the layout of `layout`);
//! the reading module keeps the chapters (`Chapters`) and, when it saves, writes the stored
//! head back with everything else in it as it was — it never needs to understand questions,
//! predictions or attempts, and a part it cannot read stays for the module that can.

use super::layout::{self, Found, Keys, Unreadable, ATTEMPTS, HEAD};
use super::local::StorageError;
use super::progress::{parse, Attempt, Change, Chapters, Loaded, Millis, Progress, SCHEMA_VERSION};
use serde::Deserialize;
use serde_json::{Map, Value};

pub trait Part: Clone + Default + Send + Sync + 'static {
    /// What a save needs to know of what is stored now.
    type Stored;
    fn load(keys: &impl Keys) -> Result<Found<Self>, StorageError>;
    /// Read what is stored; `merge`: also what other tabs saved, to join this copy.
    fn stored(keys: &impl Keys, mine: &Self, merge: bool) -> Self::Stored;
    /// Join what other tabs saved (as `stored` read it) into this copy.
    fn merge_stored(&mut self, stored: &Self::Stored);
    fn write(&self, keys: &mut impl Keys, stored: &Self::Stored) -> Result<(), StorageError>;
    /// Another tab stored `value` under `name` (a name without the app's namespace).
    fn heard(&mut self, name: &str, value: &str);
    fn apply(&mut self, change: Change, at: Millis);
}

impl Part for Progress {
    type Stored = layout::Stored;

    fn load(keys: &impl Keys) -> Result<Found<Self>, StorageError> {
        layout::load(keys)
    }

    fn stored(keys: &impl Keys, mine: &Self, merge: bool) -> layout::Stored {
        layout::stored(keys, mine, merge)
    }

    fn merge_stored(&mut self, stored: &layout::Stored) {
        if let Some(theirs) = &stored.progress {
            self.merge(theirs);
        }
    }

    fn write(&self, keys: &mut impl Keys, stored: &layout::Stored) -> Result<(), StorageError> {
        layout::write(keys, self, stored)
    }

    fn heard(&mut self, name: &str, value: &str) {
        if name == HEAD {
            if let Loaded::Ok(theirs) = parse(Some(value)) {
                self.merge(&theirs);
            }
        } else if let Some(id) = name.strip_prefix(ATTEMPTS) {
            // Another tab rated: its attempt list is written before its head.
            if let Ok(theirs) = serde_json::from_str::<Vec<Attempt>>(value) {
                self.questions.entry(id.to_string()).or_default().add_attempts(&theirs);
            }
        }
    }

    fn apply(&mut self, change: Change, at: Millis) {
        Progress::apply(self, change, at)
    }
}

/// The stored head as plain JSON, with its chapters read: what the reading module saves into.
#[derive(Debug, Default)]
pub struct Head {
    /// `None` when nothing (readable) is stored: a save then starts a new head.
    pub json: Option<Map<String, Value>>,
    pub chapters: Chapters,
}

/// Why a head is not one the reading module can add chapters to.
enum NotOurs {
    /// Written by a newer app (its version): never written over.
    Newer(u32),
    Unreadable(String),
}

/// A head's JSON object and its chapters, for any version up to this one. Chapters kept their
/// shape since version 1, so the head is written back at its own version, unmigrated (the
/// module that migrates the rest does so when it saves).
fn read_head(raw: &str) -> Result<(Map<String, Value>, Chapters), NotOurs> {
    let Ok(Value::Object(json)) = serde_json::from_str::<Value>(raw) else {
        return Err(NotOurs::Unreadable("不是一个 JSON 对象".into()));
    };
    match json.get("version").and_then(Value::as_u64) {
        Some(v) if v > u64::from(SCHEMA_VERSION) => return Err(NotOurs::Newer(u32::try_from(v).unwrap_or(u32::MAX))),
        Some(1..) => {}
        _ => return Err(NotOurs::Unreadable("缺少有效的 version 字段".into())),
    }
    let chapters = match json.get("chapters") {
        None => Chapters::default(),
        Some(c) => Chapters::deserialize(c).map_err(|e| NotOurs::Unreadable(format!("字段 chapters 无法读取：{e}")))?,
    };
    chapters.check().map_err(NotOurs::Unreadable)?;
    Ok((json, chapters))
}

impl Part for Chapters {
    type Stored = Head;

    fn load(keys: &impl Keys) -> Result<Found<Self>, StorageError> {
        let mut found = Found { progress: Chapters::default(), newer: None, unreadable: Vec::new() };
        if let Some(raw) = keys.get(HEAD)? {
            match read_head(&raw) {
                Ok((_, chapters)) => found.progress = chapters,
                Err(NotOurs::Newer(version)) => found.newer = Some(version),
                Err(NotOurs::Unreadable(reason)) => found.unreadable.push(Unreadable { reason, raw }),
            }
        }
        Ok(found)
    }

    fn stored(keys: &impl Keys, _mine: &Self, _merge: bool) -> Head {
        // The head is read whole either way: a save writes everything else in it back.
        let head = keys.get(HEAD).ok().flatten().and_then(|raw| read_head(&raw).ok());
        head.map(|(json, chapters)| Head { json: Some(json), chapters }).unwrap_or_default()
    }

    fn merge_stored(&mut self, stored: &Head) {
        self.merge(&stored.chapters);
    }

    fn write(&self, keys: &mut impl Keys, stored: &Head) -> Result<(), StorageError> {
        let mut json = stored.json.clone().unwrap_or_else(|| Map::from_iter([("version".to_string(), SCHEMA_VERSION.into())]));
        json.insert("chapters".into(), serde_json::to_value(self).map_err(|_| StorageError::Unavailable)?);
        keys.set(HEAD, &serde_json::to_string(&json).map_err(|_| StorageError::Unavailable)?)
    }

    fn heard(&mut self, name: &str, value: &str) {
        if let (true, Ok((_, theirs))) = (name == HEAD, read_head(value)) {
            self.merge(&theirs);
        }
    }

    fn apply(&mut self, change: Change, at: Millis) {
        self.record(&change, at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::layout::tests::Memory;
    use crate::storage::progress::tests::Q1;
    use crate::storage::progress::{ChapterState, Rating};

    const V3: &str = include_str!("fixtures/progress-v3.json");

    /// A module's save, as the store does it: read, merge, change, write.
    fn save<D: Part>(keys: &mut Memory, doc: &mut D, change: Change, at: Millis) {
        let stored = D::stored(keys, doc, true);
        doc.merge_stored(&stored);
        doc.apply(change, at);
        doc.write(keys, &stored).unwrap();
    }

    fn json(raw: &str) -> Value {
        serde_json::from_str(raw).unwrap()
    }

    #[test]
    fn the_reading_module_writes_its_chapters_and_leaves_the_rest_as_it_was() {
        let mut keys = Memory::default();
        let mut whole = Progress::default();
        save(&mut keys, &mut whole, Change::Draft { question: Q1, answer: "草稿".into() }, 1.0);
        save(&mut keys, &mut whole, Change::Reveal(Q1), 2.0);
        save(&mut keys, &mut whole, Change::Rate { question: Q1, rating: Rating::Full }, 3.0);
        let (head, list) = (keys.items[HEAD].clone(), keys.items["progress.attempts.q1"].clone());

        let mut chapters = Chapters::load(&keys).unwrap().progress;
        save(&mut keys, &mut chapters, Change::FinishChapter("timeline"), 4.0);
        let mut expected = json(&head);
        expected["chapters"] = json(r#"{"timeline":{"opened_at":4.0,"read_at":4.0}}"#);
        assert_eq!(json(&keys.items[HEAD]), expected);
        assert_eq!(keys.items["progress.attempts.q1"], list);
        // Each module's next save keeps what the other wrote.
        save(&mut keys, &mut whole, Change::OpenChapter("lab"), 5.0);
        assert_eq!(whole.chapter("timeline"), ChapterState::Read);
        save(&mut keys, &mut chapters, Change::OpenChapter("intro"), 6.0);
        let found = Progress::load(&keys).unwrap().progress;
        assert_eq!(found.chapters.keys().collect::<Vec<_>>(), ["intro", "lab", "timeline"]);
        assert_eq!(found.questions["q1"].attempts.len(), 1);
        assert_eq!(found.questions["q1"].current.updated_at, 3.0);
    }

    #[test]
    fn an_older_head_keeps_its_version_for_the_module_that_migrates_it() {
        let mut keys = Memory::default();
        keys.items.insert(HEAD.into(), V3.into());
        let mut chapters = Chapters::load(&keys).unwrap().progress;
        assert_eq!(chapters.chapter("lab"), ChapterState::Read);
        save(&mut keys, &mut chapters, Change::OpenChapter("u60"), 7.0);
        // All but the chapters as they were (numbers compared as numbers: 1.0 is 1).
        let (mut written, mut before) = (json(&keys.items[HEAD]), json(V3));
        let chapters_written = written.as_object_mut().unwrap().remove("chapters").unwrap();
        before.as_object_mut().unwrap().remove("chapters");
        assert_eq!(written, before);
        assert_eq!(Chapters::deserialize(chapters_written).unwrap().keys().collect::<Vec<_>>(), ["lab", "u60"]);
        // Migrated as any v3 document: the schedules its ratings lead to.
        let Loaded::Ok(v3) = parse(Some(V3)) else { panic!() };
        let found = Progress::load(&keys).unwrap().progress;
        assert_eq!(found.questions, v3.questions);
        assert_eq!(found.chapter("u60"), ChapterState::Opened);
    }

    #[test]
    fn newer_and_unreadable_heads_are_told_apart() {
        let mut keys = Memory::default();
        keys.items.insert(HEAD.into(), r#"{"version":99,"chapters":{}}"#.into());
        assert_eq!(Chapters::load(&keys).unwrap().newer, Some(99));
        for (raw, reason) in [
            ("{oops", "不是一个 JSON 对象"),
            (r#"{"chapters":{}}"#, "缺少有效的 version 字段"),
            (r#"{"version":2,"chapters":{"intro":7}}"#, "字段 chapters 无法读取"),
            (r#"{"version":2,"chapters":{"intro":{"opened_at":-1}}}"#, "章节 intro 的记录时间无效"),
        ] {
            keys.items.insert(HEAD.into(), raw.into());
            let found = Chapters::load(&keys).unwrap();
            assert_eq!(found.unreadable.len(), 1, "{raw}");
            assert!(found.unreadable[0].reason.starts_with(reason), "{raw}: {}", found.unreadable[0].reason);
            assert_eq!(found.unreadable[0].raw, raw);
        }
        // After the text was kept aside, a save starts a new head of this version.
        let mut chapters = Chapters::default();
        save(&mut keys, &mut chapters, Change::OpenChapter("intro"), 1.0);
        assert_eq!(json(&keys.items[HEAD]), json(r#"{"version":6,"chapters":{"intro":{"opened_at":1.0}}}"#));
        assert!(matches!(parse(Some(&keys.items[HEAD])), Loaded::Ok(_)));
    }

    #[test]
    fn another_tabs_head_joins_the_chapters_and_its_attempts_the_questions() {
        let mut chapters = Chapters::default();
        chapters.heard(HEAD, r#"{"version":6,"chapters":{"lab":{"opened_at":3.0}}}"#);
        chapters.heard("progress.attempts.q1", "[]");
        chapters.heard(HEAD, "{oops");
        assert_eq!(chapters.chapter("lab"), ChapterState::Opened);
        let mut whole = Progress::default();
        whole.heard(HEAD, r#"{"version":6,"chapters":{"lab":{"opened_at":3.0}}}"#);
        whole.heard("progress.attempts.q1", r#"[{"answer":"甲","ticked":[],"rating":"full","at":9.0}]"#);
        assert_eq!(whole.chapter("lab"), ChapterState::Opened);
        assert_eq!(whole.questions["q1"].attempts[0].answer, "甲");
        assert!(whole.questions["q1"].review.is_some());
    }
}
