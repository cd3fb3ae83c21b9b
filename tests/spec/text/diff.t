=== identical files
--- file a
x
--- file b
x
--- script
diff a b; echo rc=$?
--- stdout
rc=0
--- stderr
--- status: 0

=== normal format change, add, delete
--- file a
a
b
c
d
--- file b
b
x
d
e
--- script
diff a b; echo rc=$?
--- stdout
1d0
< a
3c2
< c
---
> x
4a4
> e
rc=1
--- stderr
--- status: 0

=== unified format with two hunks
--- file a
1
2
3
4
5
6
7
8
9
10
11
12
13
14
15
--- file b
1
2
three
4
5
6
7
8
9
10
11
12
14
15
16
--- script
diff -u a b | tail -n +3; diff -U1 a b | tail -n +3
--- stdout
@@ -1,6 +1,6 @@
 1
 2
-3
+three
 4
 5
 6
@@ -10,6 +10,6 @@
 10
 11
 12
-13
 14
 15
+16
@@ -2,3 +2,3 @@
 2
-3
+three
 4
@@ -12,4 +12,4 @@
 12
-13
 14
 15
+16
--- stderr
--- status: 0

=== no newline at end of file
--- script
printf 'x\ny\n' > a; printf 'x\ny' > b; printf 'x\nz' > c
diff a b; diff -u b c | tail -n +3
--- stdout
2c2
< y
---
> y
\ No newline at end of file
@@ -1,2 +1,2 @@
 x
-y
\ No newline at end of file
+z
\ No newline at end of file
--- stderr
--- status: 0

=== unified header names and timestamps
--- script
printf 'a\n' > a; printf 'b\n' > b
diff -u a b | head -2 | cut -f1 | tr -- '-+' 'MP'
diff -u a b | head -2 | cut -f2 | tr '0-9' 'N'
--- stdout
MMM a
PPP b
NNNN-NN-NN NN:NN:NN.NNNNNNNNN +NNNN
NNNN-NN-NN NN:NN:NN.NNNNNNNNN +NNNN
--- stderr
--- status: 0

=== empty file against a file
--- script
: > e; printf 'a\nb\n' > f
diff e f; diff -u f e | tail -n +3
--- stdout
0a1,2
> a
> b
@@ -1,2 +0,0 @@
-a
-b
--- stderr
--- status: 0

=== brief and binary
--- script
printf 'a\n' > a; printf 'b\n' > b; printf 'a\000b' > bin
diff -q a b; echo rc=$?; diff a bin; echo rc=$?
--- stdout
Files a and b differ
rc=1
Binary files a and bin differ
rc=1
--- stderr
--- status: 0

=== recursive directories
--- file A/f
1
--- file B/f
2
--- file A/only
3
--- file A/s/g
4
--- file B/s/g
5
--- file B/s/new
6
--- script
diff -r A B; echo rc=$?; diff -rq A B
--- stdout
diff -r A/f B/f
1c1
< 1
---
> 2
Only in A: only
diff -r A/s/g B/s/g
1c1
< 4
---
> 5
Only in B/s: new
rc=1
Files A/f and B/f differ
Only in A: only
Files A/s/g and B/s/g differ
Only in B/s: new
--- stderr
--- status: 1

=== new file and missing files
--- file A/f
1
--- script
mkdir B
diff -rN A B; echo rc=$?; diff A/f nofile; echo rc=$?
--- stdout
diff -rN A/f B/f
1d0
< 1
rc=1
rc=2
--- stderr
diff: nofile: No such file or directory
--- status: 0

=== stdin and ignore options
--- file a
foo  bar
Baz
--- script
printf 'foo bar\nbaz\n' | diff -b a -; echo rc=$?
printf 'foo bar\nbaz\n' | diff -i -w a -; echo rc=$?
--- stdout
2c2
< Baz
---
> baz
rc=1
rc=0
--- stderr
--- status: 0

=== diff places an insertion inside a run of equal lines where GNU does
--- file a
a
b
a
b
b
b
c
b
a
a
b
a
b
b
c
a
c
b
--- file b
b
b
a
b
b
b
c
c
b
a
a
b
a
b
b
c
a
c
b
--- script
diff a b; echo "st=$?"
diff -u --label old --label new a b | tail -n +3
--- stdout
1c1
< a
---
> b
6a7
> c
st=1
@@ -1,10 +1,11 @@
-a
+b
 b
 a
 b
 b
 b
 c
+c
 b
 a
 a

=== diff sets aside lines that match nothing and splits the rest as GNU
--- file a
i
b
c
i
g
f
h
a
h
a
e
j
j
j
g
c
c
i
d
a
d
--- file b
i
b
c
i
g
f
h
i
a
e
j
j
j
j
g
c
c
i
d
a
a
d
--- script
diff a b
diff -U1 a b | tail -n +3
--- stdout
8,9c8
< a
< h
---
> i
14a14
> j
19a20
> a
@@ -7,4 +7,3 @@
 h
