//! The app's routes: each one's path, and links to it under the site's base path. No view
//! writes a path by hand. The base path (Trunk's `--public-url`) is set once at startup — by
//! the browser's entry point from `<base href>`, by the build-time renderer from its argument —
//! never read from the DOM while rendering.

use std::cell::RefCell;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: the first chapter, at once.
    Home,
    /// A chapter, by its slug.
    Chapter(&'static str),
    /// The whole lesson on one page.
    All,
    Explore,
    SelfTest,
    Progress,
    /// The lesson's terms (this app's addition).
    Glossary,
    /// What an unknown path shows (the host serves it as `404.html`).
    NotFound,
}

impl Route {
    /// The in-app path.
    pub fn path(self) -> String {
        match self {
            Route::Home => "/".to_string(),
            Route::Chapter(slug) => format!("/{slug}"),
            Route::All => "/all".to_string(),
            Route::Explore => "/explore".to_string(),
            Route::SelfTest => "/self-test".to_string(),
            Route::Progress => "/progress".to_string(),
            Route::Glossary => "/glossary".to_string(),
            Route::NotFound => "/404".to_string(),
        }
    }

    /// Where a static host serves this route from, relative to the site's root directory.
    pub fn file(self) -> String {
        match self {
            Route::Home => "index.html".to_string(),
            Route::NotFound => "404.html".to_string(),
            other => format!("{}/index.html", other.path().trim_start_matches('/')),
        }
    }

    /// A link to the route, with the base.
    pub fn href(self) -> String {
        href(&self.path())
    }

    /// A link to an anchor in the route's page.
    pub fn href_at(self, fragment: &str) -> String {
        href(&format!("{}#{fragment}", self.path()))
    }

    /// A link to the route with a query (without `?`); none when the query is empty.
    pub fn href_with(self, query: &str) -> String {
        if query.is_empty() {
            self.href()
        } else {
            href(&format!("{}?{query}", self.path()))
        }
    }
}

thread_local! {
    static BASE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Set the site's base path from Trunk's `<base href>` (`/`, `/lesson/`).
pub fn set_base(href: &str) {
    BASE.with(|b| *b.borrow_mut() = href.trim_end_matches('/').to_string());
}

/// The base path without a trailing slash: empty at the site root, `/lesson` under
/// `--public-url /lesson/`.
pub fn base() -> String {
    BASE.with(|b| b.borrow().clone())
}

/// An in-app path (`/timeline`, `/self-test#q1`) as a link under the base.
pub fn href(path: &str) -> String {
    format!("{}{path}", base())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_files_and_links_under_a_base() {
        assert_eq!(Route::Home.path(), "/");
        assert_eq!(Route::Chapter("timeline").file(), "timeline/index.html");
        assert_eq!(
            (Route::Home.file(), Route::NotFound.file()),
            ("index.html".into(), "404.html".into())
        );
        set_base("/sub/");
        assert_eq!(Route::SelfTest.href_at("q1"), "/sub/self-test#q1");
        assert_eq!(Route::Explore.href_with("case=operations"), "/sub/explore?case=operations");
        assert_eq!(Route::Explore.href_with(""), "/sub/explore");
        set_base("/");
        assert_eq!(href("/lab"), "/lab");
    }
}
