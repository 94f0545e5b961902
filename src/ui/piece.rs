//! A part of a module cut off into a piece of its own (tools/dist/split-module.sh), fetched the
//! first time it is shown: until then a line says it is loading, and a failed fetch says so,
//! with a way to retry. From then on its views are built at once.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

#[derive(Clone, Copy, PartialEq)]
enum Load {
    Absent,
    Loading,
    Ready,
    Failed,
}

/// One piece and how far its fetch has got; kept by the island, so it outlives each view.
#[derive(Clone, Copy)]
pub struct Piece {
    /// The part, as the learner reads it in its place while it loads or when it failed to.
    what: &'static str,
    load: RwSignal<Load>,
}

impl Piece {
    pub fn new(what: &'static str) -> Self {
        // Natively (the renderer) a split function is a plain one: nothing to fetch.
        let load = if cfg!(target_family = "wasm") { Load::Absent } else { Load::Ready };
        Piece { what, load: RwSignal::new(load) }
    }

    /// Whether its fetch failed (its place says so, with a way to retry).
    pub fn failed(&self) -> bool {
        self.load.get() == Load::Failed
    }

    /// Start its fetch before it is shown, where the learner is about to need it.
    pub fn prefetch<L>(self, fetch: impl FnOnce() -> L + 'static)
    where
        L: Future<Output = Result<(), SplitLoaderError>> + 'static,
    {
        if self.load.get_untracked() == Load::Absent {
            self.start(fetch);
        }
    }

    fn start<L>(self, fetch: impl FnOnce() -> L + 'static)
    where
        L: Future<Output = Result<(), SplitLoaderError>> + 'static,
    {
        self.load.set(Load::Loading);
        leptos::task::spawn_local(async move {
            self.load.set(if fetch().await.is_ok() { Load::Ready } else { Load::Failed });
        });
    }

    /// The piece's view: built at once when the piece is loaded (a reactive view, not a
    /// `Suspend`, which would keep the last view, with its disposed signals, until the next
    /// resolved); otherwise a line that says it is loading, and the fetch started.
    pub fn show<L, V>(
        self,
        fetch: impl FnOnce() -> L + 'static,
        view: impl FnOnce() -> V,
    ) -> AnyView
    where
        L: Future<Output = Result<(), SplitLoaderError>> + 'static,
        V: Future<Output = Result<AnyView, SplitLoaderError>>,
    {
        let what = self.what;
        // A name that starts with a Latin letter or a digit is set apart from 「正在载入」.
        let gap = if what.starts_with(|c: char| c.is_ascii_alphanumeric()) { " " } else { "" };
        match self.load.get() {
            // Loaded: the split function's future is ready at its first poll.
            Load::Ready => at_once(view()).and_then(Result::ok).unwrap_or_else(|| ().into_any()),
            Load::Failed => view! {
                <p class="error" role="alert">
                    {format!("{what}未能载入，可能是网络问题。")}
                    <button
                        type="button"
                        class="tool-btn"
                        on:click=move |_| self.load.set(Load::Absent)
                    >
                        "重试"
                    </button>
                </p>
            }
            .into_any(),
            load => {
                if load == Load::Absent {
                    self.start(fetch);
                }
                view! {
                    <p class="muted" data-piece="loading">
                        {format!("正在载入{gap}{what}……")}
                    </p>
                }
                .into_any()
            }
        }
    }
}

/// Polls a future once: the value if it is ready.
fn at_once<T>(future: impl Future<Output = T>) -> Option<T> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}
