//! The frame of the app, at the top of the module tree: which page each route shows (`pages`)
//! inside the shell around every page (`shell`), both for the build-time renderer only, and
//! the frame's islands that come alive on every page (`frame`: the menu, storage notice and
//! shortcuts; `theme`). Nothing imports this module but the renderer and the browser modules'
//! entry points.

#[cfg(feature = "reading")]
pub mod frame;
#[cfg(feature = "ssr")]
mod pages;
#[cfg(feature = "ssr")]
mod shell;
#[cfg(feature = "reading")]
pub mod theme;

#[cfg(feature = "ssr")]
pub use pages::{module, routes, Page};
