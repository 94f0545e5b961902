//! Shared widgets, a leaf importing no learner activity and no frame: copy buttons, dialogs,
//! downloads, the keyboard's rules, a run's count and latest prediction.

pub mod copy;
pub mod dialog;
pub mod download;
pub mod keys;
#[cfg(any(feature = "lab", feature = "commands", feature = "study"))]
pub mod piece;
pub mod run_status;

/// What an answer box says until its saved draft is read (the prerendered page cannot know
/// it): the box may look empty when it is not, and what is typed then stays in the box.
pub const DRAFT_LOADING: &str =
    "正在读取本浏览器保存的草稿（如有）……现在就可以写，读取完成后写下的内容仍留在框里。";
