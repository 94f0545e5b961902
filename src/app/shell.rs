//! The frame around every view: top bar (brand, search, theme, shortcuts), the chapter list
//! (a sidebar on wide screens, a menu on narrow ones), the storage status and the footer.

use super::shortcuts::{self, ShortcutsDialog};
use crate::content::CHAPTERS;
use crate::reading::nav::{ChapterList, CurrentChapter};
use crate::reading::search::Search;
use crate::route::Route;
use crate::storage::store::{Status, Store};
use crate::ui::theme::ThemeToggle;
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;

#[component]
pub fn Shell(children: Children) -> impl IntoView {
    Store::provide();
    CurrentChapter::provide();
    let menu_open = RwSignal::new(false);
    let help_open = RwSignal::new(false);
    let search_input = NodeRef::<html::Input>::new();
    shortcuts::install(help_open, search_input);
    // Close the narrow-screen menu whenever the route changes.
    let location = use_location();
    Effect::new(move |_| {
        location.pathname.track();
        menu_open.set(false);
    });

    view! {
        <a class="skip-link" href="#content">"跳到正文"</a>
        <header class="topbar">
            <button
                class="tool-btn menu-toggle"
                aria-label="章节目录"
                aria-controls="sidebar"
                aria-expanded=move || menu_open.get().to_string()
                on:click=move |_| menu_open.update(|o| *o = !*o)
            >
                <span aria-hidden="true">"☰"</span>
                <span class="tool-label">"目录"</span>
            </button>
            <A href=Route::Chapter(CHAPTERS[0].slug).href() attr:class="brand">"学习台 · 租约与 fencing"</A>
            <Search input=search_input/>
            <div class="topbar-tools">
                <ThemeToggle/>
                <button class="tool-btn" aria-label="键盘快捷键" title="键盘快捷键（?）" on:click=move |_| help_open.set(true)>
                    <span aria-hidden="true">"?"</span>
                </button>
            </div>
        </header>
        <div class="layout">
            <nav id="sidebar" class="sidebar" class:open=move || menu_open.get() aria-label="章节目录">
                <ChapterList/>
            </nav>
            <main id="content" tabindex="-1">{children()}</main>
        </div>
        <StorageNotice/>
        <ShortcutsDialog open=help_open/>
        <footer class="site-footer">"工程学习台　阅读讲解，学后自主自测。记录保存在本机浏览器。"</footer>
    }
}

/// A visible line whenever progress is not being saved normally.
#[component]
fn StorageNotice() -> impl IntoView {
    let store = expect_context::<Store>();
    let text = move || store.status.get().notice();
    let quarantined = move || matches!(store.status.get(), Status::Quarantined { .. });
    view! {
        <div class="storage-notice" role="status" hidden=move || text().is_none()>
            {move || text().unwrap_or_default()}
            {move || quarantined().then(|| view! { " "<A href=Route::Progress.href()>"去「学习进度」导出或丢弃"</A> })}
        </div>
    }
}
