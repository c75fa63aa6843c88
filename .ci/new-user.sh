#!/usr/bin/env bash
# A new user follows the guide's "Deriving a scheme grammar"
# (docs/grammars.md) in an empty crate: `cargo new`, the guide's
# `[dependencies]` lines, its `src/redis.pest` and its `src/main.rs`, each
# taken from the block after the guide's `<!-- .ci/run ...: FILE -->` marker,
# nothing else. The crate is outside this workspace, beside a clone of
# rfc3986 named `rfc3986` (this checkout, linked), as the guide says to lay
# them out: its `[dependencies]` line works as it is written.
# Usage: .ci/new-user.sh TARGET_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="$1"
user=$(mktemp -d)
crate="$user/redis-uri"
ln -s "$root" "$user/rfc3986"
cargo new -q --vcs none "$crate"
awk -v dir="$crate" '
  /<!-- \.ci\/run.*: [^ ]+ -->/ {
    match($0, /: [^ ]+ -->/)
    file = substr($0, RSTART + 2, RLENGTH - 6)
    if (file == "Cargo.toml") file = "Cargo.toml.readme"
    want = 1
    next
  }
  want && !inside && /^```/ { inside = 1; out = dir "/" file; printf "" > out; next }
  inside && /^```/ { inside = 0; want = 0; close(out); next }
  inside { print >> out }
' "$root/docs/grammars.md"
for file in Cargo.toml.readme src/redis.pest src/main.rs; do
  if [ ! -s "$crate/$file" ]; then
    echo "ERROR: docs/grammars.md gives no block for $file"
    exit 1
  fi
done
# cargo new ends the manifest with an empty [dependencies]: the guide's
# block takes its place.
sed -i '/^\[dependencies\]$/,$d' "$crate/Cargo.toml"
cat "$crate/Cargo.toml.readme" >>"$crate/Cargo.toml"
rm "$crate/Cargo.toml.readme"
(cd "$crate" && CARGO_TARGET_DIR="$target" cargo run -q)
[ -n "${KEEP_NEW_USER:-}" ] && echo "$crate" || rm -rf "$user"
