//! Build-time rendering: every route of the site to its own HTML file, by the app's own
//! components, into the page Trunk built: the fourth stage of scripts/build.sh.
//!
//!     prerender DIST_DIR PUBLIC_URL
//!
//! Trunk's `index.html` is the template: the route's page becomes its body, and writes its
//! title and description into its head. It also writes the search index.

use fencing_app::app::{module, routes, Page};
use fencing_app::reading::glossary::search_terms;
use fencing_app::reading::search::{index_entries, Index, INDEX_FILE};
use fencing_app::route::{set_base, Route};
use futures::executor::block_on;
use futures::{stream, StreamExt};
use hydration_context::SsrSharedContext;
use leptos::prelude::*;
use leptos_meta::{provide_meta_context, ServerMetaContext};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// The route's page: the template with the route's one browser module — named on `<html>`
/// for js/islands.js, and preloaded so that it downloads while the page is parsed — and the
/// route's body, which writes its title and description into the head.
fn page(template: &str, route: Route, files: &Files) -> Result<String, String> {
    let (name, file) = files
        .modules
        .iter()
        .find(|(m, _)| *m == module(route))
        .ok_or("a route names an unknown module")?;
    let wasm = file.replace(".js", "_bg.wasm");
    let mut links = format!(
        "<link rel=\"modulepreload\" href=\"{file}\">\
         <link rel=\"preload\" href=\"{wasm}\" as=\"fetch\" type=\"application/wasm\" crossorigin>"
    );
    if *name == "lab" {
        // The explorer's checker runs in a worker; the page finds the worker's script here.
        links.push_str(&format!("<meta name=\"checker-worker\" content=\"{}\">", files.worker));
    }
    let (open, close) = ("<html lang=\"zh-CN\"", "</head>");
    if !template.contains(open) || !template.contains(close) {
        return Err(format!("the template has no {open} or no {close}"));
    }
    let named = format!("{open} data-module=\"{name}\" data-module-file=\"{file}\"");
    let template =
        template.replacen(open, &named, 1).replacen(close, &format!("{links}{close}"), 1);
    // A server context: browser-only work (listeners, effects) is skipped while rendering. The
    // page writes its title and description (leptos_meta) where the template says `<!--HEAD-->`.
    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let (body, head) = owner.with(|| {
        let (context, head) = ServerMetaContext::new();
        provide_meta_context();
        provide_context(context);
        (view! { <Page route=route /> }.to_html(), head)
    });
    let (before, _) = template.split_once("<body>").ok_or("the template has no <body>")?;
    let (_, after) = template.rsplit_once("</body>").ok_or("the template has no </body>")?;
    let html = format!("{before}<body>{body}</body>{after}");
    Ok(block_on(async { head.inject_meta_context(stream::iter([html])).await.collect().await }))
}

/// The browser modules' files and the checker's worker script, as tools/dist/name-modules.mjs
/// named them (`page-<name>-<hash>.js`, `checker-worker-<hash>.js`).
struct Files {
    modules: Vec<(&'static str, String)>,
    worker: String,
}

impl Files {
    fn find(dist: &Path) -> Result<Files, String> {
        let names: Vec<String> = std::fs::read_dir(dist)
            .map_err(|e| e.to_string())?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        let named = |prefix: &str| {
            names
                .iter()
                .find(|n| n.starts_with(prefix) && n.ends_with(".js"))
                .cloned()
                .ok_or(format!("no {prefix}*.js in the build"))
        };
        // The modules the routes load (app/pages.rs), each once.
        let mut wanted: Vec<&str> = routes().into_iter().map(module).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let modules = wanted
            .into_iter()
            .map(|m| Ok((m, named(&format!("page-{m}-"))?)))
            .collect::<Result<_, String>>()?;
        Ok(Files { modules, worker: named("checker-worker-")? })
    }
}

fn run(dist: &Path, public_url: &str) -> Result<usize, String> {
    set_base(public_url);
    any_spawner::Executor::init_futures_executor().map_err(|e| e.to_string())?;
    let template = std::fs::read_to_string(dist.join("index.html"))
        .map_err(|e| format!("{}: {e}", dist.join("index.html").display()))?;
    let files = Files::find(dist)?;
    let all = routes();
    for &route in &all {
        let file = dist.join(route.file());
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&file, page(&template, route, &files)?)
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    let index = serde_json::to_string(&Index { entries: index_entries(), terms: search_terms() })
        .map_err(|e| e.to_string())?;
    std::fs::write(dist.join(INDEX_FILE), index).map_err(|e| e.to_string())?;
    Ok(all.len())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dist, public_url] = &args[..] else {
        eprintln!("usage: prerender DIST_DIR PUBLIC_URL");
        return ExitCode::from(2);
    };
    match run(Path::new(dist), public_url) {
        Ok(n) => {
            println!("prerender: {n} pages and the search index written to {dist}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("prerender: {e}");
            ExitCode::FAILURE
        }
    }
}
