//! Entry point: install the panic hook, read the site's base path once, mount the app.
//! Everything else is in the library.

use fencing_app::route::Base;

fn main() {
    console_error_panic_hook::set_once();
    let document = leptos::prelude::document();
    // Trunk writes `--public-url` into <base href>; the app gets it as a value, not by
    // reading the DOM while it renders.
    let href = document.query_selector("base[href]").ok().flatten().and_then(|b| b.get_attribute("href")).unwrap_or_default();
    // The static loading shell in index.html has done its job.
    if let Some(boot) = document.get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to_body(move || leptos::view! { <fencing_app::App base=Base::from_href(&href)/> });
}
