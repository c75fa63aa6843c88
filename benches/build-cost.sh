#!/usr/bin/env bash
# What it costs a user to build this crate (issue 34, "The build is a
# benchmark"), beside the url and fluent-uri crates.
#
# Three tiny applications, each depending on one URI parser only (rfc3986 by
# path, default features; url 2.5; fluent-uri 0.4), are created in a scratch
# directory and built one after the other, each from clean and with a target
# directory of its own, so that no dependency compiled for one is reused by
# another. Each parses one URI (its first argument, so the parser cannot be
# optimized away) and prints the host. Reported, as markdown on stdout:
#   - wall-clock seconds of `cargo build` and `cargo build --release` from
#     clean, and their ratio to url's;
#   - the size of each debug binary;
#   - rfc3986's own build (its build script and library, then the app's
#     link): after the full build, `cargo clean -p rfc3986` and build again;
#   - the size of the generated Rust the library compiles, per grammar.
# Dependencies are fetched first (`cargo fetch`), so network time is not
# counted. Wall-clock times are noisy on a busy machine: compare runs made
# on the same machine, or ratios.
#
# Usage: benches/build-cost.sh [--quick] [--keep]
#   --quick  debug builds only (skip the release builds)
#   --keep   keep the scratch directory (its path is printed)
# Needs only cargo and crates.io access. Progress goes to stderr.
set -euo pipefail

quick=0 keep=0
for arg in "$@"; do
    case $arg in
        --quick) quick=1 ;;
        --keep) keep=1 ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-cost.sh: unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/build-cost.XXXXXX")
if ((keep)); then echo "scratch directory: $scratch" >&2
else trap 'rm -rf "$scratch"' EXIT; fi

uri='https://example.com/a?b#c'
apps=(rfc3986 url fluent-uri)
declare -A dep expr debug release size
dep[rfc3986]="rfc3986 = { path = \"$repo/facade\" }"
dep[url]='url = "2.5"'
dep[fluent-uri]='fluent-uri = "0.4"'
# Each app's expression for the host of `s: String`, as a `&str`.
expr[rfc3986]='rfc3986::Uri::parse(s.as_str()).unwrap().host_str().unwrap()'
expr[url]='url::Url::parse(&s).unwrap().host_str().unwrap()'
expr[fluent-uri]='fluent_uri::Uri::parse(s.as_str()).unwrap().authority().unwrap().host()'

# secs CMD...: runs CMD with its output in the log (shown if it fails) and
# prints the wall-clock seconds it took.
secs() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >"$scratch/log" 2>&1 || { cat "$scratch/log" >&2; return 1; }
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }'
}
# ratio A B: A / B to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
log() { echo "build-cost: $*" >&2; }

for app in "${apps[@]}"; do
    dir=$scratch/$app
    mkdir -p "$dir/src"
    # `[workspace]`: the app is its own workspace, whatever directory holds it.
    printf '[package]\nname = "app-%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' \
        "$app" "${dep[$app]}" >"$dir/Cargo.toml"
    printf 'fn main() {\n    let s = std::env::args().nth(1).unwrap_or_else(|| "%s".into());\n    println!("{}", %s);\n}\n' \
        "$uri" "${expr[$app]}" >"$dir/src/main.rs"
    (cd "$dir" && cargo fetch --quiet)
done

own_debug='' own_release='' gen_dir=''
for app in "${apps[@]}"; do
    dir=$scratch/$app bin=app-$app
    export CARGO_TARGET_DIR=$scratch/target-$app
    cd "$dir"
    log "$app: cargo build"
    cargo clean --quiet
    debug[$app]=$(secs cargo build)
    size[$app]=$(stat -c %s "$CARGO_TARGET_DIR/debug/$bin")
    host=$("$CARGO_TARGET_DIR/debug/$bin")
    [[ $host == example.com ]] || { log "$app printed '$host', not example.com"; exit 1; }
    if [[ $app == rfc3986 ]]; then
        # The crate's own share: rebuild it (and relink the app) only.
        cargo clean --quiet -p rfc3986 -p rfc3986-core
        own_debug=$(secs cargo build)
    fi
    if ((!quick)); then
        log "$app: cargo build --release"
        cargo clean --quiet
        release[$app]=$(secs cargo build --release)
        if [[ $app == rfc3986 ]]; then
            cargo clean --quiet -p rfc3986 -p rfc3986-core --release
            own_release=$(secs cargo build --release)
        fi
    fi
    if [[ $app == rfc3986 ]]; then
        # The build script's OUT_DIR: the newest `rfc3986-<hash>/out` holding
        # uri.rs (the glob also matches rfc3986-derive's and -generator's).
        gen_dir=$(dirname "$(ls -t "$CARGO_TARGET_DIR"/*/build/rfc3986-*/out/uri.rs | head -n 1)")
    fi
done
cd "$repo"

# The report.
args=''; (($#)) && args=" $*"
echo "# Build cost: rfc3986 beside url and fluent-uri"
echo
echo "Reproduce: \`cd <repo> && benches/build-cost.sh$args\`"
echo
echo "- commit: $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "- $(rustc --version), $(cargo --version)"
echo "- $(nproc) CPUs; $(uname -sm)"
echo "- each app from clean, own target directory, dependencies fetched beforehand; wall clock"
echo
echo "| app | debug build (s) | × url | release build (s) | × url | debug binary (bytes) | × url |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for app in "${apps[@]}"; do
    if ((quick)); then rel='–' relx='–'
    else rel=${release[$app]} relx=$(ratio "${release[$app]}" "${release[url]}"); fi
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "${dep[$app]%% =*}" \
        "${debug[$app]}" "$(ratio "${debug[$app]}" "${debug[url]}")" "$rel" "$relx" \
        "${size[$app]}" "$(ratio "${size[$app]}" "${size[url]}")"
done
echo
echo "rfc3986's own build (build script, library, app link; dependencies already built):"
echo "debug ${own_debug} s$( ((quick)) || echo ", release ${own_release} s")."
echo
echo "Generated Rust the library compiles, per grammar (src/compiled/generated/, as the build script copies it into \`$(basename "$(dirname "$gen_dir")")/out\`):"
echo
echo "| file | bytes | lines |"
echo "|---|---:|---:|"
for f in uri.rs iri.rs grammars.rs; do
    if [[ -f $gen_dir/$f ]]; then
        printf '| %s | %s | %s |\n' "$f" "$(stat -c %s "$gen_dir/$f")" "$(wc -l <"$gen_dir/$f")"
    fi
done
