//! Signals that live as long as the page: made under a reactive root of their own, which is
//! never disposed, so no island's cleanup takes them away. The store, the explorer's session
//! and its effects are made this way.

use leptos::prelude::*;

/// What `make` makes, owned by a root that is never disposed; the caller's owner is current
/// again afterwards (a new root becomes the current owner).
pub fn rooted<T>(make: impl FnOnce() -> T) -> T {
    let caller = Owner::current();
    let owner = Owner::new_root(None);
    let made = owner.with(make);
    // Forgotten on purpose: dropping the root would dispose what it owns.
    std::mem::forget(owner);
    if let Some(caller) = caller {
        caller.set();
    }
    made
}
