//! Shared widgets, importing no learner activity: copy buttons, dialogs, the keyboard's rules,
//! and the frame's islands on every page (theme, menu, storage notice, shortcuts).

pub mod copy;
pub mod dialog;
pub mod download;
#[cfg(reading_islands)]
pub mod frame;
pub mod keys;
#[cfg(reading_islands)]
pub mod theme;
