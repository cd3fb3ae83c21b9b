=== printf: * with a negative width or precision, overflow warnings
--- script
printf '%*d|\n' -5 3
printf '%.*f|%.*s|\n' -1 3.14159 -2 abc
printf '%-*s|\n' 4 ab
printf '%d\n' 9999999999999999999 -9999999999999999999; echo $?
--- stdout
3    |
3.141590|abc|
ab  |
9223372036854775807
-9223372036854775808
0
--- stderr
vsh: line 4: printf: warning: 9999999999999999999: Numerical result out of range
vsh: line 4: printf: warning: -9999999999999999999: Numerical result out of range

=== grep -f with an empty pattern file matches nothing; -q silences -L and -l
--- script
: > empty
echo abc | grep -f empty; echo $?
echo abc | grep -v -f empty; echo $?
echo abc | grep -c -f empty
echo abc | grep -f empty -e b
grep -L -q x /dev/null; echo $?
printf 'a\n' > f; grep -l -q a f; echo $?
--- stdout
1
abc
0
abc
1
0

=== cat long options
--- script
echo hi | cat --number
printf 'a\n\n\nb\n' | cat --squeeze-blank --show-ends
printf 'a\tb\001\n' | cat --show-all
printf '\ta\n' | cat --show-tabs --show-nonprinting
printf 'x\n\ny\n' | cat --number-nonblank
--- stdout
     1	hi
a$
$
b$
a^Ib^A$
^Ia
     1	x

     2	y

=== tac -r: GNU's Emacs syntax, searched right to left
--- script
printf 'a1b2c3' | tac -r -s '[0-9]'; echo
printf 'a22b' | tac -r -s '[0-9]+'; echo
printf 'x--y---z' | tac -b -r -s '-+'; echo
printf 'a\nb\nc\n' | tac -r -s 'b|c'; echo
printf 'a\nb\nc\n' | tac -r -s 'b\|c'; echo
printf 'a(b(c' | tac -r -s '('; echo
printf 'axxbxc' | tac -r -s '\(x\)+'; echo
--- stdout
c3b2a1
b2a2
-z---y-x
a
b
c



ca
b
cb(a(
cbxxax

=== shuf -i over a huge range without holding it
--- script
shuf -i 1-1000000000 -n 3 | wc -l
shuf -i 1-1000000000 -n 1000 | sort -u | wc -l
shuf -i 5-5
--- stdout
3
1000
5

=== factor beyond 64 bits
--- script
factor 340282366920938463463374607431768211455 18446744073709551617
factor 170141183460469231731687303715884105727 100000000000000000000000000000
factor 18446744073709551615 12
--- stdout
340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721
18446744073709551617: 274177 67280421310721
170141183460469231731687303715884105727: 170141183460469231731687303715884105727
100000000000000000000000000000: 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
18446744073709551615: 3 5 17 257 641 65537 6700417
12: 2 2 3

=== diff -B, the same file twice, FIFOs and devices in -r
--- script
printf 'a\n\nb\n' > x; printf 'a\nb\n' > y; printf 'a\nc\n' > z
diff -B x y; echo $?
diff -B x z; echo $?
echo q | diff - -; echo $?
diff -s x x
mkdir a b; mkfifo a/p; echo x > b/p; mkfifo a/q b/q; echo > a/e; mkdir b/e
diff -r a b; echo $?
--- stdout
0
2,3c2
< 
< b
---
> c
1
0
Files x and x are identical
File a/e is a regular file while file b/e is a directory
File a/p is a fifo while file b/p is a regular file
File a/q is a fifo while file b/q is a fifo
1

=== printf: floating conversions in long double, messages after the output so far
--- script
printf '%.20f %.25g %a\n' 0.1 1.1 1
{ printf '%d\n' "'A" 1e3 7; printf -v x '%d' 1x; echo "$x"; } 2>&1 |
  sed 's/^[a-z]*: line/sh: line/'
--- stdout
0.10000000000000000000 1.100000000000000000021684 0x8p-3
65
sh: line 2: printf: 1e3: invalid number
1
7
sh: line 2: printf: 1x: invalid number
1

=== seq names a NaN argument apart from a bad number
--- script
seq nan; echo $?
seq 1 x 3; echo $?
--- stdout
1
1
--- stderr
seq: invalid ‘not-a-number’ argument: ‘nan’
Try 'seq --help' for more information.
seq: invalid floating point argument: ‘x’
Try 'seq --help' for more information.

=== cp -i and mv -i ask before overwriting (no answer is no)
--- script
echo 1 > a; echo 2 > b
cp -i a b < /dev/null; echo; cat b
echo y | cp -i a b; echo; cat b
echo 3 > c
echo n | mv -i c b; echo; cat b c
echo yes | mv -i c b; echo; cat b
cp -i a new; cat new
--- stdout

2

1

1
3

3
1
--- stderr (no newline)
cp: overwrite 'b'? cp: overwrite 'b'? mv: overwrite 'b'? mv: overwrite 'b'? 
=== column -t with ragged rows and an output separator
--- script
printf 'a b c\nd e\nf\n' | column -t
printf 'a b c\nd e\nf\n' | column -t -o '|'
--- stdout
a  b  c
d  e  
f     
a|b|c
d|e|
f| |