-a
-h
+i
 a
@@ -14,2 +13,3 @@
 j
+j
 g
@@ -20,2 +20,3 @@
 a
+a
 d

=== diff -s reports identical files; a second --label names the new side
--- script
echo same > x; cp x y; echo other > z
diff -s x y; echo "st=$?"
diff --label L1 --label L2 -u x z | rev; echo "st=$?"
--- stdout
Files x and y are identical
st=0
1L ---
2L +++
@@ 1+ 1- @@
emas-
rehto+
st=0

=== diff -c and -C N print the context format
--- script
printf 'a\nb\nc\nd\ne\nf\ng\n' > x; printf 'a\nB\nc\nd\ne\nf\ng\nh\n' > y
diff -c x y | tail -n +3 | tr '*-' '#+'; echo "st=$?"
diff -C1 x y | tail -n +3 | tr '*-' '#+'
--- stdout
###############
### 1,7 ####
  a
! b
  c
  d
  e
  f
  g
+++ 1,8 ++++
  a
! B
  c
  d
  e
  f
  g
+ h
st=0
###############
### 1,3 ####
  a
! b
  c
+++ 1,3 ++++
  a
! B
  c
###############
### 7 ####
+++ 7,8 ++++
  g
+ h

=== diff -rN names a FIFO without a counterpart, never reads it
--- script
mkdir -p a b; mkfifo a/f; echo x > a/g; echo x > b/g
diff -urN a b; echo "rc=$?"
--- stdout
Only in a: f
rc=1

=== diff names FILE in DIR/// as DIR/FILE; "Only in" keeps the operand as given
--- script
mkdir -p a/s b/s; echo 1 > a/f; echo 2 > b/f; echo x > a/s/g; echo y > b/s/g; echo z > a/o; echo 1 > f
diff -r a// b///
diff -rq .//a b/
diff -u f b/// | sed -n '2s/\t.*//p'
--- stdout
diff -r a/f b/f
1c1
< 1
---
> 2
Only in a//: o
diff -r a/s/g b/s/g
1c1
< x
---
> y
Files .//a/f and b/f differ
Only in .//a: o
Files .//a/s/g and b/s/g differ
+++ b/f

=== diff -t expands tabs, -T puts a tab after the flag
--- script
printf 'x\ta\tb\n\tc\nsame\n\xe2\x82\xac\tz\n' > a
printf 'x\ta\tb x\n\tc\nsame\n\xe2\x82\xac\ty\n' > b
diff -t a b | od -c
diff -T a b | od -c
diff -Tu a b | tail -n +3 | od -c
diff -tc a b | tail -n +3 | sed 's/^-/_/'
--- stdout
0000000   1   c   1  \n   <       x                               a    
0000020                           b  \n   -   -   -  \n   >       x    
0000040                           a                               b    
0000060   x  \n   4   c   4  \n   <     342 202 254                    
0000100               z  \n   -   -   -  \n   >     342 202 254        
0000120                           y  \n
0000130
0000000   1   c   1  \n   <  \t   x  \t   a  \t   b  \n   -   -   -  \n
0000020   >  \t   x  \t   a  \t   b       x  \n   4   c   4  \n   <  \t
0000040 342 202 254  \t   z  \n   -   -   -  \n   >  \t 342 202 254  \t
0000060   y  \n
0000062
0000000   @   @       -   1   ,   4       +   1   ,   4       @   @  \n
0000020   -  \t   x  \t   a  \t   b  \n   +  \t   x  \t   a  \t   b    
0000040   x  \n  \t  \t   c  \n  \t   s   a   m   e  \n   -  \t 342 202
0000060 254  \t   z  \n   +  \t 342 202 254  \t   y  \n
0000074
***************
*** 1,4 ****
! x       a       b
          c
  same
! €        z
_-- 1,4 ----
! x       a       b x
          c
  same
! €        y
=== diff: a missing operand is quoted in ASCII quotes
--- script
echo a > a; diff a; echo "rc=$?"; diff -u a; echo "rc=$?"
--- stdout
rc=2
rc=2
--- stderr
diff: missing operand after 'a'
diff: Try 'diff --help' for more information.
diff: missing operand after 'a'
diff: Try 'diff --help' for more information.

=== diff -r skips a device both sides reach, names two different FIFOs
--- script
mkdir a b
ln -s /dev/null a/n
ln -s /dev/null b/n
mkfifo a/p b/p
diff -r a b; echo $?
--- stdout
File a/p is a fifo while file b/p is a fifo
1

=== diff names both missing files
--- script
diff nope1 nope2; echo $?
--- stdout
2
--- stderr
diff: nope1: No such file or directory
diff: nope2: No such file or directory
