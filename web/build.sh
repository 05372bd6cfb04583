#!/usr/bin/env bash
# Builds the playground into web/dist/ (a static site: serve it with
# `python3 -m http.server -d web/dist`, or put it on any static host).
# Needs the Rust target wasm32-unknown-unknown and node (to bake
# examples/ into the page); uses wasm-opt when it finds one (on the PATH,
# or web/tests/node_modules/.bin from `npm ci` there), and is fine without.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v rustup >/dev/null 2>&1; then
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
fi
cargo build -p crypta-web --target wasm32-unknown-unknown --profile wasm
wasm=target/wasm32-unknown-unknown/wasm/crypta_web.wasm

out=web/dist
rm -rf "$out"
mkdir -p "$out"
cp web/src/index.html web/src/style.css web/src/manifest.json web/src/*.js "$out/"

opt=""
if command -v wasm-opt >/dev/null 2>&1; then opt=wasm-opt;
elif [ -x web/tests/node_modules/.bin/wasm-opt ]; then opt=web/tests/node_modules/.bin/wasm-opt; fi
if [ -n "$opt" ]; then
  "$opt" -O3 --strip-debug --strip-producers "$wasm" -o "$out/crypta_web.wasm"
else
  cp "$wasm" "$out/crypta_web.wasm"
fi

# examples/ baked into the page: its menu, and the word list `generate
# letters` draws from. An example's comment that says to run it with
# `cargo run` says how the page runs it instead.
node -e '
const fs = require("fs");
const names = fs.readdirSync("examples").filter((f) => f.endsWith(".crypta")).sort();
const here = (text) => text.replace(/^(#\s+)cargo run\b.*$/gm, "$1the Run all button above, or Ctrl+Enter for the statement under the cursor");
const examples = names.map((f) => ({ name: f.replace(/\.crypta$/, ""), text: here(fs.readFileSync("examples/" + f, "utf8")) }));
const words = fs.readFileSync("examples/words.txt", "utf8");
fs.writeFileSync(process.argv[1], "// Made by web/build.sh from examples/.\nexport const EXAMPLES = " + JSON.stringify(examples, null, 1) + ";\nexport const WORDS = " + JSON.stringify(words) + ";\n");
' "$out/examples.js"

# The service worker caches this build's files, under a name of its own.
files=$(cd "$out" && ls | grep -v '^sw.js$' | sort)
version=$(cd "$out" && cat $files | sha256sum | cut -c1-12)
list=$(printf '"./", %s' "$(printf '"%s", ' $files | sed 's/, $//')")
sed -e "s/VERSION/$version/" -e "s|FILES_LIST|[$list]|" web/src/sw.js > "$out/sw.js"

echo "built $out: $(cd "$out" && cat * | wc -c) bytes, $(cd "$out" && for f in *; do gzip -9c "$f"; done | wc -c) gzipped"
