=== a writer whose reader is gone dies with status 141
--- script
while :; do echo y; done | { read -r a; read -r b; echo "$a$b"; }
echo "status ${PIPESTATUS[*]}"
--- stdout
yy
status 141 0

=== background jobs run concurrently and wait collects them
--- script
{ sleep 0.2; echo slow; } &
echo fast
wait
echo done
--- stdout
fast
slow
done

=== wait returns the status of a job given by $!
--- script
( exit 7 ) &
pid=$!
wait $pid
echo "got $?"
--- stdout
got 7

=== EXIT trap runs at the end of the script
--- script
trap 'echo bye' EXIT
echo hi
--- stdout
hi
bye

=== ERR trap and set -e
--- script
trap 'echo "err at $LINENO"' ERR
false
echo next
set -e
false
echo never
--- stdout
err at 2
next
err at 5
--- status: 1

=== files written by one command are read by the next
--- file in.txt
b
a
c
--- script
while read -r line; do echo "[$line]"; done < in.txt > out.txt
cat out.txt
--- stdout
[b]
[a]
[c]

=== 64-bit arithmetic wraps like bash
--- script
echo $(( 9223372036854775807 + 1 )) $(( 2**63 )) $(( -9223372036854775807 - 1 ))
--- stdout
-9223372036854775808 -9223372036854775808 -9223372036854775808

=== division by zero is an error, not a crash
--- script
echo $(( 1 / 0 ))
echo after
--- stdout
after
--- stderr
vsh: line 1: 1 / 0 : division by 0 (error token is "0 ")

=== command not found is 127 with bash's message
--- script
nosuchcommand arg
echo "status $?"
--- stdout
status 127
--- stderr
vsh: line 1: nosuchcommand: command not found

=== functions, locals and recursion
--- script
fact() { local n=$1; if (( n <= 1 )); then echo 1; else echo $(( n * $(fact $((n-1))) )); fi; }
fact 10
x=global; f() { local x=local; g; }; g() { echo "$x"; }; f; echo "$x"
--- stdout
3628800
local
global

=== process substitution feeds a command
--- script
cat <(echo one; echo two)
--- stdout
one
two

=== here-strings and here-documents
--- script
read -r a b <<< "first second"
echo "$b $a"
cat <<-EOF
	tab-stripped $a
	EOF
--- stdout
second first
tab-stripped first

=== FUNCNAME, BASH_SOURCE and BASH_LINENO have no bottom frame outside a script file
--- script
f() { g; }
g() { echo "${FUNCNAME[*]} / ${#BASH_SOURCE[@]} / ${BASH_LINENO[*]}"; }
f
echo "top: ${#FUNCNAME[@]} ${#BASH_SOURCE[@]} ${#BASH_LINENO[@]}"
--- stdout
g f / 2 / 1 3
top: 0 0 0

=== $(< file) substitutes the file's contents
--- script
seq 2 3 > myfile
foo=$(< myfile)
echo "[$foo]"
f=myfile
echo "[$(< $f)] [`< myfile`]"
echo "[$(<nofile)] $?"
--- stdout
[2
3]
[2
3] [2
3]
[] 1
--- stderr
vsh: line 6: nofile: No such file or directory

=== redirection errors name their line under bash -c too
--- script
true
echo hi >&7
echo > /nonexist/dir/f
echo "status $?"
--- stdout
status 1
--- stderr
vsh: line 2: 7: Bad file descriptor
vsh: line 3: /nonexist/dir/f: No such file or directory

=== an arithmetic expansion error abandons the top-level command; set -u ends the script
--- script
echo $(( 1 / 0 )); echo same-line
echo next-line $?
f() { echo $(( 2 / 0 )); echo in-function; }
f; echo after-f
while true; do x=$(( 3 / 0 )); echo in-loop; break; done
echo after-loop
(( 4 / 0 )); echo "arith command is not fatal $?"
set -u
echo "$(( y + 1 ))"
echo not-reached
--- stdout
next-line 1
after-loop
arith command is not fatal 1
--- stderr
vsh: line 1: 1 / 0 : division by 0 (error token is "0 ")
environment: line 3: 2 / 0 : division by 0 (error token is "0 ")
vsh: line 5: 3 / 0 : division by 0 (error token is "0 ")
vsh: line 7: ((: 4 / 0 : division by 0 (error token is "0 ")
vsh: line 9: y: unbound variable
--- status: 127

=== command -v and type find a name with a slash when it is executable
--- script
myfunc() { :; }
command -v echo myfunc ZZZ for; echo "status $?"
command -v ZZZ; echo "status $?"
mkdir -p d; touch d/plain d/tool; chmod +x d/tool
command -v d/plain; echo "status $?"
command -v d/tool; type d/tool; type -t d/tool
--- stdout
echo
myfunc
for
status 0
status 1
status 1
d/tool
d/tool is d/tool
file

=== type -p and -ap count functions and builtins without printing them
--- script
f() { :; }
type -ap f; echo "status $?"
type -ap cd; echo "status $?"
type -ap zzz; echo "status $?"
type -p f; echo "status $?"
--- stdout
status 0
status 0
status 1
status 0

=== set + is ignored; set - keeps $@ unless words follow
--- script
set a b; set +; echo "1 $@"
set - +; echo "2 $@"
set + -; echo "3 $@"
set -; echo "4 $@"
--- stdout
1 a b
2 +
3 +
4 +

=== dotglob lets * match dotfiles; ~ expands in [[ ]]
--- script
mkdir -p g/s && cd g && touch .a b s/.c s/d
echo *
shopt -s dotglob
echo * ?a */*
shopt -u dotglob
HOME=/home/bob
[[ ~ == /home/bob ]]; echo $?
[[ ~/x == */bob/x ]]; echo $?
[[ "~" == ~ ]]; echo $?
--- stdout
b s
.a b s .a s/.c s/d
0
0
1

