=== rm -i asks on stdin with the kind of file
--- script
touch e; echo x > f; ln -s f l; mkfifo p; mkdir ed
printf 'y\nn\ny\ny\n' | rm -i e f l p ed; echo " st=$?"
ls
--- stdout
 st=1
ed
f
--- stderr
rm: remove regular empty file 'e'? rm: remove regular file 'f'? rm: remove symbolic link 'l'? rm: remove fifo 'p'? rm: cannot remove 'ed': Is a directory
--- status: 0

=== rm -ri asks before descending and again after
--- script
mkdir -p d/s; mkdir ed e2; echo y > e2/a
printf 'y\ny\ny\ny\ny\nn\ny\n' | rm -ri d ed e2; echo " st=$?"
find . | sort
--- stdout
 st=1
.
./e2
./e2/a
--- stderr
rm: descend into directory 'd'? rm: remove directory 'd/s'? rm: remove directory 'd'? rm: remove directory 'ed'? rm: descend into directory 'e2'? rm: remove regular file 'e2/a'? rm: remove directory 'e2'? rm: cannot remove 'e2': Directory not empty
--- status: 0

=== rm -ri a declined directory keeps its ancestors without asking
--- script
mkdir -p x/y/z; touch x/y/z/f
printf 'y\ny\nn\n' | rm -ri x; echo " st=$?"
printf 'y\ny\ny\nn\ny\ny\ny\n' | rm -rvi x; echo " st=$?"
find x | sort
--- stdout
 st=0
 st=1
x
x/y
x/y/z
x/y/z/f
--- stderr
rm: descend into directory 'x'? rm: descend into directory 'x/y'? rm: descend into directory 'x/y/z'? rm: descend into directory 'x'? rm: descend into directory 'x/y'? rm: descend into directory 'x/y/z'? rm: remove regular empty file 'x/y/z/f'? rm: remove directory 'x/y/z'? rm: cannot remove 'x/y/z': Directory not empty
--- status: 0

=== rm -I asks once for more than three files or recursion
--- script
touch a b c d; mkdir t
printf 'n\n' | rm -I a b c d; echo " st=$?"
rm -I a b c; echo " st=$?"
printf 'y\n' | rm -rI t d; echo " st=$?"
ls
--- stdout
 st=0
 st=0
 st=0
--- stderr (no newline)
rm: remove 4 arguments? rm: remove 2 arguments recursively? 
--- status: 0

=== rm -i without an answer keeps the file; -f after -i does not ask
--- script
touch a b
rm -i a < /dev/null; echo " st=$?"
rm -if b nope; echo " st=$?"
echo y | rm -fi nope; echo " st=$?"
rm --interactive=bad a; echo " st=$?"
echo yes | rm --interactive=always a; echo " st=$?"
ls
--- stdout
 st=0
 st=0
 st=1
 st=1
 st=0
--- stderr (no newline)
rm: remove regular empty file 'a'? rm: cannot remove 'nope': No such file or directory
rm: invalid argument ‘bad’ for ‘--interactive’
Valid arguments are:
  - ‘never’, ‘no’, ‘none’
  - ‘once’
  - ‘always’, ‘yes’
Try 'rm --help' for more information.
rm: remove regular empty file 'a'? 
--- status: 0

=== rm -di asks about an empty directory only
--- script
mkdir -p d/s e
echo y | rm -di d e; echo " st=$?"
ls
--- stdout
 st=1
d
--- stderr (no newline)
rm: cannot remove 'd': Directory not empty
rm: remove directory 'e'? 
--- status: 0
