#!/usr/bin/env bash
# Bring a fresh machine of this kind (Debian, Rust 1.95, Node 20, root) to a working state.
# Idempotent: every step checks first and is skipped when already satisfied. Nothing is
# downloaded outside the package registries (crates.io, npm, Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

TRUNK_VERSION=0.21.14   # 0.22 needs rustc >= 1.96
# The splitter of wasm_split_cli_support, of the format the app's wasm_split_helpers writes.
WASM_SPLIT_VERSION=0.2.4
# The `view!` markup's formatter (leptosfmt.toml), checked by the test command.
LEPTOSFMT_VERSION=0.1.33
# Trunk demands a wasm-bindgen CLI of exactly the version in Cargo.lock.
WASM_BINDGEN_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
# Chromium for the browser tests, Firefox ESR and WebKitGTK (under Xvfb) for the other engines'
# smoke test, a Java runtime for the Nu HTML Checker, Redis and MariaDB for the U60 lab, and
# etcd for the failover lab (Redis' Sentinel is `redis-server --sentinel`: no package of its own).
APT_PACKAGES=(chromium chromium-driver fonts-noto-cjk firefox-esr webkit2gtk-driver xvfb default-jre-headless redis-server mariadb-server etcd-server etcd-client)

say() { echo "bootstrap: $*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  say "installing Debian packages: ${missing[*]}"
  # Keep the packages from starting their system services: the U60 lab runs its own
  # throwaway servers (scripts/u60.sh) and must not touch the machine's.
  policy=/usr/sbin/policy-rc.d
  added_policy=false
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; added_policy=true; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if $added_policy; then rm -f "$policy"; fi
fi

if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
  say "installing trunk $TRUNK_VERSION (about 13 minutes on 2 cores)"
  cargo install trunk --locked --version "$TRUNK_VERSION"
fi

if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]]; then
  # --locked fails for wasm-bindgen-cli on this registry; the version itself is pinned.
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 12 minutes on 2 cores)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# The cut of the `lab` and `study` modules into pieces loaded when first used (tools/dist/split-module.sh).
# (it prints no version: cargo's list of what it installed tells)
if [[ "$(leptosfmt --version 2>/dev/null)" != "leptosfmt $LEPTOSFMT_VERSION" ]]; then
  say "installing leptosfmt $LEPTOSFMT_VERSION (about 1 minute on 2 cores)"
  cargo install leptosfmt --locked --version "$LEPTOSFMT_VERSION"
fi
if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (about 2 minutes on 2 cores)"
  cargo install wasm_split_cli_support --locked --version "$WASM_SPLIT_VERSION" --features build-binary
fi

# wasm-opt (npm binaryen), sass (Trunk bundles style/main.scss with it), terser (the build
# minifies its JavaScript), Playwright, axe,
# puppeteer-core and the Nu HTML Checker: installed
# from package-lock.json into the repo.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ "$(cat node_modules/.installed-from 2>/dev/null)" != "$lock_sum" ]]; then
  say "installing npm packages (wasm-opt, sass, terser, playwright-core, axe, puppeteer-core, vnu-jar)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > node_modules/.installed-from
fi

cargo fetch --quiet
say "ready: trunk $TRUNK_VERSION, leptosfmt $LEPTOSFMT_VERSION, wasm-bindgen $WASM_BINDGEN_VERSION, wasm-split $WASM_SPLIT_VERSION, $(wasm-opt --version), $(chromium --version)"
