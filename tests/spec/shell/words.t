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

=== namerefs: array literals and += through a nameref, self and circular references
--- script
declare -n ra=arr; ra+=(x y); ra+=(z); declare -p arr
declare -n rb=brr; rb=(1 2); declare -p brr
f() { local -n r=$1; r=(a b c); }; f out; declare -p out
declare -A h; declare -n rh=h; rh=([k]=v); declare -p h
declare -n s=s; echo $?; declare -p s
t=1; declare -n t=t; declare -p t
declare -n a=b; declare -n b=a; echo "[$a]"; declare -p a
--- stdout
declare -a arr=([0]="x" [1]="y" [2]="z")
declare -a brr=([0]="1" [1]="2")
declare -a out=([0]="a" [1]="b" [2]="c")
declare -A h=([k]="v" )
1
declare -- t="1"
[]
declare -n a="b"
--- stderr
vsh: line 5: declare: s: nameref variable self references not allowed
vsh: line 5: declare: s: not found
vsh: line 6: declare: t: nameref variable self references not allowed
vsh: line 7: warning: a: circular name reference

=== ${a[@]@A}, @K and @k of whole arrays; @A with attributes; ${@@A}
--- script
declare -A m=([k]=v ["a b"]="x y" [q]="")
printf '[%s]\n' "${m[@]@K}"
printf '<%s>' "${m[@]@k}"; echo
arr=(1 "" 'a$b')
printf '{%s}\n' "${arr[@]@K}" "${arr[*]@A}" "${arr[*]@k}"
echo ${arr@A} / ${arr[1]@A}
declare -i n=5; echo ${n@A}
f() { local -r q=1; echo ${q@A}; }; f
x=s; echo ${x@A} ${x@K}
set -- a 'b c'; echo ${@@A}
set --; echo "[${@@A}]"
declare -a ea; echo "[${ea[@]@A}]" "[${ea[@]@K}]"
--- stdout
[q "" k "v" "a b" "x y" ]
<q><><k><v><a b><x y>
{0 "1" 1 "" 2 "a\$b"}
{declare -a arr=([0]="1" [1]="" [2]="a\$b")}
{0 1 1  2 a$b}
declare -a arr='1' / declare -a arr=''
declare -i n='5'
declare -r q='1'
x='s' 's'
set -- 'a' 'b c'
[]
[declare -a ea] []

=== local - restores the set options as the function returns
--- script
f() { local - x=1; set -e; set -o pipefail; echo "$- $x"; }
f; echo $-; set -o | grep pipefail
g() { local -; set +B; shopt -s nullglob; }
g; echo $-; shopt nullglob
--- stdout
ehBc 1
hBc
pipefail       	off
hBc
nullglob       	on

=== errors name the parameter: substring arithmetic, unbound subscripts as written
--- script
x=abc; echo ${x:1:2:3}; echo same line
echo next
f() { echo ${x:1+}; echo in f; }; f; echo same
set -- a b; echo ${@:1:2:3}
set -u; arr=(); i=3; echo ${arr[i+1]}
--- stdout
next
--- stderr
vsh: line 1: x: 2:3: syntax error in expression (error token is ":3")
environment: line 3: x: 1+: syntax error: operand expected (error token is "+")
vsh: line 4: @: 2:3: syntax error in expression (error token is ":3")
vsh: line 5: arr[i+1]: unbound variable
--- status: 127

=== a word missing at the end of the text is an unexpected newline, as bash reads it
--- script
eval 'for'; echo $?; eval 'echo >'; eval 'case'; eval '[[ a'
--- stdout
2
--- stderr
vsh: eval: line 1: syntax error near unexpected token `newline'
vsh: eval: line 1: `for'
vsh: eval: line 1: syntax error near unexpected token `newline'
vsh: eval: line 1: `echo >'
vsh: eval: line 1: syntax error near unexpected token `newline'
vsh: eval: line 1: `case'
vsh: eval: line 1: unexpected token `newline', conditional binary operator expected
--- status: 2

=== source /dev/stdin and /dev/fd/N read the shell's own descriptors
--- script
set -- x
source /dev/stdin a b <<< 'echo "src $# $1"'
echo "$# $1"
. /dev/fd/3 3<<'END'
echo "fd3 $#"
END
exec 4<&-
. /dev/fd/4; echo "closed $?"
--- stdout
src 2 a
1 x
fd3 1
closed 1
--- stderr
vsh: line 8: /dev/fd/4: No such file or directory

=== local with no names lists only the function's own variables
--- script
g=1
f() { local x=1 y; local -a arr=(1); local -i n=2; local; echo --; local -i; echo --; local -; local -p; }
f
h() { local z=2; local; }
f2() { local x=1; h; }
f2
f3() { local; echo "[$?]"; }
f3
--- stdout
declare -a arr=([0]="1")
declare -i n="2"
declare -- x="1"
declare -- y
--
declare -a arr=([0]="1")
declare -i n="2"
declare -- x="1"
declare -- y
--
local -
declare -a arr=([0]="1")
declare -i n="2"
declare -- x="1"
declare -- y
declare -- z="2"
[0]

=== mapfile rejects a count, origin, descriptor or quantum that is not a number
--- script
printf 'a\nb\n' > f
mapfile -n x arr < f; echo "status $?"
mapfile -s -1 arr < f; echo "status $?"
mapfile -O 1x arr < f; echo "status $?"
mapfile -u '' arr; echo "status $?"
mapfile -c 0 arr < f; echo "status $?"
mapfile -t -n 1 -s 1 arr < f; echo "status $? ${arr[*]}"
--- stdout
status 1
status 1
status 1
status 1
status 1
status 0 b
--- stderr
vsh: line 2: mapfile: x: invalid line count
vsh: line 3: mapfile: -1: invalid line count
vsh: line 4: mapfile: 1x: invalid array origin
vsh: line 5: mapfile: : invalid file descriptor specification
vsh: line 6: mapfile: 0: invalid callback quantum
--- status: 0

=== prefix assignments are expanded before the redirections, which do not see them
--- script
show() { echo "got ${v-unset}"; }
for cmd in show true /bin/true :; do
  unset x v
  v=${x=assign} $cmd 2>${x=redir} >>${v:-out}
  echo "$cmd: x=$x v=${v-unset}"
done
ls
set -x
y=$(echo sub >&2) true 2>/dev/null
--- stdout
show: x=assign v=unset
true: x=assign v=unset
/bin/true: x=assign v=unset
:: x=assign v=unset
assign
out
--- stderr
++ echo sub
sub
+ y=
+ true

=== a [[ ]] syntax error ends a script with the status it had; in eval it is 2
--- file bad.sh
false
[[ a -zz b ]]
echo not reached
--- script
bash bad.sh; echo "script $?"
printf 'true\n[[ ]]\necho no\n' > empty.sh; bash empty.sh; echo "empty $?"
false; eval '[[ -q 1 ]]'; echo "eval $?"
--- stdout
script 1
empty 0
eval 2
--- stderr
bad.sh: line 2: conditional binary operator expected
vsh: eval: line 3: conditional binary operator expected
=== read: the last name drops one trailing delimiter only after a lone field
--- script
IFS=' -' read a b c <<< 'A-B-C - '
echo "[$c]"
IFS=' -' read a b c <<< 'A B C-C D -  '
echo "[$c]"
IFS=' -' read a b <<< 'A B  -'
echo "[$b]"
IFS=' :' read a b <<< 'x y :: '
echo "[$b]"
--- stdout
[C]
[C-C D -]
[B]
[y ::]
