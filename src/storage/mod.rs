//! Everything the app keeps in the browser, and the only module that touches storage. Each
//! key holds one versioned document with one owner (`doc`): the reading module's `chapters`,
//! the lab's `lab`, the study's drafts and attempts (`study`, laid out by `layout`). The whole
//! progress document (`progress`) is what an export holds (`transfer`). Views read and change
//! a part through its store (`store`); storage itself is a port (`port`).

pub mod chapters;
pub mod doc;
pub mod draft;
pub mod lab;
pub mod layout;
pub mod persist;
pub mod port;
pub mod progress;
pub mod review;
pub mod status;
pub mod store;
pub mod study;
pub mod transfer;

#[cfg(test)]
mod tests;

use port::{Keys, Local};

/// A small preference kept as plain text (the theme), if storage allows.
pub fn preference(name: &str) -> Option<String> {
    Local.get(name).ok().flatten()
}

/// Keep a preference, or forget it with `None`. A preference that cannot be saved still
/// applies to this tab, so failure is not reported.
pub fn set_preference(name: &str, value: Option<&str>) {
    let _ = match value {
        Some(v) => Local.set(name, v),
        None => Local.remove(name),
    };
}
