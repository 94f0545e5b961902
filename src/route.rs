//! The app's routes: each one's path, and links to it under the site's base path. No view
//! writes a path by hand. The base path (Trunk's `--public-url`) reaches the views as
//! context from the entry point — never read from the DOM while rendering, so the same
//! components can render anywhere.

use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: the first chapter.
    Home,
    /// A chapter, by its slug.
    Chapter(&'static str),
    /// The whole lesson on one page.
    All,
    Explore,
    SelfTest,
    Progress,
}

impl Route {
    /// The path segment the route table matches.
    pub fn segment(self) -> &'static str {
        match self {
            Route::Home => "",
            Route::Chapter(slug) => slug,
            Route::All => "all",
            Route::Explore => "explore",
            Route::SelfTest => "self-test",
            Route::Progress => "progress",
        }
    }

    /// The in-app path, as the router navigates to it (it adds the base itself).
    pub fn path(self) -> String {
        format!("/{}", self.segment())
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
        href(&self.path_with(query))
    }

    /// The in-app path with a query (without `?`).
    pub fn path_with(self, query: &str) -> String {
        if query.is_empty() {
            self.path()
        } else {
            format!("{}?{query}", self.path())
        }
    }
}

/// The site's base path without a trailing slash: empty at the site root, `/lesson` under
/// `--public-url /lesson/`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Base(pub String);

impl Base {
    /// From Trunk's `<base href>` (`/`, `/lesson/`).
    pub fn from_href(href: &str) -> Base {
        Base(href.trim_end_matches('/').to_string())
    }
}

/// An in-app path (`/timeline`, `/self-test#q1`) as a link target under the base. The router
/// matches and navigates under the base, but `<A href>` takes an absolute href as it is.
pub fn href(path: &str) -> String {
    let base = use_context::<Base>().unwrap_or_default();
    format!("{}{path}", base.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_links_under_a_base() {
        assert_eq!(Route::Home.path(), "/");
        assert_eq!(Route::Chapter("timeline").path(), "/timeline");
        assert_eq!(Route::Explore.path_with("case=operations"), "/explore?case=operations");
        assert_eq!(Route::Explore.path_with(""), "/explore");
        assert_eq!(Base::from_href("/lesson/"), Base("/lesson".into()));
        assert_eq!(Base::from_href("/"), Base(String::new()));
        let owner = Owner::new();
        owner.with(|| {
            provide_context(Base::from_href("/sub/"));
            assert_eq!(Route::SelfTest.href_at("q1"), "/sub/self-test#q1");
            assert_eq!(href("/lab"), "/sub/lab");
        });
    }
}
