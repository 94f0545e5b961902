//! The frame around every page: top bar (menu, brand, search, theme, shortcuts), the chapter
//! list (a sidebar on wide screens, a menu on narrow ones), the storage status and the footer.
//! Plain HTML with islands where the learner can act.

use super::frame::{MenuToggle, Shortcuts, StorageNotice};
use super::theme::ThemeToggle;
use crate::content::TOC;
use crate::reading::nav::ChapterNav;
use crate::reading::search_box::Search;
use crate::route::Route;
use leptos::prelude::*;

#[component]
pub fn Shell(route: Route, current: Option<usize>, children: Children) -> impl IntoView {
    // ←/→ lead to the neighbours of the chapter on screen.
    let neighbour = |delta: isize| {
        let i = current? as isize + delta;
        TOC.get(usize::try_from(i).ok()?).map(|c| Route::Chapter(c.slug).href())
    };
    view! {
        <a class="skip-link" href="#content">
            "跳到正文"
        </a>
        <header class="topbar">
            <MenuToggle />
            <a href=Route::Home.href() class="brand">
                "学习台"
                <span class="brand-rest">" · 租约与 fencing"</span>
            </a>
            <Search />
            <div class="topbar-tools">
                <ThemeToggle />
                <Shortcuts prev=neighbour(-1) next=neighbour(1) />
            </div>
        </header>
        <div class="layout">
            <nav id="sidebar" class="sidebar" aria-label="章节目录">
                <ChapterNav current=current whole=route == Route::All page=route.path() />
            </nav>
            <main id="content" tabindex="-1">
                {children()}
            </main>
        </div>
        <StorageNotice />
        <footer class="site-footer">
            "工程学习台　阅读讲解，学后自主自测。记录保存在本机浏览器。"
        </footer>
    }
}
