//! The progress page's backup and move: export, import with a preview (merge or replace),
//! and reset behind a confirmation.

use super::Parts;
use crate::storage::backup::Backup;
use crate::storage::store::Import;
use crate::storage::transfer::{preview, read_import, Preview};
use crate::ui::dialog::Dialog;
use crate::ui::download::download;
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// Named for the day on the app's one clock (UTC, as the ISO date of the export's times).
fn export_name() -> String {
    let iso: String = js_sys::Date::new(&crate::clock::now().into()).to_iso_string().into();
    format!("fencing-study-progress-{}.json", &iso[..10])
}

/// A file to import, read and checked: a piece of the study module fetched on the first import
/// (every earlier schema's migration and the field-naming errors are in it; most visits to the
/// progress page import nothing).
#[wasm_split(progress_import, wasm_split_path = ::leptos::wasm_split, fallible)]
fn read_file(text: String, size: usize) -> Result<Result<Backup, String>, SplitLoaderError> {
    Ok(read_import(&text, size))
}

/// Export, import with preview, reset behind a confirmation.
#[component]
pub(super) fn Transfer() -> impl IntoView {
    let store = Parts::new();
    let pending = RwSignal::new(None::<(Backup, Preview)>);
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<&'static str>);
    let file_input = NodeRef::<html::Input>::new();
    let confirm = RwSignal::new(false);
    let exported = RwSignal::new(None::<String>);
    let export = move |_| {
        let (name, doc) = (export_name(), untrack(|| store.whole()));
        let json = doc.to_pretty_json();
        download(&name, &json);
        exported.set(Some(exported_words(&name, json.len(), &doc)));
        // The download itself is silent: bring what it saved into view.
        request_animation_frame(|| {
            if let Some(el) = document().query_selector(".transfer .exported").ok().flatten() {
                el.scroll_into_view_with_bool(false);
            }
        });
    };
    let choose = move |_| {
        let Some(input) = file_input.get_untracked() else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        pending.set(None);
        done.set(None);
        spawn_local(async move {
            match read_chosen(file).await {
                Ok(doc) => {
                    error.set(None);
                    let pv = preview(&untrack(|| store.whole()), &doc);
                    pending.set(Some((doc, pv)));
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let apply = move |how: Import| {
        if let Some((doc, _)) = pending.get_untracked() {
            store.import(doc, how);
            pending.set(None);
            done.set(Some(match how {
                Import::Replace => "已用文件替换本机记录。",
                Import::Merge => "已把文件合并进本机记录。",
            }));
        }
    };
    let reset = move || {
        let all = store.reset();
        confirm.set(false);
        done.set(Some(match all {
            true => "已清除全部记录。",
            false => {
                "有些记录未能清除（本地存储拒绝写入，或由更新版本学习台写入），\
                      仍保存在本机，刷新后会重新显示。"
            }
        }));
    };
    view! {
        <section aria-labelledby="pt" class="transfer">
            <h2 id="pt">"备份与迁移"</h2>
            <div class="actions">
                <button type="button" class="tool-btn" on:click=export>
                    "导出进度（JSON）"
                </button>
                <label class="tool-btn file-btn">
                    "导入进度文件…"
                    <input
                        type="file"
                        accept="application/json,.json"
                        node_ref=file_input
                        on:change=choose
                        class="visually-hidden"
                    />
                </label>
                <button type="button" class="tool-btn danger" on:click=move |_| confirm.set(true)>
                    "清除全部记录…"
                </button>
            </div>
            <p class="editor-error" role="alert" hidden=move || error.get().is_none()>
                {move || {
                    error
                        .get()
                        .map(|e| format!("未导入：{e}。本机记录没有任何改动。"))
                }}
            </p>
            <p role="status" class="done">
                {move || done.get()}
            </p>
            <p role="status" class="exported">
                {move || exported.get()}
            </p>
            {move || {
                pending.get().map(|(_, pv)| import_preview(pv, apply, move || pending.set(None)))
            }}
            {reset_dialog(confirm, export, reset)}
        </section>
    }
}

/// What an export saved, in a sentence: the file, its size and what it holds.
fn exported_words(name: &str, bytes: usize, doc: &Backup) -> String {
    let attempts: usize = doc.questions.values().map(|q| q.attempts.len()).sum();
    format!(
    "已导出 {name}（{:.1} KB）：打开过的章节 {} 章（其中读完 {} 章）、\
     已自评的作答 {attempts} 次、写下但未自评的回答 {} 份、运行过的实验组合 {} 种、预测 {} 次、完成的挑战 {} 个、\
     追问回答 {} 份。文件已保存到浏览器的下载位置；在另一台设备或浏览器上导入它，即可接着学。",
    bytes as f64 / 1024.0,
    doc.chapters.len(),
    doc.chapters.values().filter(|c| c.read_at.is_some()).count(),
    doc.questions.values().filter(|q| !q.current.answer.trim().is_empty()).count(),
    doc.runs.len(),
    doc.predictions.len(),
    doc.challenges.len(),
    doc.recall.values().map(Vec::len).sum::<usize>(),
)
}

/// What an import would bring, and the choice: merge, replace or cancel.
fn import_preview(
    pv: Preview,
    apply: impl Fn(Import) + Copy + 'static,
    cancel: impl Fn() + Copy + 'static,
) -> impl IntoView {
    view! {
        <div class="import-preview" role="region" aria-label="导入预览">
            <p>
                <strong>"导入预览："</strong>
                {format!(
                    "新增章节记录 {} 条、作答记录 {} 次、较新的草稿 {} 份、实验记录 {} 项、预测 {} 次、\
                     完成的挑战 {} 个、追问回答 {} 份（复习安排随作答记录合并）。",
                    pv.chapters_new,
                    pv.attempts_new,
                    pv.drafts_changed,
                    pv.runs_new,
                    pv.predictions_new,
                    pv.challenges_new,
                    pv.recall_new,
                )}
            </p>
            <p class="hint">
                {format!(
                    "「合并」保留本机已有的一切；「替换」以文件为准，本机独有的 {} 次作答记录会被丢弃。",
                    pv.attempts_lost_on_replace,
                )}
            </p>
            <div class="actions">
                <button
                    type="button"
                    class="tool-btn primary"
                    on:click=move |_| apply(Import::Merge)
                >
                    "合并"
                </button>
                <button type="button" class="tool-btn" on:click=move |_| apply(Import::Replace)>
                    "替换"
                </button>
                <button type="button" class="tool-btn" on:click=move |_| cancel()>
                    "取消"
                </button>
            </div>
        </div>
    }
}

/// The file the learner chose, read and checked.
async fn read_chosen(file: web_sys::File) -> Result<Backup, String> {
    let size = file.size() as usize;
    let text =
        wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
    match text {
        Some(text) => read_file(text, size).await.unwrap_or_else(|_| {
            Err("导入功能的程序没能下载，可能是网络问题；请检查网络后再选一次文件，\
                 仍不行就刷新页面"
                .to_string())
        }),
        None => Err("无法读取这个文件".to_string()),
    }
}

/// Reset behind a confirmation, with a last chance to export.
fn reset_dialog(
    confirm: RwSignal<bool>,
    export: impl Fn(leptos::ev::MouseEvent) + Copy + Send + Sync + 'static,
    reset: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <Dialog open=confirm labelled_by="reset-title">
            <h2 id="reset-title">"清除全部记录？"</h2>
            <p>
                "阅读、实验、作答与自评记录都会从本机删除，无法撤销。建议先导出一份备份。"
            </p>
            <div class="actions">
                <button type="button" class="tool-btn" on:click=export>
                    "先导出备份"
                </button>
                <button type="button" class="tool-btn danger" on:click=move |_| reset()>
                    "确认清除"
                </button>
                <button
                    type="button"
                    class="tool-btn"
                    on:click=move |_| confirm.set(false)
                    autofocus
                >
                    "取消"
                </button>
            </div>
        </Dialog>
    }
}
