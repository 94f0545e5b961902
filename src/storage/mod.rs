//! How the learner's records (`crate::record`) are kept in the browser, and the only module
//! that touches storage. Each key holds one versioned document with one owner (`doc`), laid
//! out by `layout`: the reading module's `chapters`, the lab's `lab`, the study's drafts and
//! attempts. The whole progress document (`backup`) is what an export holds (`transfer`).
//! Views read and change a record through its store (`store`); storage itself is a port
//! (`port`). What a tab keeps only for itself (sessionStorage) goes through `tab`.

pub mod backup;
pub mod doc;
pub mod landing;
pub mod layout;
pub mod part;
pub mod persist;
pub mod port;
pub mod quarantine;
pub mod status;
pub mod store;
pub mod tab;
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
