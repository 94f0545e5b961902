//! The learner's whole progress as one document: what an export holds and an import reads,
//! composed of the owners' records (`crate::record`), with the migration of every earlier
//! schema — also of what apps before version 7 stored in one key. No browser code.

use super::doc::{Loaded, VERSION};
use crate::record::chapters::{ChapterProgress, Chapters};
use crate::record::lab::{Lab, Prediction, RunRecord, Solved};
use crate::record::recall::{Recall, Written};
use crate::record::study::{QuestionRecord, Study};
use crate::record::Record;
use fencing_model::Experiment;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    pub version: u32,
    #[serde(default)]
    pub chapters: BTreeMap<String, ChapterProgress>,
    /// Stored as `case/variant`, e.g. `fencing/no-fence,rollback-issuer`.
    #[serde(default)]
    pub runs: BTreeMap<Experiment, RunRecord>,
    /// Keyed by question id (`q1`…`q4`).
    #[serde(default)]
    pub questions: BTreeMap<String, QuestionRecord>,
    /// Predictions before lab runs, oldest first.
    #[serde(default)]
    pub predictions: Vec<Prediction>,
    /// 「你来调度」's challenges solved, by id (version 8 on).
    #[serde(default)]
    pub challenges: BTreeMap<String, Solved>,
    /// Answers written to the lesson's follow-up questions, by card (version 9 on).
    #[serde(default)]
    pub recall: BTreeMap<String, Vec<Written>>,
}

impl Default for Backup {
    fn default() -> Self {
        Backup::compose(
            &Chapters::default(),
            &Lab::default(),
            &Study::default(),
            &Recall::default(),
        )
    }
}

impl Backup {
    pub fn compose(chapters: &Chapters, lab: &Lab, study: &Study, recall: &Recall) -> Backup {
        Backup {
            version: VERSION,
            chapters: chapters.chapters.clone(),
            runs: lab.runs.clone(),
            questions: study.questions.clone(),
            predictions: lab.predictions.clone(),
            challenges: lab.challenges.clone(),
            recall: recall.cards.clone(),
        }
    }

    /// The owners' parts; each question's schedule is what its ratings lead to.
    pub fn split(mut self) -> (Chapters, Lab, Study, Recall) {
        self.schedule();
        let lab =
            Lab { runs: self.runs, predictions: self.predictions, challenges: self.challenges };
        (
            Chapters { chapters: self.chapters },
            lab,
            Study { questions: self.questions },
            Recall { cards: self.recall },
        )
    }

    /// Each question's attempts in order, and the schedule they lead to.
    fn schedule(&mut self) {
        for q in self.questions.values_mut() {
            q.add_attempts(&[]);
        }
    }

    /// Value checks serde cannot express, each part's.
    pub fn check(&self) -> Result<(), String> {
        Study { questions: self.questions.clone() }.check()?;
        Chapters { chapters: self.chapters.clone() }.check()?;
        Recall { cards: self.recall.clone() }.check()?;
        Lab {
            runs: self.runs.clone(),
            predictions: self.predictions.clone(),
            challenges: self.challenges.clone(),
        }
        .check()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress always serializes")
    }

    pub fn to_pretty_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("progress always serializes")
    }
}

