=== source FILE ARGS: positionals come back unless the file set its own
--- file s.sh
echo "in: $# $1"
--- file t.sh
set -- changed
--- file u.sh
shift
--- script
set -- x y
source s.sh a; echo "$# $1"
source t.sh a; echo "$1"
set -- x y
source u.sh a b; echo "$@"
source t.sh; echo "$1"
--- stdout
in: 1 a
2 x
changed
x y
changed

=== nullglob: a [ without its ] is no pattern
--- script
shopt -s nullglob
touch ab
echo [ a[ [a a[b] [ab] *[
shopt -u nullglob
echo [ a[b
--- stdout
[ a[ [a ab
[ a[b

=== extquote: $'...' inside "${x:-...}"
--- script
x=
echo "${x:-'a'}" "${x:-$'\x41'}" ${x:-$'\x41'}
y=$'\tz'
echo "${y#$'\t'}"
--- stdout
'a' A A
z

=== {fd}> with a readonly variable fails and says why
--- script
readonly fd=5
exec {fd}>f; echo $?
echo "$fd"
--- stdout
1
5
--- stderr
vsh: line 2: fd: readonly variable
vsh: line 2: fd: cannot assign fd to variable

=== syntax errors: eval names itself, the offending line follows
--- file bad.sh
echo (
--- script
eval 'echo (; }'; echo "eval: $?"
bash bad.sh; echo "file: $?"
--- stdout
eval: 2
file: 2
--- stderr
vsh: eval: line 1: syntax error near unexpected token `;'
vsh: eval: line 1: `echo (; }'
bad.sh: line 1: syntax error near unexpected token `newline'
bad.sh: line 1: `echo ('

=== syntax errors at the top of a -c string name -c; what came before ran
--- script
echo a
echo b; fi
echo c
--- stdout
a
--- stderr
vsh: -c: line 2: syntax error near unexpected token `fi'
vsh: -c: line 2: `echo b; fi'
--- status: 2

=== unset of a readonly variable: bash's message
--- script
readonly X=1
unset X; echo $?
unset -v X; echo $?
--- stdout
1
1
--- stderr
vsh: line 2: unset: X: cannot unset: readonly variable
vsh: line 3: unset: X: cannot unset: readonly variable

=== mapfile -C CALLBACK -c QUANTUM
--- script
mapfile -C 'echo cb' -c 2 -t d < <(seq 4); echo ${#d[@]}
f() { echo "f $1 [$2]"; }
mapfile -C f -c 1 e < <(printf 'a b\nc\n'); declare -p e
mapfile -c 0 x < /dev/null; echo $?
--- stdout
cb 1 2
cb 3 4
4
f 0 [a b
]
f 1 [c
]
declare -a e=([0]=$'a b\n' [1]=$'c\n')
1
--- stderr
vsh: line 4: mapfile: 0: invalid callback quantum
