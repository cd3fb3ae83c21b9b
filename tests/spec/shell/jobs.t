=== kill ends a background job with 128+signal
--- script
sleep 5 &
pid=$!
kill "$pid"
wait "$pid"
echo "status $?"
--- stdout
status 143

=== kill -9 by job spec
--- script
sleep 5 &
kill -9 %1
wait %1
echo "status $?"
--- stdout
status 137
--- stderr (regex)
vsh: line 3: +\d+ Killed +sleep 5

=== a trap runs when the shell signals itself
--- script
trap 'echo caught USR1' USR1
kill -USR1 $$
echo after
--- stdout
caught USR1
after

=== an ignored signal does nothing
--- script
trap '' TERM
kill -TERM $$
echo still here
--- stdout
still here

=== kill -l names signals
--- script
kill -l 9 15 TERM
--- stdout
KILL
TERM
15

=== wait -n returns the first job to finish
--- script
(sleep 0.3; exit 3) &
(sleep 0.05; exit 4) &
wait -n
echo "first $?"
wait
--- stdout
first 4

=== kill reports unknown jobs
--- script
kill %7
echo "rc $?"
--- stdout
rc 1
--- stderr
vsh: line 1: kill: %7: no such job

=== jobs still running at the end are cancelled, not waited for
--- vsh-only: bash leaves the job running; vsh ends it with the exec
--- script
sleep 100 &
echo started
--- stdout
started

