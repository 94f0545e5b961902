//! Whether the browser keeps this site's data even when space runs short, and asking it to
//! (once a page, when the learner starts writing): browsers may otherwise evict it.

use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen_futures::JsFuture;

thread_local! {
    static PERSISTED: RwSignal<Option<bool>> = crate::rooted::rooted(|| RwSignal::new(None));
    static ASKED: Cell<bool> = const { Cell::new(false) };
}

/// What the browser said (`None` until it said).
pub fn persisted() -> ReadSignal<Option<bool>> {
    PERSISTED.with(|p| p.read_only())
}

/// Ask what the browser says now.
pub fn read() {
    let persisted = PERSISTED.with(|p| *p);
    leptos::task::spawn_local(async move {
        let granted = match window().navigator().storage().persisted() {
            Ok(promise) => {
                JsFuture::from(promise).await.ok().and_then(|v| v.as_bool()).unwrap_or(false)
            }
            // No storage manager (an insecure origin, an old browser): best effort is all there is.
            Err(_) => false,
        };
        persisted.set(Some(granted));
    });
}

/// Ask the browser to keep this site's data (once).
pub fn request() {
    let persisted = PERSISTED.with(|p| *p);
    if persisted.get_untracked() == Some(true) || ASKED.with(|a| a.replace(true)) {
        return;
    }
    leptos::task::spawn_local(async move {
        if let Ok(promise) = window().navigator().storage().persist() {
            let granted = JsFuture::from(promise).await.ok().and_then(|v| v.as_bool());
            persisted.set(Some(granted.unwrap_or(false)));
        }
    });
}
