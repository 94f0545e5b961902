#!/usr/bin/env bash
# Mutation testing: how many wrong programs would the tests let through? cargo-mutants changes
# one spot of the code at a time (a function returning a default, a flipped comparison, a
# deleted statement…) and runs the tests; a mutant they do not notice is "missed". Scope: the
# model crate, the learner's records (their rules and the review schedule), and the storage
# code that runs natively (each key's document, the whole document's migrations, the import);
# the browser's store and its
# localStorage adapter are tested in the browser.
# Slow — hours on 2 cores — so not part of scripts/test.sh. Results land in mutants.out/.
#
#   scripts/mutants.sh                 everything in scope
#   scripts/mutants.sh ARGS…           extra arguments for cargo mutants, e.g. a shard:
#                                      --shard 0/4, one file's mutants: --re src/codec.rs, or
#                                      --iterate to test again only what a previous run did not catch
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh >/dev/null
source scripts/env.sh
if [[ $(cargo mutants --version 2>/dev/null) != "cargo-mutants 27.1.0" ]]; then
  cargo install --locked cargo-mutants@27.1.0
fi
# Line-level debug info is not needed to run tests, and linking without it is much faster.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
# Two mutants at a time: the slowest tests (whole searches) run on one core each.
cargo mutants --no-shuffle --jobs 2 --timeout 120 -p fencing-model -p fencing-app \
  -f 'crates/fencing-model/src/**' -f 'src/record/*.rs' -f 'src/storage/progress.rs' -f 'src/storage/transfer.rs' \
  -f 'src/storage/doc.rs' -f 'src/storage/layout.rs' \
  -e 'crates/fencing-model/src/bench.rs' -e 'crates/fencing-model/src/bin/*' "$@"
