//! The checker's worker transport: start the search in a Web Worker — its own WASM module
//! (crates/checker-worker), started from the script the build names in
//! `<meta name="checker-worker">` — and turn its messages into a status the views follow.

use fencing_model::checker::{self, Summary};
use js_sys::Reflect;
use leptos::prelude::*;
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most states a search in the page keeps (about 64 bytes each: under 256 MB in all).
pub const CAP: usize = checker::DEFAULT_CAP;

/// What the worker reports, as it goes and at the end.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct SearchProgress {
    pub summary: Summary,
    pub elapsed_ms: f64,
}

impl SearchProgress {
    pub fn per_second(&self) -> f64 {
        self.summary.states as f64 * 1000.0 / self.elapsed_ms.max(1.0)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum SearchStatus {
    Starting,
    Running(SearchProgress),
    Done(SearchProgress),
    Cancelled(Option<SearchProgress>),
    Failed(String),
}

/// A worker at work, with the handlers it calls (kept alive as long as it is).
pub struct Running {
    pub worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

fn field(data: &JsValue, name: &str) -> Option<String> {
    Reflect::get(data, &name.into()).ok()?.as_string()
}

/// Start the checker's worker; each message it posts goes to `on_message` (its `kind`, and
/// the message), and a failure to run to `on_failure`.
// Boxed, not generic: one copy of this code serves every caller.
pub fn spawn(
    mut on_message: Box<dyn FnMut(Option<String>, JsValue)>,
    on_failure: Box<dyn Fn(String)>,
) -> Result<Running, String> {
    let url = document()
        .query_selector("meta[name=checker-worker]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
        .ok_or("这一版页面没有带检查器模块")?;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(&url, &options).map_err(|e| format!("{e:?}"))?;
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            on_message(field(&data, "kind"), data);
        });
    let on_error =
        Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
            on_failure(format!("检查器无法运行：{}", ev.message()));
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running { worker, _on_message: on_message, _on_error: on_error })
}

impl Running {
    /// Send the worker a message of named fields.
    pub fn post(&self, fields: &[(&str, JsValue)]) -> Result<(), String> {
        let message = js_sys::Object::new();
        for (k, v) in fields {
            let _ = Reflect::set(&message, &(*k).into(), v);
        }
        self.worker.post_message(&message).map_err(|e| format!("{e:?}"))
    }
}

/// The message's `json` field read as a `T`.
pub fn json<T: serde::de::DeserializeOwned>(data: &JsValue) -> Option<T> {
    field(data, "json").and_then(|j| serde_json::from_str(&j).ok())
}

/// Why the worker failed, from its `error` message.
pub fn failure(data: &JsValue) -> String {
    field(data, "message").unwrap_or_else(|| "检查器发来无法读取的消息".into())
}

/// Start a worker searching `query`; its reports go to `status`.
pub fn start(query: &str, status: RwSignal<SearchStatus>) -> Result<Running, String> {
    let running = spawn(
        Box::new(move |kind, data| {
            let next = match kind.as_deref() {
                Some("progress") => json(&data).map(SearchStatus::Running),
                Some("done") => json(&data).map(SearchStatus::Done),
                _ => Some(SearchStatus::Failed(failure(&data))),
            };
            // A late progress report never replaces the end.
            if let Some(next) = next {
                status.update(|s| {
                    if !matches!(s, SearchStatus::Done(_) | SearchStatus::Cancelled(_)) {
                        *s = next;
                    }
                });
            }
        }),
        Box::new(move |why| status.set(SearchStatus::Failed(why))),
    )?;
    running.post(&[("query", query.into()), ("cap", (CAP as u32).into())])?;
    Ok(running)
}
