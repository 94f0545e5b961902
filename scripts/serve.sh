#!/usr/bin/env bash
# Set up everything that is missing, then serve the release page on http://127.0.0.1:8080/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
source scripts/env.sh
exec trunk serve --release --offline "$@"
