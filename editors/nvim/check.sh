#!/usr/bin/env bash
# A real editor's client against `crypta lsp`: headless Neovim opens a broken
# script with crypta as its language server (editors/nvim/crypta.lua) and
# must report exactly the diagnostics in expected.txt. Neovim shows byte
# columns: line 4 has a `×` (two bytes, one UTF-16 unit) before the bad
# option, so the server's UTF-16 column 16 must arrive as byte column 18.
# Usage: editors/nvim/check.sh [PATH-TO-CRYPTA-BINARY]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
crypta="$(realpath "${1:-target/debug/crypta}")"
got="$(mktemp)"
trap 'rm -f "$got"' EXIT
nvim --version | head -1
nvim --headless -u NONE -i NONE \
  --cmd "let g:crypta_lsp_cmd = ['$crypta', 'lsp']" \
  -c "luafile $here/check.lua" "$here/broken.crypta" > "$got"
if diff -u "$here/expected.txt" "$got"; then
  echo "neovim: the diagnostics of crypta lsp arrived as expected"
else
  echo "neovim: unexpected diagnostics (diff above)" >&2
  exit 1
fi
