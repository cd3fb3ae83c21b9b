=== a local declared under a call's prefix assignment keeps its value
--- script
show() { local w; echo "inner=${w-unset}"; }
outer() { show; }
w=top
w=given show
w=given outer
show
--- stdout
inner=given
inner=given
inner=unset

=== a local over a local starts unset, unless that one was a prefix binding
--- script
leaf() { local w; echo "leaf=${w-unset}"; }
mid() { local w=mine; leaf; }
w=given mid
mid
--- stdout
leaf=mine
leaf=unset

=== the prefix binding of a call is the function's own: local reuses it
--- script
drop() { unset -v "$1"; }
fn() {
  local w
  echo "local=${w-unset}"
  (unset w; echo "own unset=${w-unset}")
  (drop w; echo "caller unset=${w-unset}")
}
w=outer
w=given fn
--- stdout
local=given
own unset=unset
caller unset=outer

=== unset of a prefix binding without local shows the variable below
--- script
fn() { unset w; echo "after=${w-unset}"; }
w=outer
w=given fn
echo "still=$w"
--- stdout
after=outer
still=outer

=== local inside eval with a prefix binding lasts only for the eval
--- script
fn() {
  local w=first
  w=temp eval 'local w=second; echo "in=$w"'
  echo "out=$w"
}
fn
--- stdout
in=second
out=first

=== unset from a called function peels nested locals one at a time
--- script
peel() { unset -v w; }
fn() {
  local w=one
  w=t2 eval '
    local w=two
    w=t3 eval "
      local w=three
      echo \$w; peel; echo \$w; peel; echo \$w; peel; echo \$w; peel; echo \${w-unset}
    "
  '
}
w=top
fn
--- stdout
three
two
one
top
unset

=== local with no names lists no prefix bindings
--- script
fn() { local mine=1; local; }
w=given fn
--- stdout
declare -- mine="1"

=== a function's name may hold a slash, and is found before any file
--- script
function lib/greet { echo "hello $1"; }
lib/greet you
type lib/greet | head -1
command lib/greet 2>/dev/null || echo "command: $?"
(exec lib/greet 2>/dev/null) || echo "exec: $?"
--- stdout
hello you
lib/greet is a function
command: 127
exec: 127

=== too many arguments to shift, return, break: a script drops the rest of the line
--- script
cat > s.sh <<'EOS'
set -- a b
shift 1 2; echo same line
echo "next: $? $1"
f() { return 0 1; }
f; echo same line
echo "next: $?"
for i in x y; do echo $i; break 1 2; done; echo same line
echo "next: $?"
eval 'exit 1 2; echo in eval'; echo same line
echo "next: $?"
EOS
bash s.sh
--- stdout
next: 1 a
next: 1
x
next: 1
next: 1
--- stderr
s.sh: line 2: shift: too many arguments
s.sh: line 4: return: too many arguments
s.sh: line 7: break: too many arguments
s.sh: line 9: exit: too many arguments

=== too many arguments end a subshell and a bash -c shell
--- script
(shift 1 2; echo not here); echo "sub: $?"
bash -c 'shift 1 2
echo not here' 2>/dev/null; echo "bash -c: $?"
--- stdout
sub: 1
bash -c: 1
--- stderr
vsh: line 1: shift: too many arguments

=== unset of an indexed element expands its subscript first
--- script
a=(p q r s)
i=1
unset 'a[$i]'
unset 'a[$(echo 3)]'
unset 'a[i+1]'
declare -p a
--- stdout
declare -a a=([0]="p")

=== cdable_vars: cd to a variable's value when no such directory
--- script
mkdir -p top/inner
spot=top/inner
cd spot 2>/dev/null || echo "off: $?"
shopt -s cdable_vars
cd spot
pwd | sed 's|.*/top|top|'
cd ../..
list=(top x)
cd list && basename "$PWD"
--- stdout
off: 1
top/inner
top/inner
top
top

=== a script with a NUL byte in its first line is refused as binary
--- script
printf 'echo one\0two\necho three\n' > bin.sh
printf 'echo one\necho two\0\n' > ok.sh
bash bin.sh; echo "status $?"
bash ok.sh | od -c | head -2
--- stdout
status 126
0000000   o   n   e  \n   t   w   o  \n
0000010
--- stderr
bin.sh: bin.sh: cannot execute binary file

=== ulimit refuses a block count whose bytes do not fit in 64 bits
--- script
ulimit -f $(( 1 << 53 )); ulimit -f
ulimit -f $(( (1 << 62) + 1 )); echo "status $?"
ulimit -f
--- stdout
9007199254740992
status 1
9007199254740992
--- stderr
vsh: line 2: ulimit: 4611686018427387905: limit out of range

=== in the C locale a glob's ? matches one byte, not one character
--- script
touch _a_ _é_
LC_ALL=C.UTF-8
echo _?_
LC_ALL=C
echo _?_
LC_ALL=C.UTF-8 bash -c 'echo _?_'
LC_ALL=C bash -c 'echo _?_'
--- stdout
_a_ _é_
_a_
_a_ _é_
_a_

=== slices of an array whose highest index is the largest integer
--- script
a=(p q)
a[0x7FFFFFFFFFFFFFFF]=z
a[0x7FFFFFFFFFFFFFFE]=y
echo "[${a[@]: -1}] [${a[*]: -2}] [${a[@]: -3}]"
echo "[${a[@]:1:2}] [${a[@]: -2:1}]"
--- stdout
[z] [y z] [y z]
[q y] [y]

