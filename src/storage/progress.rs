//! The learner's saved progress as one versioned document: plain Rust types, the changes a
//! learner can make to it (`Change`, applied only by `Progress::apply`), parsing with
//! migration from every earlier schema, and the per-item merge used when two tabs write.
//! No browser code here, so all of it is tested natively. Words a learner reads about it
//! (rating names, question states) belong to the views.

use super::review::Review;
use fencing_model::prediction::Guess;
use fencing_model::Experiment;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The schema this build writes. Older documents are migrated on load; newer ones are
/// never overwritten.
pub const SCHEMA_VERSION: u32 = 4;

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

/// A prediction made before running an experiment, scored against the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub experiment: Experiment,
    pub guess: Guess,
    pub hit: bool,
    pub at: Millis,
}

/// Predictions kept: the most recent ones (years of daily use stay small).
pub const MAX_PREDICTIONS: usize = 500;

/// The three self-rating levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Missed,
    Partial,
    Full,
}

impl Rating {
    pub const ALL: [Rating; 3] = [Rating::Missed, Rating::Partial, Rating::Full];
}

/// One finished attempt at a question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub answer: String,
    /// Indexes of the scoring points the learner ticked as covered.
    pub ticked: Vec<usize>,
    pub rating: Rating,
    pub at: Millis,
    /// The version of the question's wording this attempt answered (0: not recorded, as in
    /// a newer app's document that dropped the field).
    #[serde(default)]
    pub wording: u32,
}

/// The attempt in progress: what is typed, whether the reference is open, what is ticked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Current {
    pub answer: String,
    pub revealed: bool,
    pub ticked: Vec<usize>,
    pub updated_at: Millis,
    /// The version of the question's wording the draft answers (0 before any).
    #[serde(default)]
    pub wording: u32,
}

/// A question as the learner's changes name it: its id and the version of its wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestionRef {
    pub id: &'static str,
    pub wording: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QuestionRecord {
    #[serde(default)]
    pub current: Current,
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    /// When the question comes back for review (Leitner boxes; `None` until first rated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
}

/// Where a question stands, at a glance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuestionState {
    NotStarted,
    Recalling,
    Revealed,
    Rated,
}

impl QuestionRecord {
    pub fn state(&self) -> QuestionState {
        match (&self.current, self.attempts.is_empty()) {
            (c, _) if c.revealed => QuestionState::Revealed,
            (c, _) if !c.answer.trim().is_empty() => QuestionState::Recalling,
            (_, false) => QuestionState::Rated,
            _ => QuestionState::NotStarted,
        }
    }

    /// The latest rating is the current level.
    pub fn level(&self) -> Option<Rating> {
        self.attempts.last().map(|a| a.rating)
    }

    /// Finish the current attempt with a rating; the next attempt starts empty. Rating is
    /// the last step of recall → reveal → rate: before the reference is revealed it does nothing.
    fn rate(&mut self, rating: Rating, at: Millis) {
        if !self.current.revealed {
            return;
        }
        let c = std::mem::take(&mut self.current);
        self.attempts.push(Attempt { answer: c.answer, ticked: c.ticked, rating, at, wording: c.wording });
        self.current.updated_at = at;
        self.review = Some(Review::after(self.review, rating, at));
    }
}

/// A change the learner makes. Views send these; only `Progress::apply` changes the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    OpenChapter(&'static str),
    /// The chapter's end has been on screen.
    FinishChapter(&'static str),
    /// The answer being recalled, as typed so far, against the question's current wording.
    Draft { question: QuestionRef, answer: String },
    /// Show the reference answer and scoring points.
    Reveal(QuestionRef),
    /// Mark a scoring point as covered (or not); only once the reference is revealed.
    Tick { question: QuestionRef, point: usize, on: bool },
    /// Finish the attempt with a self-rating; it keeps the wording its draft answered.
    Rate { question: QuestionRef, rating: Rating },
    Run(Experiment),
    /// A prediction made before a lab run, and whether the run bore it out.
    Predict { experiment: Experiment, guess: Guess, hit: bool },
}

