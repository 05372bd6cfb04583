#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the examples, the golden cases, the
# contest inputs and the code blocks of the language reference, then adds
# the regression corpus of tests/fuzz/. Run from anywhere; safe to rerun.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/fuzz/corpus"
mkdir -p "$corpus/front_end" "$corpus/solve" "$corpus/judge"

scripts=("$root"/examples/*.crypta "$root"/tests/cases/*.crypta)
for f in "${scripts[@]}"; do
  name="$(basename "$(dirname "$f")")-$(basename "$f")"
  cp "$f" "$corpus/front_end/$name"
  cp "$f" "$corpus/solve/$name"
  # Whole scripts are long; the solve target searches only the first few
  # statements, so each statement is a seed of its own as well.
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    case "$line" in ''|'#'*) continue ;; esac
    printf '%s\n' "$line" > "$corpus/solve/$name.$n"
  done < "$f"
done

# ```crypta blocks of docs/language.md, one file each.
awk -v dir="$corpus/front_end" '
  /^```crypta/ { n++; inside = 1; next }
  /^```/ { inside = 0; next }
  inside { print > (dir "/docs-language-" n ".crypta") }
' "$root/docs/language.md"
cp "$corpus"/front_end/docs-language-* "$corpus/solve/"

# Judge inputs: the first byte picks the format (see crypta_fuzz::judge).
for pair in icpc2009c:0 p1092:1 kakuro2:2; do
  problem="${pair%%:*}"
  for f in "$root"/tests/judge/"$problem"/*.in; do
    { printf '%s' "${pair##*:}"; cat "$f"; } > "$corpus/judge/$problem-$(basename "$f")"
  done
done

# The regression corpus: earlier finds and a minimised corpus.
for target in front_end solve judge; do
  if [ -d "$root/tests/fuzz/$target" ]; then
    cp "$root/tests/fuzz/$target"/* "$corpus/$target/" 2>/dev/null || true
  fi
done
echo "seeded: $(ls "$corpus/front_end" | wc -l) front_end, $(ls "$corpus/solve" | wc -l) solve, $(ls "$corpus/judge" | wc -l) judge"
