//! Shared widgets, a leaf importing no learner activity and no frame: copy buttons, dialogs,
//! downloads, the keyboard's rules.

pub mod copy;
pub mod dialog;
pub mod download;
pub mod keys;
