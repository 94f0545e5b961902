//! How each owner's record lies in its keys: the chapters and the lab one key each; the
//! self-test's record several. Finished attempts are most of a learner's data
//! after years of use and never change once rated, while the draft being typed changes all the
//! time: so the drafts are one document (`drafts`) and each question's finished attempts another
//! (`attempts.<question>`), and a change dirties only the keys it touches — typing the drafts, a
//! rating also that question's list. An old one-key document found under `progress` is read
//! here (its chapters and lab fields also by their own modules, `doc::legacy`), and moved to
//! the keys of its owners (chapters, lab, this) before the version mark is written over it.

use super::backup::{self, Backup};
use super::doc::{self, Doc, Loaded, Seen, LEGACY};
use super::part::{self, OneKey, Part};
use super::port::{Keys, StorageError};
use crate::record::chapters::Chapters;
use crate::record::draft::Current;
use crate::record::lab::Lab;
use crate::record::recall::Recall;
use crate::record::study::{self, Attempt, Change, QuestionRecord, Study};
use crate::record::Record;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The drafts: each question's attempt in progress.
pub const DRAFTS: &str = "drafts";
/// Followed by a question id: that question's finished attempts.
pub const ATTEMPTS: &str = "attempts.";
/// Where version 6 kept each question's finished attempts (a bare list).
const OLD_ATTEMPTS: &str = "progress.attempts.";

impl OneKey for Chapters {
    const KEY: &'static str = "chapters";
}

impl OneKey for Recall {
    const KEY: &'static str = "recall";
}

