=== readlink prints a symlink's target
--- script
touch f
ln -s f l
readlink l
readlink f
echo status $?
--- stdout
f
status 1
--- stderr
--- status: 0

=== readlink -f canonicalizes
--- script
mkdir -p a/b; touch a/b/f
ln -s a/b l
readlink -f l/f l/./../b/f nope
readlink -f nope/x
echo status $?
--- stdout
$TMPDIR/a/b/f
$TMPDIR/a/b/f
$TMPDIR/nope
status 1
--- stderr
--- status: 0

=== readlink -e needs every component
--- script
touch f
ln -s nope dang
readlink -e f
readlink -e dang
echo status $?
--- stdout
$TMPDIR/f
status 1
--- stderr
--- status: 0

=== readlink -m accepts missing components
--- script
readlink -m x/../y/z
--- stdout
$TMPDIR/y/z
--- stderr
--- status: 0

=== readlink -n and -v
--- script
touch f; ln -s f l
readlink -n l; echo '|'
readlink -v f
echo status $?
--- stdout
f|
status 1
--- stderr
readlink: f: Invalid argument
--- status: 0

=== readlink follows chains of links
--- script
touch f; ln -s f a; ln -s a b
readlink b
readlink -f b
--- stdout
a
$TMPDIR/f
--- stderr
--- status: 0
