//! Pieces shared by every view: the page shell, theme, copy buttons, keyboard shortcuts.

pub mod copy;
pub mod shell;
pub mod shortcuts;
pub mod theme;
