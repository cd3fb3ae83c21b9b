=== a bad option to a builtin: the letter, then the builtin's usage line, status 2
--- script
cd -Z; echo "cd $?"
read -Z; echo "read $?"
printf -Z; echo "printf $?"
declare +Z x; echo "declare $?"
exec -x; echo "exec $?"
jobs -Z; echo "jobs $?"
--- stdout
cd 2
read 2
printf 2
declare 2
exec 2
jobs 2
--- stderr
vsh: line 1: cd: -Z: invalid option
cd: usage: cd [-L|[-P [-e]] [-@]] [dir]
vsh: line 2: read: -Z: invalid option
read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
vsh: line 3: printf: -Z: invalid option
printf: usage: printf [-v var] format [arguments]
vsh: line 4: declare: +Z: invalid option
declare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]
vsh: line 5: exec: -x: invalid option
exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]
vsh: line 6: jobs: -Z: invalid option
jobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]

=== a long option is the letter '-' to bash's builtins
--- script
pwd --bogus; echo "pwd $?"
unset --all; echo "unset $?"
--- stdout
pwd 2
unset 2
--- stderr
vsh: line 1: pwd: --: invalid option
pwd: usage: pwd [-LP]
vsh: line 2: unset: --: invalid option
unset: usage: unset [-f] [-v] [-n] [name ...]

=== builtins that take no options refuse them, and all accept --
--- script
eval -- 'echo e'
source -x 2>/dev/null; echo "source $?"
builtin -- echo b
times -Z 2>/dev/null; echo "times $?"
getopts -q a x 2>/dev/null; echo "getopts $?"
getopts -- a x -a; echo "x=$x"
--- stdout
e
source 2
b
times 2
getopts 2
x=a

=== an option that needs an argument, given none
--- script
printf -v; echo "printf $?"
hash -p; echo "hash $?"
wait -p; echo "wait $?"
--- stdout
printf 2
hash 2
wait 2
--- stderr
vsh: line 1: printf: -v: option requires an argument
printf: usage: printf [-v var] format [arguments]
vsh: line 2: hash: -p: option requires an argument
hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]
vsh: line 3: wait: -p: option requires an argument
wait: usage: wait [-fn] [-p var] [id ...]

=== option arguments attached to their letter, and clustered letters
--- script
printf -vx '%s' 3; echo "x=$x"
read -rd: a b <<< 'p q:r'; echo "a=$a b=$b"
mapfile -tn2 arr < <(printf '1\n2\n3\n'); echo "${arr[*]}"
--- stdout
x=3
a=p b=q
1 2

=== -- ends the options of builtins that list
--- script
shopt -- | grep -c '^extglob'
mapfile -- < /dev/null; echo "mapfile $?"
let -- 1+1; echo "let $?"
let --; echo "let $?"
--- stdout
1
mapfile 0
let 0
let 1
--- stderr
vsh: line 4: let: expression expected

=== break, continue, return and exit skip a --
--- script
for i in 1 2; do for j in 1 2; do break -- 2; done; done; echo "$i$j"
f() { return -- 3; }; f; echo "f $?"
g() { false; return --; }; g; echo "g $?"
(exit -- 4); echo "sub $?"
--- stdout
11
f 3
g 1
sub 4

=== break outside a loop warns before looking at its argument
--- script
break -Z; echo "a $?"
continue 1 2; echo "b $?"
--- stdout
a 0
b 0
--- stderr
vsh: line 1: break: only meaningful in a `for', `while', or `until' loop
vsh: line 2: continue: only meaningful in a `for', `while', or `until' loop

=== break 0 is out of range and leaves every loop
--- script
for i in 1 2 3; do for j in 1 2; do break 0; done; echo "i=$i"; done; echo "end $?"
--- stdout
end 1
--- stderr
vsh: line 1: break: 0: loop count out of range

=== too many arguments to return, exit or shift abandon the command line
--- file s.sh
f() { return 1 2; }
f; echo "not here"
echo "after $?"
set -- a b c
shift 1 2; echo "not here"
echo "after2 $? $1"
exit 1 2; echo "not here"
echo "after3 $?"
--- script
bash s.sh; echo "status $?"
--- stdout
after 1
after2 1 a
after3 1
status 0
--- stderr
s.sh: line 1: return: too many arguments
s.sh: line 5: shift: too many arguments
s.sh: line 7: exit: too many arguments

=== a numeric check comes before too many arguments
--- file t.sh
f() { return abc def; }
f; echo "f $?"
shift abc def; echo "shift $?"
--- script
bash t.sh
--- stdout
f 2
shift 1
--- stderr
t.sh: line 1: return: abc: numeric argument required
t.sh: line 3: shift: abc: numeric argument required

