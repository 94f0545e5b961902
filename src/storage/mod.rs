//! Everything the app keeps in the browser, and the only module that touches storage: the
//! progress document (`progress`), its import and export (`transfer`), the reactive store the
//! views read and send changes to (`store`), how the document lies in storage (`layout`:
//! finished attempts apart from the often-written rest), and the localStorage adapter (`local`).

pub mod chapters;
pub mod layout;
pub mod local;
pub mod part;
pub mod progress;
pub mod review;
pub mod store;
pub mod transfer;

#[cfg(test)]
mod fuzz;

pub use local::StorageError;

/// A small preference kept as plain text (the theme), if storage allows.
pub fn preference(name: &str) -> Option<String> {
    local::read_raw(name).ok().flatten()
}

/// Keep a preference, or forget it with `None`. A preference that cannot be saved still
/// applies to this tab, so failure is not reported.
pub fn set_preference(name: &str, value: Option<&str>) {
    let _ = match value {
        Some(v) => local::write_raw(name, v),
        None => local::remove(name),
    };
}
