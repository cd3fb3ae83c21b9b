#!/bin/sh
# run.sh: `make bench`.  Runs the same workloads with vsh (in-process and
# as a process), bash, dash and just-bash 3.4.2 (installed with npm into a
# scratch folder) in one run, and prints medians and ratios.  Timings are
# noisy on a shared 2-core machine: compare the ratios of one run.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
RUNS=${RUNS:-7}
JB=${JB_DEPS:-/tmp/vsh-bench-jb}

command -v dash >/dev/null 2>&1 || apt-get install -y -qq dash >/dev/null 2>&1 || true

ms_of() { # median wall ms of running "$@" RUNS times
  i=0; : > /tmp/vsh-bench.t
  while [ $i -lt "$RUNS" ]; do
    s=$(date +%s%N); "$@" >/tmp/vsh-bench.out 2>&1; e=$(date +%s%N)
    echo $(( (e - s) / 1000 )) >> /tmp/vsh-bench.t; i=$((i + 1))
  done
  sort -n /tmp/vsh-bench.t | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

LOOP='for i in $(seq 1 10000); do x=$((x+i)); done; echo $x'
PIPE='seq 1 100000 | sort -n | uniq | wc -l'

# Toolbox workloads' data, generated once on the host (C collation for
# every contender: vsh's sort and grep are byte-oriented).
DATA=${BENCH_DATA:-/tmp/vsh-bench-data}
export LC_ALL=C
if [ ! -f "$DATA/done" ]; then
  echo "== generating $DATA (100 MB text, 1M numbers, 10,000 files)"
  rm -rf "$DATA" && mkdir -p "$DATA/tree"
  awk 'BEGIN { for (i = 0; i < 2000000; i++)
    printf "%d the quick brown fox %d jumps over the lazy dog\n", i, i % 1000 }' > "$DATA/big.txt"
  awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++) print int(rand() * 1e9) }' > "$DATA/nums.txt"
  d=0
  while [ $d -lt 100 ]; do
    mkdir -p "$DATA/tree/d$d/sub"; f=0
    while [ $f -lt 50 ]; do
      echo "$d $f" > "$DATA/tree/d$d/f$f.txt"; echo "$f" > "$DATA/tree/d$d/sub/g$f.md"
      f=$((f + 1))
    done
    d=$((d + 1))
  done
  touch "$DATA/done"
fi
if [ ! -f "$DATA/awk.txt" ]; then
  awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++)
    printf "k%d %d %d word%d\n", int(rand() * 1000), i, int(rand() * 100), i % 7 }' > "$DATA/awk.txt"
fi
# awk rows: vsh in-process against mawk, gawk and original-awk processes
# (expected outputs from gawk: mawk prints large sums as 5e+11)
AWK_SUM='{s+=$2} END{print s}'
AWK_GROUP='{c[$1]+=$3} END{for (k in c) n += c[k] * length(k); print n}'
AWK_FILTER='/^k1[0-9] /'
AWK_FIELDS='{$2=""; print}'
export EXPECT_awksum="$(gawk "$AWK_SUM" "$DATA/awk.txt")
" EXPECT_awkgroup="$(gawk "$AWK_GROUP" "$DATA/awk.txt")
" EXPECT_awkfilter="$(gawk "$AWK_FILTER" "$DATA/awk.txt" | wc -l)
" EXPECT_awkfields="$(gawk "$AWK_FIELDS" "$DATA/awk.txt" | wc -c)
"
GREP="grep -c 'fox 42 ' $DATA/big.txt"
SORT="sort $DATA/nums.txt | md5sum"
FIND="find $DATA/tree -type f -name '*.txt' | wc -l"
EXPECT_GREP=$(sh -c "$GREP"); EXPECT_SORT=$(sh -c "$SORT"); EXPECT_FIND=$(sh -c "$FIND")
export EXPECT_GREP="$EXPECT_GREP
" EXPECT_SORT="$EXPECT_SORT
" EXPECT_FIND="$EXPECT_FIND
"

