=== du -s sums a tree in 1K blocks
--- script
mkdir -p d/e; printf %5000s x > d/big; echo hi > d/e/small
du -s d
--- stdout
20	d
--- stderr
--- status: 0

=== du lists directories
--- script
mkdir -p d/e; echo hi > d/e/f
du d
--- stdout
8	d/e
12	d
--- stderr
--- status: 0

=== du -a includes files, -b counts bytes
--- script
mkdir d; printf 12345 > d/f
du -a d
du -b d/f
--- stdout
4	d/f
8	d
5	d/f
--- stderr
--- status: 0

=== du -h and -c
--- script
printf %5000s x > a; echo hi > b
du -h a
du -c a b
--- stdout
8.0K	a
8	a
4	b
12	total
--- stderr
--- status: 0

=== du -d limits the depth printed
--- script
mkdir -p d/e/f
du -d 1 d
du -d 0 d
--- stdout
8	d/e
12	d
12	d
--- stderr
--- status: 0

=== du of a missing file
--- script
du nope
echo status $?
--- stdout
status 1
--- stderr
du: cannot access 'nope': No such file or directory
--- status: 0

=== du -d with a bad depth is a usage error
--- script
du -d x; echo "st=$?"
du --max-depth=-2 .; echo "st=$?"
--- stdout
st=1
st=1
--- stderr
du: invalid maximum depth ‘x’
Try 'du --help' for more information.
du: invalid maximum depth ‘-2’
Try 'du --help' for more information.
--- status: 0