=== job-control builtins answer as a non-interactive bash; disown, enable, compgen
--- script
fg; echo "fg $?"
bg; echo "bg $?"
suspend; echo "suspend $?"
logout; echo "logout $?"
history; echo "history $?"
enable | grep -c '^enable echo$'
enable echo; echo "enable $?"
enable nosuch; echo "enable $?"
sleep 0.2 & sleep 0.2 & sleep 0.2 &
jobs | cut -c1-4
disown %2; jobs | cut -c1-4; disown; jobs | cut -c1-4
wait; echo "wait $?"
disown %5; echo "disown $?"
disown; echo "disown $?"
compgen -W "apple banana apricot" -- ap
f1(){ :; }; f2(){ :; }; compgen -A function f
abc=1; abd=2; compgen -v ab
compgen -k | head -3
compgen -W "x y" z; echo "compgen $?"
compgen -P '<' -S '>' -W "p q"
alias ll='ls -l'; compgen -a
compgen -A nosuch; echo "compgen $?"
--- stdout
fg 1
bg 1
suspend 1
logout 1
history 0
1
enable 0
enable 1
[1] 
[2]-
[3]+
[1]-
[3]+
[1]+
wait 0
disown 1
disown 1
apple
apricot
f1
f2
abc
abd
if
then
else
compgen 1
<p>
<q>
ll
compgen 2
--- stderr
vsh: line 1: fg: no job control
vsh: line 2: bg: no job control
vsh: line 3: suspend: cannot suspend: no job control
vsh: line 4: logout: not login shell: use `exit'
vsh: line 8: enable: nosuch: not a shell builtin
vsh: line 13: disown: %5: no such job
vsh: line 14: disown: current: no such job
vsh: line 22: compgen: nosuch: invalid action name

=== process substitutions close with their command and finish before the exec ends
--- script
for i in $(seq 100); do while read -r l; do n=$l; done < <(echo "$i"); done
echo "$n"
x=<(echo hi); cat "$x" 2>/dev/null || echo "closed after its command"
seq 3 > >(sort -r > out.txt)
exec 3< <(yes)
read -r -u 3 y; echo "$y"
--- stdout
100
closed after its command
y

=== a >(cmd) still writing when the script ends is waited for
--- script
seq 3 > >(sort -r)
--- stdout
3
2
1

=== history checks its arguments like a non-interactive bash
--- script
history +5; echo "st=$?"
history f; echo "st=$?"
history 1 2; echo "not reached"
--- stdout
st=0
st=1
--- stderr
vsh: line 2: history: f: numeric argument required
vsh: line 3: history: too many arguments
--- status: 1

=== jobs shows each job's command as bash prints it
--- script
sleep 1 & sleep 2 | cat & { sleep 1; true; } & for i in 1; do sleep 1; done &
jobs; kill %1 %2 %3 %4; wait
--- stdout
[1]   Running                 sleep 1 &
[2]   Running                 sleep 2 | cat &
[3]-  Running                 { sleep 1; true; } &
[4]+  Running                 for i in 1;
do
    sleep 1;
done &

=== process substitution sets $! but takes no job number
--- script
cat <(echo a)
[ -n "$!" ] && echo has-pid
wait $!; echo "waited $?"
jobs
sleep 0.1 &
jobs
--- stdout
a
has-pid
waited 0
[1]+  Running                 sleep 0.1 &

=== enable -n turns a builtin off: the name finds a file on PATH, enable turns it back on
--- script
enable -n echo test
echo x
type echo; type -t test
enable -n
enable -a | grep -e '-n'
command -v echo
builtin echo no
(enable echo; type -t echo)
type -t echo
enable echo
type echo
enable -n cd
cd /; echo "cd $?"
command cd /; echo "command $?"
enable -n cat; echo "cat $?"
enable -d echo; echo "d $?"
enable -s
enable -ps | grep -c enable
--- stdout
x
echo is hashed (/usr/bin/echo)
file
enable -n echo
enable -n test
enable -n echo
enable -n test
/usr/bin/echo
builtin
file
echo is a shell builtin
cd 127
command 127
cat 1
d 1
enable .
enable :
enable break
enable continue
enable eval
enable exec
enable exit
enable export
enable readonly
enable return
enable set
enable shift
enable source
enable times
enable trap
enable unset
16
--- stderr
vsh: line 7: builtin: echo: not a shell builtin
vsh: line 13: cd: command not found
vsh: line 14: cd: command not found
vsh: line 15: enable: cat: not a shell builtin
vsh: line 16: enable: echo: not dynamically loaded

=== type and command -V report a hashed command as hashed
--- script
ls >/dev/null
type ls; type -a ls; type -t ls; command -V ls; command -v ls
hash -p /bin/cat foo; type foo; type -P foo
--- stdout
ls is hashed (/usr/bin/ls)
ls is /usr/bin/ls
ls is /bin/ls
file
ls is hashed (/usr/bin/ls)
/usr/bin/ls
foo is hashed (/bin/cat)
/bin/cat

=== coproc: NAME holds the read and write descriptors, NAME_PID the job; wait disposes of it
--- script
coproc cat; echo "${COPROC[@]}"; echo hi >&"${COPROC[1]}"; exec {COPROC[1]}>&-
read -r r <&"${COPROC[0]}"; echo "got $r"; wait
coproc MY { echo from-co; }; read -r l <&"${MY[0]}"; echo "$l"; wait $MY_PID; echo st=$?
coproc N2 { read x; echo "echo:$x"; }; echo ping >&"${N2[1]}"; read -r y <&"${N2[0]}"; echo "$y"; wait
coproc tr a-z A-Z; printf 'abc\n' >&${COPROC[1]}; eval "exec ${COPROC[1]}>&-"; cat <&${COPROC[0]}; wait
echo "after wait: [${COPROC[*]}][${COPROC_PID-}]"
coproc sleep 0.3; coproc sleep 0.1 2>&1; echo ${COPROC[@]}; wait; echo "[${COPROC[@]}][$COPROC_PID]"
--- stdout
63 60
got hi
from-co
st=0
echo:ping
ABC
after wait: [][]
62 58
[][]
--- stderr (regex)
vsh: line 7: warning: execute_coproc: coproc \[\d+:COPROC\] still exists

=== wait -p VAR names the job whose status wait returns; trap -p lists DEBUG before ERR
--- script
(exit 2) & wait -p pid -n; echo "$? $([ "$pid" = $! ] && echo same)"
(exit 3) & p=$!; wait -p v $p; echo "$? $([ "$v" = "$p" ] && echo same)"
wait -p v -n; echo "$? [${v-unset}]"
(exit 4) & wait -p w; echo "$? [${w-unset}]"
wait -p; echo $?
trap 'echo e' ERR EXIT DEBUG RETURN; trap -p; trap - ERR EXIT DEBUG RETURN
--- stdout
2 same
3 same
127 [unset]
0 [unset]
2
e
trap -- 'echo e' EXIT
trap -- 'echo e' DEBUG
trap -- 'echo e' ERR
trap -- 'echo e' RETURN
e
--- stderr
vsh: line 5: wait: -p: option requires an argument
wait: usage: wait [-fn] [-p var] [id ...]

=== an ended job leaves the table once the shell waits for a foreground child; wait PID still finds it
--- script
(exit 3) & pid=$!
sleep 0.2
/bin/true
jobs
wait %1; echo "by job $?"
wait $pid; echo "by pid $?"
--- stdout
by job 127
by pid 3
--- stderr
vsh: line 5: wait: %1: no such job

=== job numbers start again past the highest one still in the table
--- script
sleep 0.1 & sleep 0.3 &
wait %1
sleep 0.2 &
jobs
wait
--- stdout
[2]-  Running                 sleep 0.3 &
[3]+  Running                 sleep 0.2 &

=== read -t times out on input that never blocks
--- script
read -t 0.2 x < /dev/zero; echo "rc $? ${#x}"
--- stdout
rc 142 0

=== wait in a background job waits only for that job's own children
--- script
{ echo inner & wait; echo inner done; } &
wait
echo outer done
--- stdout
inner
inner done
outer done

=== wait inside a process substitution does not wait for itself
--- script
cat <(cat <(echo x); wait; echo waited)
echo end
--- stdout
x
waited
end

=== a job started by the parent is not a child of a subshell
--- script
sleep 0.1 &
(wait $! 2>/dev/null; echo "subshell status $?")
wait
echo done
--- stdout
subshell status 127
done

=== a notice for each child a signal other than INT, TERM or PIPE killed
--- script
sleep 5 & kill -9 $!
echo a
/bin/true
sleep 5 & kill -HUP $!; wait
sleep 5 & kill $!; wait $!; echo "term $?"
bash -c 'kill -9 $$' 2>/dev/null; echo "child $?"
bash -c 'kill -TERM $$'; echo "child $?"
bash -c 'kill -SEGV $$'; echo "child $?"
(kill -9 $BASHPID); echo "subshell $?"
sleep 5 & kill -9 $!
echo "no notice until the shell waits for a child"
--- stdout
a
term 143
child 137
child 143
child 139
subshell 137
no notice until the shell waits for a child
--- stderr (regex)
vsh: line 3: +\d+ Killed +sleep 5
vsh: line 4: +\d+ Hangup +sleep 5
vsh: line 6: +\d+ Killed +bash -c 'kill -9 \$\$' 2> /dev/null
Terminated
vsh: line 8: +\d+ Segmentation fault +bash -c 'kill -SEGV \$\$'
vsh: line 9: +\d+ Killed +\( kill -9 \$BASHPID \)
