//! The learner's saved progress as one versioned document: plain Rust types, the changes a
//! learner can make to it (`Change`, applied only by `Progress::apply`), parsing with
//! migration from every earlier schema, and the per-item merge used when two tabs write.
//! No browser code here, so all of it is tested natively. Words a learner reads about it
//! (rating names, question states) belong to the views.

pub use super::chapters::Chapters;
use super::review::Review;
use fencing_model::prediction::Guess;
use fencing_model::Experiment;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// The schema this build writes. Older documents are migrated on load; newer ones are
/// never overwritten.
pub const SCHEMA_VERSION: u32 = 6;

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
    /// The tab that made the last change ("" in documents from before v5).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tab: String,
    /// The other tab's draft this one went on from: what it has seen, so a merge can tell
    /// an older copy of the same draft (nothing lost) from another tab's parallel edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<DraftId>,
    /// Drafts another tab was typing at the same time, kept for the learner to pick from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// Which state of a draft: the tab that wrote it and when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DraftId {
    pub tab: String,
    pub at: Millis,
}

/// A draft that lost to another tab's parallel edit of the same answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conflict {
    pub answer: String,
    pub at: Millis,
}

/// Parallel drafts kept per question: the most recent ones.
pub const MAX_CONFLICTS: usize = 8;

impl Current {
    fn id(&self) -> DraftId {
        DraftId { tab: self.tab.clone(), at: self.updated_at }
    }

    /// Whether this draft went on from `other` (or is it): written later by the same tab,
    /// or by a tab that had seen `other` or a later state of it.
    fn continues(&self, other: &Current) -> bool {
        let after = |id: &DraftId| id.tab == other.tab && id.at >= other.updated_at;
        after(&self.id()) || self.base.as_ref().is_some_and(after)
    }

    /// Two tabs edited in parallel: the later edit stays, the other's text is kept aside.
    /// Ties go by tab and text, so both tabs pick the same.
    fn merge_parallel(&mut self, other: &Current) {
        let later = other
            .updated_at
            .total_cmp(&self.updated_at)
            .then_with(|| other.tab.cmp(&self.tab))
            .then_with(|| other.answer.cmp(&self.answer));
        let (mut win, lose) = if later.is_gt() { (other.clone(), &*self) } else { (self.clone(), other) };
        let losers = lose
            .conflicts
            .iter()
            .cloned()
            .chain((!lose.answer.trim().is_empty()).then(|| Conflict { answer: lose.answer.clone(), at: lose.updated_at }));
        for c in losers {
            if c.answer != win.answer && !win.conflicts.iter().any(|k| k.answer == c.answer) {
                win.conflicts.push(c);
            }
        }
        win.conflicts.sort_by(|a, b| a.at.total_cmp(&b.at));
        let excess = win.conflicts.len().saturating_sub(MAX_CONFLICTS);
        win.conflicts.drain(..excess);
        *self = win;
    }
}

