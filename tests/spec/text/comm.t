=== comm prints three columns
--- file a
apple
banana
cherry
--- file b
banana
date
--- script
comm a b
--- stdout
apple
		banana
cherry
	date
--- stderr
--- status: 0

=== comm -12 shows common lines, -3 unique ones
--- file a
apple
banana
cherry
--- file b
banana
date
--- script
comm -12 a b; echo --; comm -3 a b; echo --; comm -1 a b
--- stdout
banana
--
apple
cherry
	date
--
	banana
date
--- stderr
--- status: 0

=== comm --output-delimiter and --total
--- file a
a
c
--- file b
b
c
--- script
comm --output-delimiter=: --total a b
--- stdout
a
:b
::c
1:1:1:total
--- stderr
--- status: 0

=== comm reads stdin as -
--- file a
x
y
--- script
printf 'y\nz' | comm - a
--- stdout
	x
		y
z
--- stderr
--- status: 0

=== comm warns about unsorted input
--- file a
b
a
--- file b
c
--- script
comm a b; echo "st=$?"
--- stdout
b
a
	c
st=1
--- stderr
comm: file 1 is not in sorted order
comm: input is not in sorted order
--- status: 0

=== comm --check-order stops at disorder
--- file a
a
c
b
--- file b
a
c
--- script
comm --check-order a b; echo "st=$?"; comm --nocheck-order a b; echo "st=$?"
--- stdout
		a
		c
st=1
		a
		c
b
st=0
--- stderr
comm: file 1 is not in sorted order
--- status: 0

=== comm sorted check is skipped while all lines pair
--- file a
b
a
--- file b
b
a
--- script
comm a b; echo "st=$?"
--- stdout
		b
		a
st=0
--- stderr
--- status: 0

=== comm operand errors
--- file a
x
--- script
comm a; echo "st=$?"; comm a a a; echo "st=$?"; comm a nope; echo "st=$?"
--- stdout
st=1
st=1
st=1
--- stderr
comm: missing operand after ‘a’
Try 'comm --help' for more information.
comm: extra operand ‘a’
Try 'comm --help' for more information.
comm: nope: No such file or directory
--- status: 0

=== comm keeps NUL bytes and ends a last line without newline; -z splits at NUL
--- script
printf 'a\0x\nb\nc' > f
printf 'b\nc\nd' > g
comm f g | od -An -c
printf 'a\0b\0' > p
printf 'b\0c\0' > q
comm -z -12 p q | od -An -c
--- stdout
   a  \0   x  \n  \t  \t   b  \n  \t  \t   c  \n  \t   d  \n
   b  \0
