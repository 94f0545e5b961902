#!/usr/bin/env bash
# Build stage 2 (scripts/build.sh): a browser module cut at its `#[wasm_split]` functions —
# `lab`: the explorer's 「你来调度」, model case, operations case and prediction form
# (the `#[wasm_split]` functions in src/experiments/);
# `commands`: a lab command's run, prediction and result (src/reading/lab_run.rs);
# `study`: each of its islands, `#[island(lazy)]` — so that a page loads none of the pieces it
# does not show, and the rest only when first used. The cut (wasm-split-cli, from wasm_split_cli_support) reads the
# linked WASM with its relocations (asked of the linker for these modules alone: the other
# modules' wasm-opt cannot read them, and they would bloat them) and must run before
# wasm-bindgen; Trunk 0.21 runs wasm-bindgen right after cargo with no stage between, so this
# stage builds the module itself, as Trunk builds the others: cargo, the cut, wasm-bindgen,
# wasm-opt. It writes page-MODULE.js and page-MODULE_bg.wasm, the loader of the pieces
# (MODULE-pieces.js) and the pieces (MODULE-piece-*.wasm) into DIST; the next stage names them
# by content.
#
#     tools/dist/split-module.sh MODULE DIST
set -euo pipefail
cd "$(dirname "$0")/../.."
module=${1:?usage: tools/dist/split-module.sh MODULE DIST}
dist=${2:?usage: tools/dist/split-module.sh MODULE DIST}
target=${CARGO_TARGET_DIR:-target}
cut=$target/split-$module

cargo rustc --quiet --release --target wasm32-unknown-unknown --features "hydrate,$module" \
  --bin "page-$module" -- -C link-args=--emit-relocs
rm -rf "$cut" && mkdir -p "$cut"
wasm-split-cli --target web --out-name "page-$module" \
  "$target/wasm32-unknown-unknown/release/page-$module.wasm" "$cut"
# --keep-lld-exports: the pieces reach the main module through the exports the cut added.
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$cut/out" \
  --out-name "page-$module" "$cut/page-$module.wasm"
# The loader and the pieces named after their module (two cut modules share one folder); the
# JS import only: the WASM's own import keeps the loader's first name, as its key.
sed "s#from \"./__wasm_split.js\"#from \"./$module-pieces.js\"#" "$cut/out/page-$module.js" \
  >"$dist/page-$module.js"
cp "$cut/__wasm_split.js" "$dist/$module-pieces.js"
# The tools' notes (`producers`, `target_features`: about 0.2 KB a file, which no browser
# reads) left out of every file a page fetches; the last step, since wasm-bindgen and the cut
# read `target_features`.
strip=(--strip-producers --strip-target-features)
for piece in "$cut"/*.wasm; do
  name=$(basename "$piece")
  [[ $name == "page-$module.wasm" ]] && continue
  wasm-opt -Oz "${strip[@]}" "$piece" -o "$dist/$module-piece-$name"
  sed -i "s#\"./$name\"#\"./$module-piece-$name\"#" "$dist/$module-pieces.js"
done
wasm-opt -Oz "${strip[@]}" "$cut/out/page-${module}_bg.wasm" -o "$dist/page-${module}_bg.wasm"
# (wasm-opt warns of the pieces' local names, a name subsection it does not know, and drops it.)