=== shift names its first word when the count is negative
--- script
shift -- -1; echo "$?"
--- stdout
1
--- stderr
vsh: line 1: shift: --: shift count out of range

=== type takes -type, -path and -all
--- script
type -type ls; type --type cd; type -path bash | grep -c /; type -all true | head -1
--- stdout
file
builtin
1
true is a shell builtin

=== caller wants a number
--- file u.sh
f() {
  caller abc; echo "rc $?"
}
f
--- script
bash u.sh
--- stdout
rc 2
--- stderr
u.sh: line 2: caller: abc: invalid number
caller: usage: caller [expr]

=== unset skips a lone -, other builtins take it as an operand
--- script
x=1; unset - x; echo "${x-unset}"
declare - y=1; echo "declare $?"
alias -; echo "alias $?"
--- stdout
unset
declare 1
alias 1
--- stderr
vsh: line 2: declare: `-': not a valid identifier
vsh: line 3: alias: -: not found

=== wait names what is not a pid or a job
--- script
wait abc; echo "a $?"
wait %3; echo "b $?"
wait %%; echo "c $?"
(exit 3) & wait %1; echo "e $?"
sleep 0 & wait %%; echo "d $?"
--- stdout
a 1
b 127
c 127
e 3
d 0
--- stderr
vsh: line 1: wait: `abc': not a pid or valid job spec
vsh: line 2: wait: %3: no such job
vsh: line 3: wait: %%: no such job

=== jobs: job specs, -p and unknown jobs
--- script
sleep 1 & sleep 1 &
jobs %1 %+
jobs -p %2 | grep -c '^[0-9][0-9]*$'
jobs %3; echo "rc $?"
kill %1 %2 2>/dev/null; wait
--- stdout
[1]-  Running                 sleep 1 &
[2]+  Running                 sleep 1 &
1
rc 1
--- stderr
vsh: line 4: jobs: %3: no such job

=== exec -a names the program, -l makes it a login name, -c empties the environment
--- script
(exec -a myname bash -c 'echo "$0"')
(exec -l bash -c 'echo "$0"')
(exec -la other bash -c 'echo "$0"')
export FOO=1; (exec -c env) | grep -c FOO
(exec -a foo ls /nonexistent) 2>&1; echo "ls $?"
--- stdout
myname
-bash
-other
0
foo: cannot access '/nonexistent': No such file or directory
ls 2

=== exec runs a program, not a function of that name
--- script
ls() { echo function; }
(exec ls -d /)
--- stdout
/

=== declare -c capitalizes; -c, -l and -u exclude each other
--- script
declare -c a=hELLO; echo "$a"; a+=WORLD; echo "$a"; declare -p a
declare -u b=x; declare -c b; b=hello; declare -p b
declare -cu c=abc; declare -p c
f() { local -c d=xYZ; echo "$d"; }; f
--- stdout
Hello
Helloworld
declare -c a="Helloworld"
declare -c b="Hello"
declare -- c="abc"
Xyz

=== with PATH unset or empty, a command is looked for as ./NAME only
--- script
(unset PATH; cat < /dev/null; echo "unset $?")
(PATH=; cat < /dev/null; echo "empty $?")
(PATH=/nonexistent; cat < /dev/null; echo "other $?")
mkdir d && printf '#!/bin/sh\necho here\n' > d/tool && chmod +x d/tool
(cd d && unset PATH && tool)
--- stdout
unset 127
empty 127
other 127
here
--- stderr
vsh: line 1: cat: No such file or directory
vsh: line 2: cat: No such file or directory
vsh: line 3: cat: command not found

=== pushd - goes to OLDPWD; dirs stops at --
--- script
cd /tmp; mkdir -p x; cd x; pushd - >/dev/null; pwd
dirs -- +9 | wc -l
--- stdout
/tmp
1

=== compgen without an action succeeds with nothing
--- script
compgen --; echo "a $?"
compgen -W '' x; echo "b $?"
compgen -A; echo "c $?"
--- stdout
a 0
b 1
c 2
--- stderr
vsh: line 3: compgen: -A: option requires an argument
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]

=== set -v echoes each line as it is read, eval text and here-documents too
--- script
echo before
set -v
echo 1; echo 2
if true; then
  echo 3
fi
eval 'echo e1
echo e2'
cat <<EOF
body
EOF
set +v
echo after
--- stdout
before
1
2
3
e1
e2
body
after
--- stderr
echo 1; echo 2
if true; then
  echo 3
fi
eval 'echo e1
echo e2'
echo e1
echo e2
cat <<EOF
body
EOF
set +v
