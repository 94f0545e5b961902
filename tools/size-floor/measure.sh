#!/usr/bin/env bash
# Build the size floor (about 3 minutes the first time) and print its gzip size.
set -euo pipefail
cd "$(dirname "$0")"
source ../../scripts/env.sh
cp ../../Cargo.lock . 2>/dev/null || true
mkdir -p .cargo && cp ../../.cargo/config.toml .cargo/config.toml
CARGO_TARGET_DIR=../../target/size-floor trunk build --release --offline >/dev/null
for f in ../../target/size-floor-dist/*.wasm ../../target/size-floor-dist/*.js; do
  printf '%-60s %6d bytes gzip\n' "$(basename "$f")" "$(gzip -9c "$f" | wc -c)"
done