=== prefix assignments see the ones before them
--- script
FOO=foo BAR="[$FOO][$BAZ]" BAZ=baz env | grep -E '^(FOO|BAR|BAZ)=' | sort
X=1; X=2 Y=$X env | grep '^Y='
f() { echo "in f: $A $B"; }; A=1 B=$A f
--- stdout
BAR=[foo][]
BAZ=baz
FOO=foo
Y=2
in f: 1 1

=== s+=(list) keeps a scalar as element 0; a list into one element drops the line
--- script
s=abc; s+=(d e f); echo "${s[@]}"
typeset t=abc; typeset t+=(d e f); echo "${t[@]}"
u=(1 "2 3"); u[1]+=(4 5); echo "not reached"
echo "next ${u[@]}"
--- stdout
abc d e f
abc d e f
next 1 2 3
--- stderr
vsh: line 3: u[1]: cannot assign list to array member

=== an argument shaped like an assignment gets tilde expansion after = and :
--- script
HOME=/home/bob
echo x=~/a:~/b a=b=~ =~ 1x=~ --x=~ "x"=~ x=~:"~"
--- stdout
x=/home/bob/a:/home/bob/b a=b=~ =~ 1x=~ --x=~ x=~ x=/home/bob:~

=== $LINENO in a continued command or a for list is the command's first line
--- script
echo a \
  $LINENO
for x in \
  $LINENO; do echo "for $x"; done
--- stdout
a 1
for 3

