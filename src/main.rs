//! Entry point: install the panic hook and mount the app. Everything else is in the library.

fn main() {
    console_error_panic_hook::set_once();
    // The static loading shell in index.html has done its job.
    if let Some(boot) = leptos::prelude::document().get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to_body(fencing_app::App);
}
