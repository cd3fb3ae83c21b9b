#!/bin/sh
# jq_bench.sh: the jq rows of the issue, vsh's jq side by side with the
# host's jq (1.6 here): 45 MB array of 400,000 objects (select, pretty
# print) and 1,000,000 NDJSON lines (slurp + add).  Prints user+sys CPU
# seconds and peak RSS (wall time is noise on the shared machine).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
DATA=${JQ_BENCH_DATA:-/tmp/vsh-jq-bench}
mkdir -p "$DATA"
[ -f "$DATA/big.json" ] || python3 "$ROOT/bench/gen_jq_data.py" "$DATA/big.json" "$DATA/small.ndjson"
row() { # label, jq arguments (files under /d)
  label=$1; shift
  v=$( { /usr/bin/time -f '%U %S %M' "$BUILD/vsh" --mount "$DATA:/d" -c "jq $* > /dev/null"; } 2>&1 | tail -1)
  h=$( { /usr/bin/time -f '%U %S %M' sh -c "cd / && jq $(echo "$*" | sed "s|/d/|$DATA/|g") > /dev/null"; } 2>&1 | tail -1)
  echo "$v $h" | awk -v l="$label" '{ printf "%-28s vsh %5.2fs %4d MiB   jq %5.2fs %4d MiB   %.1fx\n", l, $1+$2, $3/1024, $4+$5, $6/1024, ($4+$5)/($1+$2) }'
}
row "select .x > 500000 | .name" "-c '.[] | select(.x > 500000) | .name' /d/big.json"
row "pretty print ." ". /d/big.json"
row "-s 'map(.x) | add' NDJSON" "-s 'map(.x) | add' /d/small.ndjson"
