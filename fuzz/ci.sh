#!/usr/bin/env bash
# The fuzz run of CI, on stable Rust (cargo-fuzz needs nightly): the fuzz
# targets' bodies (fuzz/src/lib.rs) on the regression corpus of
# tests/fuzz/, the examples and golden scripts, mutated by a fixed-seed
# generator, and on generated long flat chains, deep nesting and mixed
# operators up to the size limits (fuzz/src/shapes.rs), each on a 512 KiB
# stack, for SECONDS (default 90). The driver is the ignored test
# tests/it/fuzz_run.rs, so this reuses the test build of `cargo test`.
# Usage: fuzz/ci.sh [SECONDS [SEED]]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-90}"
seed="${2:-42}"
if ! CRYPTA_FUZZ_SECONDS="$seconds" CRYPTA_FUZZ_SEED="$seed" \
  cargo test -q --test it -- --ignored --exact fuzz_run::fuzz_run --nocapture; then
  if [ -f target/fuzz-run/current ]; then
    echo "fuzz run: the input that aborted the run is target/fuzz-run/current" >&2
  fi
  exit 1
fi
