=== posix mode: export -p, readonly -p and alias print the POSIX forms
--- script
set -o posix
export E=1; readonly R='a b'
export -p | grep '^export E='
readonly -p | grep '^readonly R='
alias a=b; alias; alias -p; alias a
--- stdout
export E="1"
readonly R="a b"
a='b'
alias a='b'
a='b'

=== posix mode turns on expand_aliases, inherit_errexit and shift_verbose
--- script
set -o posix
shopt expand_aliases inherit_errexit shift_verbose
shift 5; echo $?
--- stdout
expand_aliases 	on
inherit_errexit	on
shift_verbose  	on
1
--- stderr
vsh: line 3: shift: 5: shift count out of range

=== posix mode: a special builtin's usage error or a missing . file ends the shell
--- script
bash --posix -c 'set -o bogus; echo after' 2>/dev/null; echo rc=$?
bash --posix -c '. /nonexistent; echo after' 2>/dev/null; echo rc=$?
bash --posix -c 'eval "echo (" ; echo after' 2>/dev/null; echo rc=$?
bash --posix -c 'command set -o bogus; echo after' 2>/dev/null; echo rc=$?
bash -c 'set -o bogus; echo after' 2>/dev/null; echo rc=$?
--- stdout
rc=2
rc=1
rc=2
after
rc=0
after
rc=0

=== source of a missing file names no builtin
--- script
. /nonexistent; echo $?
source /nonexistent; echo $?
--- stdout
1
1
--- stderr
vsh: line 1: /nonexistent: No such file or directory
vsh: line 2: /nonexistent: No such file or directory

=== posix mode: set's usage error is spared where set -e would be, eval's and .'s are not
--- script
bash --posix -c 'set -o bogus || true; echo after1' 2>/dev/null
bash --posix -c 'if set -o bogus; then :; fi; echo after2' 2>/dev/null
bash --posix -c 'eval "(" || true; echo after3' 2>/dev/null; echo rc=$?
bash --posix -c '. /nope || true; echo after4' 2>/dev/null; echo rc=$?
--- stdout
after1
after2
rc=2
rc=1

=== posix mode: a readonly assignment ends the shell alone, before a special builtin or as a for variable; before other commands it skips them
--- script
for s in 'x=2' 'x=2 :' 'for x in 1; do :; done' 'x=2 echo hi' 'f() { echo f; }; x=2 f'; do
  printf 'readonly x=1\n%s\necho after\n' "$s" > r.sh
  bash --posix r.sh 2>/dev/null; echo "posix $?"
  bash r.sh 2>/dev/null; echo "bash $?"
done
bash --posix -c 'readonly x=1; x=2; echo after' 2>/dev/null; echo "posix -c $?"
--- stdout
posix 1
after
bash 0
posix 1
after
bash 0
posix 1
after
bash 0
after
posix 0
hi
after
bash 0
after
posix 0
f
after
bash 0
posix -c 127

=== posix mode lists traps without SIG; leaving it turns expand_aliases and shift_verbose off
--- script
set -o posix
trap "echo 'q'" INT TERM; trap
set -- a; shift 3; echo "st=$?"
set +o posix
trap; shift 3; echo "st=$?"
shopt expand_aliases inherit_errexit shift_verbose; echo "st=$?"
--- stdout
trap -- 'echo '\''q'\''' INT
trap -- 'echo '\''q'\''' TERM
st=1
trap -- 'echo '\''q'\''' SIGINT
trap -- 'echo '\''q'\''' SIGTERM
st=1
expand_aliases 	off
inherit_errexit	on
shift_verbose  	off
st=1
--- stderr
vsh: line 3: shift: 3: shift count out of range

=== posix mode: under `command`, a readonly assignment in eval and a missing . file do not end the shell
--- script
set -o posix
readonly r=1
command eval 'r=2; echo no'; echo "eval $?"
command . /nonexistent; echo "dot $?"
--- stdout
eval 1
dot 1
--- stderr
vsh: line 3: r: readonly variable
vsh: line 4: /nonexistent: No such file or directory

=== posix mode: a readonly variable before a regular command drops the line
--- script
set -o posix
readonly r=1
eval 'r=2 true; echo no'; echo "eval $?"
r=2 true; echo no
--- stdout
eval 1
--- stderr
vsh: line 3: r: readonly variable
vsh: line 4: r: readonly variable
--- status: 1

=== posix mode: a readonly loop variable ends the shell even under command
--- script
set -o posix
readonly r=1
command eval 'for r in 1; do :; done'; echo no
--- stderr
vsh: line 3: r: readonly variable
--- status: 127

=== posix mode: export or readonly meeting a readonly variable ends the shell, under command it does not
--- script
for s in 'export x=2' 'readonly x=2' 'eval "export x=2"' 'command export x=2' 'command readonly x=2' '(export x=2)'; do
  printf 'readonly x=1\n%s\necho "after $?"\n' "$s" > r.sh
  bash --posix r.sh; echo "posix $?"
