=== diff -y: basic
--- file f1
a
b	x
c
d
--- file f2
a
B
y
c
--- script
diff -y f1 f2; echo $?; diff -y -W 40 f1 f2; diff -y -t -W 30 f1 f2; diff --side-by-side --width=20 --left-column f1 f2; diff -y --suppress-common-lines f1 f2
--- stdout
a								a
b	x						      |	B
							      >	y
c								c
d							      <
1
a			a
b	x	   |	B
		   >	y
c			c
d		   <
a                a
b       x     |  B
              >  y
c                c
d             <
a     (
b     |	B
      >	y
c     (
d     <
b	x						      |	B
							      >	y
d							      <
--- status: 1

=== diff -y: same file
--- file f1
a
b
--- script
diff -y f1 f1; echo $?; cp f1 g; diff -y -W 20 f1 g; echo $?; diff -y --suppress-common-lines f1 g; echo $?; diff -yq f1 g; echo $?
--- stdout
a								a
b								b
0
a	a
b	b
0
0
0

=== diff -y: tiny widths
--- file f1
a
b	x
c
d
--- file f2
a
B
y
c
--- script
for w in 1 2 3 4 5 6 7 9 10 11 15 16 17 18 19 21 25 33; do echo "w $w"; diff -y -W $w f1 f2; diff -y -t -W $w f1 f2; done
--- stdout
w 1
 
|
>
 
<
 
|
>
 
<
w 2
  
| 
> 
  
<
  
| 
> 
  
<
w 3
   
 | 
 > 
   
 <
   
 | 
 > 
   
 <
w 4
    
 |  
 >  
    
 <
    
 |  
 >  
    
 <
w 5
     
  |  
  >  
     
  <
a   a
b | B
  > y
c   c
d <
w 6
      
  |   
  >   
      
  <
a    a
b |  B
  >  y
c    c
d <
w 7
       
   |   
   >   
       
   <
a    a
b  | B
   > y
c    c
d  <
w 9
a	a
b   |	B
    >	y
c	c
d   <
a     a
b   | B
    > y
c     c
d   <
w 10
a	a
b   |	B
    >	y
c	c
d   <
a      a
b   |  B
    >  y
c      c
d   <
w 11
a	a
b    |	B
     >	y
c	c
d    <
a      a
b    | B
     > y
c      c
d    <
w 15
a	a
b     |	B
      >	y
c	c
d     <
a        a
b      | B
       > y
c        c
d      <
w 16
a	a
b     |	B
      >	y
c	c
d     <
a         a
b      |  B
       >  y
c         c
d      <
w 17
a	a
b     |	B
      >	y
c	c
d     <
a         a
b       | B
        > y
c         c
d       <
w 18
a	a
b     |	B
      >	y
c	c
d     <
a          a
b       |  B
        >  y
c          c
d       <
w 19
a	a
b     |	B
      >	y
c	c
d     <
a          a
b        | B
         > y
c          c
d        <
w 21
a		a
b	  |	B
	  >	y
c		c
d	  <
a           a
b       x | B
          > y
c           c
d         <
w 25
a		a
b	x   |	B
	    >	y
c		c
d	    <
a             a
b       x   | B
            > y
c             c
d           <
w 33
a		a
b	x     |	B
	      >	y
c		c
d	      <
a                 a
b       x       | B
                > y
c                 c
d               <
--- status: 1

=== diff -y: bad widths and conflicts
--- script
echo a > a; echo b > b; diff -y -W 0 a b; echo $?; diff -W x -y a b; echo $?; diff -y -u a b; echo $?; diff -u -c a b; echo $?; diff -y --normal a b; echo $?; diff -e -y a b; echo $?; diff --tabsize=0 a b; echo $?; diff -u -U 1 a b | tail -n +3; diff -c -C 1 a b | tail -n +3 | sed "s/^/|/"
--- stdout
2
2
2
2
2
2
2
@@ -1 +1 @@
-a
+b
|***************
|*** 1 ****
|! a
|--- 1 ----
|! b
--- stderr
diff: invalid width '0'
diff: Try 'diff --help' for more information.
diff: invalid width 'x'
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: conflicting output style options
diff: Try 'diff --help' for more information.
diff: invalid tabsize '0'
diff: Try 'diff --help' for more information.

=== diff -y: missing newline
--- script
printf 'a' > n1; printf 'a\n' > n2; printf 'q\na' > n3; diff -y -W 20 n1 n2; diff -y -W 20 n2 n1; diff -y -W 20 n1 n1; echo; diff -y -W 20 n1 n3; echo; diff -y -W 20 n3 n1; echo
--- stdout
a     \	a
a     /	a
a	a
      >	q
a	a
q     <
a	a

=== diff -y: control chars
--- script
printf 'x\r1\n\b\bab\bc\n\xc3\xa9\xc3\xa9\nabcdefghijklmnopqrstuvwxyz\n\ta\tb\tc\n' > g1; printf 'y\n\x01z\nx\r1\n' > g2; diff -y -W 20 g1 g2 | od -c; diff -y -t -W 23 g1 g2 | od -c; diff -y -W 23 g2 g1 | od -c
--- stdout
0000000                           >  \t   y  \n                        
0000020   >  \t 001   z  \n   x  \r   1  \t   x  \r  \t   1  \n   a   b
0000040  \b   c                   <  \n 303 251 303 251                
0000060   <  \n   a   b   c   d   e       <  \n                        
0000100   <  \n
0000102
0000000                                               >       y  \n    
0000020                                           >     001   z  \n   x
0000040  \r   1                                                   x  \r
0000060                                                       1  \n   a
0000100   b  \b   c                                       <  \n 303 251
0000120 303 251                                       <  \n   a   b   c
0000140   d   e   f   g   h   i   j       <  \n                        
0000160           a           <  \n
0000167
0000000   y  \t               <  \n 001   z  \t               <  \n   x
0000020  \r   1  \t  \t   x  \r  \t  \t   1  \n  \t               >  \t
0000040   a   b  \b   c  \n  \t               >  \t 303 251 303 251  \n
0000060  \t               >  \t   a   b   c   d   e   f   g  \n  \t    
0000100           >  \t  \n
0000105

=== diff -y: blank -B
--- script
printf 'a\n\nb\n' > e1; printf 'a\n\nc\n\n' > e2; printf 'a\n\n\nb\n' > e3; printf 'a\nb\n' > e4; diff -y -W 20 e1 e2; echo $?; diff -y -W 20 -B e3 e4; echo $?; diff -y -W 20 -B e4 e3; echo $?; diff -y -W 20 -B --left-column e4 e3; diff -y -W 20 -B --suppress-common-lines e4 e3; echo $?
--- stdout
a	a

b     |	c
      >
1
a	a
	b
      (
b     (
0
a	a
b
      )
      )	b
0
a     (
b     (
0

=== diff -y: recursive
--- script
mkdir d1 d2; printf 'x\ny\n' > d1/f; printf 'x\nz\n' > d2/f; echo q > d1/only; cp d1/f d1/s; cp d1/f d2/s; diff -y -r -W 20 d1 d2; echo $?; diff -y -W 20 d1 d2; echo $?; diff -y -W 20 --label L1 --label L2 d1/f d2/f; echo $?; diff -y -W 20 d1/f d2; diff -y -W 20 -N d1/only d2/only; echo $?
--- stdout
diff -y -r -W 20 d1/f d2/f
x	x
y     |	z
Only in d1: only
diff -y -r -W 20 d1/s d2/s
x	x
y	y
1
diff -y -W 20 d1/f d2/f
x	x
y     |	z
Only in d1: only
diff -y -W 20 d1/s d2/s
x	x
y	y
1
x	x
y     |	z
1
x	x
y     |	z
q     <
1

=== diff -y: tabsize
--- file f1
a
b	x
c
d
--- file f2
a
B
y
c
--- script
diff -y --tabsize=4 -W 20 f1 f2; diff -y --tabsize=3 -W 31 -t f1 f2; diff -t --tabsize=3 f1 f2; diff --tabsize=x f1 f2; echo $?
--- stdout
a			a
b	x	 |	B
		 >	y
c			c
d		 <
a                a
b  x           | B
               > y
c                c
d              <
2c2,3
< b  x
---
> B
> y
4d4
< d
2
--- stderr
diff: invalid tabsize 'x'
diff: Try 'diff --help' for more information.

=== diff -y: ignore case
--- script
printf 'A\nb\nc\n' > a; printf 'a\nb\nC\nd\n' > b; diff -y -i -W 20 a b; echo $?; diff -y -i -W 20 --left-column a b
--- stdout
A	a
b	b
c	C
      >	d
1
A     (
b     (
c     (
      >	d
--- status: 1

=== diff -y: stdin
--- script
printf 'a\nb\n' > a; printf 'a\nc\n' | diff -y -W 20 a -; echo $?
--- stdout
a	a
b     |	c
1
