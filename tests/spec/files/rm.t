=== rm removes files and reports missing ones
--- script
touch a
rm a nope
echo status $?
ls
--- stdout
status 1
--- stderr
rm: cannot remove 'nope': No such file or directory
--- status: 0

=== rm -f ignores missing files
--- script
rm -f nope
echo status $?
rm -f
echo status $?
--- stdout
status 0
status 0
--- stderr
--- status: 0

=== rm of a directory needs -r or -d
--- script
mkdir d e; touch e/f
rm d
rm -d d && echo gone
rm -d e
echo status $?
--- stdout
gone
status 1
--- stderr
rm: cannot remove 'd': Is a directory
rm: cannot remove 'e': Directory not empty
--- status: 0

=== rm -rv names each file before its directory
--- script
mkdir -p d/e; touch d/e/f
rm -rv d
--- stdout
removed 'd/e/f'
removed directory 'd/e'
removed directory 'd'
--- stderr
--- status: 0

=== rm refuses . and .. and the root
--- script
mkdir d
rm -r d/. .
rm -rf /
echo status $?
--- stdout
status 1
--- stderr
rm: refusing to remove '.' or '..' directory: skipping 'd/.'
rm: refusing to remove '.' or '..' directory: skipping '.'
rm: it is dangerous to operate recursively on '/'
rm: use --no-preserve-root to override this failsafe
--- status: 0

=== rm with no operands
--- script
rm
echo status $?
--- stdout
status 1
--- stderr
rm: missing operand
Try 'rm --help' for more information.
--- status: 0

=== rm -r removes a deep tree
--- script
mkdir -p a/b/c/d/e; touch a/b/c/d/e/f a/x
rm -r a
ls
--- stdout
--- stderr
--- status: 0

=== an empty file name does not exist (rm -f is silent about it)
--- script
rm -f ''; echo "f=$?"
rm -rf "$unset_dir"; echo "rf=$?"
rm ''; echo "rm=$?"
touch ''; echo "touch=$?"
mkdir ''; echo "mkdir=$?"
cat ''; echo "cat=$?"
--- stdout
f=0
rf=0
rm=1
touch=1
mkdir=1
cat=1
--- stderr
rm: cannot remove '': No such file or directory
touch: cannot touch '': No such file or directory
mkdir: cannot create directory ‘’: No such file or directory
cat: '': No such file or directory
--- status: 0
