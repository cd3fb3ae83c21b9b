=== pushd/popd/dirs with +N and -N, -n, -c, -l, -v, DIRSTACK
--- script
HOME=$PWD
mkdir -p a b c
pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null
dirs -p; dirs +1; dirs -0
pushd +1; dirs
popd +1; dirs
popd -0; dirs
echo ${#DIRSTACK[@]} ${DIRSTACK[1]#$HOME}.
pushd -n ~/c; dirs -v
popd -n; dirs -l | sed "s|$HOME|H|g"
dirs -c; dirs; echo ${#DIRSTACK[@]}
--- stdout
~/c
~/b
~/a
~
~/b
~
~/b ~/a ~ ~/c
~/b ~/a ~ ~/c
~/b ~ ~/c
~/b ~ ~/c
~/b ~
~/b ~
2 .
~/b ~/c ~
 0  ~/b
 1  ~/c
 2  ~
~/b ~
H/b H
~/b
1

=== pushd/popd/dirs errors
--- script
HOME=$PWD
mkdir a
dirs +1; echo $?
pushd a >/dev/null
dirs +5; echo $?
pushd +5; echo $?
popd -5; echo $?
dirs -x; echo $?
pushd a b; echo $?
popd; popd; echo $?
pushd; echo $?
--- stdout
1
1
1
1
2
1
~
1
1
--- stderr
vsh: line 3: dirs: directory stack empty
vsh: line 5: dirs: 5: directory stack index out of range
vsh: line 6: pushd: +5: directory stack index out of range
vsh: line 7: popd: -5: directory stack index out of range
vsh: line 8: dirs: -x: invalid number
dirs: usage: dirs [-clpv] [+N] [-N]
vsh: line 9: pushd: too many arguments
vsh: line 10: popd: directory stack empty
vsh: line 11: pushd: no other directory

=== set -n reads commands without running them
--- script
echo before
set -n; echo no
echo no2
--- stdout
before

=== command -v and type see aliases only while they expand
--- script
alias ll='ls -l'
command -v ll; type -t ll; echo $?
shopt -s expand_aliases
command -v ll; type -t ll
--- stdout
1
alias ll='ls -l'
alias

=== xtrace: prefix assignments, export and readonly
--- script
set -x
x=1 y="a b" true 2>/dev/null
export A=1 B C+=x
readonly R="a b"
declare -x D=1
--- stderr
+ x=1
+ y='a b'
+ true
+ export A=1 B C+=x
+ A=1
+ C+=x
+ readonly 'R=a b'
+ R='a b'
+ declare -x D=1

=== assigning DIRSTACK[n] replaces an entry of the stack
--- script
cd /tmp; pushd /usr >/dev/null; pushd /bin >/dev/null
DIRSTACK[2]=/etc; dirs
DIRSTACK[-1]=/var; dirs
DIRSTACK[1]+=x; dirs
DIRSTACK[7]=/q; echo $?; dirs
DIRSTACK[0]=/; pwd
--- stdout
/bin /usr /etc
/bin /usr /var
/bin /usrx /var
0
/bin /usrx /var
/bin

=== cd a/..: a must be a directory, each .. checked after what precedes it
--- script
cd nonexist/..; echo $?
touch f; cd f/..; echo $?
mkdir -p a/b; cd a/b/../..; echo $?
cd a/../a/b/../../nope/..; echo $?
cd /; cd ..; echo $?; pwd
--- stdout
1
1
0
1
0
/
--- stderr
vsh: line 1: cd: nonexist/..: No such file or directory
vsh: line 2: cd: f/..: Not a directory
vsh: line 4: cd: a/../a/b/../../nope/..: No such file or directory

=== cd d/.. needs d to be a directory, not searchable (bash's logical cd)
--- non-root
--- script
mkdir d; chmod 600 d
cd d/..; echo "cd d/.. $?"
cd d; echo "cd d $?"
chmod 700 d
--- stdout
cd d/.. 0
cd d 1
--- stderr
vsh: line 3: cd: d: Permission denied

=== cd .. from a working directory removed since reaches its parent; a/.. still needs a
--- script
mkdir g
cd g
rmdir ../g
pwd | sed 's|.*/||'
cd ..; echo $?
cd nonexist/..; echo $?
--- stdout
g
0
1
--- stderr
vsh: line 6: cd: nonexist/..: No such file or directory

=== cd with an empty operand stays where it is and still sets OLDPWD
--- script
mkdir sub
cd sub
cd /
cd ''
echo "$? $PWD $OLDPWD"
--- stdout
0 / /

=== cd takes combined flags and rejects an unknown one with its usage line
--- script
mkdir d
cd -LP d && pwd -P | sed 's|.*/||'
cd -x /
echo "status $?"
--- stdout
d
status 2
--- stderr
vsh: line 3: cd: -x: invalid option
cd: usage: cd [-L|[-P [-e]] [-@]] [dir]

=== pushd -n with no directory does nothing, even with an empty stack
--- script
HOME=$PWD
pushd -n
echo "status $?"
mkdir a
pushd a >/dev/null
pushd -n
dirs
--- stdout
status 0
~/a ~

=== cd -P resolves each component physically: link/.. is the parent of the link's target
--- script
mkdir -p d/e; ln -s d/e l; top=$PWD
cd -P l/..; pwd; cd "$top"
cd l; cd -P ..; pwd; cd "$top"
set -P; cd l/..; pwd; set +P; cd "$top"
cd l/..; pwd
cd -P l/../nope; echo "st=$?"
--- stdout
$TMPDIR/d
$TMPDIR/d
$TMPDIR/d
$TMPDIR
st=1
--- stderr
vsh: line 6: cd: l/../nope: No such file or directory

=== cd with CDPATH: an empty entry is the working directory, -P shows the path as made
--- script
mkdir -p top/sub top/other/sub
base=$PWD
cd top
CDPATH=:$PWD/other
cd sub && echo "${PWD##*/top}"
cd .. && cd '' && echo "[${PWD##*/top}]"
CDPATH=.
cd -P sub
cd ..
CDPATH=$PWD/other/
cd -P sub | sed "s|$base||"
cd '' | sed "s|$base||"
cd -P '' | sed "s|$base||"
--- stdout
/sub
[]
./sub
/top/other/sub
/top/other
/top/other/

=== /bin/pwd is coreutils' pwd: physical unless -L
--- script
mkdir real
ln -s real lnk
cd lnk
pwd | sed "s|.*/||"
/bin/pwd | sed "s|.*/||"
/bin/pwd -L | sed "s|.*/||"
--- stdout
lnk
real
lnk
