#!/bin/sh
# net.sh: 1,000 sequential small GETs to a local server, through vsh's
# curl in one exec (one shell, pooled connections) and through the
# host's curl in a bash loop (a process, a connection each).  Also counts
# the connections vsh reused.  Part of `make bench`; runnable alone.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
N=${N:-1000}
tmp=$(mktemp -d)
trap 'kill $SRV $HOLD 2>/dev/null || true; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
python3 "$ROOT/tests/net/server.py" < "$tmp/in" > "$tmp/ports" &
SRV=$!
sleep 100000 > "$tmp/in" &
HOLD=$!
i=0
while [ ! -s "$tmp/ports" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
PORT=$(cut -d' ' -f1 "$tmp/ports")
URL="http://127.0.0.1:$PORT/hello"
LOOP="for i in \$(seq 1 $N); do curl -s $URL; done | wc -l"

s=$(date +%s%N)
V=$("$BUILD/vsh" --allow-url "http://127.0.0.1:$PORT/" -c "$LOOP")
e=$(date +%s%N)
VMS=$(( (e - s) / 1000000 ))
s=$(date +%s%N)
H=$(bash -c "$LOOP")
e=$(date +%s%N)
HMS=$(( (e - s) / 1000000 ))
REUSE=$("$BUILD/vsh" --allow-url "http://127.0.0.1:$PORT/" -c \
  "for i in 1 2 3 4 5 6 7 8 9 10; do curl -sv $URL 2>&1 >/dev/null; done | grep -c 'Re-using existing connection'")
echo "== net: $N sequential GETs of a 6-byte body from a local server"
echo "| workload | vsh curl (one exec) | host curl (bash loop) | ratio |"
echo "|---|---|---|---|"
echo "| $N GETs ($V / $H responses) | ${VMS} ms | ${HMS} ms | $(awk -v a="$VMS" -v b="$HMS" 'BEGIN{printf "%.1fx", b/a}') |"
echo "connections reused by vsh over 10 sequential curl runs in one exec: $REUSE of 9"
