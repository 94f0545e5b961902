#!/usr/bin/env bash
# Build stage 2 (scripts/build.sh): the `lab` module, cut at its `#[wasm_split]` functions (the
# 「你来调度」 mode and the model case's results panel, src/experiments/pieces.rs) so that
# `/explore` first loads neither. The cut (wasm-split-cli, from wasm_split_cli_support) reads
# the linked WASM with its relocations (asked of the linker for this module alone: the other
# modules' wasm-opt cannot read them, and they would bloat them) and must run before
# wasm-bindgen; Trunk 0.21 runs wasm-bindgen right after cargo with no stage between, so this
# stage builds `lab` itself, as Trunk builds the others: cargo, the cut, wasm-bindgen, wasm-opt.
# It writes page-lab.js and page-lab_bg.wasm, the loader of the pieces (__wasm_split.js) and
# the pieces (*.wasm) into DIST; the next stage names them by content.
#
#     tools/dist/lab-module.sh DIST
set -euo pipefail
cd "$(dirname "$0")/../.."
dist=${1:?usage: tools/dist/lab-module.sh DIST}
target=${CARGO_TARGET_DIR:-target}
cut=$target/lab-module

cargo rustc --quiet --release --target wasm32-unknown-unknown --features hydrate,lab --bin page-lab -- -C link-args=--emit-relocs
rm -rf "$cut" && mkdir -p "$cut"
wasm-split-cli --target web --out-name page-lab "$target/wasm32-unknown-unknown/release/page-lab.wasm" "$cut"
# --keep-lld-exports: the pieces reach the main module through the exports the cut added.
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$dist" --out-name page-lab "$cut/page-lab.wasm"
cp "$cut/__wasm_split.js" "$dist/"
wasm-opt -Oz "$dist/page-lab_bg.wasm" -o "$dist/page-lab_bg.wasm"
# (wasm-opt warns of the pieces' local names, a name subsection it does not know, and drops it.)
for piece in "$cut"/*.wasm; do
  [[ $piece == */page-lab.wasm ]] || wasm-opt -Oz "$piece" -o "$dist/$(basename "$piece")"
done
