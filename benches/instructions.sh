#!/usr/bin/env bash
# Instructions and mispredicted branches per input of profile_parse's
# workloads, as BENCHMARKS.md's tables give them: cachegrind (with its
# branch simulation) runs each workload and the `none` workload of its
# corpus (which only builds the corpus), and the difference is divided by
# the corpus's size.
#
#   cargo build --release --example profile_parse
#   benches/instructions.sh rfc3986 fluent-uri rejected-rfc3986 redis-derive
#
# Prints, a workload a line: its name, instructions per input, mispredicted
# branches per input, and the number of inputs. PROFILE_PARSE names another
# build of the example. Needs valgrind.
set -euo pipefail

bin=${PROFILE_PARSE:-target/release/examples/profile_parse}
if [[ $# -eq 0 ]]; then
  echo "usage: $0 WORKLOAD... (see examples/profile_parse.rs)" >&2
  exit 2
fi
if [[ ! -x $bin ]]; then
  echo "$0: no $bin: cargo build --release --example profile_parse" >&2
  exit 2
fi

declare -A none_ir none_bm none_n
# Instructions and mispredicted branches (conditional and indirect) of one
# run of the workload `$1`.
count() {
  valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
    --cachegrind-out-file=/dev/null "$bin" "$1" 2>&1 |
    awk '/I *refs/ {gsub(",", "", $4); ir = $4}
         /Mispredicts:/ {gsub(",", "", $3); bm = $3}
         END {print ir, bm}'
}

for workload in "$@"; do
  # The corpus's `none`: the prefix before the parser's name, if any.
  case $workload in
    rfc3986 | fluent-uri | oxiri | pest-derive | iri-string | rfc3986-* | fluent-uri-*) none=none ;;
    real-world-*) none=real-world-none ;;
    *) none=${workload%%-*}-none ;;
  esac
  if [[ -z ${none_ir[$none]:-} ]]; then
    read -r ir bm < <(count "$none")
    none_ir[$none]=$ir
    none_bm[$none]=$bm
    none_n[$none]=$("$bin" "$none" | awk '{print $1}')
  fi
  read -r ir bm < <(count "$workload")
  n=${none_n[$none]}
  printf '%s\t%d\t%.1f\t%d\n' "$workload" $(((ir - ${none_ir[$none]}) / n)) \
    "$(awk -v b="$bm" -v z="${none_bm[$none]}" -v n="$n" 'BEGIN {print (b - z) / n}')" "$n"
done
