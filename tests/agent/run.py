#!/usr/bin/env python3
"""agent: the idioms an AI coding agent types, in bash and in vsh.

Each case runs in real bash over a fresh temporary project tree (SETUP)
and in vsh over the same tree mounted at /home/user/project; stdout and
the exit status must be equal. stderr is compared only for the cases
marked "stderr: " in a .cases file (error paths), with bash's "bash: " at
the start of a line read as vsh's "vsh: " (bash -c names itself there).

The cases are CASES below and the *.cases files beside this script:
data.cases (the data work: awk, jq, sed, grep, find, sort, archives,
dates, error messages) and work.cases (the file work: here-documents,
sed -i, find, diff and patch, scripts run by path, set -euo pipefail
scripts, getopts, arrays, and the error messages of bash FILE), and
work6.cases (more of both, where those two are thin).

Two lists say where the host cannot be the reference:
  EXCLUDED  cases that need a host program vsh lacks by design (python3,
            git): skipped, with the reason.
  EXPECTED  cases where the host's jq 1.6 differs from jq 1.7.1, which vsh
            follows: vsh is held to the jq 1.7.1 answer written here.

  run.py VSH [SUBSTRING]   run every case (or those containing SUBSTRING)
  run.py --mawk [SUBSTRING]  list the awk cases where the host's gawk and
                           mawk disagree (vsh follows gawk: README)

Prints one block per unexpected difference and a summary line
"agent: N passed, N failed, N excluded"; exit status 1 on any failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SETUP = r'''
mkdir -p src/lib tests logs docs
printf 'import os\nimport sys\n\ndef main():\n    print("hello")\n    # TODO: fix this\n    return 0\n\nif __name__ == "__main__":\n    sys.exit(main())\n' > src/main.py
printf 'def add(a, b):\n    return a + b\n\ndef sub(a, b):\n    # TODO remove\n    return a - b\n' > src/lib/util.py
printf 'export function greet(name: string) {\n  return `Hello ${name}`;\n}\n' > src/lib/greet.ts
printf '# Project\n\nSome text.\n\n## Usage\n\nRun it.\n' > README.md
printf 'name,age,city\nalice,30,Paris\nbob,25,Berlin\ncarol,35,Paris\ndave,40,Rome\n' > data.csv
printf '{"users":[{"name":"alice","age":30,"tags":["a","b"]},{"name":"bob","age":25,"tags":[]},{"name":"carol","age":35,"tags":["c"]}],"version":"1.2.3"}\n' > data.json
for i in $(seq 1 50); do echo "2024-01-0$((i%9+1)) 12:00:$((i%60)) $( [ $((i%7)) = 0 ] && echo ERROR || echo INFO) request $i took $((i*13%200))ms"; done > logs/app.log
printf 'import pytest\n\ndef test_add():\n    assert 1 + 1 == 2\n' > tests/test_util.py
printf 'line1\nline2\nline3\n' > docs/a.txt
printf 'line1\nline2 changed\nline3\nline4\n' > docs/b.txt
mkdir data
printf 'id\tname\tscore\n1\talice\t90\n2\tbob\t85\n3\tcarol\t90\n' > data/t.tsv
for i in 1 2 3 4 5; do printf '{"level":"%s","msg":"m%d","n":%d}\n' "$( [ $i = 3 ] && echo error || echo info)" $i $i; done > data/events.jsonl
printf '1.5K a\n900 b\n2M c\n10K d\n' > data/sizes.txt
printf '1.0.10\n1.0.9\n1.0.9-rc1\n1.2\nv2\n' > data/versions.txt
printf 'a,b\r\nc,d\r\n' > data/crlf.txt
printf 'ab\0cd\nef\n' > data/bin.dat
'''

# One case a line; a case of several lines (here-documents, loops) sits
# between a "{{{" line and a "}}}" line.
CASES = r'''
ls
ls -1 src
ls -a | head -5
find . -name '*.py' | sort
find . -type f -name '*.py' -exec wc -l {} + | sort -n
find . -type d | sort
find src -name '*.ts' -o -name '*.py' | sort
grep -rn TODO . | sort
grep -rn --include='*.py' 'def ' src | sort
grep -rl import . | sort
grep -c INFO logs/app.log
grep -E 'ERROR|WARN' logs/app.log | head -3
grep -o 'took [0-9]*ms' logs/app.log | sort | uniq -c | sort -rn | head -3
grep -n -A1 -B1 'def sub' src/lib/util.py
grep -rw 'add' src
grep -riL todo src | sort
cat -n src/main.py | head -5
head -n 3 data.csv
tail -n +2 data.csv | cut -d, -f3 | sort | uniq -c
awk -F, 'NR>1 {s+=$2} END {print s/(NR-1)}' data.csv
awk -F, 'NR>1 && $3=="Paris" {print $1}' data.csv
awk '{print $3}' logs/app.log | sort | uniq -c
awk '/ERROR/ {n++} END {print n+0}' logs/app.log
sed -n '2,4p' data.csv
sed 's/Paris/PARIS/g' data.csv
sed -i 's/TODO/DONE/' src/main.py && grep -n DONE src/main.py
sed -E 's/([a-z]+),([0-9]+)/\2:\1/' data.csv
jq '.users | length' data.json
jq -r '.users[] | select(.age > 26) | .name' data.json
jq '.users | map(.age) | add / length' data.json
jq -c '[.users[] | {n: .name, t: (.tags | length)}]' data.json
jq -r '.version | split(".") | map(tonumber) | .[1]' data.json
jq '.users |= sort_by(-.age) | .users[0].name' data.json
jq -r '.users[] | [.name, .age] | @csv' data.json
jq -r '.users[] | [.name, .age] | @tsv' data.json
jq --arg n bob '.users[] | select(.name == $n) | .age' data.json
jq 'keys' data.json
jq -e '.missing' data.json; echo $?
wc -l src/main.py src/lib/util.py
wc -w README.md
sort -t, -k2 -n data.csv
sort -t, -k2 -nr data.csv | head -2
cut -d, -f1,3 data.csv | column -t -s,
diff docs/a.txt docs/b.txt; echo $?
diff -u docs/a.txt docs/b.txt | tail -n +3
cmp docs/a.txt docs/b.txt; echo $?
tr a-z A-Z < docs/a.txt
echo "hello world" | tr -s ' ' '\n' | sort
basename src/lib/util.py .py; dirname src/lib/util.py
realpath --relative-to=src src/lib/util.py
stat -c '%s %n' data.csv
du -sh docs | cut -f2
xargs -n1 echo < docs/a.txt
find . -name '*.txt' -print0 | xargs -0 cat | wc -l
ls src/*.py src/lib/*.py
for f in src/lib/*; do echo "$f: $(wc -l < "$f")"; done
while IFS=, read -r n a c; do echo "$n is $a"; done < <(tail -n +2 data.csv)
{{{
cat <<EOF > out.txt
name: $(head -1 data.csv | cut -d, -f1)
EOF
cat out.txt
}}}
mkdir -p build/out && cp -r src build/out/ && find build -type f | sort
mv docs/a.txt docs/c.txt && ls docs
rm -rf logs && ls
touch new.txt && test -f new.txt && echo yes
[ -d src ] && echo dir
printf '%s\n' "$(date -d @0 -u +%Y)"
printf '%-10s|%5d\n' abc 42
echo $((17 % 5)) $((2**10))
x="a,b,c"; IFS=, read -ra parts <<< "$x"; echo "${#parts[@]} ${parts[1]}"
s="Hello World"; echo "${s,,} ${s^^} ${s/World/There} ${#s}"
arr=(3 1 2); printf '%s\n' "${arr[@]}" | sort -n | tr '\n' ' '; echo
declare -A m=([a]=1 [b]=2); for k in $(printf '%s\n' "${!m[@]}" | sort); do echo "$k=${m[$k]}"; done
seq 1 10 | paste -sd+ | bc
seq 5 | tac
nl -ba README.md | head -3
head -c 20 data.json | od -c | head -2
echo '{"a":1}' | python3 -c 'import json,sys; print(json.load(sys.stdin))'; echo $?
git status; echo $?
cat nonexistent.txt; echo $?
grep -q alice data.csv && echo found
tee copy.csv < data.csv > /dev/null && cmp data.csv copy.csv && echo same
sort -u -t, -k3,3 data.csv | cut -d, -f3
uniq -d <(cut -d, -f3 data.csv | sort)
comm -12 <(sort docs/a.txt) <(sort docs/b.txt)
tar czf x.tgz src 2>/dev/null && tar tzf x.tgz | sort
md5sum docs/a.txt
sha256sum docs/a.txt | cut -c1-16
base64 docs/a.txt | base64 -d
env | grep -c '^PATH='
echo "$PWD" | grep -c /
command -v jq >/dev/null && echo has-jq
type -t cd
set -euo pipefail; false | true; echo ok
( set -e; false; echo not ); echo $?
f() { local x=$1; echo $((x*2)); }; f 21
trap 'echo bye' EXIT; echo hi
echo -e 'a\tb' | expand -t 4
printf 'b\na\n' | sort | head -1
find . -newer data.csv -name '*.txt' | sort
find . -size -1k -name '*.md'
find . -path ./src -prune -o -name '*.py' -print
ls -d */ | sort
split -l 2 data.csv part_ && ls part_* && cat part_ab
fold -w 10 README.md | head -3
rev <<< "abc"
yes | head -3
timeout 1 sleep 0.1; echo $?
grep -P '\d{3}ms' logs/app.log | head -2
grep -rn "def add" --include=*.py .
xargs -I{} echo 'file: {}' < docs/a.txt
find . -name '*.py' | xargs grep -l def | sort
find . -name '*.py' -newer README.md | wc -l
printf '%q\n' "a b'c"
printf '%05.1f|%x|%o|%e\n' 3.14159 255 8 12345.678
date -u -d '2024-03-01 10:00' '+%A %d %B %Y %H:%M %j %U'
date -u -d '2024-01-31 +1 month' +%F
sort -k2,2 -k1,1r -t' ' <<< $'b 2\na 2\nc 1'
sort -V <<< $'v1.10\nv1.2\nv1.9'
sort -h <<< $'1K\n2M\n3G\n100'
awk 'BEGIN{printf "%5.2f %s %d\n", 3.14159, "x", 42.9}'
awk -F: '{print NF, $NF}' <<< 'a:b:c'
awk '{a[$1]+=$2} END{for(k in a) print k, a[k]}' <<< $'x 1\ny 2\nx 3' | sort
awk 'BEGIN{s="hello world"; gsub(/o/,"0",s); print s, length(s), toupper(substr(s,1,3)), index(s,"w")}'
awk 'NR%2==0' data.csv
awk -v OFS=, '{$1=$1; print}' <<< 'a b c'
sed -n '/Usage/,$p' README.md
sed '/^$/d' README.md
sed '1i header' docs/a.txt
sed '$a footer' docs/a.txt
sed -n 's/^## //p' README.md
sed 'y/abc/xyz/' <<< 'aabbcc'
sed -e :a -e '$!N;s/\n/,/;ta' docs/a.txt
sed '2q' data.csv
sed 's/\(.*\),\(.*\),\(.*\)/\3 \1/' data.csv
grep -v '^#' README.md | grep -v '^$'
grep -e alice -e bob data.csv
grep -w -i PARIS data.csv | wc -l
grep -m2 INFO logs/app.log | cut -c1-10
grep --color=never -h line docs/*.txt | sort -u
cut -c1-5 README.md
cut -d' ' -f2- logs/app.log | head -2
paste -d: docs/a.txt docs/b.txt
join -t, <(sort data.csv) <(printf 'alice,x\nbob,y\n')
head -c 100 /dev/urandom | wc -c
tr -d '\n' < docs/a.txt | wc -c
tr -cs 'a-zA-Z' '\n' < README.md | sort | uniq -c | sort -rn | head -3
jq -n '[1,2,3] | map(. * 2)'
jq -n '{a:1} + {b:2}'
jq -r '.users[] | "\(.name): \(.tags | join(","))"' data.json
jq '[.users[] | .age] | max, min' data.json
jq 'to_entries | map(.key)' data.json
jq '.users | group_by(.age > 28) | map(length)' data.json
jq -s '.' docs/a.txt 2>&1; echo $?
jq 'del(.users)' data.json
jq '.users[0] | has("name"), has("x")' data.json
jq '.users | any(.age > 34), all(.age > 20)' data.json
jq -r '.users | sort_by(.name) | reverse | .[].name' data.json
jq 'paths | join(".")' <<< '{"a":{"b":1}}' 2>&1
jq '.a += 1' <<< '{"a":1}'
jq --argjson x '{"k":2}' -n '$x.k'
jq -r '@base64' <<< '"hi"'
jq 'walk(if type == "number" then . + 1 else . end)' <<< '[1,[2]]'
jq -c 'to_entries[] | select(.value | type == "string")' data.json
jq '.[] ' <<< '{"a":1,"b":2}'
jq 'limit(2; .users[]) | .name' data.json
jq -r '.users[] | select(.tags | index("a")) | .name' data.json
jq 'env | type' -n
jq '.x.y.z' data.json
jq '.users[10]' data.json
jq 'reduce .users[] as $u (0; . + $u.age)' data.json
jq '[splits(", *")]' <<< '"a, b,c"'
jq 'test("^\\d+$")' <<< '"123"'
jq -r 'now | type' -n
jq 'ascii_downcase' <<< '"ABC"'
jq '.users | map(select(.name | startswith("c")))' data.json
jq -c 'with_entries(.value |= tostring)' <<< '{"a":1,"b":true}'
jq '.[1:3]' <<< '[1,2,3,4]'
jq 'tostream' -c <<< '{"a":[1]}'
jq 'input' <<< '1 2'
jq -n 'inputs' <<< '1 2'
jq -n '"\u00e9" | utf8bytelength'
jq 'getpath(["users",0,"name"])' data.json
jq -n '1e1000'
jq -n '100000000000000000000'
jq -n '[limit(3; repeat(1))]' -c
jq -n '3.0, 1.5e300 * 1e10, -0'
jq '.' <<< '[1.10, 1e2, 0.00001, 123456789012]'
find . -type f -name '*.py' -printf '%f\n' | sort
find . -maxdepth 1 -type f | sort
touch e.txt && find . -empty -type f
find . -type f -size +0 -name '*.md' -exec basename {} \;
find src -type f | sort | xargs -n2 echo
find . -name '*.py' -exec grep -l TODO {} \; | sort
find . -name '*.txt' | xargs wc -l | tail -1
find . -type f -name '*.log' -mtime -1 | wc -l
find missing -name x; echo $?
grep -rn --exclude-dir=logs line . | sort
grep -c '' data.csv missing.txt; echo $?
grep -rh 'def ' src --include='*.py' | sed 's/(.*//' | sort
grep -E -o '[0-9]+ms' logs/app.log | tr -d ms | sort -n | tail -1
grep -B2 ERROR logs/app.log | head -7
grep foo docs; echo $?
grep -rn "TODO" --include="*.py" . | cut -d: -f1 | sort -u
grep -n '' docs/a.txt | tail -1
sed -n '/def add/,/^$/p' src/lib/util.py
sed -i.bak 's/alice/ALICE/' data.csv && ls data.csv* && head -2 data.csv
sed = docs/a.txt | sed 'N;s/\n/ /'
sed -n '$=' logs/app.log
sed 's/^/> /' docs/a.txt
sed -e 's/a/A/' -e 's/l/L/2' docs/a.txt
awk -F, 'NR==1{for(i=1;i<=NF;i++) h[i]=$i; next} {print h[1]"="$1", "h[3]"="$3}' data.csv
awk '{ print length($0) }' README.md | sort -n | tail -1
awk 'END{print NR}' logs/app.log
awk -F, '{printf "%-6s %3d\n", $1, $2}' <(tail -n +2 data.csv)
awk 'length > 8' README.md
awk '{sum += $NF+0} END {printf "%.2f\n", sum/NR}' <<< $'a 1.5\nb 2\nc 3'
awk -F, 'NR>1{c[$3]++} END{for (k in c) print c[k], k}' data.csv | sort -k1,1nr -k2
jq -r 'to_entries[] | "\(.key)=\(.value)"' <<< '{"a":1,"b":"x"}'
jq '.users[] | select(.tags | length > 0) | .name' data.json
jq -r '.users | map(.name) | join(", ")' data.json
jq '.version = "2.0.0"' data.json > tmp.json && mv tmp.json data.json && jq -r .version data.json
jq -nc --arg v 1 '{v: $v, n: ($v|tonumber)}'
jq . missing.json; echo $?
jq -r '.users[].name' data.json | while read -r n; do echo "user $n"; done
jq -r '.users[] | select(.age >= 30) | "\(.name)\t\(.age)"' data.json | sort -t$'\t' -k2 -n
sort -t, -k3,3 -k2,2n data.csv
sort -u docs/a.txt docs/b.txt
sort nonexist; echo $?
sort -t, -k2 -n -r data.csv | head -1 | cut -d, -f1
cut -d, -f3 data.csv | sort | uniq -c | sort -k1,1nr -k2
cut -c3- docs/a.txt
echo 'a:b:c' | cut -d: -f2-
cut -d, -f2 --complement data.csv | head -2
tr -d '[:digit:]' < docs/b.txt
tr '[:lower:]' '[:upper:]' <<< 'mixed Case'
ls | xargs -n 3 echo
printf 'a b\nc d\n' | xargs -L1 echo x
printf 'a\0b\0' | xargs -0 -n1 echo
echo docs/a.txt docs/b.txt | xargs cat | wc -l
diff <(sort docs/a.txt) <(sort docs/b.txt) | grep '^[<>]'
diff -q docs/a.txt docs/b.txt; echo $?
diff docs/a.txt missing.txt; echo $?
diff -r src src; echo $?
diff -u docs/a.txt docs/b.txt | grep -c '^[-+][^-+]'
tar cf t.tar docs && tar tf t.tar | sort
mkdir x && tar cf - docs | tar xf - -C x && find x | sort
tar czf d.tgz docs && mkdir y && tar xzf d.tgz -C y && diff -r docs y/docs && echo same
wc -c < data.csv
wc -l < /dev/null
wc -l missing.txt docs/a.txt; echo $?
head -n -2 data.csv
head -n 2 missing.txt docs/a.txt; echo $?
tail -n 1 docs/*.txt
tail -n 3 logs/app.log | awk '{print $NF}'
echo hi | tee -a docs/a.txt >/dev/null; tail -1 docs/a.txt
echo x | tee out1 out2 | cat; cat out1 out2
comm -3 docs/a.txt docs/b.txt
comm -23 <(sort docs/b.txt) <(sort docs/a.txt)
join -t, <(tail -n +2 data.csv | sort) <(printf 'alice,F\ncarol,F\n')
paste -d, - - <<< $'a\nb\nc\nd'
paste -s -d' ' docs/a.txt
column -t <<< $'a bb c\ndddd e f'
column -t -s, data.csv | head -2
date -u -d '2024-02-28 + 2 days' +%Y-%m-%d
date -u -d @1700000000 '+%Y-%m-%dT%H:%M:%SZ'
date -u -d '2024-01-01' +%s
date -u -d 'next monday' +%A
date -d 'garbage' +%s; echo $?
stat -c '%n %s' docs/*.txt
stat -c %a data.csv
stat missing; echo $?
du -a docs | wc -l
ls -l data.csv | awk '{print $1, $5, $NF}'
ls -la docs | grep -c txt
ls -R docs
ls -r src
ls missing; echo $?
ls -1 | wc -l
{{{
cat > script.sh <<'EOF'
#!/bin/bash
echo "args: $#"
for a in "$@"; do echo "- $a"; done
EOF
bash script.sh one "two three"
}}}
{{{
cat <<-EOF
	indented $((1+1))
	EOF
}}}
{{{
cat > config.json <<'JSON'
{"port": 8080, "debug": false}
JSON
jq '.port' config.json
}}}
for f in docs/*.txt; do mv "$f" "${f%.txt}.md"; done; ls docs
for f in $(find . -name '*.py' | sort); do echo "$(basename "$f"): $(grep -c def "$f")"; done
{{{
while IFS= read -r line; do
  case $line in *ERROR*) n=$((n+1)) ;; esac
done < logs/app.log
echo "errors: ${n:-0}"
}}}
set -euo pipefail; cat missing.txt | wc -l; echo after
set -u; echo "$UNDEFINED_VAR"; echo after
set -e; f() { false; echo in; }; f || echo caught
{{{
set -euo pipefail
count=$(grep -c ERROR logs/app.log || true)
echo "count=$count"
grep -q NOPE logs/app.log || echo "no match"
}}}
mkdir docs; echo $?
rm missing.txt; echo $?
rm -f missing.txt; echo $?
rm docs; echo $?
cp missing.txt x; echo $?
mv missing.txt x; echo $?
cd missing; echo $?
cat docs; echo $?
mktemp -d | grep -c '^/tmp/tmp\.'
realpath docs/../data.csv | xargs basename
readlink -f src/lib/../main.py | sed 's|.*/||'
ln -s data.csv link.csv && readlink link.csv && wc -l < link.csv
chmod +x src/main.py && test -x src/main.py && stat -c %A src/main.py
touch -d '2020-01-01 00:00' docs/a.txt && date -u -r docs/a.txt +%F
seq -s, 1 5; seq -w 8 11
printf '%s,%s\n' a b c d
nl docs/a.txt
split -l 1 docs/a.txt p_ && ls p_* && cat p_ac
fold -w 5 -s <<< 'hello world foo'
fmt -w 20 README.md
expand -t 2 <<< $'\ta\tb'
base64 -w 0 data.csv | wc -c
md5sum docs/a.txt > sums && md5sum -c sums
gzip -k docs/a.txt && ls docs && gzip -dc docs/a.txt.gz
gzip missing; echo $?
du -sk docs | awk '{print $2}'
test -s data.csv && echo nonempty; [ -z "" ] && echo empty
env -i A=1 env
env -u HOME env | grep -c ^HOME=
IFS=: read -r a b <<< 'x:y'; echo "$b$a"
basename -s .py src/main.py src/lib/util.py
dirname src/lib/util.py docs
'''

EXCLUDED = {
    "echo '{\"a\":1}' | python3 -c 'import json,sys; print(json.load(sys.stdin))'; echo $?":
        'python3 is a host program; vsh runs no host processes (127)',
    'git status; echo $?':
        'git is a host program; vsh has no git (127, not 128)',
    # data.cases
    "awk 'BEGIN { print substr(\"abc\") }'; echo $?":
        'an awk syntax error exits 2 in vsh (README; gawk exits 1)',
    'tree missing; echo $?':
        'tree is not installed on the host (vsh has it)',
    'rg x missing; echo $?':
        'rg is not installed on the host (vsh has it)',
}

# case -> (stdout, status, why the host's jq 1.6 is not the reference)
EXPECTED = {
    "jq -s '.' docs/a.txt 2>&1; echo $?": (
        'jq: parse error: Invalid numeric literal at line 2, column 0\n5\n',
        0, 'jq 1.7 prefixes input parse errors with "jq: " and exits 5 '
        '(JQ_ERROR_UNKNOWN); 1.6 printed "parse error:" and exited 2 or 4'),
    "jq -n '1e1000'": (
        '1E+1000\n', 0, 'jq 1.7 keeps a literal\'s decimal value (decNumber) '
        'and prints it in canonical form; 1.6 clamped to DBL_MAX'),
    "jq -n '100000000000000000000'": (
        '100000000000000000000\n', 0,
        'jq 1.7 preserves an integer literal beyond 2^53; 1.6 printed 1e+20'),
    "jq -n '3.0, 1.5e300 * 1e10, -0'": (
        '3.0\n1.7976931348623157e+308\n-0\n', 0,
        'jq 1.7 prints an untouched literal 3.0 as written (arithmetic '
        'results are doubles); 1.6 printed 3'),
    "jq '.' <<< '[1.10, 1e2, 0.00001, 123456789012]'": (
        '[\n  1.10,\n  1E+2,\n  0.00001,\n  123456789012\n]\n', 0,
        'jq 1.7 prints input numbers in their decNumber canonical form '
        '(1.10, 1E+2, 0.00001); 1.6 printed doubles (1.1, 100, 1e-05)'),
    # data.cases
    "jq -c 'from_entries' <<< '[{\"key\":\"a\",\"value\":1},"
    "{\"name\":\"b\",\"value\":2},{\"k\":\"c\",\"v\":3}]'": (
        '{"a":1,"b":2,"c":3}\n', 0, 'jq 1.7 takes the key from key, k, '
        'name, Name, K or Key and the value from value or v; 1.6 failed on '
        'an entry named by "name" (null object key)'),
    "jq . <<< '{\"a\":1,}'; echo $?": (
        '5\n', 0, 'jq 1.7 exits 5 on an input parse error (see the -s '
        'case above); 1.6 exited 4 here, having printed no output'),
}


# Cases whose stderr is compared too (marked in a .cases file).
STDERR = set()

HERE = os.path.dirname(os.path.abspath(__file__))
CASE_FILES = sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
                    if f.endswith('.cases'))


def parse_cases(text, comments=False):
    """Cases of TEXT; with COMMENTS, "#" lines outside blocks are skipped
    and a "stderr: " prefix (or "{{{ stderr") puts the case in STDERR."""
    out, block, err = [], None, False
    for line in text.strip('\n').split('\n'):
        if block is None and line in ('{{{', '{{{ stderr'):
            block, err = [], line != '{{{'
        elif block is not None and line == '}}}':
            out.append('\n'.join(block))
            if err and comments:
                STDERR.add(out[-1])
            block = None
        elif block is not None:
            block.append(line)
        elif comments and line.startswith('#'):
            continue
        elif comments and line.startswith('stderr: '):
            out.append(line[len('stderr: '):])
            STDERR.add(out[-1])
        elif line.strip():
            out.append(line)
    return out


def all_cases():
    cases = parse_cases(CASES)
    for path in CASE_FILES:
        with open(path) as f:
            cases += parse_cases(f.read(), comments=True)
    seen = set()
    for c in cases:
        if c in seen:
            sys.exit('agent: case listed twice: %r' % c)
        seen.add(c)
    return cases


# A case that runs bash itself ("bash s.sh", "bash -c ..."): that child
# names itself "bash" in vsh as on the host, so there the prefix is read
# alike on both sides.
NESTED_BASH = re.compile(r'(^|[\s;&|(])bash\s')


def shown_stderr(err, kind, case=''):
    """stderr as compared: bash's own "bash: " prefix read as "vsh: "
    (in vsh too where CASE runs a nested bash)."""
    if kind == 'bash' or NESTED_BASH.search(case):
        err = re.sub(rb'(?m)^bash: ', b'vsh: ', err)
    return err


def make_template():
    """The tree, built once; each run gets a copy (times kept)."""
    d = tempfile.mkdtemp(prefix='vsh-agent-')
    subprocess.run(['bash', '-c', SETUP], cwd=d, check=True, env=host_env(d))
    # find -newer data.csv: an old data.csv, the rest "now"
    os.utime(os.path.join(d, 'data.csv'), (1000000000, 1000000000))
    return d


def make_tree(template):
    d = tempfile.mkdtemp(prefix='vsh-agent-')
    os.rmdir(d)
    shutil.copytree(template, d, symlinks=True)
    return d


def host_env(d, path=None):
    return {'PATH': path or os.environ.get('PATH', '/usr/bin:/bin'),
            'HOME': d, 'LANG': 'C.UTF-8', 'TZ': 'UTC', 'TERM': 'dumb'}


def run(argv, d, path=None):
    try:
        p = subprocess.run(argv, cwd=d, capture_output=True, timeout=30,
                           stdin=subprocess.DEVNULL, env=host_env(d, path))
    except subprocess.TimeoutExpired:
        return b'', 'timeout', b''
    return p.stdout, p.returncode, p.stderr


def run_case(vsh, template, case, kind, path=None):
    d = make_tree(template)
    try:
        if kind == 'bash':
            return run(['bash', '-c', case], d, path)
        return run([vsh, '--mount', d + ':/home/user/project',
                    '--cwd', '/home/user/project', '--env', 'TZ=UTC',
                    '-c', case], d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def show(label, o):
    print('  %s: status %s\n    stdout %r\n    stderr %r'
          % (label, o[1], o[0][:400], o[2][:300]))


def run_all(vsh, template, cases, only):
    """Runs the cases; (passed, failed, excluded)."""
    passed = failed = excluded = 0
    for c in cases:
        if only and only not in c:
            continue
        if c in EXCLUDED:
            excluded += 1
            continue
        v = run_case(vsh, template, c, 'vsh')
        if c in EXPECTED:
            want = (EXPECTED[c][0].encode(), EXPECTED[c][1])
        else:
            b = run_case(vsh, template, c, 'bash')
            want = b[:2]
        if c in STDERR and c not in EXPECTED:
            want = want + (shown_stderr(b[2], 'bash', c),)
            got = v[:2] + (shown_stderr(v[2], 'vsh', c),)
        else:
            got = v[:2]
        if got == want:
            passed += 1
            continue
        failed += 1
        print('FAIL: %s' % c.replace('\n', '\\n'))
        if c in EXPECTED:
            print('  want (jq 1.7.1): status %s\n    stdout %r'
                  % (want[1], want[0]))
        else:
            show('bash', b)
        show('vsh ', v)
        sys.stdout.flush()
    return passed, failed, excluded


def mawk_check(only):
    """Prints the awk cases where gawk and mawk disagree on the host."""
    template = make_template()
    shim = tempfile.mkdtemp(prefix='vsh-agent-mawk-')
    os.symlink(shutil.which('mawk'), os.path.join(shim, 'awk'))
    path = shim + ':' + os.environ.get('PATH', '/usr/bin:/bin')
    n = 0
    try:
        for c in all_cases():
            if 'awk' not in c or (only and only not in c):
                continue
            g = run_case(None, template, c, 'bash')
            m = run_case(None, template, c, 'bash', path)
            if g[:2] != m[:2]:
                n += 1
                print('DIFFER: %s' % c.replace('\n', '\\n'))
                show('gawk', g)
                show('mawk', m)
    finally:
        shutil.rmtree(template, ignore_errors=True)
        shutil.rmtree(shim, ignore_errors=True)
    print('agent: %d awk cases where gawk and mawk differ' % n)
    return 0


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: run.py VSH [SUBSTRING] | run.py --mawk [SUBSTRING]')
    only = sys.argv[2] if len(sys.argv) > 2 else None
    if sys.argv[1] == '--mawk':
        return mawk_check(only)
    vsh = os.path.abspath(sys.argv[1])
    cases = all_cases()
    for c in list(EXCLUDED) + list(EXPECTED):
        if c not in cases:
            sys.exit('agent: listed case not in CASES: %r' % c)
    template = make_template()
    try:
        passed, failed, excluded = run_all(vsh, template, cases, only)
    finally:
        shutil.rmtree(template, ignore_errors=True)
    print('agent: %d passed, %d failed, %d excluded'
          % (passed, failed, excluded))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