=== a syntax error in eval or source fails that command (2), not the script
--- script
eval 'echo >'; echo "eval $?"
printf 'echo (\n' > bad.sh
. ./bad.sh; echo "source $?"
f() { eval '(('; echo "in f $?"; }; f
echo end
--- stdout
eval 2
source 2
in f 2
end
--- stderr
vsh: eval: line 1: syntax error near unexpected token `newline'
vsh: eval: line 1: `echo >'
./bad.sh: line 1: syntax error near unexpected token `newline'
./bad.sh: line 1: `echo ('
environment: eval: line 4: unexpected EOF while looking for matching `)'

=== a bad substitution is an error that drops the line
--- script
echo ${#x-default}; echo "not reached"
echo "${x:}"; echo "not reached"
echo "next $?"
--- stdout
next 1
--- stderr
vsh: line 1: ${#x-default}: bad substitution
vsh: line 2: ${x:}: bad substitution

=== unset of an out-of-range negative index is an error
--- script
a=(1 2 3); unset "a[-5]"; echo "st=$?"
unset "a[-1]"; echo "${a[@]} $?"
s=x; unset "s[-1]"; echo "[$s] $?"
--- stdout
st=1
1 2 0
[x] 1
--- stderr
vsh: line 1: unset: [-5]: bad array subscript
vsh: line 3: unset: s: not an array variable

=== unset of a caller's local removes it (dynamic scope); a function's own stays declared
--- script
unlocal() { unset "$@"; }
level2() { local hello=yy; echo level2=$hello; unlocal hello; echo level2=$hello; }
level1() { local hello=xx; level2; echo level1=$hello; unlocal hello; echo level1=$hello; level2; }
hello=global
level1
f() { local z=1; unset z; echo "own [${z-unset}]"; z=2; echo "$z"; }; z=g; f; echo "global $z"
--- stdout
level2=yy
level2=xx
level1=xx
level1=global
level2=yy
level2=global
own [unset]
2
global g

=== export -n NAME=value assigns and unexports
--- script
export foo=old; export -n foo=new; echo "st=$? $foo"
env | grep -c '^foo=' || echo "not in the environment"
--- stdout
st=0 new
0
not in the environment

=== a readonly variable cannot be shadowed by a local
--- script
readonly z=5
g() { local z; echo "z=$z"; declare z=3; echo "z=$z"; }
g
--- stdout
z=5
z=5
--- stderr
environment: line 2: local: z: readonly variable
environment: line 2: declare: z: readonly variable

=== -- and usage errors in alias, unalias, eval and builtin
--- script
shopt -s expand_aliases
alias -- foo=echo; echo "alias $?"
alias -x; echo "alias $?"
unalias; echo "unalias $?"
unalias -- foo; echo "unalias $?"
eval -z; echo "eval $?"
builtin -- false; echo "builtin $?"
--- stdout
alias 0
alias 2
unalias 2
unalias 0
eval 2
builtin 1
--- stderr
vsh: line 3: alias: -x: invalid option
alias: usage: alias [-p] [name[=value] ... ]
unalias: usage: unalias [-a] name [name ...]
vsh: line 6: eval: -z: invalid option
eval: usage: eval [arg ...]

=== xtrace expands PS4 as a prompt, with the PS4 in force before an assignment
--- script
exec 2>&1
PS4='+ ${LINENO}: '
set -x
echo one
f() { echo two; }
f
PS4='+$(echo sub) '
x="a b" y=
m[3]=z
set +x
--- stdout
+ 4: echo one
one
+ 6: f
+ 5: echo two
two
+ 7: PS4='+$(echo sub) '
+sub x='a b'
+sub y=
+sub m[3]=z
+sub set +x

=== set -C guards &> too; set lists arrays; shopt knows all of bash's option names
--- script
set -C
echo one &> f; echo "st=$?"
echo two &> f 2>/dev/null; echo "st=$?"
cat f
set +C
__a=(1 '2 3'); declare -A __m=([k]=v)
set | grep '^__'
shopt -s autocd; echo "st=$?"; shopt -p autocd progcomp
--- stdout
st=0
st=1
one
__a=([0]="1" [1]="2 3")
__m=([k]="v" )
st=0
shopt -s autocd
shopt -s progcomp
--- stderr
vsh: line 3: f: cannot overwrite existing file

=== commands see exported scalars only: an unexported TZ or an exported array is not in their environment
--- script
unset TZ; TZ=Asia/Tokyo; date -d @0 +%H
export TZ; date -d @0 +%H
TZ=UTC date -d @0 +%H
arr=(a b); export arr; printenv arr; echo "st=$?"
--- stdout
00
09
00
st=1

=== printf %(fmt)T uses the exported TZ
--- script
unset TZ
TZ=Asia/Tokyo; printf '%(%F %H:%M %Z)T\n' 1557978599
export TZ; printf '%(%F %H:%M %Z %z)T\n' 1557978599
export TZ=US/Eastern; printf '%(%F %T %Z)T\n' 1557978599
--- stdout
2019-05-16 03:49 UTC
2019-05-16 12:49 JST +0900
2019-05-15 23:49:59 EDT

=== SHELLOPTS and BASHOPTS list the options that are on; a prefix assignment to a readonly variable still runs the command
--- script
echo "$SHELLOPTS"
set -x; o=$SHELLOPTS; set +x
echo "$o"
shopt -s extglob; echo "$BASHOPTS" | tr : '\n' | grep -c extglob
readonly r=1
r=2 echo runs 2>/dev/null; echo "st=$?"
--- stdout
braceexpand:hashall:interactive-comments
braceexpand:hashall:interactive-comments:xtrace
1
runs
st=0
--- stderr
+ o=braceexpand:hashall:interactive-comments:xtrace
+ set +x
vsh: line 6: r: readonly variable

=== bash -c leaves with 127 after a fatal expansion error; a script or a subshell with 1
--- script
bash -c 'echo ${undef?message}' 2>/dev/null; echo "st=$?"
bash -c 'case ${undef?m} in *) ;; esac' 2>/dev/null; echo "st=$?"
bash -c 'set -u; echo $undef' 2>/dev/null; echo "st=$?"
( echo ${undef?m} ) 2>/dev/null; echo "st=$?"
--- stdout
st=127
st=127
st=127
st=1

=== help prints a builtin's synopsis and fails on an unknown topic
--- script
help -s echo cd
help -s 'ul*'
help nosuchtopic; echo "st=$?"
--- stdout
echo: echo [-neE] [arg ...]
cd: cd [-L|[-P [-e]] [-@]] [dir]
Shell commands matching keyword `ul*'

ulimit: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]
st=1
--- stderr
vsh: line 3: help: no help topics match `nosuchtopic'.  Try `help help' or `man -k nosuchtopic' or `info nosuchtopic'.

=== declare -n on a value that names no variable fails; assigning through a circular nameref fails
--- script
typeset -n r1=r2
typeset -n r2=r1
r1=z
echo "st=$?"
ref=1; typeset -n ref 2>/dev/null; echo "st=$?"; ref=foo; echo "$ref"
--- stdout
st=1
st=1
foo
--- stderr
vsh: line 3: warning: r1: circular name reference

=== xtrace quotes control characters as $'...'; return outside a function in a bash -c subshell is status 2
--- script
exec 2>&1
set -x
echo $'a\003b' >/dev/null
echo $'t\tx' >/dev/null
set +x
bash -c 'true; ( return 3; )' 2>/dev/null; echo "st=$?"
--- stdout
+ echo $'a\003b'
+ echo 't	x'
+ set +x
st=2

=== exec {fd}>&- closes the descriptor the variable holds
--- script
exec {fd}>file1
echo foo55 >&$fd
exec {fd}>&-
echo still-here
cat file1
--- stdout
still-here
foo55

=== running a path that cannot be run is 126, a missing one 127; trap -1 is a usage error; $x-f() is refused
--- script
touch f
./f/x 2>/dev/null; echo "st=$?"
./nosuch 2>/dev/null; echo "st=$?"
trap -1 EXIT 2>/dev/null; echo "st=$?"
--- stdout
st=126
st=127
st=2

=== the ERR trap after a failing function call sees the call's line
--- script
trap 'echo line=$LINENO' ERR
failing() {
  true
  false
}
failing
echo ok
--- stdout
line=6
ok

=== a child bash sets its own variables, and keeps OSTYPE from the environment
--- script
bash -c 'echo "[$BASH_VERSION] [$OPTIND] [$PS4]"'
OSTYPE=x bash -c 'echo "$OSTYPE"'
bash -x -c 'echo "$SHELLOPTS" | tr : "\n" | grep -c xtrace' 2>/dev/null
--- stdout
[5.2.15(1)-release] [1] [+ ]
x
1

=== declare -p shows the computed arrays FUNCNAME, BASH_LINENO and PIPESTATUS
--- script
f() { declare -p FUNCNAME; }
f
true | false; declare -p PIPESTATUS
--- stdout
declare -a FUNCNAME=([0]="f")
declare -a PIPESTATUS=([0]="0" [1]="1")

=== hash remembers where $PATH search found commands
--- script
hash
whoami >/dev/null; ls >/dev/null; ls >/dev/null
hash
hash -t ls
hash whoami; hash | grep whoami
hash nosuch 2>/dev/null; echo "st=$?"
PATH=$PATH; hash
--- stdout
hash: hash table empty
hits	command
   1	/usr/bin/whoami
   2	/usr/bin/ls
/usr/bin/ls
   0	/usr/bin/whoami
st=1
hash: hash table empty

=== readonly and export act on the variable in sight; names only
--- script
x=1; f() { readonly x=2; }; f; echo "x=$x"
g() { local y=1; export y=3; echo "in=$y"; }; g; echo "out=[$y]"
export e=(a b); e+=(c); declare -p e
readonly -a r; declare -p r
readonly 'b[7]=8'; echo "st=$?"
export 'c[1]'; echo "st=$?"
--- stdout
x=2
in=3
out=[]
declare -ax e=([0]="a" [1]="b" [2]="c")
declare -r r
st=1
st=1
--- stderr
vsh: line 5: readonly: `b[7]': not a valid identifier
vsh: line 6: export: `c[1]': not a valid identifier

=== subscripts: nested values and let expand them; declare reads a[a[0]=1]
--- script
a=(5 6 7); y=2
e='a[$(echo 1)]'; echo "$((e))"
let 'a[$y]+=1'; echo "${a[2]}"
declare -i i; i='a[$y]'; echo "$i"
declare b[b[0]=4]=X; declare -p b
--- stdout
6
8
8
declare -a b=([0]="4" [4]="X")

=== array literals as bash 5.2 reads them
--- script
HOME=/h
i=([0]=~ z=~); declare -p i
declare -A A=([k]=~); declare -p A
a=([k]=-{a,b}-); declare -p a
declare -A h=([x]=X); h=([x]+=1); declare -p h
--- stdout
declare -a i=([0]="/h" [1]="z=~")
declare -A A=([k]="~" )
declare -a a=([0]="[k]=-a-" [1]="[k]=-b-")
declare -A h=([x]="X1" )

=== posix mode: special builtins before functions, and not redefinable
--- script
eval() { echo "func $*"; }
eval 'echo one'
set -o posix
eval 'echo two'
foo=bar :; declare -p foo
true() { :; }; echo "true ok"
exit() { :; }
echo not reached
--- stdout
func echo one
two
declare -x foo="bar"
true ok
--- status: 2
--- stderr
vsh: line 7: `exit': is a special builtin