/// A question as the learner's changes name it: its id, the version of its wording, and the
/// tab the change comes from (see `Current::tab`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuestionRef {
    pub id: &'static str,
    pub wording: u32,
    pub tab: &'static str,
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

    /// Keep finished attempts recorded elsewhere (another tab, an import) beside these: an
    /// attempt is the same when it was rated at the same moment with the same answer. The
    /// schedule is what all of them lead to.
    pub fn add_attempts(&mut self, theirs: &[Attempt]) {
        for a in theirs {
            if !self.attempts.iter().any(|m| m.at == a.at && m.answer == a.answer) {
                self.attempts.push(a.clone());
            }
        }
        self.attempts.sort_by(|a, b| a.at.total_cmp(&b.at));
        self.review = Review::replay(&self.attempts);
    }

    /// Finish the current attempt with a rating; the next attempt starts empty. Rating is
    /// the last step of recall → reveal → rate: before the reference is revealed it does nothing.
    fn rate(&mut self, rating: Rating, at: Millis) {
        if !self.current.revealed {
            return;
        }
        let c = std::mem::take(&mut self.current);
        self.attempts.push(Attempt { answer: c.answer, ticked: c.ticked, rating, at, wording: c.wording });
        // The next attempt starts empty, from what this tab had seen; drafts another tab
        // typed in parallel stay until the learner picks or drops them.
        self.current = Current { updated_at: at, tab: c.tab, base: c.base, conflicts: c.conflicts, ..Current::default() };
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
    Draft {
        question: QuestionRef,
        answer: String,
    },
    /// Show the reference answer and scoring points.
    Reveal(QuestionRef),
    /// Mark a scoring point as covered (or not); only once the reference is revealed.
    Tick {
        question: QuestionRef,
        point: usize,
        on: bool,
    },
    /// Finish the attempt with a self-rating; it keeps the wording its draft answered.
    Rate {
        question: QuestionRef,
        rating: Rating,
    },
    /// Of the drafts another tab typed in parallel: use the one at `index` (the answer it
    /// replaces is kept in its place), or drop it.
    Resolve {
        question: QuestionRef,
        index: usize,
        take: bool,
    },
    Run(Experiment),
    /// A prediction made before a lab run, and whether the run bore it out.
    Predict {
        experiment: Experiment,
        guess: Guess,
        hit: bool,
    },
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
    pub chapters: Chapters,
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
        Progress {
            version: SCHEMA_VERSION,
            chapters: Chapters::default(),
            runs: BTreeMap::new(),
            questions: BTreeMap::new(),
            predictions: Vec::new(),
        }
    }
}

/// Schema changes, oldest first: each step turns version `n` into `n + 1`.
/// v1 (reading progress and experiment runs) → v2: the self-test's `questions` arrive.
/// v2 → v3: the questions were rewritten; every attempt and draft so far answered the first
/// wording, and says so (`wording: 1`), so the page can show it as an earlier version.
/// v3 → v4: spaced review and predictions arrive; each question's schedule is what its
/// ratings so far lead to (`schedule_from_attempts`, after parsing), predictions start empty.
/// v4 → v5: drafts name their tab and keep another tab's parallel draft; older drafts have
/// none (`tab` "": one unknown tab), so nothing to add.
/// v5 → v6: in storage, finished attempts move to keys of their own (`layout`); the document
/// itself, as exported, keeps its shape. A v5 app must not write over that layout.
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
        4 | 5 => {}
        _ => unreachable!("no schema before 1"),
    }
}

/// What loading a stored document found.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded {
    Empty,
    Ok(Progress),
    /// Written by a newer app: readable as far as we understand it, never to be overwritten.
    Newer {
        version: u32,
        progress: Progress,
    },
    /// Not JSON, or not a progress document: kept aside, never deleted silently.
    Corrupt {
        reason: String,
    },
}

/// Read a stored document (what this app wrote): a wrong value is reported as serde says it.
pub fn parse(raw: Option<&str>) -> Loaded {
    parse_with(raw, |value| serde_json::from_value(value).map_err(|e| (None, e.to_string())))
}

/// Read a file a person may have edited: a wrong value is reported with the path of its field.
/// (Naming the path doubles the code that reads a document, so only the import uses it.)
pub fn parse_naming_fields(raw: Option<&str>) -> Loaded {
    parse_with(raw, |value| serde_path_to_error::deserialize(value).map_err(|e| (Some(e.path().to_string()), e.inner().to_string())))
}

