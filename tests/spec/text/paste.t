=== paste joins files side by side
--- file a
1
2
3
--- file b
x
y
--- script
paste a b
--- stdout
1	x
2	y
3	

=== paste -d cycles delimiters
--- file a
1
2
--- file b
x
y
--- file c
p
q
--- script
paste -d ',:' a b c; paste -d '' a b
--- stdout
1,x:p
2,y:q
1x
2y

=== paste -s serializes each file
--- file a
1
2
3
--- script
paste -s a; paste -sd, a; seq 4 | paste -sd '+'
--- stdout
1	2	3
1,2,3
1+2+3+4

=== paste - - reads stdin in turns
--- script
seq 5 | paste - -
--- stdout
1	2
3	4
5	

=== paste escapes in -d
--- script
seq 4 | paste -sd '\t\n'; seq 3 | paste -sd '\0'
--- stdout
1	2
3	4
123

=== paste reports a missing file
--- script
paste nosuch; echo "st $?"
--- stdout
st 1
--- stderr
paste: nosuch: No such file or directory

=== paste keeps NUL bytes, takes a last line without newline, and -z splits at NUL
--- script
printf 'a\0b\nc' > f
printf '1\n2\n3' > g
paste f g | od -An -c
printf 'x\0y\0' | paste -z - - | od -An -c
--- stdout
   a  \0   b  \t   1  \n   c  \t   2  \n  \t   3  \n
   x  \t   y  \0
