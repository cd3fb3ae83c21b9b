=== xtrace: for prints its head, words as written, each round
--- script
x='p q'
set -x
for i in "a b" $x ''; do :; done
set -- 1 2
for j; do :; done
--- stdout
--- stderr
+ for i in "a b" $x ''
+ :
+ for i in "a b" $x ''
+ :
+ for i in "a b" $x ''
+ :
+ for i in "a b" $x ''
+ :
+ set -- 1 2
+ for j in "$@"
+ :
+ for j in "$@"
+ :

=== xtrace: case prints its subject as written
--- script
x=foo
set -x
case $x in f*) echo y;; esac
case "a b" in *) ;; esac
--- stdout
y
--- stderr
+ case $x in
+ echo y
+ case "a b" in

=== xtrace: [[ ]] traces each term it evaluates
--- script
x=
set -x
[[ a == "b*" || $x == b* ]]
[[ -z $x && ( a < b ) ]]
[[ ! a ]]
[[ "a b" =~ a\ b ]]
[[ a =~ x"*"y\$ ]]
[[ a == "" ]]
[[ 1 -eq 2 ]] || [[ -v PATH ]]
true
--- stdout
--- stderr
+ [[ a == \b\* ]]
+ [[ '' == b* ]]
+ [[ -z '' ]]
+ [[ a < b ]]
+ [[ ! -n a ]]
+ [[ a b =~ a b ]]
+ [[ a =~ x\*y\$ ]]
+ [[ a == '' ]]
+ [[ 1 -eq 2 ]]
+ [[ -v PATH ]]
+ true

=== xtrace: (( )) and the parts of an arithmetic for
--- script
set -x
(( 1 + 2 ))
for ((i=0; i<1; )); do i=1; done
for ((;;)); do break; done
--- stdout
--- stderr
+ ((  1 + 2  ))
+ (( i=0 ))
+ (( i<1 ))
+ i=1
+ (( 1 ))
+ (( i<1 ))
+ (( 1 ))
+ (( 1 ))
+ break

=== xtrace: command substitution, eval and source trace one level deeper
--- file lib.sh
echo src
--- script
set -x
f() { echo f; }
eval 'eval "echo x"'
x=$(f)
echo "$(echo $(echo a))"
. ./lib.sh
--- stdout
x
a
src
--- stderr
+ eval 'eval "echo x"'
++ eval 'echo x'
+++ echo x
++ f
++ echo f
+ x=f
+++ echo a
++ echo a
+ echo a
+ . ./lib.sh
++ echo src

=== xtrace: PS4's first character repeats; empty or unset PS4 prints no prefix
--- script
set -x
PS4='ab '
echo $(echo q)
PS4=
echo e
unset PS4
echo u
--- stdout
q
e
u
--- stderr
+ PS4='ab '
aab echo q
ab echo q
ab PS4=
echo e
unset PS4
echo u

=== select: menu on stderr, PS3 as it is, reply in REPLY, EOF ends with 1
--- script
printf '1\n\nx\n3\n' | {
  set -x
  PS3='pick> '
  select x in a "b c" d; do echo "got [$x] [$REPLY]"; done
  echo rc=$?
} 2>&1
--- stdout
+ PS3='pick> '
+ select x in a "b c" d
1) a
2) b c
3) d
pick> + echo 'got [a] [1]'
got [a] [1]
pick> 1) a
2) b c
3) d
pick> + echo 'got [] [x]'
got [] [x]
pick> + echo 'got [d] [3]'
got [d] [3]
pick> 
+ echo rc=1
rc=1

=== select: columns down then across within COLUMNS
--- script
select x in $(seq 12); do :; done </dev/null 2>&1
echo rc=$?
COLUMNS=30
select x in aaaaaaa bbbbbbbbbbb c d e f g h i j k; do :; done </dev/null 2>&1
set --
select y; do :; done
echo $?
--- stdout
1) 1	 3) 3	 5) 5	 7) 7	 9) 9	11) 11
2) 2	 4) 4	 6) 6	 8) 8	10) 10	12) 12
#? 
rc=1
 1) aaaaaaa
 2) bbbbbbbbbbb
 3) c
 4) d
 5) e
 6) f
 7) g
 8) h
 9) i
10) j
11) k
#? 
0

=== select: break, return and blanks around the number
--- script
echo ' 2 ' | { select v in a b; do echo "[$v][$REPLY]"; break; done; } 2>/dev/null
f() { select v in a; do return 3; done; }
f <<< 1 2>/dev/null
echo $?
--- stdout
[b][ 2 ]
3

=== xtrace quotes words as bash does (# first, ~ first or after = :, ^)
--- script
set -x
: a=b 'a b=c' '~x' '#x' x# '!x' 'a*' '{a}' a,b x:y % ^ 'a]' @ '\' a~b a=~x a:~y '' - "a'b"
: "$(printf '\001')"
--- stderr
+ : a=b 'a b=c' '~x' '#x' x# '!x' 'a*' '{a}' a,b x:y % '^' 'a]' @ '\' a~b 'a=~x' 'a:~y' '' - 'a'\''b'
++ printf '\001'
+ : $'\001'

=== xtrace: declare NAME=(...) traces the array first, then the command with NAME
--- script
set -x
declare -a y=(3 "a b")
f() { local -a q=(x $1) r=5; declare -A m=([k]=v); typeset -a e=(); }
f 7
declare -a s=([2]=z [5]=x)
--- stderr
+ y=('3' 'a b')
+ declare -a y
+ f 7
+ q=('x' '7')
+ local -a q r=5
+ m=(['k']='v')
+ declare -A m
+ e=()
+ typeset -a e
+ s=(['2']='z' ['5']='x')
+ declare -a s

=== BASH_XTRACEFD sends the trace to that descriptor; unset or local restores stderr; a closed one is an error
--- script
exec 5>t5
BASH_XTRACEFD=5
(set -x; echo sub)
f() { local BASH_XTRACEFD=2; set -x; echo inf; set +x; }
f
set -x
x=1 true
echo after
unset BASH_XTRACEFD
echo back
set +x
BASH_XTRACEFD=7
echo ==; cat t5
--- stdout
sub
inf
after
back
==
+ echo sub
+ x=1
+ true
+ echo after
+ unset BASH_XTRACEFD
--- stderr
+ echo inf
+ set +x
+ echo back
+ set +x
vsh: line 12: BASH_XTRACEFD: 7: invalid value for trace file descriptor

=== xtrace shows the commands of DEBUG, ERR and signal traps one level deeper, EXIT's not
--- script
set -x
trap 'echo bye' EXIT
trap 'echo failed' ERR
false
trap 'echo dbg' DEBUG
echo body
trap - DEBUG
--- stdout
failed
dbg
body
dbg
bye
--- stderr
+ trap 'echo bye' EXIT
+ trap 'echo failed' ERR
+ false
++ echo failed
+ trap 'echo dbg' DEBUG
++ echo dbg
+ echo body
++ echo dbg
+ trap - DEBUG
+ echo bye