echo "== vsh in-process ($BUILD/bench/vsh_bench)"
"$BUILD/bench/vsh_bench" "$RUNS" | tee /tmp/vsh-bench.inproc
"$BUILD/bench/fork_bench" | tee /tmp/vsh-bench.fork
"$BUILD/bench/vsh_bench" tools "$DATA" "$RUNS" | tee -a /tmp/vsh-bench.inproc

get() { awk -v k="$1" '$1==k {print $2}' /tmp/vsh-bench.inproc; }
echo "== processes (median of $RUNS, ms)"
V_START=$(ms_of "$BUILD/vsh" -c 'echo hi')
B_START=$(ms_of bash -c 'echo hi')
D_START=$(ms_of dash -c 'echo hi')
B_LOOP=$(ms_of bash -c "$LOOP")
D_LOOP=$(ms_of dash -c "$LOOP")
B_PIPE=$(ms_of bash -c "$PIPE")
V_PIPE_P=$(ms_of "$BUILD/vsh" -c "$PIPE")
B_GREP=$(ms_of bash -c "$GREP")
B_SORT=$(ms_of bash -c "$SORT")
B_FIND=$(ms_of bash -c "$FIND")

JB_OK=no
if command -v npm >/dev/null 2>&1; then
  if [ ! -d "$JB/node_modules/just-bash" ]; then
    mkdir -p "$JB" && cp "$ROOT/../shared/bench/package.json" "$JB/" 2>/dev/null &&
      (cd "$JB" && npm install --no-audit --no-fund >/dev/null 2>&1) || true
  fi
  if [ -d "$JB/node_modules/just-bash" ] && cp "$ROOT"/../shared/bench/*.mjs "$JB/" 2>/dev/null; then
    JB_OK=yes
    (cd "$JB" && node startup.mjs && node loop.mjs && node pipeline.mjs &&
      node --expose-gc instances.mjs files) > /tmp/vsh-bench.jb 2>/dev/null || JB_OK=no
    cp "$ROOT/bench/toolbox.mjs" "$JB/" &&
      (cd "$JB" && RUNS=3 timeout 900 node --max-old-space-size=8192 toolbox.mjs "$DATA") \
        >> /tmp/vsh-bench.jb 2>/dev/null || true
  fi
fi
jb() { # jb BENCH FIELD
  [ "$JB_OK" = yes ] || { echo "-"; return; }
  grep "\"bench\":\"$1" /tmp/vsh-bench.jb | head -1 |
    node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{try{console.log(JSON.parse(s)['$2'])}catch(e){console.log('-')}})"
}
jbt() { # jbt BENCH: a toolbox workload's ms, or why just-bash failed it
  [ "$JB_OK" = yes ] || { echo "-"; return; }
  grep "\"bench\":\"$1\"" /tmp/vsh-bench.jb | head -1 |
    node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{try{const j=JSON.parse(s);console.log(j.exitCode===0?j.ms+' ms':'fails after '+j.ms+' ms: '+j.stderr.trim())}catch(e){console.log('-')}})"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a+0 > 0 && b+0 > 0) printf "%.1fx", b/a; else print "-" }'; }

W=$(get warm_exec); L=$(get loop10k); P=$(get pipeline)
SN=$(get sandbox_new); SR=$(get sandbox_rss)
JBW=$(jb startup second_exec_ms); JBL=$(jb loop10k ms); JBP=$(jb seq100k ms)
JBI=$(jb instances_files kb_per_instance_heap); JBC=$(jb instances_files create_ms)
echo
echo "| workload | vsh | bash | dash | just-bash | vsh faster than bash / just-bash |"
echo "|---|---|---|---|---|---|"
echo "| warm exec 'echo hi' (live shell) | ${W} us | - | - | ${JBW} ms | - / $(ratio "$W" "$(awk -v x="$JBW" 'BEGIN{print x*1000}')") |"
echo "| process start to 'echo hi' | ${V_START} ms | ${B_START} ms | ${D_START} ms | - | $(ratio "$V_START" "$B_START") / - |"
echo "| 10k-iteration loop | ${L} ms | ${B_LOOP} ms | ${D_LOOP} ms | ${JBL} ms | $(ratio "$L" "$B_LOOP") / $(ratio "$L" "$JBL") |"
echo "| seq 100k, sort -n, uniq, wc -l | ${P} ms (process: ${V_PIPE_P} ms) | ${B_PIPE} ms | - | ${JBP} ms | $(ratio "$P" "$B_PIPE") / $(ratio "$P" "$JBP") |"
echo "| grep -c over 100 MB | $(get grep100m) ms | ${B_GREP} ms | - | $(jbt grep100m) | $(ratio "$(get grep100m)" "$B_GREP") / $(ratio "$(get grep100m)" "$(jbt grep100m)") |"
echo "| sort of 1,000,000 lines, piped to md5sum | $(get sort1m) ms | ${B_SORT} ms | - | $(jbt sort1m) | $(ratio "$(get sort1m)" "$B_SORT") / $(ratio "$(get sort1m)" "$(jbt sort1m)") |"
echo "| find over 10,000 files, piped to wc -l | $(get find10k) ms | ${B_FIND} ms | - | $(jbt find10k) | $(ratio "$(get find10k)" "$B_FIND") / $(ratio "$(get find10k)" "$(jbt find10k)") |"
awk_row() { # awk_row LABEL KEY PROGRAM [| TAIL]
  M=$(ms_of sh -c "mawk '$3' $DATA/awk.txt $4")
  G=$(ms_of sh -c "gawk '$3' $DATA/awk.txt $4")
  O=$(ms_of sh -c "original-awk '$3' $DATA/awk.txt $4")
  echo "| awk $1 (1M lines; mawk / gawk / original-awk) | $(get "$2") ms | ${M} / ${G} / ${O} ms | - | - | vs mawk $(ratio "$(get "$2")" "$M") |"
}
if command -v mawk >/dev/null && command -v gawk >/dev/null && command -v original-awk >/dev/null; then
  awk_row "column sum" awksum "$AWK_SUM"
  awk_row "group-by" awkgroup "$AWK_GROUP"
  awk_row "regex filter, wc -l" awkfilter "$AWK_FILTER" "| wc -l"
  awk_row "field rewrite, wc -c" awkfields "$AWK_FIELDS" "| wc -c"
fi
echo "| new sandbox (1 seeded file) | ${SN} us, ${SR} KB | - | - | ${JBC} ms/1000, ${JBI} KB | - |"
echo "| fork of a 10,000-file image | $(awk '/^fork of/ {print $5, $6, $7}' /tmp/vsh-bench.fork) | - | - | - | - |"

# The Node package (bindings/node, `make node`) against just-bash in the
# same Node process: a new Bash() + exec('echo hi') round trip and 1,000
# execs on one instance.
command -v node >/dev/null 2>&1 && ninja -C "$BUILD" bindings/node/vsh.node >/dev/null 2>&1 || true
if command -v node >/dev/null 2>&1 &&
   { [ -f "$ROOT/bindings/node/prebuilds/vsh.node" ] || [ -f "$BUILD/bindings/node/vsh.node" ]; }; then
  echo
  VSH_NODE_ADDON=$( [ -f "$BUILD/bindings/node/vsh.node" ] && echo "$BUILD/bindings/node/vsh.node" ||
    echo "$ROOT/bindings/node/prebuilds/vsh.node") \
    node "$ROOT/bench/node_bindings.mjs" "$JB" | grep -v '^{' || true
fi

# the network: vsh curl against the host curl on a local server
if command -v python3 >/dev/null 2>&1 && command -v curl >/dev/null 2>&1; then
  echo; sh "$ROOT/bench/net.sh" || echo "net bench: failed"
fi