=== writing to a closed standard output fails
--- script
echo gone >&-; echo "echo $?"
printf gone >&-; echo "printf $?"
pwd >&-; echo "pwd $?"
type echo >&-; echo "type $?"
true >&-; echo "true $?"
( echo gone >&- ) 2>/dev/null || echo "subshell failed"
--- stdout
echo 1
printf 1
pwd 1
type 1
true 0
subshell failed
--- stderr
vsh: line 1: echo: write error: Bad file descriptor
vsh: line 2: printf: write error: Bad file descriptor
vsh: line 3: pwd: write error: Bad file descriptor
vsh: line 4: type: write error: Bad file descriptor

=== wait takes jobspecs, and refuses what is neither a pid nor a jobspec
--- script
(exit 3) & wait %1; echo "%1: $?"
(exit 4) & wait %+; echo "%+: $?"
(exit 5) & wait %%; echo "%%: $?"
(exit 6) & wait %?exit; echo "%?exit: $?"
wait zzz; echo "zzz: $?"
wait %9; echo "%9: $?"
--- stdout
%1: 3
%+: 4
%%: 5
%?exit: 6
zzz: 1
%9: 127
--- stderr
vsh: line 5: wait: `zzz': not a pid or valid job spec
vsh: line 6: wait: %9: no such job

=== declare will not drop an array attribute nor turn one kind of array into the other
--- script
declare -a list=(1 2); declare +a list; echo "rc=$?"; declare -p list
declare -A map=([k]=v); declare +A map; echo "rc=$?"
declare -a none; declare -A none; echo "rc=$?"; declare -p none
declare -aA two=(x); echo "rc=$?"; declare -p two
--- stdout
rc=1
declare -a list=([0]="1" [1]="2")
rc=1
rc=1
declare -a none
rc=1
declare -A two=([x]="" )
--- stderr
vsh: line 1: declare: list: cannot destroy array variables in this way
vsh: line 2: declare: map: cannot destroy array variables in this way
vsh: line 3: declare: none: cannot convert indexed to associative array
vsh: line 4: declare: two: cannot convert associative to indexed array

=== declare NAME[N] with no value makes an empty indexed array; NAME[] is refused
--- script
declare slots[4]; declare -p slots
declare 'bad[]'; echo "rc=$?"
f() { :; }; declare -p -F f; declare -F f
--- stdout
declare -a slots
rc=1
declare -f f
f
--- stderr
vsh: line 2: declare: `bad[]': not a valid identifier

=== a case attribute given after the value recases all of it on +=
--- script
up=abc; declare -u up; up+=def; echo "$up"
low=ABC; declare -l low; low+=DEF; echo "$low"
--- stdout
ABCDEF
abcdef

=== [[ -R ]] is false for a nameref that names nothing yet
--- script
declare -n pending
[[ -R pending ]]; echo "rc=$?"
pending=target
[[ -R pending ]]; echo "rc=$?"
--- stdout
rc=1
rc=0

=== prefix assignments to one name build on each other; += follows the variable's attributes
--- script
show() { echo "[$V]"; }
V=1 V+=2 show
declare -i n=5
n+=3 env | grep '^n='
n=2+3 env | grep '^n='
n+=1 n+=2 env | grep '^n='
declare -u up=a
up+=x env | grep '^up='
--- stdout
[12]
n=8
n=2+3
n=62
up=AX

=== a nameref to an array element works in arithmetic and unset goes through it
--- script
nums=(10 20 30 40)
declare -n third='nums[2]'
(( third++ ))
(( third += 5 ))
echo "${nums[2]} $(( third * 2 ))"
unset third
declare -p nums
--- stdout
36 72
declare -a nums=([0]="10" [1]="20" [3]="40")

=== unset through a nameref removes the target; declare -a through one shapes the target
--- script
goal=v
declare -n via=goal
unset via
declare -p goal 2>/dev/null || echo "goal gone"
declare -n list=items
declare -a list
list=(p q)
declare -p items
--- stdout
goal gone
declare -a items=([0]="p" [1]="q")

=== a nameref loop variable names each word; an empty nameref target is refused
--- script
one=1 two=2
declare -n each
for each in one two; do echo "$each"; done
echo "$one $two"
declare -n empty=""; echo "rc=$?"
declare -p empty 2>/dev/null || echo "not made"
goal=fixed; declare -n r=goal; readonly r
r=other
--- stdout
1
2
1 2
rc=1
not made
--- stderr
vsh: line 5: declare: `': not a valid identifier
vsh: line 8: goal: readonly variable
--- status: 1

=== local -I starts a local from the variable it shadows
--- script
name=outer; declare -A map=([k]=v); list=(a b)
f() {
  local -I name; local -I map; local -I 'list[2]=c'
  echo "$name ${map[k]} ${list[*]}"
  local -I name+=2; echo "$name"
  local -I -a name2; declare -p name2 2>/dev/null || echo "no name2"
}
f
g() { local -I -A list; echo "rc=$?"; }
g 2>/dev/null
declare -p list
--- stdout
outer v a b c
outer2
declare -a name2
rc=1
declare -a list=([0]="a" [1]="b")
