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
