//! Entry point: install the panic hook and mount the app. Everything else is in the library.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(fencing_app::App);
}