done
--- stdout
posix 1
posix 1
posix 1
after 1
posix 0
after 1
posix 0
after 1
posix 0
--- stderr
r.sh: line 2: x: readonly variable
r.sh: line 2: x: readonly variable
r.sh: line 2: x: readonly variable
r.sh: line 2: x: readonly variable
r.sh: line 2: x: readonly variable
r.sh: line 2: x: readonly variable

=== readonly's error for a readonly variable names no builtin, declare's does
--- script
readonly x=1
readonly x=2; echo $?
declare x=3; echo $?
export x=4; echo $?
--- stdout
1
1
1
--- stderr
vsh: line 2: x: readonly variable
vsh: line 3: declare: x: readonly variable
vsh: line 4: x: readonly variable

=== posix mode: a redirection error on a special builtin ends the shell, on others it does not
--- script
for s in ': 2>&9' 'eval : <nofile' 'export 2>&9' 'command : 2>&9' 'true 2>&9' 'f() { :; }; f 2>&9'; do
  printf '%s\necho "after $?"\n' "$s" > r.sh
  bash --posix r.sh 2>/dev/null; echo "posix $?"
  bash r.sh 2>/dev/null; echo "bash $?"
done
--- stdout
posix 1
after 1
bash 0
posix 1
after 1
bash 0
posix 1
after 1
bash 0
after 1
posix 0
after 1
bash 0
after 1
posix 0
after 1
bash 0
after 1
posix 0
after 1
bash 0

=== posix mode: . looks a bare name up in PATH only; not finding it ends the shell unless under command
--- script
echo 'echo sourced' > here.sh
mkdir bin; echo 'echo from path' > bin/there.sh
printf '. ./here.sh\nPATH=$PWD/bin:$PATH\n. there.sh\ncommand . here.sh\necho "st $?"\n. here.sh\necho after\n' > r.sh
bash --posix r.sh; echo "posix $?"
bash r.sh; echo "bash $?"
--- stdout
sourced
from path
st 1
posix 1
sourced
from path
sourced
st 0
sourced
after
bash 0
--- stderr
r.sh: line 4: .: here.sh: file not found
r.sh: line 6: .: here.sh: file not found

=== posix mode: a readonly prefix assignment before a regular command or a function abandons the line
--- script
for s in 'x=2 true; echo same' 'x=2 command :' 'f() { echo f; }; x=2 f' 'if x=2 true; then echo then; fi'; do
  printf 'readonly x=1\n%s\necho "after $?"\n' "$s" > r.sh
  bash --posix r.sh 2>/dev/null; echo "posix $?"
  bash r.sh 2>/dev/null; echo "bash $?"
done
--- stdout
after 1
posix 0
same
after 0
bash 0
after 1
posix 0
after 0
bash 0
after 1
posix 0
f
after 0
bash 0
after 1
posix 0
then
after 0
bash 0

=== posix mode: an arithmetic expansion error or a bad substitution ends the shell; (( )) and let do not
--- script
for s in 'echo $((1/0))' 'x=$((2 ** -1))' 'echo "${u:-$((1+))}" || echo or' 'case $((08)) in *) ;; esac' 'f() { echo $((1/0)); }; f' 'eval "echo \$((1/0))"' 'echo ${x!}' '(echo $((1/0))); echo "sub $?"' '((1/0)); echo "arith $?"' 'let 1/0; echo "let $?"' 'a[1/0]=1'; do
  printf '%s\necho "after $?"\n' "$s" > r.sh
  bash --posix r.sh 2>/dev/null; echo "posix $?"
done
bash r.sh 2>/dev/null; echo "bash $?"
--- stdout
posix 1
posix 1
posix 1
posix 1
posix 1
posix 1
posix 1
sub 1
after 0
posix 0
arith 1
after 0
posix 0
let 1
after 0
posix 0
after 1
posix 0
after 1
bash 0

