# Sourced by the scripts: the tools the bootstrap installs, first on PATH.
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$repo_root/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
