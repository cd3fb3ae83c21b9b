=== column -t aligns blank-separated fields, skipping empty lines
--- file c
a b c
longer x y

z 1
--- script
column -t c
--- stdout
a       b  c
longer  x  y
z       1  

=== column -t -s keeps empty fields between separators
--- script
printf 'a,b,,c\nxx,y\n' | column -t -s,
--- stdout
a   b    c
xx  y    

=== column -t -o sets the output separator
--- script
printf 'a:bb\nccc:d\n' | column -t -s: -o ' | '
--- stdout
a   | bb
ccc | d

=== column fills columns first with tab stops in 80 characters
--- script
seq 1 30 | column
--- stdout
1	4	7	10	13	16	19	22	25	28
2	5	8	11	14	17	20	23	26	29
3	6	9	12	15	18	21	24	27	30

=== column -x fills rows first, -c sets the width
--- script
seq 1 25 | column -x; seq 1 12 | column -c 40
--- stdout
1	2	3	4	5	6	7	8	9	10
11	12	13	14	15	16	17	18	19	20
21	22	23	24	25
1	4	7	10
2	5	8	11
3	6	9	12

=== column puts entries wider than the line one per line
--- script
printf '%090d\nshort\n' 0 | column
--- stdout
000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
short

=== column -t -N adds a header, -l limits the columns
--- file c
a b c
longer x y
--- script
column -t -N A,B,C c; column -t -l 2 c
--- stdout
A       B  C
a       b  c
longer  x  y
a       b c
longer  x y

=== column -L keeps empty lines
--- script
printf 'a b\n\nc d\n' | column -t -L; printf 'a\n\nb\n' | column -L
--- stdout
a  b
   
c  d
a		b

=== column reports a missing file; the status is the last file's
--- file c
x y
--- script
column -t nope c; echo "rc=$?"; column c nope; echo "rc=$?"
--- stdout
x  y
rc=0
x y
rc=1
--- stderr
column: nope: No such file or directory
column: nope: No such file or directory

=== -t with -x, and -N without -t, are refused as util-linux refuses them
--- script
printf 'a b\n' | column -t -x; echo "s $?"
printf 'a b\n' | column -N x,y; echo "s $?"
printf 'a b\n' | column -d; echo "s $?"
--- stdout
s 1
s 1
a b
s 0
--- stderr
column: mutually exclusive arguments: --table --fillrows
column: option --table required for all --table-*

=== column -t -R right-aligns columns named by number or by -N name
--- script
printf 'a bb c\n1 2 333\nxx y z\n' > t
column -t -R 2 t
column -t -R 1,3 -o '|' t
column -t -N A,B,C --table-right=B -d t
column -t -R 7 t | head -1
column -t -R x t; echo "status $?"
column -R 1 t; echo "status $?"
--- stdout
a   bb  c
1    2  333
xx   y  z
 a|bb|  c
 1|2 |333
xx|y |  z
a   bb  c
1    2  333
xx   y  z
a   bb  c
status 1
status 1
--- stderr
column: undefined column name 'x'
column: option --table required for all --table-*
--- status: 0
