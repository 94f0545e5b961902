//! Build-time rendering: every route of the site to its own HTML file, by the app's own
//! components, into the page Trunk built. Run by tools/finalize-dist.mjs after each Trunk build:
//!
//!     prerender DIST_DIR PUBLIC_URL
//!
//! Trunk's `index.html` is the template: its `<title>` and description are replaced by the
//! route's, its body by the route's rendered page. It also writes the search index.

use fencing_app::app::{meta, modules, routes, Page};
use fencing_app::reading::glossary::alias_groups;
use fencing_app::reading::search::{index_entries, Index, INDEX_FILE};
use fencing_app::route::{set_base, Route};
use hydration_context::SsrSharedContext;
use leptos::prelude::*;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The loader of a browser module Trunk built as a plain ES module (`lab`, `study`). It starts
/// once the page has loaded, so the reading module and the page's first paint come first; then
/// it announces the module to the islands' loader in index.html.
fn loader(base: &str, module: &str, js: &str) -> String {
    let (js, wasm) = (format!("{base}{js}"), format!("{base}{}", js.replace(".js", "_bg.wasm")));
    format!(
        "<script type=\"module\">if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, {{ once: true }})); \
         const {{ default: init, ...module }} = await import('{js}'); await init({{ module_or_path: '{wasm}' }}); \
         window.{module}Module = module; dispatchEvent(new CustomEvent('fencing-module-started'));</script>"
    )
}

/// The route's page: the template's head with the route's title and description and its
/// modules, its body.
fn page(template: &str, route: Route, loaders: &[(&str, String)]) -> Result<String, String> {
    let extra: String = loaders.iter().filter(|(m, _)| modules(route).contains(m)).map(|(_, l)| l.as_str()).collect();
    let template = template.replacen("</head>", &format!("{extra}</head>"), 1);
    // The modules the page uses, for the islands' loader in index.html.
    let template =
        template.replacen("<html lang=\"zh-CN\">", &format!("<html lang=\"zh-CN\" data-modules=\"{}\">", modules(route).join(" ")), 1);
    let (title, description) = meta(route);
    // A server context: browser-only work (listeners, effects) is skipped while rendering.
    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let body = owner.with(|| view! { <Page route=route/> }.to_html());
    let (head, _) = template.split_once("<body>").ok_or("the template has no <body>")?;
    let (_, tail) = template.rsplit_once("</body>").ok_or("the template has no </body>")?;
    let head = replace_between(head, "<title>", "</title>", &escape(&title))?;
    let head = head
        .replace("<meta name=\"description\" content=\"\"", &format!("<meta name=\"description\" content=\"{}\"", escape(&description)));
    Ok(format!("{head}<body>{body}</body>{tail}"))
}

fn replace_between(s: &str, open: &str, close: &str, with: &str) -> Result<String, String> {
    let start = s.find(open).ok_or(format!("no {open}"))? + open.len();
    let end = start + s[start..].find(close).ok_or(format!("no {close}"))?;
    Ok(format!("{}{with}{}", &s[..start], &s[end..]))
}

fn run(dist: &Path, public_url: &str) -> Result<usize, String> {
    set_base(public_url);
    let template = std::fs::read_to_string(dist.join("index.html")).map_err(|e| format!("{}: {e}", dist.join("index.html").display()))?;
    // The other modules' files, as tools/finalize-dist.mjs named them: page-<name>-<hash>.js.
    let names: Vec<String> =
        std::fs::read_dir(dist).map_err(|e| e.to_string())?.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect();
    let mut loaders = Vec::new();
    for module in ["lab", "study"] {
        let js = names
            .iter()
            .find(|n| n.starts_with(&format!("page-{module}-")) && n.ends_with(".js"))
            .ok_or(format!("no page-{module}-*.js in the build"))?;
        loaders.push((module, loader(&format!("{}/", public_url.trim_end_matches('/')), module, js)));
    }
    // The explorer's checker runs in a worker; the page finds the worker's script here.
    let worker =
        names.iter().find(|n| n.starts_with("checker-worker-") && n.ends_with(".js")).ok_or("no checker-worker-*.js in the build")?;
    loaders.push(("lab", format!("<meta name=\"checker-worker\" content=\"{}/{worker}\">", public_url.trim_end_matches('/'))));
    let all = routes();
    for &route in &all {
        let file = dist.join(route.file());
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&file, page(&template, route, &loaders)?).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    let index = serde_json::to_string(&Index { entries: index_entries(), aliases: alias_groups() }).map_err(|e| e.to_string())?;
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
