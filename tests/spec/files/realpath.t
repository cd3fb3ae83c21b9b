=== realpath resolves links and dots
--- script
mkdir d; touch d/f; ln -s d l
realpath l/f d/../d/f
--- stdout
$TMPDIR/d/f
$TMPDIR/d/f
--- stderr
--- status: 0

=== realpath allows a missing last component
--- script
realpath nope
realpath nope/x
echo status $?
--- stdout
$TMPDIR/nope
status 1
--- stderr
realpath: nope/x: No such file or directory
--- status: 0

=== realpath -e and -m
--- script
realpath -e nope
echo status $?
realpath -m a/b/../c
--- stdout
status 1
$TMPDIR/a/c
--- stderr
realpath: nope: No such file or directory
--- status: 0

=== realpath -s keeps symlinks
--- script
mkdir d; ln -s d l
realpath -s l
--- stdout
$TMPDIR/l
--- stderr
--- status: 0

=== realpath --relative-to
--- script
mkdir -p a/b c; touch c/f
realpath --relative-to=a/b c/f
realpath --relative-to=. c/f
realpath --relative-to=c c
--- stdout
../../c/f
c/f
.
--- stderr
--- status: 0

=== realpath without operands
--- script
realpath
echo status $?
--- stdout
status 1
--- stderr
realpath: missing operand
Try 'realpath --help' for more information.
--- status: 0

=== realpath -L drops .. before symlinks; -e refuses a dangling link
--- script
mkdir -p one/two
ln -s one/two link
ln -s nowhere dangling
realpath -L link/.. | sed "s|^$PWD|.|"
realpath link/.. | sed "s|^$PWD|.|"
realpath -es dangling; echo $?
realpath -e dangling; echo $?
--- stdout
.
./one
1
1
--- stderr
realpath: dangling: No such file or directory
realpath: dangling: No such file or directory
