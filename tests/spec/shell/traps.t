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

=== return, break and continue in a trap act on the running function or loop
--- script
f() { trap 'echo t; return 5' USR1; kill -USR1 $$; echo after; }
f; echo rc=$?
g() { trap 'false; return' USR1; true; kill -USR1 $$; echo after; }
g; echo rc=$?
for i in 1 2 3; do trap 'break' USR1; kill -USR1 $$; echo $i; done
echo 'trap "echo s; return 6" USR1; kill -USR1 $$; echo after' > s.sh
. ./s.sh; echo rc=$?
trap - USR1
trap 'return 4' USR2; kill -USR2 $$; echo top $?
--- stdout
t
rc=5
rc=0
s
rc=6
top 0
--- stderr
vsh: line 1: return: can only `return' from a function or sourced script

=== a function hides inherited ERR and DEBUG traps; one it sets stays
--- script
trap 'echo err' ERR
f() { false; echo after; trap -p; }
f
trap - ERR
g() { trap 'echo err2 $FUNCNAME; return 3' ERR; false; echo no; }
g; echo rc=$?
g; echo rc=$?
trap - ERR
h() { trap 'echo D $BASH_COMMAND' DEBUG; : x; }
h
trap - DEBUG
k() { trap 'echo e3' ERR; return 3; }
k; echo rc=$?
false
--- stdout
after
err2 g
rc=3
err2 g
err2
rc=3
D : x
D trap - DEBUG
rc=3
e3
--- stderr
vsh: line 7: return: can only `return' from a function or sourced script
--- status: 1

=== signal and EXIT traps count lines from 1; ERR keeps the line
--- script
printf '\n\ntrap "nosuch; echo \\$LINENO" USR1\nkill -USR1 $$\ntrap "echo E \\$LINENO" ERR\nfalse\n' > t.sh
bash t.sh
trap 'nosuch1; echo $LINENO' USR1
kill -USR1 $$
--- stdout
1
E 6
1
--- stderr
t.sh: line 1: nosuch: command not found
vsh: line 1: nosuch1: command not found

=== kill -l and trap -p: numbers, 128+N, real-time names, bad specs in place
--- script
kill -l 143 271 15 0 64 rtmin+2 SIGRTMAX-1; echo $?
trap 'echo x' 50 INT
trap -p INT FOO 50 TERM; echo $?
trap
--- stdout
TERM
TERM
EXIT
RTMAX
36
63
1
trap -- 'echo x' SIGINT
trap -- 'echo x' SIGRTMAX-14
1
trap -- 'echo x' SIGINT
trap -- 'echo x' SIGRTMAX-14
--- stderr
vsh: line 1: kill: 271: invalid signal specification
vsh: line 3: trap: FOO: invalid signal specification

=== kill $BASHPID ends a subshell or child shell; bash reports Terminated
--- script
( kill $BASHPID; echo no ); echo a $?
x=$(kill $BASHPID; echo no); echo "b $? [$x]"
(kill $BASHPID) | cat; echo c $?
bash -c 'kill $$'; echo d $?
bash -c 'kill -TERM $$; echo no'; echo e $?
(trap 'echo T' TERM; kill $BASHPID; echo after); echo f $?
f() { kill $BASHPID; }; (f; echo no); echo g $?
--- stdout
a 143
b 143 []
c 0
d 143
e 143
T
after
f 0
g 143
--- stderr
Terminated
Terminated
Terminated
Terminated

=== ERR runs inside EXIT and signal traps, not inside its own
--- script
trap 'echo "err $?"' ERR
trap 'false; echo u' USR1
kill -USR1 $$
trap 'echo ERR; false' ERR
false
trap 'echo E' ERR
trap '(false); false | true; ! false; false || true; exit 3' EXIT
--- stdout
err 1
u
ERR
E
--- status: 3

=== the CHLD trap runs once for each child that ends: utilities, subshells, substitutions, pipeline stages, jobs
--- script
trap 'echo chld' CHLD
true; echo builtin
ls >/dev/null; echo utility
(exit 1); echo "subshell $?"
x=$(echo hi); echo "subst $x"
echo a | cat
f() { ls >/dev/null; echo in f; }
f
sleep 0 & wait; echo "job $?"
trap - CHLD
ls >/dev/null; echo end
--- stdout
builtin
chld
utility
chld
subshell 1
chld
subst hi
a
chld
chld
chld
in f
chld
job 0
end

=== shopt -s extdebug turns on functrace and errtrace; a failing DEBUG trap then skips the command
--- script
shopt -s extdebug; set -o | grep -E '^(errtrace|functrace)'
trap 'echo "[$BASH_COMMAND]"' DEBUG
f() { echo inside; }
f
trap - DEBUG
trap '[[ $BASH_COMMAND != *drop* ]]' DEBUG
echo keep
echo drop this
trap - DEBUG
shopt -u extdebug; set -o | grep -E '^(errtrace|functrace)'
--- stdout
errtrace       	on
functrace      	on
[f]
[f]
[echo inside]
inside
[trap - DEBUG]
keep
errtrace       	off
functrace      	off

=== a DEBUG trap sees each pipeline command as $BASH_COMMAND
--- script
trap 'echo "[$BASH_COMMAND]" >&2' DEBUG
echo one | cat | tr o O
trap - DEBUG
--- stdout
One
--- stderr
[echo one]
[cat]
[tr o O]
[trap - DEBUG]

=== with errtrace a failing pipeline runs the ERR trap once, not again in its last stage
--- script
set -E
trap 'echo "[ERR $?]"' ERR
echo data | cat | false
echo next
echo data | { false; true; }
echo done
--- stdout
[ERR 1]
next
[ERR 1]
done
=== a bare exit: in a signal trap the trap's own $?, in the EXIT trap $? from before it
--- script
bash -c 'trap "(exit 4); exit" USR1; (exit 1); kill -USR1 $$; echo not reached'
echo "usr1: $?"
bash -c 'trap "(exit 4); exit" EXIT; (exit 6); exit'
echo "exit: $?"
--- stdout
usr1: 4
exit: 6

=== a bare return in a function a trap calls gives $? from before the trap
--- script
fn() { false; return; }
trap 'fn; echo "in trap: $?"' USR1
kill -USR1 $$
f() { ! return 4; }; f; echo "negated return: $?"
--- stdout
in trap: 0
negated return: 4
