#!/usr/bin/env bash
# The release site, stage by stage (after scripts/bootstrap.sh):
#   1. trunk build     three of the browser modules and the page template (Trunk.toml, index.html)
#   2. cut modules     the `lab`, `commands` and `study` modules, cut in pieces loaded when first used
#                      (tools/dist/split-module.sh)
#   3. name modules    content-hashed names for the cut modules and the checker's, and the
#                      checker's worker script (tools/dist/name-modules.mjs)
#   4. prerender       every route to its own HTML file, and the search index, by the app's own
#                      components, natively (src/bin/prerender.rs)
#   5. finish          the JavaScript minified, the service worker, the CSP, precompressed
#                      copies (tools/dist/finish.mjs)
#
#     scripts/build.sh [PUBLIC_URL [DIST]]     # defaults: / and dist
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
url=${1:-/}
dist=${2:-dist}
stage() { echo "== build $1" >&2; }

stage "1/5: trunk build --release into $dist (served at $url)"
trunk build --release --offline --public-url "$url" --dist "$dist"
stage "2/5: the lab, commands and study modules, in pieces"
tools/dist/split-module.sh lab "$dist"
tools/dist/split-module.sh commands "$dist"
tools/dist/split-module.sh study "$dist"
stage "3/5: hashed module names"
node tools/dist/name-modules.mjs "$dist"
stage "4/5: prerender"
cargo run --quiet --features ssr --bin prerender -- "$dist" "$url"
stage "5/5: minified JavaScript, service worker, CSP, precompressed copies"
node tools/dist/finish.mjs "$dist"
