//! Shared widgets, a leaf importing no learner activity and no frame: copy buttons, dialogs,
//! downloads, the keyboard's rules, a run's count and latest prediction.

pub mod copy;
pub mod dialog;
pub mod download;
pub mod keys;
pub mod run_status;
