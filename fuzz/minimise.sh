#!/usr/bin/env bash
# Refreshes the regression corpus in tests/fuzz/ from the working corpora
# in fuzz/corpus/: the smallest set of inputs (cut to 256 bytes) that still
# reaches every edge the corpus reaches. Scripts go through both the
# `solve` and the `front_end` bodies in the test, so tests/fuzz/front_end/
# only keeps what adds edges to tests/fuzz/solve/. Files named crash-* or
# hang-* are reproducers and are kept.
set -euo pipefail
cd "$(dirname "$0")"
tests=../tests/fuzz

# merge TARGET OUT: adds to OUT the inputs of corpus/TARGET with new edges
# (edges only, no hit counters or comparisons: that keeps the set small).
merge() {
  cargo +nightly fuzz run -s none -a "$1" "$2" "corpus/$1" -- \
    -merge=1 -use_counters=0 -use_cmp=0 -max_len=256 >/dev/null 2>&1
}
corpus_files() {
  find "$1" -type f -regextype egrep -regex '.*/[0-9a-f]{40}'
}

for t in solve judge; do
  out="$(mktemp -d)"
  merge "$t" "$out"
  corpus_files "$tests/$t" | xargs -r rm
  cp "$out"/* "$tests/$t/"
  rm -rf "$out"
done

out="$(mktemp -d)"
cp "$tests"/solve/* "$out/"
before="$(mktemp)"
ls "$out" > "$before"
merge front_end "$out"
corpus_files "$tests/front_end" | xargs -r rm
ls "$out" | grep -vxFf "$before" | while read -r f; do cp "$out/$f" "$tests/front_end/"; done
rm -rf "$out" "$before"

for t in front_end solve judge; do
  echo "$t: $(ls "$tests/$t" | wc -l) files, $(du -sh "$tests/$t" | cut -f1)"
done