/// Schema changes, oldest first: each step turns version `n` into `n + 1`.
/// v1 (reading progress and experiment runs) → v2: the self-test's `questions` arrive.
/// v2 → v3: the questions were rewritten; every attempt and draft so far answered the first
/// wording, and says so (`wording: 1`), so the page can show it as an earlier version.
/// v3 → v4: spaced review and predictions arrive; each question's schedule is what its
/// ratings so far lead to (as every document's, after parsing), predictions start empty.
/// v4 → v5: drafts name their tab and keep another tab's parallel draft; older drafts have
/// none (`tab` "": one unknown tab), so nothing to add.
/// v5 → v6: in storage, finished attempts move to keys of their own; the document itself, as
/// exported, keeps its shape. A v5 app must not write over that layout.
/// v6 → v7: in storage, each owner has keys of its own (`doc::LEGACY`); the export keeps its
/// shape, and a schedule is always what the ratings lead to.
/// v8 → v9: an attempt may be marked unsure, and the follow-up questions' written answers
/// arrive (`recall`, in storage a key of its own): none before, so nothing to add. A v8 app
/// would drop both when it saves, so it reads a v9 document as newer and leaves it alone.
fn migrate_step(from: u32, doc: &mut serde_json::Map<String, Value>) {
    match from {
        1 => {
            doc.entry("questions").or_insert_with(|| Value::Object(Default::default()));
        }
        2 => {
            let records = doc
                .get_mut("questions")
                .and_then(Value::as_object_mut)
                .into_iter()
                .flat_map(|q| q.values_mut());
            let first_wording = |item: &mut Value| {
                if let Some(item) = item.as_object_mut() {
                    item.insert("wording".into(), 1.into());
                }
            };
            for record in records.filter_map(Value::as_object_mut) {
                record
                    .get_mut("attempts")
                    .and_then(Value::as_array_mut)
                    .into_iter()
                    .flatten()
                    .for_each(first_wording);
                record.get_mut("current").into_iter().for_each(first_wording);
            }
        }
        3 => {
            doc.entry("predictions").or_insert_with(|| Value::Array(Vec::new()));
        }
        // 8 adds the challenges solved, 9 the unsure mark and `recall`, 10 the hints a
        // challenge was solved with (0 when not kept): none before.
        4..=9 => {}
        _ => unreachable!("no schema before 1"),
    }
}

/// Read a document of any version (an old stored one, an export): a wrong value is reported in
/// serde's words.
pub fn parse(raw: Option<&str>) -> Loaded<Backup> {
    read(raw, |text| serde_json::from_str(text).map_err(|e| plain(&e)))
}

/// Read a file to import, which a person may have edited: as `parse`, but a wrong value is
/// reported with the path of its field. Only the progress page imports, so only its piece of
/// the study module carries the path's bookkeeping (about 60 KB before wasm-opt).
pub fn parse_import(raw: &str) -> Loaded<Backup> {
    read(Some(raw), |text| {
        let mut de = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut de).map_err(|e| match e.path().to_string() {
            // A field missing at the top: serde names its parent, the document itself.
            at if at == "." => plain(e.inner()),
            at => format!("{at} 处有误：{}", plain(e.inner())),
        })
    })
}

/// serde's words without the line and column: they count in the migrated text, which the
/// learner never saw (the field's path says where).
fn plain(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&at).unwrap_or(&text).to_string()
}

/// The document is read from text, not from the parsed `Value` the migrations change: serde's
/// readers from text are the ones every stored key already uses, and a second set, from
/// `Value`, would weigh on the first load of every page that reads the study record (about
/// 11 KB gzip).
fn read(
    raw: Option<&str>,
    deserialize: impl FnOnce(&str) -> Result<Backup, String>,
) -> Loaded<Backup> {
    let Some(raw) = raw else { return Loaded::Empty };
    let unreadable =
        |reason: String| Loaded::Unreadable { reason, raw: raw.to_string(), key: String::new() };
    let mut value: Value = match serde_json::from_str(raw) {
        Ok(v) => v,
        Err(e) => return unreadable(format!("不是有效的 JSON（{e}）")),
    };
    let Some(doc) = value.as_object_mut() else {
        return unreadable("不是一个 JSON 对象".into());
    };
    let version = match doc.get("version").and_then(Value::as_u64) {
        Some(v @ 1..) => u32::try_from(v).unwrap_or(u32::MAX),
        _ => return unreadable("缺少有效的 version 字段".into()),
    };
    for from in version..VERSION {
        migrate_step(from, doc);
    }
    let migrated = (version < VERSION).then(|| value.to_string());
    match deserialize(migrated.as_deref().unwrap_or(raw)) {
        Ok(p) if version > VERSION => Loaded::Newer { version, doc: p },
        Ok(mut p) => match p.check() {
            Ok(()) => {
                p.schedule();
                Loaded::Ok(Backup { version: VERSION, ..p })
            }
            Err(reason) => unreadable(reason),
        },
        Err(e) => unreadable(format!("不符合第 {version} 版格式（{e}）")),
    }
}