=== a file on PATH that is not executable is found, and refused when run
--- script
mkdir d; touch d/ne; PATH=$PWD/d:$PATH
type -t ne; p=$(command -v ne); echo "${p##*/}"
type -a ne 2>/dev/null; echo "a=$?"
ne 2>/dev/null; echo "run=$?"
--- stdout
file
ne
a=1
run=126

=== signals: a trapped one waits for the command; jobs ignore INT; errtrace reaches jobs
--- script
trap 'echo got' USR1
{ sleep 0.1; kill -USR1 $$; } & sleep 0.3; echo after
sleep 1 & sleep 0.1; kill -INT $!; wait $!; echo "int=$?"
set -o errtrace; trap 'echo err' ERR
false & wait
{ false; echo async; } & wait
--- stdout
got
after
int=0
err
async

=== [[ !( ]] without extglob, escaped class delimiters, FUNCNAME under source
--- script
s=x; [[ !($s) ]] || echo negated
touch f.-; echo *.[[:punct\:]]
echo 'echo "fn=[${FUNCNAME[*]}]"' > src.sh
. ./src.sh; f() { . ./src.sh; }; f
--- stdout
negated
f.-
fn=[]
fn=[source f]

=== namerefs to elements, exported namerefs, ~ in ${x/~/r}, C-locale patterns
--- script
x=foo; declare -n -x ref=x; printenv ref
a=(X Y Z); declare -n r='a[0]'
r[1]=no; echo "dropped with the line"
echo "st=$? ${a[*]} [${r[@]}]"; r=yes; echo "${a[*]}"
HOME=/h; p=/h/src; echo "${p/~/Z}" ${p#~} "${p/\/h/~}"
s='_μ_'; echo ${s/_?_/X}; LC_ALL=C; echo ${s/_?_/X} ${s/_??_/Y}
echo 'echo $-' | bash
--- stdout
x
st=1 X Y Z []
yes Y Z
Z/src /src /h/src
X
_μ_ Y
hBs
--- stderr
vsh: line 3: `a[0]': not a valid identifier

=== bash's quirks: {$a,b}_c, IFS='' with ${!a[*]}, ${!r:-x} of a[@], B=(..) cmd, 1>&file
--- script
a=A; a_c=AC; echo {$a,b}_{c,d}
IFS=''; arr=(v1 v2); printf '<%s>' ${!arr[*]} ${arr[*]}; echo; unset IFS
e=(""); r='e[@]'; echo "[${!r:-empty}]"
B=(b "x y") printenv B
declare +a 's=(2 3)'; echo "$s"
echo one 1>&out.txt; cat out.txt
--- stdout
AC b_c b_d
<0 1><v1><v2>
[]
(b x y)
(2 3)
one

=== posix mode keeps a special builtin's prefix assignments, unless unset
--- script
set -o posix
f() { x=42; x=tmp unset x; echo "x=$x"; y=1 eval 'y=2'; echo "y=$y"; }
f
--- stdout
x=42
y=2

=== a child shell's PWD: the logical cwd only when inherited
--- script
mkdir -p t/target; ln -s "$PWD/t/target" t/sym; cd t/sym
bash -c 'basename "$PWD"'
unset PWD
bash -c 'basename "$PWD"'
--- stdout
sym
target

=== set -e run inside ! takes effect there (not inside if)
--- script
foo() { set -e; false; echo "not reached under !"; }
bar() { set -e; false; echo "if ignores it"; set +e; }
if bar; then :; fi
set -e; ! foo; set +e
echo "on before: no change"
! foo
echo "not reached either"
--- stdout
if ignores it
not reached under !
on before: no change
--- status: 1

=== $- of a shell started with -c or reading stdin
--- script
bash -c 'echo $-'; echo 'echo $-' | bash
--- stdout
hBc
hBs

=== declare -f and type print functions in bash's layout
--- script
f() {
  local x=$(  echo  sub ) y=$'a\tb'   # comment
  if [[ $x == s* && ! -z "$y" ]]; then echo "one" >&2; elif (( x > 2 )); then :; else
    for i in a "b c"; do echo $i; done 2>/dev/null
  fi
  case $x in a|b) echo ab;; *) ;; esac
  { echo grp; } > /dev/null & wait
  cat <<EOF | wc -l
body $x
EOF
  while read -r l; do ((n++)); done < /dev/null; for ((i=0;i<2;i++)); do :; done
  g() ( echo sub )
}
declare -f f
type f | head -1
declare -f nope; echo "st=$?"
--- stdout
f () 
{ 
    local x=$(echo sub) y='a	b';
    if [[ $x == s* && ! -z "$y" ]]; then
        echo "one" 1>&2;
    else
        if (( x > 2 )); then
            :;
        else
            for i in a "b c";
            do
                echo $i;
            done 2> /dev/null;
        fi;
    fi;
    case $x in 
        a | b)
            echo ab
        ;;
        *)

        ;;
    esac;
    { 
        echo grp
    } > /dev/null & wait;
    cat <<EOF |
body $x
EOF
  wc -l
    while read -r l; do
        ((n++));
    done < /dev/null;
    for ((i=0; i<2; i++))
    do
        :;
    done;
    function g () 
    { 
        ( echo sub )
    }
}
f is a function
st=1

=== xtrace shows an array literal as written
--- script
set -x; a=(1 "2 3" $HOME); b+=([k]=v); c[2]=z
--- stderr
+ a=(1 "2 3" $HOME)
+ b+=([k]=v)
+ c[2]=z

=== bash and sh are programs on PATH, as on Debian
--- script
type bash; command -v sh; /bin/bash -c 'echo "hi from $0"'; /usr/bin/sh -c 'echo sh'
env -i /bin/bash -c 'echo "$PATH"'
--- stdout
bash is /usr/bin/bash
/usr/bin/sh
hi from /bin/bash
sh
/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.

=== echo -e octal needs \0; command -V shows a function; declare -p refuses x=y; extdebug
--- script
echo -e '\1|\0101|\101' | od -An -c
printf '%b\n' '\101|\0101'
f() { echo x; }
command -V f
declare -p a=b; echo "st=$?"
shopt -s extdebug; declare -F f
--- stdout
   \   1   |   A   |   \   1   0   1  \n
A|A
f is a function
f () 
{ 
    echo x
}
st=1
f 3 environment
--- stderr
vsh: line 5: declare: a=b: not found

=== an exported SHELLOPTS reaches child shells; env may set a readonly name
--- script
export SHELLOPTS; set -o nounset
bash -c 'echo "$unset_var"' 2>/dev/null || echo "child has nounset"
env UID=5 printenv UID
--- stdout
child has nounset
5

=== compgen -F, -C, -G and -X
--- script
_f() { COMPREPLY=({0..5}); unset -v 'COMPREPLY[2]'; echo "args: $*" >&2; }
compgen -F _f w 2>/dev/null
compgen -C 'echo one' w 2>/dev/null
touch a1; compgen -G 'a*'; compgen -G 'zz*'; echo "rc=$?"
compgen -W 'apple banana avocado' -X '*o' a
--- stdout
0
1
3
4
5
one compgen w 
a1
rc=1
apple

=== named pipes: mkfifo, <> both ways, a writer job and a reader
--- script
mkfifo p; mkfifo p; echo "again=$?"
ls -l p | cut -c1-10; stat -c '%F %a' p; test -p p && echo "test -p"; ls -F p; find . -type p
exec 8<> p; echo first >&8; echo second >&8; read a <&8; read b <&8; exec 8<&-
echo "a=$a b=$b"
{ echo from-job; echo two; } > p &
cat p; wait
seq 3 > p & wc -l < p; wait
--- stdout
again=1
prw-r--r--
fifo 644
test -p
p|
./p
a=first b=second
from-job
two
3
--- stderr
mkfifo: cannot create fifo 'p': File exists

=== printf names a bad conversion as bash does
--- script
printf '%%|%5%|\n'; echo; printf '%5z|\n'; echo "rc=$?"
--- stdout
%|
rc=1
--- stderr
vsh: line 1: printf: `%': invalid format character
vsh: line 1: printf: `|': invalid format character

=== printf takes the ' (grouping) flag, which groups nothing in C.UTF-8
--- script
printf "%'d|%'10.2f|%'s\n" 1234567 1234.5 abc
--- stdout
1234567|   1234.50|abc

=== ${x~} and ${x~~} toggle case; readonly assignment drops the line
--- script
s="Hello wORLD"; echo "${s~} ${s~~} ${s~~[lo]}"
readonly r=1
r=2; echo "not reached"
echo "next"
let r=4; echo "let=$?"
--- stdout
hello wORLD hELLO World HeLLO wORLD
next
let=1
--- stderr
vsh: line 3: r: readonly variable
vsh: line 5: r: readonly variable

=== an error inside eval or a sourced file drops that command only
--- script
printf 'echo $((1/0)); echo same\necho next-line\n' > s1.sh
. ./s1.sh; echo "src=$?"
eval 'echo $((1/0)); echo same
echo next-in-eval'; echo "eval=$?"
readonly r=1
eval 'r=2'; echo "ro=$?"
--- stdout
next-line
src=0
next-in-eval
eval=0
ro=1
--- stderr-differs: bash numbers an error in a multi-line eval by the line where the eval command ended; vsh by the line where it started
--- stderr
./s1.sh: line 1: 1/0: division by 0 (error token is "0")
vsh: line 4: 1/0: division by 0 (error token is "0")
vsh: line 6: r: readonly variable

=== a RETURN trap set in a function runs as it returns; BASH_VERSINFO; getopts' own messages
--- script
t() { trap 'echo returning' RETURN; echo in-t; }; t; trap - RETURN
u() { :; }; u; echo after
echo "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]} ${#BASH_VERSINFO[@]}"
f() { local OPTIND=1 o; getopts 'a:' o -x; getopts 'a:' o -a; echo "o=$o"; }; f
--- stdout
in-t
returning
after
5.2 6
o=?
--- stderr
vsh: illegal option -- x

=== kill -l and trap -l print bash's signal table
--- script
kill -l | head -2; trap -l | tail -1; kill -l 9 TERM
--- stdout
 1) SIGHUP	 2) SIGINT	 3) SIGQUIT	 4) SIGILL	 5) SIGTRAP
 6) SIGABRT	 7) SIGBUS	 8) SIGFPE	 9) SIGKILL	10) SIGUSR1
63) SIGRTMAX-1	64) SIGRTMAX	
KILL
15

=== getopts: OPTERR=0 silences its messages, assigning OPTIND restarts a bundle, usage has no line number
--- script
OPTERR=0; getopts a o -x; echo "$o [${OPTARG-unset}]"; getopts a: o -a; echo "$o"
OPTERR=1 OPTIND=1
getopts ab o -ab; echo $o $OPTIND; OPTIND=1; getopts ab o -ab; echo $o $OPTIND
getopts ab o -ab; echo $o $OPTIND
(set | grep -c '^__')
getopts a; echo $?
--- stdout
? [unset]
?
a 1
a 1
b 2
0
2
--- stderr
getopts: usage: getopts optstring name [arg ...]

=== redirection errors name the word as written; exec finds only programs; varredir_close
--- script
x="a b"; echo hi > $x
y=9; echo hi >&$y; echo hi >&"$y"; echo hi >&9
f() { echo f; }
(exec f); echo "exec $?"
(exec cd /); echo "exec $?"
shopt -s varredir_close
{ echo x; } {fd}>f2; echo $fd; echo hi >&$fd; echo $?
shopt -u varredir_close
{ echo x; } {fd}>f2; echo hi >&$fd; echo $?; cat f2
--- stdout
exec 127
exec 127
x
10
1
x
0
hi
--- stderr
vsh: line 1: $x: ambiguous redirect
vsh: line 2: $y: Bad file descriptor
vsh: line 2: "$y": Bad file descriptor
vsh: line 2: 9: Bad file descriptor
vsh: line 4: exec: f: not found
vsh: line 5: exec: cd: not found
vsh: line 7: $fd: Bad file descriptor

=== read checks its names and assigns array elements
--- script
read 1x <<< a; echo $?
read a 'b c' <<< "p q"; echo $? $a
read "arr[1]" <<< z; echo ${arr[1]}
declare -A m; read 'm[k]' 'm[j]' <<< "1 2"; echo ${m[k]}${m[j]}
--- stdout
1
1 p
z
12
--- stderr
vsh: line 1: read: `1x': not a valid identifier
vsh: line 2: read: `b c': not a valid identifier

=== alias listings are sorted and quote single quotes as '\''
--- script
alias z=1 a=2 b="echo 'y'"
alias
alias b
command -v b
set -o posix
alias b
--- stdout
alias a='2'
alias b='echo '\''y'\'''
alias z='1'
alias b='echo '\''y'\'''
b='echo '\''y'\'''

=== a function printed back names its coprocesses (COPROC by default)
--- script
f() { coproc cat; coproc { cat; }; coproc N { cat; }; }
declare -f f
--- stdout
f () 
{ 
    coproc COPROC cat;
    coproc COPROC { 
        cat
    };
    coproc N { 
        cat
    }
}

=== read -t: a timeout is status 142 and keeps what came; -t 0 asks whether input is there
--- script
{ printf ab; sleep 1; } | { read -t 0.1 v; echo "$? [$v]"; }
{ sleep 1; } | { read -t 0.1 -a arr; echo "$? ${#arr[@]}"; }
echo x | { sleep 0.1; read -t 0 v; echo "$? [$v]"; }
true | { sleep 0.1; read -t 0 v; echo "$? [$v]"; }
read -t 0 v < <(sleep 1); echo $?
read -t 5 v <<< fast; echo "$? $v"
read -t -1 v <<< x; echo $?
read -t abc v <<< x; echo $?
read -e -i pre v <<< typed; echo $v
--- stdout
142 [ab]
142 0
0 []
0 []
1
0 fast
1
1
typed
--- stderr
vsh: line 7: read: -1: invalid timeout specification
vsh: line 8: read: abc: invalid timeout specification

=== time follows TIMEFORMAT: precision, long form, %%, empty, a bad character; shift -- and a negative count
--- script
TIMEFORMAT='%0R|%0lR|%9lU|%1S %%'
time true
TIMEFORMAT=
time true
TIMEFORMAT='%x'
time true
TIMEFORMAT='%3R'
{ time -p true; } 2>&1 | sed 's/[0-9]/N/g'
set -- a b c
shift -- 2; echo "$? $*"
shift -1; echo $?
--- stdout
real N.NN
user N.NN
sys N.NN
0 c
1
--- stderr
0|0m0s|0m0.000s|0.0 %
vsh: line 6: TIMEFORMAT: `x': invalid format character
vsh: line 11: shift: -1: shift count out of range

=== local and local -p list only the running function's locals; declare -p shows attributes in bash's order
--- script
x=global
f() { local a=1; g; }
g() { local b=2 c; local -p; local; }
f
declare -lx L=ABC; declare -p L
declare -ir I=5; declare -p I
--- stdout
declare -- b="2"
declare -- c
declare -- b="2"
declare -- c
declare -xl L="abc"
declare -ir I="5"

=== export -f marks functions (not variables); declare -F shows their attributes
--- script
f() { :; }; g() { :; }; h() { :; }
export -f f; readonly -f g; declare -ft h
declare -F
export -f nof 2>/dev/null; echo $?
declare -p f 2>/dev/null; echo $?
export -nf f; declare -F | head -1
--- stdout
declare -fx f
declare -fr g
declare -ft h
1
1
declare -f f

=== |& sends stderr into the pipe only after the command's own redirections
--- script
{ echo out; echo err >&2; } >/dev/null |& cat
echo ---
{ echo err >&2; } 2>/dev/null |& cat
echo ---
mkdir d
echo x >d |& grep -c 'Is a directory'
echo "${PIPESTATUS[*]}"
{ echo o; echo e >&2; } |& sort
--- stdout
---
err
---
0
1 1
e
o
--- stderr
vsh: line 6: d: Is a directory

=== declare makes an array of a (...) value only when written so, or for -a or an array
--- script
declare s1="(a b)"
v='(c d)'
declare s2=$v
w='s3=(e)'
declare $w
f() { local l="(g h)"; declare -p l; }
f
export e="(i j)"
readonly r="(k l)"
declare -p s1 s2 s3 e r
declare a1=(m n)
declare -a a2="(o p)"
arr=(1)
declare arr="(q r)"
declare -p a1 a2 arr
--- stdout
declare -- l="(g h)"
declare -- s1="(a b)"
declare -- s2="(c d)"
declare -- s3="(e)"
declare -x e="(i j)"
declare -r r="(k l)"
declare -a a1=([0]="m" [1]="n")
declare -a a2=([0]="o" [1]="p")
declare -a arr=([0]="q" [1]="r")

=== with PATH empty or unset a missing command is reported as a missing file
--- script
PATH=
nosuchcmd
echo "status $?"
unset PATH
nosuchcmd
PATH=/nonexistent
nosuchcmd
--- stdout
status 127
--- stderr
vsh: line 2: nosuchcmd: No such file or directory
vsh: line 5: nosuchcmd: No such file or directory
vsh: line 7: nosuchcmd: command not found
--- status: 127

=== set -u names an unbraced positional parameter with its dollar sign
--- script
printf 'set -u\nf() { echo "$3"; }\nf a\n' > s.sh
bash s.sh; echo "status $?"
printf 'set -u\necho "${2}"\n' > t.sh
bash t.sh; echo "status $?"
--- stdout
status 1
status 1
--- stderr
s.sh: line 2: $3: unbound variable
t.sh: line 2: 2: unbound variable
--- status: 0

=== test with too many arguments names no operand
--- script
test 1 = 1 = 1; echo "status $?"
[ a b c d e ]; echo "status $?"
--- stdout
status 2
status 2
--- stderr
vsh: line 1: test: too many arguments
vsh: line 2: [: too many arguments
--- status: 0

=== a here-document cut by the end of input warns and keeps its body
--- script
printf 'echo x\ncat <<EOF\na\nb\n' > h1.sh
printf 'cat <<EOF; cat <<END\none\n' > h2.sh
bash h1.sh; echo "status $?"
bash h2.sh; echo "status $?"
--- stdout
x
a
b
status 0
one
status 0
--- stderr
h1.sh: line 4: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')
h2.sh: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
h2.sh: line 2: warning: here-document at line 2 delimited by end-of-file (wanted `END')
--- status: 0

=== bash on a directory names the script in front of the error
--- script
mkdir d
bash d; echo "status $?"
--- stdout
status 126
--- stderr
d: d: Is a directory
--- status: 0

=== a name and "(" at the end of the text: the unexpected token is the newline
--- script
eval 'echo ('; echo "status $?"
printf 'f (' > s.sh
bash s.sh; echo "status $?"
--- stdout
status 2
status 2
--- stderr
vsh: eval: line 1: syntax error near unexpected token `newline'
vsh: eval: line 1: `echo ('
s.sh: line 1: syntax error near unexpected token `newline'
s.sh: line 1: `f ('
--- status: 0

=== read -n and -N count characters in a UTF-8 locale, -N unescapes without -r and -N -a keeps one element
--- script
printf 'ÿéx\n' | { read -r -n 2 w; echo "[$w]"; }
printf 'ÿéx\n' | { read -r -N 2 w; echo "[$w]"; }
printf 'a\\nb' | { read -N 4 w; echo "[$w]"; }
printf 'p q r' | { read -N 5 -a parts; declare -p parts; }
read v <&-; echo "rc=$?"
--- stdout
[ÿé]
[ÿé]
[anb]
declare -a parts=([0]="p q r")
rc=1
--- stderr
vsh: line 5: read: read error: 0: Bad file descriptor

=== ${x@A} of a declared variable without a value shows its attributes; a nameref's names the target
--- script
declare -i num; echo "[${num@A}]"
declare plain; echo "[${plain@A}]"
declare -A map=([k]=v); echo "[${map@A}]"
goal=hi; declare -n via=goal; echo "${via@A}"
--- stdout
[declare -i num]
[]
[declare -A map]
goal='hi'

=== mapfile refuses an associative array and a closed fd, keeps a scalar as [0] under -O; getopts reads OPTERR as a number
--- script
declare -A assoc; mapfile -t assoc <<< x; echo "rc=$?"
mapfile -u 9 list; echo "rc=$?"
word=hello; mapfile -t -O 2 word < <(printf 'a\nb\n'); declare -p word
declare -n via=target; mapfile -t via < <(printf 'p\nq\n'); declare -p target
OPTERR=off; getopts "a" opt -z; echo "opt=$opt"
--- stdout
rc=1
rc=1
declare -a word=([0]="hello" [2]="a" [3]="b")
declare -a target=([0]="p" [1]="q")
opt=?
--- stderr
vsh: line 1: mapfile: assoc: not an indexed array
vsh: line 2: mapfile: 9: invalid file descriptor: Bad file descriptor

=== command -v/-V: the last of them wins, -V gives a relative PATH find in full, misses print in order
--- script
command -v -V echo
command -V -v echo
mkdir -p tools; printf '#!/bin/sh\n:\n' > tools/tool; chmod +x tools/tool
PATH="tools:$PATH"
command -v tool
command -V tool | sed "s|$PWD|CWD|"
f() { :; }
command -V nosuch f 2>&1 | sed 's/^.*command:/command:/'
--- stdout
echo is a shell builtin
echo
tools/tool
tool is CWD/tools/tool
command: nosuch: not found
f is a function
f () 
{ 
    :
}

=== unset: a[] names nothing, m[*] of an associative array is that key, a function with an odd name goes
--- script
list=(1 2 3); unset 'list[]'; declare -p list
declare -A map=(['*']=star [k]=v); unset 'map[*]'; declare -p map
declare -A other=([k]=v); unset 'other[@]'; declare -p other
function [() { :; }
unset [; echo "rc=$?"; type -t [
--- stdout
declare -a list=([0]="1" [1]="2" [2]="3")
declare -A map=([k]="v" )
declare -A other=([k]="v" )
rc=0
builtin

=== set lists a value plainly unless it has a shell metacharacter; an empty value stays empty
--- script
empty= tail=a~ head='~x' after='k=~' hash='#1' mid='a#b' comma='a,b' sp='a b'
set | grep -E '^(empty|tail|head|after|hash|mid|comma|sp)='
--- stdout
after='k=~'
comma=a,b
empty=
hash='#1'
head='~x'
mid=a#b
sp='a b'
tail=a~

=== source of a directory names the builtin: "is a directory"
--- script
mkdir -p d
source d; echo "rc=$?"
--- stdout
rc=1
--- stderr
vsh: line 2: source: d: is a directory

=== hash -t of several names tags each with its name, -t -l prints a hash -p line, a lost name leaves the table
--- script
hash -p /opt/one first; hash -p "/opt/two dir" second
hash -t first second
hash -t -l second
hash first 2>/dev/null; echo "rc=$?"
hash -t first 2>/dev/null || echo "first gone"
--- stdout
first	/opt/one
second	/opt/two dir
builtin hash -p /opt/two dir second
rc=1
first gone

=== OLDPWD starts exported but unset; cd keeps whatever export it has
--- script
declare -p OLDPWD
echo "[${OLDPWD-unset}]"
mkdir -p sub; cd sub; declare -p OLDPWD | sed "s|=.*|=...|"
unset OLDPWD; cd ..; declare -p OLDPWD | sed "s|=.*|=...|"
--- stdout
declare -x OLDPWD
[unset]
declare -x OLDPWD=...
declare -- OLDPWD=...
=== sourcing a file with no command in it, or eval of a comment, gives 0
--- script
printf '# nothing here\n\n' > empty.sh
false; . ./empty.sh; echo "source: $?"
false; . /dev/null; echo "null: $?"
false; eval '# x'; echo "eval: $?"
--- stdout
source: 0
null: 0
eval: 0

=== reading a closed standard input fails with an error
--- script
cat <&- 2>/dev/null; echo "cat $?"
wc -l <&- 2>/dev/null; echo "wc $?"
head -n 1 <&- 2>/dev/null; echo "head $?"
grep x <&- 2>/dev/null; echo "grep $?"
msg=$(cat <&- 2>&1); [ -n "$msg" ] && echo "cat said something"
cat < /dev/null & wait; echo "background $?"
--- stdout
cat 1
0
wc 1
head 1
grep 2
cat said something
background 0

=== a pipeline's writer: a late write meets the reader gone (141)
--- script
{ echo hi; exit 55; } | false
echo "$?"
set -o pipefail
{ echo hi; exit 55; } | false; echo "$?"
{ echo a; sleep 0.3; echo b; } | true; echo "$? ${PIPESTATUS[*]}"
yes | true; echo "$? ${PIPESTATUS[*]}"
seq 100000 | head -n 1; echo "$? ${PIPESTATUS[*]}"
--- stdout
1
1
141 141 0
141 141 0
1
141 141 0
