#!/usr/bin/env bash
# Set up everything that is missing, then run every test: the model and the app natively,
# then the release page (the build users get) in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
source scripts/env.sh

echo "== rustfmt (rustfmt.toml), the workspace and the crates built apart; leptosfmt (leptosfmt.toml)"
cargo fmt --all -- --check
leptosfmt --check --quiet src build crates tests
# No Rust line over 100 characters (rustfmt cannot split a string; leptosfmt leaves text alone;
# vendor/ is upstream code as published).
long=$(git ls-files '*.rs' ':!vendor' | LC_ALL=C.UTF-8 xargs awk 'length > 100 { print FILENAME ":" FNR }')
[[ -z "$long" ]] || { echo "lines over 100 characters:"; echo "$long"; exit 1; }
# No Rust file over 300 lines: each reads in one sitting.
big=$(git ls-files '*.rs' ':!vendor' | xargs wc -l | awk '$2 != "total" && $1 > 300 { print $2 ": " $1 }')
[[ -z "$big" ]] || { echo "files over 300 lines:"; echo "$big"; exit 1; }
(cd crates/checker-worker && cargo fmt -- --check)
(cd tools/checker-bench && cargo fmt -- --check)
(cd tools/size-floor && cargo fmt -- --check)

echo "== cargo test (workspace, native; the app with every module, as the renderer builds it)"
# With `ssr` (which carries `lab`, `commands` and `study`): the explorer's, the self-test's and
# the progress page's own unit tests are compiled only with their module.
cargo test --workspace --features fencing-app/ssr --quiet
# The page's build of the model (no `json`, no `search`): what it refuses.
cargo test -p fencing-model --no-default-features --lib --quiet

echo "== clippy, warnings as errors (natively with the renderer, and each browser module for wasm32, the checker's worker too)"
cargo clippy --workspace --all-targets --features fencing-app/ssr --quiet -- -D warnings
# The browser modules are the `page-*` binaries of Cargo.toml, each with its features.
tools/page-features | while read -r bin features; do
  cargo clippy -p fencing-app --target wasm32-unknown-unknown --features "$features" --bin "$bin" --quiet -- -D warnings
done
(cd crates/checker-worker && cargo clippy --target wasm32-unknown-unknown --quiet -- -D warnings)

echo "== node --check: the page's scripts (js/), the build's and the tests' (tools/, e2e/)"
for f in js/*.js tools/*.mjs tools/dist/*.mjs e2e/*.mjs; do node --check "$f"; done

echo "== the release site (scripts/build.sh), at / and, for the deploy test, under /sub/"
scripts/build.sh
scripts/build.sh /sub/ target/dist-sub

echo "== browser tests (node --test: Chromium; a smoke walk in Firefox ESR and WebKitGTK; the Nu HTML Checker)"
node --test --test-concurrency=1 e2e/

echo "== U60 on real services (throwaway Redis and MariaDB on loopback), with faults injected; then Ctrl-C in the middle"
scripts/u60.sh --test
crates/u60-lab/tests/interrupt.sh
