#!/bin/sh
# net.sh (make demo): curl inside vsh against a local server, with an
# allowlist naming one path of it: one request allowed, two refused.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
command -v python3 >/dev/null 2>&1 || { echo "(no python3: network demo skipped)"; exit 0; }
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
echo "vsh --allow-url http://127.0.0.1:$PORT/json -c '...'"
"$BUILD/vsh" --allow-url "http://127.0.0.1:$PORT/json" -c "
echo '\$ curl -s http://127.0.0.1:$PORT/json | grep -o ...'
curl -s http://127.0.0.1:$PORT/json | grep -o '\"id\":[0-9]*'
echo '\$ curl -s http://127.0.0.1:$PORT/hello'
curl -sS http://127.0.0.1:$PORT/hello; echo \"exit \$?\"
echo '\$ curl -sS http://127.0.0.1:$PORT/json/../hello'
curl -sS http://127.0.0.1:$PORT/json/../hello; echo \"exit \$?\"
" 2>&1
