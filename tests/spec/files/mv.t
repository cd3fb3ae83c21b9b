=== mv renames and moves into directories
--- script
echo hi > a; mkdir d
mv a b
mv b d
ls d
--- stdout
b
--- stderr
--- status: 0

=== mv -v reports each rename
--- script
touch a b; mkdir d
mv -v a c
mv -v b c d
--- stdout
renamed 'a' -> 'c'
renamed 'b' -> 'd/b'
renamed 'c' -> 'd/c'
--- stderr
--- status: 0

=== mv -n does not overwrite
--- script
echo 1 > a; echo 2 > b
mv -n a b
cat a b
--- stdout
1
2
--- stderr
--- status: 0

=== mv of a missing file fails
--- script
mv nope x
echo status $?
--- stdout
status 1
--- stderr
mv: cannot stat 'nope': No such file or directory
--- status: 0

=== mv a directory into itself is refused
--- script
mkdir d
mv d d/e
echo status $?
--- stdout
status 1
--- stderr
mv: cannot move 'd' to a subdirectory of itself, 'd/e'
--- status: 0

=== mv -T and -t
--- script
mkdir d e; touch f
mv -t d f
ls d
mv -T d e
ls e
--- stdout
f
f
--- stderr
--- status: 0

=== mv onto the same file
--- script
touch f
mv f f
echo status $?
mv f ./f
--- stdout
status 1
--- stderr
mv: 'f' and 'f' are the same file
mv: 'f' and './f' are the same file
--- status: 1

=== mv and cp of a file to a missing name with a trailing slash fail
--- script
touch f; mkdir d
mv f new/; echo "status $?"
cp f other/; echo "status $?"
mv d newdir/; echo "status $?"
ls
--- stdout
status 1
status 1
status 0
f
newdir
--- stderr
mv: cannot move 'f' to 'new/': Not a directory
cp: cannot create regular file 'other/': Not a directory
--- status: 0
