=== BASH_ARGV and BASH_ARGC: filled on a first look outside functions, per call under extdebug
--- script
f() { echo "f: [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; }
f a b
echo "top: ${#BASH_ARGV[@]} [${BASH_ARGC[*]}]"
echo 'echo "s: [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"' > s.sh
. ./s.sh p q
shopt -s extdebug
g() { echo "g: [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; h x y; }
h() { echo "h: [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; }
g a b c
. ./s.sh r
echo "end: [${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"
declare -p BASH_ARGC
--- stdout
f: [] []
top: 0 [0]
s: [] [0]
g: [c b a] [3 0]
h: [y x c b a] [2 3 0]
s: [r] [1 0]
end: [] [0]
declare -a BASH_ARGC=([0]="0")

=== BASH_ARGV: extdebug turned on inside a function pushes that function's arguments
--- script
f() { echo "[${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; shopt -s extdebug; g x y; }
g() { echo "[${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"; }
f a b c
echo "[${BASH_ARGV[*]}] [${BASH_ARGC[*]}]"
--- stdout
[] []
[y x c b a] [2 3]
[c b a] [3]

=== BASH_ALIASES and BASH_CMDS mirror the alias and hash tables; unset of an element changes nothing
--- script
declare -p BASH_ALIASES BASH_CMDS
alias ll='ls -l'
echo "${BASH_ALIASES[ll]}"
BASH_ALIASES[hi]='echo hi'
alias hi
unset 'BASH_ALIASES[ll]'
alias
echo ${#BASH_ALIASES[@]}
hash -p /bin/echo myecho
echo "${BASH_CMDS[myecho]}"
BASH_CMDS[zz]=/bin/true
hash -t zz
hash -r
declare -p BASH_CMDS
unset BASH_ALIASES
alias b=2
echo "[${BASH_ALIASES[b]}]"
--- stdout
declare -A BASH_ALIASES=()
declare -A BASH_CMDS=()
ls -l
alias hi='echo hi'
alias hi='echo hi'
alias ll='ls -l'
2
/bin/echo
/bin/true
declare -A BASH_CMDS=()
[]

=== GROUPS, FUNCNAME, BASH_SOURCE and BASH_LINENO ignore assignments
--- script
GROUPS=5; echo $? ${#GROUPS[@]}
GROUPS[3]=1; echo $? ${#GROUPS[@]}
f() { FUNCNAME=x; FUNCNAME[1]=y; BASH_LINENO=4; BASH_SOURCE=z; echo ${FUNCNAME[@]} "${BASH_SOURCE[*]}" ${BASH_LINENO[@]}; }
f
FUNCNAME=z; echo "[$FUNCNAME]"
unset GROUPS; echo $?; GROUPS=4; echo $GROUPS
--- stdout
0 1
0 1
f environment 4
[]
0
4

=== BASH_SUBSHELL: a simple command in a pipeline counts no level, a function it calls does
--- script
echo $BASH_SUBSHELL | cat
{ echo $BASH_SUBSHELL; } | cat
(echo $BASH_SUBSHELL) | cat
f() { echo $BASH_SUBSHELL; }
f | cat
echo $(echo $BASH_SUBSHELL) | cat
echo $BASH_SUBSHELL & wait
--- stdout
0
1
1
1
1
1

=== alias lists aliases sorted by name
--- script
alias b=1 a=2 c=3
alias
--- stdout
alias a='2'
alias b='1'
alias c='3'

=== help -s: an exact name alone, else prefixes and globs; keywords are topics; bad options and unknown topics fail
--- script
help -s '['
help -s fo
help -s 'wh*' if
help -s grep; echo "st=$?"
help -x; echo "st=$?"
help -d nosuch; echo "st=$?"
--- stdout
[: [ arg... ]
for: for NAME [in WORDS ... ] ; do COMMANDS; done
for ((: for (( exp1; exp2; exp3 )); do COMMANDS; done
Shell commands matching keywords `wh*, if'

while: while COMMANDS; do COMMANDS-2; done
if: if COMMANDS; then COMMANDS; [ elif COMMANDS; then COMMANDS; ]... [ else COMMANDS; ] fi
st=1
st=2
st=1
--- stderr
vsh: line 4: help: no help topics match `grep'.  Try `help help' or `man -k grep' or `info grep'.
vsh: line 5: help: -x: invalid option
help: usage: help [-dms] [pattern ...]
vsh: line 6: help: no help topics match `nosuch'.  Try `help help' or `man -k nosuch' or `info nosuch'.

=== shopt -o lists the set -o options as name and on/off, -p as set commands
--- script
set -e
shopt -o | grep -E '^(errexit|noexec) '
shopt -s -o | grep -c .
shopt -op errexit noexec || echo "status $?"
--- stdout
errexit        	on
noexec         	off
4
set -o errexit
set +o noexec
status 1

=== $LINENO in a here-document's body is its command's line
--- script
echo start
cat <<EOF
$LINENO
and $LINENO
EOF
echo $LINENO
--- stdout
start
2
and 2
6

=== set and declare -p list the variables bash computes (call stack, dirs, pipes)
--- script
set | grep -E '^(BASH_ARGC|BASH_ARGV|BASH_LINENO|BASH_SOURCE|DIRSTACK|FUNCNAME|PIPESTATUS|OPTIND|BASH_LOADABLES_PATH)='
echo ---
f() {
  set | grep -E '^(BASH_ARGC|BASH_ARGV|BASH_LINENO|BASH_SOURCE|FUNCNAME|PIPESTATUS)='
}
true | false
f a b
echo ---
declare -p | grep -E '^declare -[a-z-]+ (BASHPID|BASH_ARGV0|BASH_COMMAND|BASH_SUBSHELL|COMP_WORDBREAKS|EPOCHREALTIME|EPOCHSECONDS|FUNCNAME|HISTCMD|LINENO|RANDOM|SECONDS|SRANDOM|OLDPWD|OPTIND)\b'
declare -p EUID UID PPID | sed 's/=.*//'
true | false; (echo "${PIPESTATUS[@]}")
--- stdout
BASH_ARGC=()
BASH_ARGV=()
BASH_LINENO=()
BASH_LOADABLES_PATH=/usr/local/lib/bash:/usr/lib/bash:/opt/local/lib/bash:/usr/pkg/lib/bash:/opt/pkg/lib/bash:.
BASH_SOURCE=()
DIRSTACK=()
OPTIND=1
---
BASH_ARGC=()
BASH_ARGV=()
BASH_LINENO=([0]="7")
BASH_SOURCE=([0]="environment")
FUNCNAME=([0]="f")
PIPESTATUS=([0]="0" [1]="1")
---
declare -i BASHPID
declare -- BASH_ARGV0
declare -- BASH_COMMAND
declare -- BASH_SUBSHELL
declare -- COMP_WORDBREAKS
declare -- EPOCHREALTIME
declare -- EPOCHSECONDS
declare -a FUNCNAME
declare -i HISTCMD
declare -- LINENO
declare -x OLDPWD
declare -i OPTIND="1"
declare -i RANDOM
declare -- SECONDS
declare -i SRANDOM
declare -ir EUID
declare -ir UID
declare -ir PPID
0 1

=== a process substitution and /dev/fd/N are readable and writable
--- script
[ -r <(echo x) ] && echo r
[ -w >(cat >/dev/null) ] && echo w
test -r /dev/fd/0 && echo fd0
[[ -r /dev/stdin ]] && echo stdin
--- stdout
r
w
fd0
stdin
--- stderr
--- status: 0