impl Change {
    /// Typing produces many drafts a second: they are saved in batches, the rest at once.
    pub fn is_draft(&self) -> bool {
        matches!(self, Change::Draft { .. })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChapterState {
    Unopened,
    Opened,
    /// Read to the end.
    Read,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
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
}

impl Default for Progress {
    fn default() -> Self {
        Progress { version: SCHEMA_VERSION, chapters: BTreeMap::new(), runs: BTreeMap::new(), questions: BTreeMap::new(), predictions: Vec::new() }
    }
}

/// Schema changes, oldest first: each step turns version `n` into `n + 1`.
/// v1 (reading progress and experiment runs) → v2: the self-test's `questions` arrive.
/// v2 → v3: the questions were rewritten; every attempt and draft so far answered the first
/// wording, and says so (`wording: 1`), so the page can show it as an earlier version.
/// v3 → v4: spaced review and predictions arrive; each question's schedule is what its
/// ratings so far lead to (`schedule_from_attempts`, after parsing), predictions start empty.
fn migrate_step(from: u32, doc: &mut serde_json::Map<String, Value>) {
    match from {
        1 => {
            doc.entry("questions").or_insert_with(|| Value::Object(Default::default()));
        }
        2 => {
            let records = doc.get_mut("questions").and_then(Value::as_object_mut).into_iter().flat_map(|q| q.values_mut());
            let first_wording = |item: &mut Value| {
                if let Some(item) = item.as_object_mut() {
                    item.insert("wording".into(), 1.into());
                }
            };
            for record in records.filter_map(Value::as_object_mut) {
                record.get_mut("attempts").and_then(Value::as_array_mut).into_iter().flatten().for_each(first_wording);
                record.get_mut("current").into_iter().for_each(first_wording);
            }
        }
        3 => {
            doc.entry("predictions").or_insert_with(|| Value::Array(Vec::new()));
        }
        _ => unreachable!("no schema before 1"),
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
    let mut value: Value = match serde_json::from_str(raw) {
        Ok(v) => v,
        Err(e) => return Loaded::Corrupt { reason: format!("不是有效的 JSON：{e}") },
    };
    let Some(doc) = value.as_object_mut() else {
        return Loaded::Corrupt { reason: "不是一个 JSON 对象".into() };
    };
    let version = match doc.get("version").and_then(Value::as_u64) {
        Some(v @ 1..) => v as u32,
        _ => return Loaded::Corrupt { reason: "缺少有效的 version 字段".into() },
    };
    for from in version..SCHEMA_VERSION {
        migrate_step(from, doc);
    }
    match serde_json::from_value::<Progress>(value) {
        Ok(p) if version > SCHEMA_VERSION => Loaded::Newer { version, progress: p },
        Ok(mut p) => match p.check() {
            Ok(()) if version < 4 => {
                p.schedule_from_attempts();
                Loaded::Ok(Progress { version: SCHEMA_VERSION, ..p })
            }
            Ok(()) => Loaded::Ok(Progress { version: SCHEMA_VERSION, ..p }),
            Err(reason) => Loaded::Corrupt { reason },
        },
        Err(e) => Loaded::Corrupt { reason: format!("字段不符合第 {version} 版格式：{e}") },
    }
}

/// Longest answer kept, in characters: far beyond any real answer, small enough for storage.
pub const MAX_ANSWER: usize = 20_000;
/// Scoring point indexes must stay below this.
const MAX_POINTS: usize = 16;

impl Progress {
    /// Value checks serde cannot express (an import must pass them too).
    pub fn check(&self) -> Result<(), String> {
        let finite = |t: Millis| t.is_finite() && t >= 0.0;
        for (id, q) in &self.questions {
            let answers = std::iter::once(&q.current.answer).chain(q.attempts.iter().map(|a| &a.answer));
            if answers.into_iter().any(|a| a.chars().count() > MAX_ANSWER) {
                return Err(format!("题目 {id} 的回答超过 {MAX_ANSWER} 字"));
            }
            if !finite(q.current.updated_at) || q.attempts.iter().any(|a| !finite(a.at)) {
                return Err(format!("题目 {id} 的时间无效"));
            }
            // Scoring points are few (3–5); an index far beyond that is not ours.
            let ticks = std::iter::once(&q.current.ticked).chain(q.attempts.iter().map(|a| &a.ticked));
            if ticks.into_iter().flatten().any(|&k| k >= MAX_POINTS) {
                return Err(format!("题目 {id} 的评分点编号无效"));
            }
        }
        if self.chapters.values().any(|c| !finite(c.opened_at) || c.read_at.is_some_and(|t| !finite(t))) {
            return Err("章节记录的时间无效".into());
        }
        let boxes = 1..=super::review::INTERVAL_DAYS.len() as u8;
        if let Some((id, _)) = self.questions.iter().find(|(_, q)| q.review.is_some_and(|r| !finite(r.due) || !boxes.contains(&r.level))) {
            return Err(format!("题目 {id} 的复习安排无效"));
        }
        if self.predictions.len() > MAX_PREDICTIONS || self.predictions.iter().any(|p| !finite(p.at)) {
            return Err("预测记录无效".into());
        }
        Ok(())
    }

    /// Merge another copy in, item by item, so that two tabs lose nothing: a chapter opened
    /// in either is opened, read in either is read; the newer attempt-in-progress of a
    /// question wins and finished attempts from both are kept.
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
            let mine = self.runs.entry(*key).or_default();
            mine.count = mine.count.max(theirs.count);
            mine.last_at = mine.last_at.max(theirs.last_at);
        }
        for (id, theirs) in &other.questions {
            let mine = self.questions.entry(id.clone()).or_default();
            if theirs.current.updated_at > mine.current.updated_at {
                mine.current = theirs.current.clone();
            }
            for a in &theirs.attempts {
                if !mine.attempts.iter().any(|m| m.at == a.at && m.answer == a.answer) {
                    mine.attempts.push(a.clone());
                }
            }
            mine.attempts.sort_by(|a, b| a.at.total_cmp(&b.at));
            mine.review = Review::replay(&mine.attempts);
        }
        for p in &other.predictions {
            if !self.predictions.iter().any(|m| m.at == p.at && m.experiment == p.experiment) {
                self.predictions.push(p.clone());
            }
        }
        self.predictions.sort_by(|a, b| a.at.total_cmp(&b.at));
        self.keep_recent_predictions();
    }

    /// Every question's schedule as its ratings so far lead to (the v3 → v4 migration).
    fn schedule_from_attempts(&mut self) {
        for q in self.questions.values_mut() {
            q.review = Review::replay(&q.attempts);
        }
    }

    fn keep_recent_predictions(&mut self) {
        let excess = self.predictions.len().saturating_sub(MAX_PREDICTIONS);
        self.predictions.drain(..excess);
    }

    /// Apply one of the learner's changes, stamped with the time it happened.
    pub fn apply(&mut self, change: Change, at: Millis) {
        match change {
            Change::OpenChapter(slug) => {
                self.chapters.entry(slug.to_string()).or_insert(ChapterProgress { opened_at: at, read_at: None });
            }
            Change::FinishChapter(slug) => {
                let c = self.chapters.entry(slug.to_string()).or_insert(ChapterProgress { opened_at: at, read_at: None });
                c.read_at.get_or_insert(at);
            }
            Change::Draft { question, answer } => self.edit(question.id, at, |c| {
                c.answer = answer;
                c.wording = question.wording;
            }),
            Change::Reveal(question) => self.edit(question.id, at, |c| {
                c.revealed = true;
                // Revealing without a draft answers the wording shown now.
                if c.answer.trim().is_empty() {
                    c.wording = question.wording;
                }
            }),
            Change::Tick { question, point, on } => self.edit(question.id, at, |c| {
                c.ticked.retain(|k| *k != point);
                if on && c.revealed {
                    c.ticked.push(point);
                    c.ticked.sort_unstable();
                }
            }),
            Change::Rate { question, rating } => self.questions.entry(question.id.to_string()).or_default().rate(rating, at),
            Change::Run(experiment) => {
                let r = self.runs.entry(experiment).or_default();
                r.count += 1;
                r.last_at = r.last_at.max(at);
            }
            Change::Predict { experiment, guess, hit } => {
                self.predictions.push(Prediction { experiment, guess, hit, at });
                self.keep_recent_predictions();
            }
        }
    }

    fn edit(&mut self, question: &str, at: Millis, change: impl FnOnce(&mut Current)) {
        let current = &mut self.questions.entry(question.to_string()).or_default().current;
        change(current);
        current.updated_at = at;
    }

    /// Where a chapter stands.
    pub fn chapter(&self, slug: &str) -> ChapterState {
        match self.chapters.get(slug) {
            None => ChapterState::Unopened,
            Some(c) if c.read_at.is_none() => ChapterState::Opened,
            Some(_) => ChapterState::Read,
        }
    }

    /// A question's record; an untouched question has an empty one.
    pub fn question(&self, id: &str) -> QuestionRecord {
        self.questions.get(id).cloned().unwrap_or_default()
    }

    /// How often an experiment was run.
    pub fn runs_of(&self, e: Experiment) -> u32 {
        self.runs.get(&e).map_or(0, |r| r.count)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress always serializes")
    }

    pub fn to_pretty_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("progress always serializes")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const V1: &str = include_str!("fixtures/progress-v1.json");
    const V2: &str = include_str!("fixtures/progress-v2.json");
    const V3: &str = include_str!("fixtures/progress-v3.json");
    const V4: &str = include_str!("fixtures/progress-v4.json");
    pub(crate) const Q1: QuestionRef = QuestionRef { id: "q1", wording: 2 };
    pub(crate) const Q2: QuestionRef = QuestionRef { id: "q2", wording: 2 };

    #[test]
    fn every_earlier_schema_migrates() {
        let Loaded::Ok(p) = parse(Some(V1)) else { panic!("v1 fixture must load") };
        assert_eq!(p.version, SCHEMA_VERSION);
        assert!(p.chapters["timeline"].read_at.is_some());
        assert_eq!(p.runs_of("fencing/no-fence".parse().unwrap()), 2);
        assert_eq!(p.chapter("timeline"), ChapterState::Read);
        assert!(p.questions.is_empty());
        let Loaded::Ok(p) = parse(Some(V2)) else { panic!("v2 fixture must load") };
        assert_eq!(p.question("q2").level(), Some(Rating::Partial));
        assert_eq!(p.question("q1").state(), QuestionState::Recalling);
        // Everything answered before the questions were rewritten answered the first wording.
        assert_eq!(p.question("q2").attempts[0].wording, 1);
        assert_eq!(p.question("q1").current.wording, 1);
        let Loaded::Ok(p) = parse(Some(V3)) else { panic!("v3 fixture must load") };
        assert_eq!(p.question("q3").attempts.iter().map(|a| a.wording).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(p.runs_of("fencing/precheck".parse().unwrap()), 1);
        // The schedule is what the ratings so far lead to: missed, then partial → box 1, due a
        // day after the last rating; a question never rated has none.
        let review = p.question("q3").review.expect("q3 was rated");
        assert_eq!((review.level, review.due), (1, 1764600300000.0 + super::super::review::DAY_MS));
        assert!(p.predictions.is_empty());
        let Loaded::Ok(p) = parse(Some(V4)) else { panic!("v4 fixture must load") };
        assert_eq!(p.question("q1").review.map(|r| r.level), Some(3));
        assert_eq!(p.predictions.iter().filter(|x| x.hit).count(), 1);
    }

    #[test]
    fn empty_corrupt_and_newer_are_told_apart() {
        assert_eq!(parse(None), Loaded::Empty);
        assert!(matches!(parse(Some("{oops")), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some("[1,2]")), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some(r#"{"version":0}"#)), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some(r#"{"version":2,"chapters":{"intro":7}}"#)), Loaded::Corrupt { .. }));
        assert!(matches!(parse(Some(r#"{"version":2,"chapters":{"intro":{"opened_at":-1}}}"#)), Loaded::Corrupt { .. }));
        let bad_tick = r#"{"version":2,"questions":{"q1":{"current":{"answer":"","revealed":true,"ticked":[99],"updated_at":1}}}}"#;
        assert!(matches!(parse(Some(bad_tick)), Loaded::Corrupt { .. }));
        let bad_run = r#"{"version":2,"runs":{"operations/split-authority":{"count":1,"last_at":1}}}"#;
        assert!(matches!(parse(Some(bad_run)), Loaded::Corrupt { .. }));
        let newer = parse(Some(r#"{"version":9,"chapters":{},"future":true}"#));
        assert!(matches!(newer, Loaded::Newer { version: 9, .. }));
    }

    #[test]
    fn a_saved_document_round_trips() {
        let Loaded::Ok(p) = parse(Some(V4)) else { panic!() };
        assert_eq!(parse(Some(&p.to_json())), Loaded::Ok(p.clone()));
        assert_eq!(parse(Some(&p.to_pretty_json())), Loaded::Ok(p));
    }

    #[test]
    fn a_question_goes_from_recall_to_reveal_to_rated_and_keeps_history() {
        let mut p = Progress::default();
        let draft = |answer: &str| Change::Draft { question: Q1, answer: answer.into() };
        assert_eq!(p.question("q1").state(), QuestionState::NotStarted);
        p.apply(draft("owner 防误删"), 1.0);
        assert_eq!(p.question("q1").state(), QuestionState::Recalling);
        // Points cannot be ticked, nor the attempt rated, before the reference is shown.
        p.apply(Change::Tick { question: Q1, point: 0, on: true }, 2.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Full }, 2.0);
        assert_eq!((p.question("q1").current.ticked.len(), p.question("q1").attempts.len()), (0, 0));
        p.apply(Change::Reveal(Q1), 3.0);
        for point in [2, 0, 2] {
            p.apply(Change::Tick { question: Q1, point, on: true }, 4.0);
        }
        assert_eq!(p.question("q1").state(), QuestionState::Revealed);
        assert_eq!(p.question("q1").current.ticked, vec![0, 2]);
        p.apply(Change::Rate { question: Q1, rating: Rating::Partial }, 10.0);
        assert_eq!((p.question("q1").state(), p.question("q1").level()), (QuestionState::Rated, Some(Rating::Partial)));
        p.apply(draft("second try"), 11.0);
        p.apply(Change::Reveal(Q1), 12.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Full }, 20.0);
        let q = p.question("q1");
        assert_eq!(q.attempts.iter().map(|a| (a.answer.as_str(), a.ticked.len(), a.rating, a.wording)).collect::<Vec<_>>(), [("owner 防误删", 2, Rating::Partial, 2), ("second try", 0, Rating::Full, 2)]);
        assert_eq!(q.level(), Some(Rating::Full));
    }

    #[test]
    fn chapters_are_opened_then_read_and_runs_counted() {
        let mut p = Progress::default();
        p.apply(Change::OpenChapter("lab"), 5.0);
        assert_eq!(p.chapter("lab"), ChapterState::Opened);
        p.apply(Change::FinishChapter("lab"), 6.0);
        p.apply(Change::FinishChapter("lab"), 9.0);
        p.apply(Change::OpenChapter("lab"), 9.0);
        assert_eq!(p.chapters["lab"], ChapterProgress { opened_at: 5.0, read_at: Some(6.0) });
        let e: Experiment = "operations/no-fence".parse().unwrap();
        p.apply(Change::Run(e), 7.0);
        p.apply(Change::Run(e), 8.0);
        assert_eq!(p.runs_of(e), 2);
        assert!(p.to_json().contains(r#""operations/no-fence":{"count":2"#));
    }

    #[test]
    fn merge_keeps_what_either_tab_recorded() {
        let mut a = Progress::default();
        a.chapters.insert("intro".into(), ChapterProgress { opened_at: 3.0, read_at: None });
        a.questions.entry("q1".into()).or_default().current = Current { answer: "tab A".into(), updated_at: 5.0, ..Default::default() };
        let mut b = Progress::default();
        b.chapters.insert("intro".into(), ChapterProgress { opened_at: 1.0, read_at: Some(4.0) });
        b.chapters.insert("lab".into(), ChapterProgress { opened_at: 2.0, read_at: None });
        b.questions.entry("q2".into()).or_default().current = Current { answer: "tab B".into(), updated_at: 6.0, ..Default::default() };
        b.apply(Change::Reveal(Q1), 0.5);
        b.apply(Change::Rate { question: Q1, rating: Rating::Full }, 1.0);
        a.merge(&b);
        assert_eq!(a.chapters["intro"], ChapterProgress { opened_at: 1.0, read_at: Some(4.0) });
        assert!(a.chapters.contains_key("lab"));
        assert_eq!(a.questions["q1"].current.answer, "tab A");
        assert_eq!(a.questions["q1"].attempts.len(), 1);
        assert_eq!(a.questions["q2"].current.answer, "tab B");
        // Merging twice changes nothing more.
        let once = a.clone();
        a.merge(&b);
        assert_eq!(a, once);
    }
}
