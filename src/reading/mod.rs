//! Reading the lesson: one page per chapter and the whole lesson on one page, rendered at build
//! time; the chapter list, search and reading progress as islands; the lab's commands as islands
//! of the `commands` module.

#[cfg(feature = "ssr")]
pub mod blocks;
#[cfg(feature = "ssr")]
pub mod glossary;
#[cfg(feature = "reading")]
mod hit_mark;
#[cfg(feature = "commands")]
pub mod lab;
#[cfg(feature = "commands")]
mod lab_result;
#[cfg(feature = "commands")]
mod lab_run;
#[cfg(feature = "reading")]
pub mod nav;
#[cfg(feature = "ssr")]
mod pages;
pub mod search;
#[cfg(feature = "reading")]
pub mod search_box;
#[cfg(feature = "ssr")]
pub mod timeline;
#[cfg(feature = "ssr")]
mod timeline_down;
#[cfg(feature = "ssr")]
mod timeline_drawing;
#[cfg(feature = "reading")]
pub mod tracker;
#[cfg(feature = "landing")]
pub mod welcome;

#[cfg(feature = "ssr")]
pub use glossary::GlossaryPage;
#[cfg(feature = "ssr")]
pub use pages::*;
