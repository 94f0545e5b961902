//! The browser's `study` module (its islands: see build.rs). Everything is in the library.

fn main() {
    fencing_app::start();
}
