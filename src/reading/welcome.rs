//! The landing's own island: where a returning learner left off. Only the landing shows it, and
//! the landing loads the `reading` module: so only that module carries it (the `landing`
//! feature), not the modules of the pages that never show it.

use super::tracker::reading_ways;
use crate::content::TOC;
use crate::record::chapters::{ChapterState, Chapters};
use crate::route::Route;
use crate::storage::landing::first_draft_in_progress;
use crate::storage::layout::DRAFTS;
use crate::storage::port::{Keys, Local};
use crate::storage::store::use_store;
use leptos::prelude::*;

/// On the landing, for a learner coming back: what this browser kept of their reading, the way
/// on (as on the progress page), and where the rest is. Empty in the prerendered page (a new
/// learner's) and for one who has opened only the intro; read once after hydration, so reading
/// the intro now does not make a newcomer "returning".
#[island]
pub fn WelcomeBack() -> impl IntoView {
    let store = use_store::<Chapters>();
    // Drawn when the stored record is in (`loaded` turns true once, after hydration), from the
    // record as it was then: untracked, so that reading the intro now changes nothing here.
    move || {
        let said = store.loaded().get().then(|| {
            store.record().with_untracked(|p| {
                let intro = TOC[0].slug;
                let returning = p.chapter(intro) == ChapterState::Read
                    || p.chapters.keys().any(|slug| slug != intro);
                let count = |s| TOC.iter().filter(|c| p.chapter(c.slug) == s).count();
                let (read, opened) = (count(ChapterState::Read), count(ChapterState::Opened));
                let mut ways = reading_ways(p);
                // The intro is this page: its way back is the paragraph below.
                if let Some(way) = ways.iter_mut().find(|(h, _)| *h == Route::Chapter(intro).href())
                {
                    way.0 = format!("#{}", crate::content::block_id(intro, 0));
                }
                let drafts = Local.get(DRAFTS).ok().flatten();
                if let Some(id) = drafts.as_deref().and_then(first_draft_in_progress) {
                    // To the answer itself (`src/selftest`): on a phone it is screens down.
                    let href = Route::SelfTest.href_at(&format!("{id}-state"));
                    ways.push((href, "回到闭卷自测：有题还没自评".into()));
                } else if ways.is_empty() {
                    ways.push((Route::SelfTest.href(), "去做闭卷自测".to_string()));
                }
                returning.then_some((read, opened, ways))
            })
        });
        said.flatten().map(|(read, opened, ways)| {
            // A chapter skimmed is not read (its end says how long it waits): named, so that
            // the visits do not look lost.
            let skimmed = if opened > 0 {
                format!("；另有 {opened} 章打开过但尚未记为读完（需读到章末，且本次打开后停留满该章预计阅读时长）")
            } else {
                String::new()
            };
            view! {
                <div class="welcome-back">
                    <p>
                        {format!(
                            "欢迎回来：据本浏览器记录，你已读完 {read}/{} 章{skimmed}。",
                            TOC.len(),
                        )}
                    </p>
                    {ways
                        .into_iter()
                        .map(|(href, words)| {
                            view! {
                                <a class="start" href=href>
                                    {words}
                                </a>
                            }
                        })
                        .collect_view()}
                    <p class="hint">
                        "复习、自测、实验的进度和完整的「接下来」清单，见"
                        <a href=Route::Progress.href()>"学习进度"</a> "。"
                    </p>
                </div>
            }
        })
    }
}
