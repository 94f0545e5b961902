//! Shared widgets, used by every part of the page and importing none of them: copy buttons,
//! the theme toggle, dialogs, and the keyboard's one rule.

pub mod copy;
pub mod dialog;
pub mod keys;
pub mod theme;
