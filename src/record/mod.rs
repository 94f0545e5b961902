//! What the learner did, and the rules it changes by: the chapters read (`chapters`), the lab's
//! runs and predictions (`lab`; a prediction scored against a run: `prediction`), the answers
//! written to the lesson's follow-up questions (`recall`), the self-test's answers (`study`: each
//! question's attempt in progress, `draft`, and the schedule its ratings lead to, `review`). Pure
//! data and rules, no browser: `storage` keeps these records, the views show them and send their
//! changes.

pub mod chapters;
pub mod draft;
pub mod lab;
pub mod prediction;
pub mod recall;
pub mod review;
pub mod study;

#[cfg(test)]
pub(crate) mod tests;

/// Milliseconds since the Unix epoch (JavaScript's `Date.now()`).
pub type Millis = f64;

/// Whether a stored time can be one of ours: finite, and not before the epoch.
fn valid_time(t: Millis) -> bool {
    t.is_finite() && t >= 0.0
}

/// Sort by time, oldest first, equal times kept in their order. One sort of (time, place) pairs
/// serves every record: a `sort_by` per record type costs each its own copy of the sort (about
/// 3 KB of the study module's piece that every study page loads).
pub fn by_time<T>(items: &mut Vec<T>, at: impl Fn(&T) -> Millis) {
    let mut order: Vec<(Millis, usize)> = items.iter().map(at).zip(0..).collect();
    order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|(_, k)| slots[k].take()));
}

/// One owner's record: the changes a learner makes to it, how two copies of it join, and the
/// value checks serde cannot express (every stored document and every import must pass them).
pub trait Record: Clone + Default + PartialEq {
    type Change;
    /// What it is, in words a learner reads (a storage notice, an unreadable key's reason).
    const WHAT: &'static str;
    /// Apply one of the learner's changes, stamped with the time it happened.
    fn apply(&mut self, change: Self::Change, at: Millis);
    /// Apply a change made before this record was read from storage (text typed, a chapter
    /// opened, before the page was live): the learner did not see what was stored, so nothing
    /// of it may be replaced unseen. Most changes only add, and apply as usual.
    fn apply_unseen(&mut self, change: Self::Change, at: Millis) {
        self.apply(change, at)
    }
    /// Another copy (another tab's, an import) joins this one: nothing either holds is lost.
    fn merge(&mut self, other: &Self);
    fn check(&self) -> Result<(), String>;
}