impl OneKey for Lab {
    const KEY: &'static str = "lab";
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Drafts {
    #[serde(default)]
    pub questions: BTreeMap<String, Draft>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Draft {
    #[serde(default)]
    pub current: Current,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Attempts {
    pub attempts: Vec<Attempt>,
}

/// What `LEGACY` holds from version 7 on: nothing but the version.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Mark {}

impl Doc for Mark {}

impl Doc for Drafts {
    fn check(&self) -> Result<(), String> {
        let wrong = self
            .questions
            .iter()
            .find_map(|(id, d)| d.current.check().err().map(|e| format!("题目 {id} 的{e}")));
        wrong.map_or(Ok(()), Err)
    }
}

impl Doc for Attempts {
    fn check(&self) -> Result<(), String> {
        study::check_attempts(&self.attempts)
    }
}

/// An old one-key document and its own attempt lists (version 6): what could be read, and the
/// lists read; what each key held goes to `found`. A list that cannot be read is reported; the
/// rest still loads.
fn read_legacy(
    keys: &impl Keys,
    raw: &str,
    found: &mut Vec<Loaded<()>>,
) -> Result<(Backup, Vec<String>), StorageError> {
    let (old, loaded) = backup::parse(Some(raw)).from_key(LEGACY).take();
    found.push(loaded);
    let (mut old, mut read) = (old.unwrap_or_default(), Vec::new());
    for name in keys.names(OLD_ATTEMPTS)? {
        let id = &name[OLD_ATTEMPTS.len()..];
        let raw = keys.get(&name)?.unwrap_or_default();
        let list = serde_json::from_str::<Vec<Attempt>>(&raw)
            .map_err(|e| format!("不符合第 6 版格式（{e}）"));
        match list.and_then(|l| study::check_attempts(&l).map(|()| l)) {
            Ok(list) => {
                old.questions.entry(id.to_string()).or_default().add_attempts(&list);
                read.push(name.clone());
            }
            Err(why) => found.push(Loaded::Unreadable {
                reason: format!("{}：{why}", attempts_of(id)),
                raw,
                key: name.clone(),
            }),
        }
    }
    Ok((old, read))
}

/// Move an old one-key document to the keys of its owners, each joined with what its key
/// holds now, and drop the attempt lists that were read (the others stay for the quarantine);
/// the save then writes the version mark over it. A part that cannot be read stays
/// quarantined; an owner's key holding a newer app's document stops the move, and so the
/// save, before anything is written.
fn move_legacy(
    study: &mut Study,
    keys: &mut impl Keys,
    raw: &str,
    seen: &mut Seen,
) -> Result<(), StorageError> {
    fn into_key<P: Part + Doc>(part: Loaded<P>, keys: &mut impl Keys) -> Result<(), StorageError> {
        let Loaded::Ok(mut part) = part else { return Ok(()) };
        let names = part.held();
        // An unreadable text in its key is kept aside by the save; its own module says so.
        part::save(&mut part, keys, &names, true, &mut Seen::new()).map(drop)
    }
    for name in [Chapters::KEY, Lab::KEY] {
        if let Some(version) = doc::newer(keys, name) {
            return Err(StorageError::Newer(version));
        }
    }
    into_key(doc::parse::<Chapters>(raw, ""), keys)?;
    into_key(doc::parse::<Lab>(raw, ""), keys)?;
    let (old, read) = read_legacy(keys, raw, &mut Vec::new())?;
    study.merge(&old.split().2);
    let lists = study.held().into_iter().filter(|n| n.starts_with(ATTEMPTS)).collect();
    part::save(study, keys, &lists, true, seen)?;
    for name in read {
        keys.remove(&name)?;
    }
    seen.remove(LEGACY);
    Ok(())
}

/// What the drafts' key and a question's attempts' key hold, as an unreadable one's reason
/// names them.
const DRAFTS_ARE: &str = "自测草稿";
fn attempts_of(id: &str) -> String {
    format!("题目 {id} 的历次作答")
}

impl Part for Study {
    fn load(keys: &impl Keys, seen: &mut Seen) -> Result<(Self, Vec<Loaded<()>>), StorageError> {
        let mut study = Study::default();
        let mut found = Vec::new();
        // An old one-key document, or the version mark (then nothing but whether it is newer).
        if let Some(raw) = keys.get(LEGACY)? {
            study = read_legacy(keys, &raw, &mut found)?.0.split().2;
        }
        let (drafts, loaded) = doc::load::<Drafts>(keys, DRAFTS, DRAFTS_ARE, seen)?.take();
        for (id, d) in drafts.map(|d| d.questions).unwrap_or_default() {
            match study.questions.get_mut(&id) {
                // An old document still there, written by a tab of an older app.
                Some(q) => q.current.join(&d.current),
                None => drop(study.questions.insert(
                    id,
                    QuestionRecord { current: d.current, ..QuestionRecord::default() },
                )),
            }
        }
        found.push(loaded);
        for name in keys.names(ATTEMPTS)? {
            let id = &name[ATTEMPTS.len()..];
            let (list, loaded) = doc::load::<Attempts>(keys, &name, &attempts_of(id), seen)?.take();
            if let Some(list) = list {
                study.questions.entry(id.to_string()).or_default().add_attempts(&list.attempts);
            }
            found.push(loaded);
        }
        Ok((study, found))
    }

    /// The version mark goes with the drafts: joining checks it, writing keeps it.
    fn dirties(change: &Change) -> Vec<String> {
        match change {
            Change::Rate { question, .. } => {
                vec![LEGACY.into(), DRAFTS.into(), format!("{ATTEMPTS}{}", question.id)]
            }
            _ => vec![LEGACY.into(), DRAFTS.into()],
        }
    }

    fn held(&self) -> BTreeSet<String> {
        let lists = self
            .questions
            .iter()
            .filter(|(_, q)| !q.attempts.is_empty())
            .map(|(id, _)| format!("{ATTEMPTS}{id}"));
        lists.chain([DRAFTS.to_string(), LEGACY.to_string()]).collect()
    }

    fn join(
        &mut self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        seen: &mut Seen,
    ) -> Result<Vec<Loaded<()>>, StorageError> {
        let mut found = Vec::new();
        if names.contains(LEGACY) {
            match keys.get(LEGACY)?.filter(|raw| seen.get(LEGACY) != Some(raw)) {
                Some(raw) if doc::is_legacy(&raw) => move_legacy(self, keys, &raw, seen)?,
                // A newer app's mark stops the save.
                Some(_) => _ = doc::theirs::<Mark>(keys, LEGACY, Self::WHAT, seen)?,
                None => {}
            }
        }
        if names.contains(DRAFTS) {
            let (theirs, what) = doc::theirs::<Drafts>(keys, DRAFTS, DRAFTS_ARE, seen)?.take();
            for (id, d) in theirs.map(|d| d.questions).unwrap_or_default() {
                self.questions.entry(id).or_default().current.join(&d.current);
            }
            found.push(what);
        }
        for id in names.iter().filter_map(|n| n.strip_prefix(ATTEMPTS)) {
            let name = format!("{ATTEMPTS}{id}");
            let (theirs, what) =
                doc::theirs::<Attempts>(keys, &name, &attempts_of(id), seen)?.take();
            if let Some(theirs) = theirs {
                self.questions.entry(id.to_string()).or_default().add_attempts(&theirs.attempts);
            }
            found.push(what);
        }
        Ok(found)
    }

    fn write(
        &self,
        keys: &mut impl Keys,
        names: &BTreeSet<String>,
        prune: bool,
        seen: &mut Seen,
    ) -> Result<(), StorageError> {
        // The lists first: the drafts name no attempts, so a list written alone is whole.
        for (id, q) in names
            .iter()
            .filter_map(|n| n.strip_prefix(ATTEMPTS))
            .filter_map(|id| self.questions.get_key_value(id))
        {
            if !q.attempts.is_empty() {
                doc::write(
                    keys,
                    &format!("{ATTEMPTS}{id}"),
                    &Attempts { attempts: q.attempts.clone() },
                    seen,
                )?;
            }
        }
        if names.contains(DRAFTS) {
            let questions = self
                .questions
                .iter()
                .map(|(id, q)| (id.clone(), Draft { current: q.current.clone() }))
                .collect();
            doc::write(keys, DRAFTS, &Drafts { questions }, seen)?;
        }
        // Where older apps read the version: written where this tab has not seen it (none
        // there yet, an old document just moved), and by a reset or a replacing import
        // whatever this tab saw (an old tab may have written its document there since).
        if names.contains(LEGACY) && (prune || !seen.contains_key(LEGACY)) {
            doc::write(keys, LEGACY, &Mark {}, seen)?;
        }
        if prune {
            // Lists no question holds any more, and version 6's.
            let held = self.held();
            let stale = keys
                .names(ATTEMPTS)?
                .into_iter()
                .filter(|n| !held.contains(n) && doc::newer(keys, n).is_none());
            for name in stale.collect::<Vec<_>>().into_iter().chain(keys.names(OLD_ATTEMPTS)?) {
                keys.remove(&name)?;
                seen.remove(&name);
            }
        }
        Ok(())
    }
}