/// `read` turns the migrated JSON into a document, or says why not (and at which field).
fn parse_with(raw: Option<&str>, read: impl FnOnce(Value) -> Result<Progress, (Option<String>, String)>) -> Loaded {
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
    match read(value) {
        Ok(p) if version > SCHEMA_VERSION => Loaded::Newer { version, progress: p },
        Ok(mut p) => match p.check() {
            Ok(()) if version < 4 => {
                p.schedule_from_attempts();
                Loaded::Ok(Progress { version: SCHEMA_VERSION, ..p })
            }
            Ok(()) => Loaded::Ok(Progress { version: SCHEMA_VERSION, ..p }),
            Err(reason) => Loaded::Corrupt { reason },
        },
        Err((Some(field), e)) => Loaded::Corrupt { reason: format!("字段 {field} 不符合第 {version} 版格式：{e}") },
        Err((None, e)) => Loaded::Corrupt { reason: format!("不符合第 {version} 版格式：{e}") },
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
            let answers = std::iter::once(&q.current.answer)
                .chain(q.attempts.iter().map(|a| &a.answer))
                .chain(q.current.conflicts.iter().map(|c| &c.answer));
            if answers.into_iter().any(|a| a.chars().count() > MAX_ANSWER) {
                return Err(format!("题目 {id} 的回答超过 {MAX_ANSWER} 字"));
            }
            if q.current.conflicts.len() > MAX_CONFLICTS {
                return Err(format!("题目 {id} 的并行草稿超过 {MAX_CONFLICTS} 份"));
            }
            if !finite(q.current.updated_at)
                || q.attempts.iter().any(|a| !finite(a.at))
                || q.current.conflicts.iter().any(|c| !finite(c.at))
            {
                return Err(format!("题目 {id} 的时间无效"));
            }
            // Scoring points are few (3–5); an index far beyond that is not ours.
            let ticks = std::iter::once(&q.current.ticked).chain(q.attempts.iter().map(|a| &a.ticked));
            if ticks.into_iter().flatten().any(|&k| k >= MAX_POINTS) {
                return Err(format!("题目 {id} 的评分点编号无效"));
            }
        }
        self.chapters.check()?;
        if let Some((e, _)) = self.runs.iter().find(|(_, r)| !finite(r.last_at)) {
            return Err(format!("实验 {e} 的运行时间无效"));
        }
        let boxes = 1..=super::review::INTERVAL_DAYS.len() as u8;
        if let Some((id, _)) = self.questions.iter().find(|(_, q)| q.review.is_some_and(|r| !finite(r.due) || !boxes.contains(&r.level))) {
            return Err(format!("题目 {id} 的复习安排无效"));
        }
        if self.predictions.len() > MAX_PREDICTIONS {
            return Err(format!("predictions 有 {} 条预测，超过 {MAX_PREDICTIONS} 条", self.predictions.len()));
        }
        if let Some(i) = self.predictions.iter().position(|p| !finite(p.at)) {
            return Err(format!("predictions[{i}]（第 {} 条预测）的时间无效", i + 1));
        }
        Ok(())
    }

    /// Merge another copy in, item by item, so that two tabs lose nothing: a chapter opened
    /// in either is opened, read in either is read; of two states of an attempt in progress
    /// the one that went on from the other wins, and when two tabs typed in parallel the later
    /// stays and the other's text is kept as a conflict; finished attempts from both are kept.
    pub fn merge(&mut self, other: &Progress) {
        self.chapters.merge(&other.chapters);
        // Counts only grow; the larger of two tabs' counts loses the least.
        for (key, theirs) in &other.runs {
            let mine = self.runs.entry(*key).or_default();
            mine.count = mine.count.max(theirs.count);
            mine.last_at = mine.last_at.max(theirs.last_at);
        }
        for (id, theirs) in &other.questions {
            let mine = self.questions.entry(id.clone()).or_default();
            if mine.current.continues(&theirs.current) {
                // Ours already holds theirs.
            } else if theirs.current.continues(&mine.current) {
                mine.current = theirs.current.clone();
            } else {
                mine.current.merge_parallel(&theirs.current);
            }
            mine.add_attempts(&theirs.attempts);
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
            Change::OpenChapter(_) | Change::FinishChapter(_) => self.chapters.record(&change, at),
            Change::Draft { question, answer } => self.edit(question, at, |c| {
                c.answer = answer;
                c.wording = question.wording;
            }),
            Change::Reveal(question) => self.edit(question, at, |c| {
                c.revealed = true;
                // Revealing without a draft answers the wording shown now.
                if c.answer.trim().is_empty() {
                    c.wording = question.wording;
                }
            }),
            Change::Tick { question, point, on } => self.edit(question, at, |c| {
                c.ticked.retain(|k| *k != point);
                if on && c.revealed {
                    c.ticked.push(point);
                    c.ticked.sort_unstable();
                }
            }),
            Change::Rate { question, rating } => {
                if self.questions.get(question.id).is_some_and(|q| q.current.revealed) {
                    self.edit(question, at, |_| {});
                }
                self.questions.entry(question.id.to_string()).or_default().rate(rating, at)
            }
            Change::Resolve { question, index, take } => self.edit(question, at, |c| {
                if index >= c.conflicts.len() {
                    return;
                }
                let picked = c.conflicts.remove(index);
                if take {
                    let mine = std::mem::replace(&mut c.answer, picked.answer);
                    if !mine.trim().is_empty() {
                        c.conflicts.insert(index, Conflict { answer: mine, at });
                    }
                }
            }),
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

    /// Change the attempt in progress as `question.tab`; a draft last changed by another
    /// tab becomes this one's base (what this tab has seen).
    fn edit(&mut self, question: QuestionRef, at: Millis, change: impl FnOnce(&mut Current)) {
        let current = &mut self.questions.entry(question.id.to_string()).or_default().current;
        if current.tab != question.tab {
            current.base = Some(current.id());
            current.tab = question.tab.to_string();
        }
        change(current);
        current.updated_at = at;
    }

    /// Where a chapter stands.
    pub fn chapter(&self, slug: &str) -> ChapterState {
        self.chapters.chapter(slug)
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
    const V5: &str = include_str!("fixtures/progress-v5.json");
    pub(crate) const Q1: QuestionRef = QuestionRef { id: "q1", wording: 2, tab: "tab-1" };
    pub(crate) const Q2: QuestionRef = QuestionRef { id: "q2", wording: 2, tab: "tab-1" };

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
        assert_eq!(p.question("q1").current.tab, "", "drafts from before v5 name no tab");
        assert_eq!(p.version, SCHEMA_VERSION, "a v4 document is saved as this schema from now on");
        let Loaded::Ok(p) = parse(Some(V5)) else { panic!("v5 fixture must load") };
        assert_eq!(p.question("q2").current.conflicts.len(), 1);
        assert_eq!(p.version, SCHEMA_VERSION);
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
        let Loaded::Ok(p) = parse(Some(V5)) else { panic!() };
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
        assert_eq!(
            q.attempts.iter().map(|a| (a.answer.as_str(), a.ticked.len(), a.rating, a.wording)).collect::<Vec<_>>(),
            [("owner 防误删", 2, Rating::Partial, 2), ("second try", 0, Rating::Full, 2)]
        );
        assert_eq!(q.level(), Some(Rating::Full));
    }

    #[test]
    fn merge_tells_attempts_and_predictions_apart_and_keeps_the_latest_500() {
        let attempt = |answer: &str, at| Attempt { answer: answer.into(), ticked: vec![], rating: Rating::Full, at, wording: 2 };
        let (mut a, mut b) = (Progress::default(), Progress::default());
        a.questions.entry("q1".into()).or_default().attempts = vec![attempt("一", 1.0), attempt("二", 2.0)];
        // Same time, other text; same text, other time: four different attempts.
        b.questions.entry("q1".into()).or_default().attempts = vec![attempt("一", 1.0), attempt("三", 2.0), attempt("一", 3.0)];
        a.merge(&b);
        let answers: Vec<_> = a.questions["q1"].attempts.iter().map(|x| (x.answer.as_str(), x.at)).collect();
        assert_eq!(answers, [("一", 1.0), ("二", 2.0), ("三", 2.0), ("一", 3.0)]);
        assert_eq!(a.questions["q1"].review, Review::replay(&a.questions["q1"].attempts));

        let e: Experiment = "fencing/no-fence".parse().unwrap();
        let f: Experiment = "fencing/correct".parse().unwrap();
        let guess = Guess::Fencing { broken: vec![], last_writers: vec![] };
        let predict = |p: &mut Progress, experiment, at| p.apply(Change::Predict { experiment, guess: guess.clone(), hit: false }, at);
        let (mut a, mut b) = (Progress::default(), Progress::default());
        predict(&mut a, e, 1.0);
        predict(&mut b, e, 1.0);
        predict(&mut b, f, 1.0);
        predict(&mut b, e, 2.0);
        a.merge(&b);
        let seen: Vec<_> = a.predictions.iter().map(|p| (p.experiment, p.at)).collect();
        assert_eq!(seen.len(), 3, "{seen:?}");
        assert!(seen.contains(&(f, 1.0)) && seen.contains(&(e, 2.0)));
        // Years of predictions keep the latest 500, when made and when merged.
        let mut many = Progress::default();
        for i in 0..MAX_PREDICTIONS + 20 {
            predict(&mut many, e, 10.0 + i as f64);
        }
        assert_eq!((many.predictions.len(), many.predictions[0].at), (MAX_PREDICTIONS, 30.0));
        let mut older = Progress::default();
        predict(&mut older, f, 0.5);
        older.merge(&many);
        assert_eq!((older.predictions.len(), older.predictions[0].at), (MAX_PREDICTIONS, 30.0));
    }

    #[test]
    fn limits_hold_at_their_edge_and_every_time_is_checked() {
        let with = |edit: &dyn Fn(&mut QuestionRecord)| {
            let mut p = Progress::default();
            edit(p.questions.entry("q1".into()).or_default());
            p.check()
        };
        assert_eq!(with(&|q| q.current.answer = "字".repeat(MAX_ANSWER)), Ok(()));
        assert!(with(&|q| q.current.answer = "字".repeat(MAX_ANSWER + 1)).is_err());
        let conflict = |at| Conflict { answer: "x".into(), at };
        assert_eq!(with(&|q| q.current.conflicts = vec![conflict(1.0); MAX_CONFLICTS]), Ok(()));
        assert!(with(&|q| q.current.conflicts = vec![conflict(1.0); MAX_CONFLICTS + 1]).is_err());
        assert!(with(&|q| q.current.conflicts = vec![conflict(-1.0)]).is_err());
        assert!(with(&|q| q.current.updated_at = f64::NAN).is_err());
        assert!(
            with(&|q| q.attempts = vec![Attempt { answer: String::new(), ticked: vec![], rating: Rating::Full, at: -1.0, wording: 2 }])
                .is_err()
        );
        assert_eq!(with(&|q| q.current.ticked = vec![MAX_POINTS - 1]), Ok(()));
        assert!(with(&|q| q.current.ticked = vec![MAX_POINTS]).is_err());
        assert_eq!(with(&|q| q.review = Some(Review { level: 6, due: 1.0 })), Ok(()));
        assert!(with(&|q| q.review = Some(Review { level: 7, due: 1.0 })).is_err());
        assert!(with(&|q| q.review = Some(Review { level: 1, due: f64::INFINITY })).is_err());
        let mut p = Progress::default();
        let prediction = Prediction {
            experiment: "fencing/correct".parse().unwrap(),
            guess: Guess::Fencing { broken: vec![], last_writers: vec![] },
            hit: true,
            at: 1.0,
        };
        p.predictions = vec![prediction.clone(); MAX_PREDICTIONS];
        assert_eq!(p.check(), Ok(()));
        p.predictions.push(prediction);
        assert!(p.check().is_err());
        p.predictions.truncate(1);
        p.predictions[0].at = -1.0;
        assert!(p.check().unwrap_err().contains("predictions[0]"));
    }

    #[test]
    fn typing_is_the_one_change_saved_in_batches() {
        assert!(Change::Draft { question: Q1, answer: "x".into() }.is_draft());
        for change in [Change::Reveal(Q1), Change::Rate { question: Q1, rating: Rating::Full }, Change::OpenChapter("lab")] {
            assert!(!change.is_draft(), "{change:?} is saved at once");
        }
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
    fn two_tabs_typing_the_same_answer_keep_both_texts() {
        const T2: QuestionRef = QuestionRef { tab: "tab-2", ..Q1 };
        let draft = |question, answer: &str| Change::Draft { question, answer: answer.into() };
        let current = |p: &Progress| p.questions["q1"].current.clone();
        // Both tabs type before either has seen the other's text.
        let (mut a, mut b) = (Progress::default(), Progress::default());
        a.apply(draft(Q1, "甲的回答"), 10.0);
        b.apply(draft(T2, "乙的回答"), 11.0);
        let (mut a_then_b, mut b_then_a) = (a.clone(), b.clone());
        a_then_b.merge(&b);
        b_then_a.merge(&a);
        assert_eq!(a_then_b, b_then_a, "both tabs end with the same document");
        assert_eq!(current(&a_then_b).answer, "乙的回答", "the later edit stays in the box");
        assert_eq!(current(&a_then_b).conflicts, [Conflict { answer: "甲的回答".into(), at: 10.0 }]);
        // Typed in the same millisecond: both tabs still pick the same text.
        let mut c = Progress::default();
        c.apply(draft(T2, "丙的回答"), 10.0);
        let (mut a_then_c, mut c_then_a) = (a.clone(), c.clone());
        a_then_c.merge(&c);
        c_then_a.merge(&a);
        assert_eq!(a_then_c, c_then_a);
        assert_eq!(current(&a_then_c).conflicts.len(), 1);
        // The same text typed in both is no conflict, and a text already kept is kept once.
        let mut same = Progress::default();
        same.apply(draft(T2, "甲的回答"), 12.0);
        same.merge(&a);
        assert!(current(&same).conflicts.is_empty());
        let mut again = a_then_b.clone();
        again.merge(&a);
        again.merge(&b_then_a);
        assert_eq!(current(&again).conflicts, current(&a_then_b).conflicts);
        // A tab that went on from the other's text holds it: an older copy is no conflict.
        let mut went_on = a.clone();
        went_on.apply(draft(T2, "甲的回答，乙补充"), 12.0);
        went_on.apply(draft(T2, "甲的回答，乙补充完"), 13.0);
        for (mut mine, theirs) in [(went_on.clone(), &a), (a.clone(), &went_on)] {
            mine.merge(theirs);
            assert_eq!(current(&mine).answer, "甲的回答，乙补充完");
            assert!(current(&mine).conflicts.is_empty());
        }
        // Picking the other draft swaps the two; dropping it removes it, and merging an older
        // stored copy does not bring it back.
        let mut p = a_then_b.clone();
        p.apply(Change::Resolve { question: Q1, index: 0, take: true }, 20.0);
        assert_eq!(current(&p).answer, "甲的回答");
        assert_eq!(current(&p).conflicts, [Conflict { answer: "乙的回答".into(), at: 20.0 }]);
        p.apply(Change::Resolve { question: Q1, index: 5, take: true }, 20.5);
        assert_eq!(current(&p).conflicts.len(), 1, "an index past the end changes nothing");
        p.apply(Change::Resolve { question: Q1, index: 0, take: false }, 21.0);
        assert!(current(&p).conflicts.is_empty());
        let resolved = p.clone();
        p.merge(&a_then_b);
        p.merge(&b);
        assert_eq!(p, resolved);
        // A parallel draft left unresolved is still offered after the attempt is rated, and the
        // rating tab's view of the other's draft stays its base.
        let mut open = a_then_b.clone();
        open.apply(Change::Reveal(Q1), 21.5);
        open.apply(Change::Rate { question: Q1, rating: Rating::Full }, 21.6);
        assert_eq!(current(&open).conflicts, current(&a_then_b).conflicts);
        let mut b_late = b.clone();
        b_late.merge(&open);
        assert_eq!(current(&b_late).answer, "");
        assert!(current(&b_late).conflicts.iter().all(|c| c.answer != "乙的回答"), "tab 2's draft was the one rated: no conflict");
        // Rating starts the next attempt empty; the attempt it finished is no conflict either.
        p.apply(Change::Reveal(Q1), 22.0);
        p.apply(Change::Rate { question: Q1, rating: Rating::Partial }, 23.0);
        let mut stale = resolved.clone();
        stale.merge(&p);
        assert_eq!(current(&stale).answer, "");
        assert!(current(&stale).conflicts.is_empty());
        assert_eq!(stale.questions["q1"].attempts.len(), 1);
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