=== posix mode: return outside a function ends the shell with 2, break outside a loop says nothing
--- script
printf 'break; continue; echo "loop $?"\nreturn 3\necho after\n' > r.sh
bash --posix r.sh; echo "posix $?"
--- stdout
loop 0
posix 2
--- stderr
r.sh: line 2: return: can only `return' from a function or sourced script

=== break or continue with a count below 1 leaves every enclosing loop with status 1
--- script
for a in 1 2; do for b in x y; do break 0; echo $b; done; echo "a$a"; done; echo "st=$?"
while :; do until false; do continue -1; done; echo no; done; echo "st=$?"
for a in 1; do break 1; done; echo "st=$?"
--- stdout
st=1
st=1
st=0
--- stderr
vsh: line 1: break: 0: loop count out of range
vsh: line 2: continue: -1: loop count out of range

=== posix mode: a tilde after NAME= in an ordinary word stays as written; assignments and export expand it
--- script
set -o posix
HOME=/h
echo a=~/b x=a:~/c ~/d
v=~/e:~/f; export w=~/g; readonly r=~/h; command export c=~/i
echo "$v $w $r $c"
set +o posix
echo a=~/b x=a:~/c
--- stdout
a=~/b x=a:~/c /h/d
/h/e:/h/f /h/g /h/h /h/i
a=/h/b x=a:/h/c

=== posix mode: export -p and readonly -p print arrays with -a or -A
--- script
set -o posix
a=(1 '2 3'); export a
declare -A h=([k]=v); readonly h
readonly -a e=()
declare -a u; export u
export -p | grep -E ' (a|u)'
readonly -p | grep -E ' (h|e|BASH_VERSINFO)='
--- stdout
export -a a=([0]="1" [1]="2 3")
export -a u
readonly -a BASH_VERSINFO=([0]="5" [1]="2" [2]="15" [3]="1" [4]="release" [5]="x86_64-pc-linux-gnu")
readonly -a e=()
readonly -A h=([k]="v" )

=== posix mode: type and command -V call special builtins special
--- script
type : cd
command -V export
set -o posix
type : cd
command -V export
type -t eval
--- stdout
: is a shell builtin
cd is a shell builtin
export is a shell builtin
: is a special shell builtin
cd is a shell builtin
export is a special shell builtin
builtin

=== posix mode: a function name must be a valid identifier, and the error is fatal
--- script
set -o posix
f() { echo fine; }; f
my-f() { :; }
echo not reached
--- stdout
fine
--- stderr
vsh: line 3: `my-f': not a valid identifier
--- status: 2
=== posix mode: a redirection target is not globbed, outside posix mode it is
--- script
echo one > 'x*'
echo two > x2
cat < x*
set -o posix
cat < x*
--- stdout
one
--- stderr
vsh: line 3: x*: ambiguous redirect
--- status: 0

=== posix mode: a remembered command path that is gone is searched again
--- script
mkdir -p d1 d2
printf 'echo from d2\n' > d2/tool; chmod +x d2/tool
PATH=$PWD/d1:$PWD/d2:$PATH
tool
printf 'echo from d1\n' > d1/tool; chmod +x d1/tool
rm d2/tool
set -o posix
tool
--- stdout
from d2
from d1

=== posix mode: command keeps a declaration builtin's assignments unsplit
--- script
v='a b'
bash --posix -c 'v="a b"; command export e=$v; command declare g=$v; echo "[$e] [$g]"'
bash -c 'v="a b"; command export e=$v; command declare g=$v; echo "[$e] [$g]"'
bash --posix -c 'command declare a=(1 2)' 2>&1; echo "rc=$?"
--- stdout
[a b] [a b]
[a] [a]
bash: -c: line 1: syntax error near unexpected token `('
bash: -c: line 1: `command declare a=(1 2)'
rc=2

=== posix mode: readonly or export of a subscripted assignment ends the shell
--- script
bash --posix -c 'readonly a[1]=2; echo after' 2>&1; echo "rc=$?"
bash --posix -c 'export a[1]=2; echo after' 2>&1; echo "rc=$?"
bash --posix -c 'readonly a[1]; echo "after $?"' 2>&1
bash --posix -c 'command readonly a[1]=2; echo "after $?"' 2>&1
bash -c 'readonly a[1]=2; echo "after $?"' 2>&1
--- stdout
bash: line 1: readonly: `a[1]': not a valid identifier
rc=1
bash: line 1: export: `a[1]': not a valid identifier
rc=1
bash: line 1: readonly: `a[1]': not a valid identifier
after 1
bash: line 1: readonly: `a[1]': not a valid identifier
after 1
bash: line 1: readonly: `a[1]': not a valid identifier
after 1

=== a bad substitution names the whole string being expanded; ${a[1} is one
--- script
a=(x y)
echo a${x!}b
echo "in ${x!} quotes"
echo ${u:-a${x!}b}
echo $(( ${x!} + 1 ))
echo ${a[1}
echo "$? next"
bash -c 'echo ${a[1}; echo no' 2>&1; echo "rc=$?"
bash --posix -c 'echo ${a[1}; echo no' 2>&1; echo "rc=$?"
bash --posix -c 'set -e; echo ${a[1}; echo no' 2>&1; echo "rc=$?"
--- stdout
1 next
bash: line 1: ${a[1}: bad substitution
rc=1
bash: line 1: ${a[1}: bad substitution
rc=127
bash: line 1: ${a[1}: bad substitution
rc=1
--- stderr
vsh: line 2: a${x!}b: bad substitution
vsh: line 3: in ${x!} quotes: bad substitution
vsh: line 4: a${x!}b: bad substitution
vsh: line 5:  ${x!} + 1 : bad substitution
vsh: line 6: ${a[1}: bad substitution
