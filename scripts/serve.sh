#!/usr/bin/env bash
# Set up everything that is missing, build the release site, and serve it on
# http://127.0.0.1:8080/ as a static host would: every route's prerendered page, 404.html for
# unknown paths, gzip. Pass a port to use another.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh
exec node tools/serve.mjs dist "${1:-8080}"
