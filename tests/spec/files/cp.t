=== cp copies a file and into a directory
--- script
echo hi > f; mkdir d
cp f g
cp f d
cat g d/f
--- stdout
hi
hi
--- stderr
--- status: 0

=== cp -v names each copy
--- script
echo hi > f; mkdir d
cp -v f g
cp -v f g d
--- stdout
'f' -> 'g'
'f' -> 'd/f'
'g' -> 'd/g'
--- stderr
--- status: 0

=== cp of a directory needs -r
--- script
mkdir d
cp d e
echo status $?
cp -r d e && ls -d e
--- stdout
status 1
e
--- stderr
cp: -r not specified; omitting directory 'd'
--- status: 0

=== cp -r copies a tree into an existing directory
--- script
mkdir -p src/sub dst; echo x > src/sub/f
cp -r src dst
cat dst/src/sub/f
--- stdout
x
--- stderr
--- status: 0

=== cp refuses to copy a file onto itself
--- script
echo hi > f
cp f f
echo status $?
--- stdout
status 1
--- stderr
cp: 'f' and 'f' are the same file
--- status: 0

=== cp -n keeps an existing target
--- script
echo new > a; echo old > b
cp -n a b
cat b
--- stdout
old
--- stderr
--- status: 0

=== cp -p keeps mode and times
--- script
echo hi > f; chmod 600 f; touch -d '2020-01-02 03:04:05' f
cp -p f g
stat -c '%a %y' g
--- stdout
600 2020-01-02 03:04:05.000000000 +0000
--- stderr
--- status: 0

=== cp -t and -T
--- script
echo hi > f; mkdir d e
cp -t d f
ls d
cp -T f e
echo status $?
--- stdout
f
status 1
--- stderr
cp: cannot overwrite directory 'e' with non-directory
--- status: 0

=== cp with a missing source or target directory
--- script
echo hi > f
cp nope x
cp f f nowhere
cp
echo status $?
--- stdout
status 1
--- stderr
cp: cannot stat 'nope': No such file or directory
cp: target 'nowhere': No such file or directory
cp: missing file operand
Try 'cp --help' for more information.
--- status: 0

=== cp -r into itself is refused
--- script
mkdir d
cp -r d d/x
echo status $?
--- stdout
status 1
--- stderr
cp: cannot copy a directory, 'd', into itself, 'd/x'
--- status: 0

=== cp --parents keeps the source's path under the directory
--- script
mkdir -p src/a/b dest
echo x > src/a/b/f
cp --parents src/a/b/f dest
find dest | sort
cp --parents -r src/a dest/ && cat dest/src/a/b/f
cp --parents src/a/b/f src/a/b/g; echo $?
--- stdout
dest
dest/src
dest/src/a
dest/src/a/b
dest/src/a/b/f
x
1
--- stderr
cp: with --parents, the destination must be a directory
Try 'cp --help' for more information.
