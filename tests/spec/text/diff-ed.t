=== diff -e and -n (ed script and RCS), a '.' line, a missing newline
--- script
printf 'a\nb\nc\nd\ne\n' > e1; printf 'x\na\nc\n.\nD\ne\nf\n' > e2; printf 'a\nb' > e3; : > e0; printf '.\n' > e4; printf '.\n.\nx\n' > e5
diff -e e1 e2; echo "st=$?"; diff -n e1 e2; echo "st=$?"
diff -n e1 e3; echo st=$?; diff -n e3 e1; echo st=$?
diff -e e0 e1; diff -n e1 e0; diff -e e1 e1; echo st=$?; diff -e e0 e4; diff -e e1 e5; diff --ed e5 e1; diff --rcs e0 e5
diff -e -u e1 e2; echo st=$?; diff -n -e e1 e2; echo st=$?; diff -e --normal e1 e2; echo st=$?
diff --normal -e e1 e2; echo st=$?
printf 'c\nd' > n1; printf 'c\nx' > n2; diff -e n1 n2; echo st=$?; diff -n n1 n2; echo st=$?
echo end >&2
--- stdout
5a
f
.
4c
..
.
s/.//
a
D
.
2d
0a
x
.
st=1
a0 1
x
d2 1
d4 1
a4 2
.
D
a5 1
f
st=1
d2 4
a5 1
bst=1
d2 1
a2 4
b
c
d
e
st=1
0a
a
b
c
d
e
.
d1 5
st=0
0a
..
.
s/.//
1,5c
..
.
s/.//
a
..
.
s/.//
a
x
.
1,3c
a
b
c
d
e
.
a0 3
.
.
x
st=2
st=2
st=2
st=2
2c
x
.
st=2
d2 1
a2 1
xst=1
--- stderr
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: n1: No newline at end of file

diff: n2: No newline at end of file

end
--- status: 0
