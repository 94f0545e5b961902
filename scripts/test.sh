#!/usr/bin/env bash
# Set up everything that is missing, then run every test: the model and the app natively,
# then the release page (the build users get) in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
source scripts/env.sh

echo "== cargo test (workspace, native)"
cargo test --workspace --quiet

echo "== clippy, warnings as errors (native, and the page's crates for wasm32)"
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p fencing-app -p fencing-model --target wasm32-unknown-unknown --lib --bins --quiet -- -D warnings

echo "== trunk build --release --offline (at / and, for the deploy test, under /sub/)"
trunk build --release --offline
trunk build --release --offline --public-url /sub/ --dist target/dist-sub

echo "== browser tests (Chromium, node --test)"
node --test --test-concurrency=1 e2e/

echo "== U60 on real services (throwaway Redis and MariaDB on loopback)"
scripts/u60.sh --test
