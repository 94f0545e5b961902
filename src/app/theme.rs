//! Light and dark: follow the system unless the learner chose, and remember the choice.
//! The stylesheet does the colours with `light-dark()`; this only sets `data-theme`. The choice
//! is applied before the first paint by js/theme.js, inlined into every page (which reads the
//! same key, `fencing-study.theme`); this island shows and changes it once the page is live.

use crate::storage::{preference, set_preference};
use leptos::prelude::*;

/// Where the choice is kept.
const KEY: &str = "theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn stored() -> Theme {
        match preference(KEY).as_deref() {
            Some("light") => Theme::Light,
            Some("dark") => Theme::Dark,
            _ => Theme::System,
        }
    }

    fn attr(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The cycle starts with the scheme the system does not show, so the first tap always
    /// changes what the learner sees; then the other one, then back to the system's.
    fn next(self, system_dark: bool) -> Theme {
        let (opposite, same) =
            if system_dark { (Theme::Light, Theme::Dark) } else { (Theme::Dark, Theme::Light) };
        match self {
            Theme::System => opposite,
            t if t == opposite => same,
            _ => Theme::System,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Theme::System => "跟随系统",
            Theme::Light => "浅色",
            Theme::Dark => "深色",
        }
    }
}

fn apply(t: Theme) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", t.attr());
    }
}

#[island]
pub fn ThemeToggle() -> impl IntoView {
    // The prerendered label is the default's; the stored choice arrives after hydration.
    let theme = RwSignal::new(Theme::System);
    Effect::new(move |_| theme.set(Theme::stored()));
    // Where the button shows only its icon (a phone), a tap says the new choice for a moment:
    // a tap back to 跟随系统 may change no colour at all.
    let said = RwSignal::new(false);
    let said_at = StoredValue::new(0u32);
    let cycle = move |_| {
        let dark = window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        let t = theme.get_untracked().next(dark);
        theme.set(t);
        apply(t);
        set_preference(KEY, (t != Theme::System).then_some(t.attr()));
        said.set(true);
        // Only the latest tap's moment ends it.
        let tap = said_at.get_value() + 1;
        said_at.set_value(tap);
        set_timeout(
            move || {
                if said_at.get_value() == tap {
                    said.set(false);
                }
            },
            std::time::Duration::from_millis(2000),
        );
    };
    view! {
        <button
            class="tool-btn theme-toggle"
            on:click=cycle
            aria-label=move || format!("主题：{}，点击切换", theme.get().label())
            title="切换主题"
        >
            <span aria-hidden="true">
                {move || match theme.get() {
                    Theme::System => "◐",
                    Theme::Light => "☀",
                    Theme::Dark => "☾",
                }}
            </span>
            <span class="tool-label">{move || theme.get().label()}</span>
        </button>
        <span class="theme-said" aria-hidden="true" hidden=move || !said.get()>
            {move || format!("主题：{}", theme.get().label())}
        </span>
    }
}
