//! Where the progress data lives and how safe it is there: localStorage, its share of the
//! usual limit, persistence, and a record kept aside as unreadable.

use super::Parts;
use crate::storage::persist;
use crate::storage::port::{self as key, Local};
use crate::storage::quarantine::{quarantined, Kept};
use crate::ui::download::download;
use leptos::prelude::*;

/// What localStorage holds per site in Chromium and Firefox, in UTF-16 code units (measured:
/// a longer value throws `QuotaExceededError`); the stored document counts the same way.
const LOCAL_STORAGE_LIMIT: usize = 5_242_880;

/// A count of characters as a learner reads it: `3,200 个字符`, `1.21 M 个字符`.
fn characters(n: usize) -> String {
    if n >= 1_000_000 {
        format!("{:.2} M 个字符", n as f64 / 1e6)
    } else {
        format!(
            "{} 个字符",
            n.to_string()
                .as_bytes()
                .rchunks(3)
                .rev()
                .map(|c| std::str::from_utf8(c).unwrap_or(""))
                .collect::<Vec<_>>()
                .join(",")
        )
    }
}

/// Where the data lives and how safe it is there.
#[component]
pub(super) fn Keeping() -> impl IntoView {
    let store = Parts::new();
    // What storage holds is read in the browser only.
    let raw = RwSignal::new(None);
    Effect::new(move |_| {
        raw.set(Some(quarantined(&Local)).filter(|kept| !kept.is_empty()));
        persist::read();
    });
    let status = move || {
        store.notice().unwrap_or_else(|| "记录保存在本机浏览器的 localStorage 中。".to_string())
    };
    view! {
        <section aria-labelledby="pk" class="keeping">
            <h2 id="pk">"记录存在哪里"</h2>
            <p>{status}</p>
            <p>
                {move || match persist::persisted().get() {
                    None => "正在向浏览器查询本站数据的保存方式…",
                    Some(true) => {
                        "浏览器已为本站启用持久存储：存储空间紧张时一般不会自动清除本站数据；手动清除网站数据仍会删除它，下面说的清理规则也可能删除它。"
                    }
                    Some(false) => {
                        "浏览器按默认的“尽力保存”方式保存本站数据，存储空间紧张时可能自动清除它。在闭卷自测里作答时，学习台会向浏览器申请一次持久存储（浏览器不支持时无法申\
                         请），是否同意由浏览器决定（有的会询问你）。"
                    }
                }}
            </p>
            <p class="quota">{move || quota(store.whole().to_json().encode_utf16().count())}</p>
            <p class="hint">
                "浏览器还可能按自己的规则清除网站数据，例如 Safari 可能在你使用 Safari 的 7 天里都没有在本站上操作（点按、输入）时清除它；\
                 导出的 JSON 文件才是你的备份。"
            </p>
            {move || {
                raw.get()
                    .map(|kept| {
                        let bytes: usize = kept.iter().map(|k| k.text.len()).sum();
                        let names = |name: fn(&Kept) -> &String| {
                            kept.iter().map(|k| key::key(name(k))).collect::<Vec<_>>().join("、")
                        };
                        let (under, from) = (names(|k| &k.under), names(|k| &k.from));
                        let for_export = kept
                            .iter()
                            .map(|k| format!("== {} ==\n{}\n", key::key(&k.from), k.text))
                            .collect::<String>();
                        // Each text as it was found, after a line naming its key.
                        view! {
                            <div
                                class="quarantine"
                                role="region"
                                aria-label="无法读取的旧记录"
                            >
                                <p>
                                    {format!(
                                        "已原样另存 {bytes} 字节无法读取的记录：另存在 {under}，原位于 {from}。\
                                         可以导出后自行检查，也可以丢弃：丢弃只删除这些另存的副本，\
                                         不影响现有进度，且无法恢复。",
                                    )}
                                </p>
                                <div class="actions">
                                    <button
                                        type="button"
                                        class="tool-btn"
                                        on:click=move |_| download(
                                            "fencing-study-unreadable.txt",
                                            &for_export,
                                        )
                                    >
                                        "导出原始内容"
                                    </button>
                                    <button
                                        type="button"
                                        class="tool-btn danger"
                                        on:click=move |_| {
                                            store.discard_quarantine();
                                            raw.set(None);
                                        }
                                    >
                                        "丢弃"
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
        </section>
    }
}

/// How much of the usual localStorage limit `used` characters take.
fn quota(used: usize) -> String {
    let share = used as f64 * 100.0 / LOCAL_STORAGE_LIMIT as f64;
    let share = if share < 0.1 { "不到 0.1%".to_string() } else { format!("{share:.1}%") };
    format!(
        "本机记录约 {}，占 localStorage 常见上限（每个网站 {}，Chromium 与 Firefox）的 {share}。",
        characters(used),
        characters(LOCAL_STORAGE_LIMIT),
    )
}
