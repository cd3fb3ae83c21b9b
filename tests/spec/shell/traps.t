=== break and continue do not reach a caller's loop
--- script
f() { break; }
for i in 1 2; do f; echo $i; done
g() { continue; }
for i in 1 2; do g; echo c$i; done
h() { local i; for i in 1 2; do f; echo h$i; done; }
h
echo break > b.sh
for i in 1 2; do . ./b.sh; echo no; done
for i in 1; do (break); echo sub; done
echo end
--- stdout
1
2
c1
c2
h1
h2
sub
end
--- stderr
environment: line 1: break: only meaningful in a `for', `while', or `until' loop
environment: line 1: break: only meaningful in a `for', `while', or `until' loop
environment: line 3: continue: only meaningful in a `for', `while', or `until' loop
environment: line 3: continue: only meaningful in a `for', `while', or `until' loop
environment: line 1: break: only meaningful in a `for', `while', or `until' loop
environment: line 1: break: only meaningful in a `for', `while', or `until' loop
vsh: line 9: break: only meaningful in a `for', `while', or `until' loop

=== $BASH_COMMAND in ERR, DEBUG and EXIT traps
--- script
trap 'echo "failed: $BASH_COMMAND ($?)"' ERR
x=1
false
echo $BASH_COMMAND
trap - ERR
trap 'echo "dbg: $BASH_COMMAND"' DEBUG
echo hi
trap - DEBUG
trap 'echo "last: $BASH_COMMAND"' EXIT
exit 3
--- stdout
failed: false (1)
echo $BASH_COMMAND
dbg: echo hi
hi
dbg: trap - DEBUG
last: exit 3
--- status: 3

=== DEBUG runs as a function starts with functrace or declare -ft
--- script
trap 'echo "dbg $BASH_COMMAND"' DEBUG
f() { echo inf; }
f
declare -ft f
f
declare -f +t f
f
set -T
f
--- stdout
dbg f
inf
dbg declare -ft f
dbg f
dbg f
dbg echo inf
inf
dbg declare -f +t f
dbg f
inf
dbg set -T
dbg f
dbg f
dbg echo inf
inf

=== traps in subshells and command substitutions
--- script
trap 'echo exit-main' EXIT
( trap 'echo exit-sub' EXIT; echo in-sub )
x=$(trap 'echo cs-exit' EXIT; echo val); echo "[$x]"
y=$(trap); echo "[$y]"
(trap -p EXIT)
(trap 'echo sub-exit' EXIT; exit 4); echo $?
--- stdout
in-sub
exit-sub
[val
cs-exit]
[trap -- 'echo exit-main' EXIT]
trap -- 'echo exit-main' EXIT
sub-exit
4
exit-main

=== caller under bash -c: no main frame, no file
--- script
f() { caller; caller 0; caller 1; echo $?; }
g() { f; }
g
--- stdout
2 environment
2 g environment
1

=== command refuses an unknown option
--- script
command -x; echo $?
--- stdout
2
--- stderr
vsh: line 1: command: -x: invalid option
command: usage: command [-pVv] command [arg ...]

=== command -pv and -pV search the system's default PATH
--- script
command -p -v ls; command -pV ls
PATH=/nope
command -pv cat; echo $?; echo $PATH
--- stdout
/bin/ls
ls is /bin/ls
/bin/cat
0
/nope

=== a bare exit in a trap uses $? from before the trap; RETURN sees $? from before return
--- script
bash -c "trap 'echo in exit \$?; exit' EXIT; false"; echo rc=$?
bash -c "trap 'true; exit' EXIT; (exit 7)"; echo rc=$?
f() { trap 'echo ret-trap $?' RETURN; return 4; }; f; echo $?
g() { trap 'echo rt $?' RETURN; false; }; g; echo $?
bash -c "h() { trap 'exit' RETURN; false; return 0; }; h; echo no"; echo rc=$?
--- stdout
in exit 1
rc=1
rc=7
ret-trap 0
4
rt 1
1
rc=1
