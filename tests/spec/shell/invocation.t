=== bash -c STRING NAME ARGS: $0, positionals, errors named by NAME
--- script
bash -c 'echo "$0 [$1] [$2] $#"' myname a 'b c'
bash -c 'echo "$0"'
bash -c 'echo "$*"' -- a b
bash -c 'echo ${BASH_ARGV0}' x
bash -c 'echo $BASH_EXECUTION_STRING'
--- stdout
myname [a] [b c] 2
bash
a b
x
echo $BASH_EXECUTION_STRING

=== bash: bundled short options, -c anywhere among them
--- script
bash -ec 'false; echo no'; echo rc=$?
bash -ce 'false; echo no'; echo rc=$?
bash -c -e 'false; echo no'; echo rc=$?
bash -eu -c 'echo $nope' 2>/dev/null; echo rc=$?
bash -xc 'echo hi' 2>&1
bash +B -c 'echo {a,b}'
bash -o pipefail -c 'false | true'; echo $?
bash -O extglob -c 'shopt extglob'
bash -O extglob +O extglob -c 'shopt extglob'
bash -n -c 'echo no'; echo $?
--- stdout
rc=1
rc=1
rc=1
rc=1
+ echo hi
hi
{a,b}
1
extglob        	on
extglob        	off
0

=== bash: long options, --posix, --version, bad options
--- script
bash --norc --noprofile -c 'echo ok'
bash --posix -c 'set -o | grep posix; echo $POSIXLY_CORRECT'
bash --version | head -1
bash --badopt 2>/dev/null; echo $?
bash --badopt 2>&1 | head -2 | tail -1
bash -Q 2>/dev/null; echo $?
bash -o nope -c 'echo x' 2>/dev/null; echo $?
bash -O nope -c 'echo x' 2>/dev/null; echo $?
bash -c 2>/dev/null; echo $?
--- stdout
ok
posix          	on
y
GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)
2
Usage:	bash [GNU long option] [option] ...
2
2
2
2

=== bash -s ARGS, `-` and scripts from stdin
--- script
echo 'echo "s: $0 $# $1"' | bash -s x y
bash - <<< 'echo dash $#'
bash -s <<< 'echo $-'
--- stdout
s: bash 2 x
dash 0
hBs

=== bash FILE ARGS and a script run by path
--- file f.sh
echo "$0 $@"
exit 3
--- script
bash f.sh a b; echo rc=$?
chmod +x f.sh; ./f.sh c; echo rc=$?
bash nonexist.sh 2>/dev/null; echo $?
--- stdout
f.sh a b
rc=3
./f.sh c
rc=3
127

=== set -o posix keeps POSIXLY_CORRECT in step
--- script
set -o posix; echo "$POSIXLY_CORRECT $SHELLOPTS"
set +o posix; echo "${POSIXLY_CORRECT-unset}"
--- stdout
y braceexpand:hashall:interactive-comments:posix
unset

=== $$, $BASHPID, $PPID in subshells and child shells
--- script
[ "$$" = "$BASHPID" ] && echo eq
( [ "$$" != "$BASHPID" ] && echo ne; [ "$$" = "$(echo $$)" ] && echo same )
[ "$(bash -c 'echo $PPID')" = "$$" ] && echo ppid
[ "$(bash -c 'echo $$')" != "$$" ] && echo child
echo $BASH_SUBSHELL $(echo $BASH_SUBSHELL) $( (echo $BASH_SUBSHELL) )
--- stdout
eq
ne
same
ppid
child
0 1 2

=== $SRANDOM is a 32-bit number that changes
--- script
a=$SRANDOM b=$SRANDOM
[ "$a" != "$b" ] && [ "$a" -ge 0 ] && [ "$a" -lt 4294967296 ] && echo ok
--- stdout
ok

=== bash +c and +s work as -c and -s
--- script
bash +c 'echo "command: $1"' zero one
echo 'echo from stdin' | bash +s
--- stdout
command: one
from stdin

=== bash NAME looks for a script not in the working directory on PATH
--- script
mkdir sub
echo 'echo hello $0 $1' > sub/script
PATH="$PWD/sub:$PATH" bash script one
PATH="$PWD/sub:$PATH" bash ./script 2>/dev/null; echo $?
--- stdout
hello script one
127
