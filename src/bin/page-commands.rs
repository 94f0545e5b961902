//! The `commands` browser module: its islands are its Cargo feature's (Cargo.toml). Everything is
//! in the library; Cargo warns when binaries share one file, hence one file each.

fn main() {
    fencing_app::start();
}
