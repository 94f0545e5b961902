//! Reading the lesson: one page per chapter and the whole lesson on one page, rendered at build
//! time; the chapter list, search and reading progress as islands; the lab's commands as islands
//! of the `lab` module.

#[cfg(feature = "ssr")]
pub mod blocks;
#[cfg(feature = "ssr")]
pub mod glossary;
#[cfg(lab_islands)]
pub mod lab;
#[cfg(reading_islands)]
pub mod nav;
#[cfg(feature = "ssr")]
mod pages;
pub mod search;
#[cfg(reading_islands)]
pub mod search_box;
#[cfg(feature = "ssr")]
pub mod timeline;
#[cfg(reading_islands)]
pub mod tracker;

#[cfg(feature = "ssr")]
pub use glossary::GlossaryPage;
#[cfg(feature = "ssr")]
pub use pages::*;
