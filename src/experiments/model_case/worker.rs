//! The checker's Web Worker (crates/checker-worker, its script named in
//! `<meta name="checker-worker">`): started, asked, and its answers turned into a status.

use fencing_model::checker::{self, Answer, Ask, Progress};
use js_sys::Reflect;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most states a search in the page keeps.
pub use checker::DEFAULT_CAP as CAP;

#[derive(Clone, Debug, PartialEq)]
pub enum SearchStatus {
    Starting,
    Running(Progress),
    Done(Progress),
    Cancelled(Option<Progress>),
    Failed(String),
}

/// A worker at work, with the handlers it calls (kept alive as long as it is). Dropped, it
/// ends the worker: its memory is freed at once, whatever it is doing.
pub struct Running {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

/// Start the checker's worker; each answer it posts goes to `on_answer` (with the bytes
/// beside it, if any), and a failure to run to `on_failure`.
// Boxed, not generic: one copy of this code serves every caller.
pub fn spawn(
    mut on_answer: Box<dyn FnMut(Answer, JsValue)>,
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
            let get = |k: &str| Reflect::get(&data, &k.into()).unwrap_or_default();
            let answer = get("json").as_string().and_then(|j| serde_json::from_str(&j).ok());
            on_answer(
                answer.unwrap_or_else(|| Answer::Failed("检查器发来无法读取的消息".into())),
                get("rows"),
            );
        });
    let on_error =
        Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |ev: web_sys::ErrorEvent| {
            on_failure(format!("检查器无法运行：{}", ev.message()));
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running { worker, _on_message: on_message, _on_error: on_error })
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

impl Running {
    pub fn ask(&self, ask: &Ask) -> Result<(), String> {
        // Strings and numbers: their JSON cannot fail.
        let json = serde_json::to_string(ask).unwrap_or_default();
        self.worker.post_message(&json.into()).map_err(|e| format!("{e:?}"))
    }
}

/// Why the worker failed, from an answer that is not the one asked for.
pub fn failure(answer: Answer) -> String {
    match answer {
        Answer::Failed(why) => why,
        _ => "收到的回答与所发请求不符（请刷新页面；若反复出现，可能是程序缺陷）".into(),
    }
}

/// Start a worker searching `query`; its reports go to `status`.
pub fn start(query: &str, status: RwSignal<SearchStatus>) -> Result<Running, String> {
    let running = spawn(
        Box::new(move |answer, _| {
            let next = match answer {
                Answer::Searching(p) => SearchStatus::Running(p),
                Answer::Searched(p) => SearchStatus::Done(p),
                other => SearchStatus::Failed(failure(other)),
            };
            // A late progress report never replaces the end.
            status.update(|s| {
                if !matches!(s, SearchStatus::Done(_) | SearchStatus::Cancelled(_)) {
                    *s = next;
                }
            });
        }),
        Box::new(move |why| status.set(SearchStatus::Failed(why))),
    )?;
    running.ask(&Ask::Search { query: query.into(), cap: CAP })?;
    Ok(running)
}
