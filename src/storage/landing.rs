//! What the landing reads of the stored records: through the few fields that tell it and no
//! more, since the landing's module carries no self-test types (they would weigh on every
//! page's first load).

use crate::record::draft::in_progress;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The first question (by id) whose stored draft (the text under `DRAFTS`) holds an answer in
/// progress (`draft::in_progress`), read through the two fields that tell it.
pub fn first_draft_in_progress(raw: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Peek {
        #[serde(default)]
        questions: BTreeMap<String, PeekDraft>,
    }
    #[derive(Deserialize)]
    struct PeekDraft {
        #[serde(default)]
        current: PeekCurrent,
    }
    #[derive(Default, Deserialize)]
    #[serde(default)]
    struct PeekCurrent {
        answer: String,
        revealed: bool,
    }
    let peek: Peek = serde_json::from_str(raw).ok()?;
    let busy = |d: &PeekDraft| in_progress(&d.current.answer, d.current.revealed);
    peek.questions.into_iter().find(|(_, d)| busy(d)).map(|(id, _)| id)
}
