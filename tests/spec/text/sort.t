=== sort orders bytes like LC_ALL=C
--- script
printf 'b\na\nc\nB\n_\n' | sort
--- stdout
B
_
a
b
c

=== sort -r -f -u
--- script
printf 'b\na\nB\na\n' | sort -r; printf 'b\na\nB\n' | sort -f; printf 'b\na\nb\n' | sort -u; printf 'A\na\nb\n' | sort -fu
--- stdout
b
a
a
B
a
B
b
a
b
A
b

=== sort -n, -g, -h, -M
--- script
printf '10\n9\n-1\n2.5\nabc\n' | sort -n | paste -sd' '; printf '1e3\n9\n-1\n' | sort -g | paste -sd' '; printf '2K\n1M\n100\n3G\n1k\n' | sort -h | paste -sd' '; printf 'Mar\nJan\nxx\nDEC\n' | sort -M | paste -sd' '
--- stdout
-1 abc 2.5 9 10
-1 9 1e3
100 1k 2K 1M 3G
xx Jan Mar DEC

=== sort -V orders versions
--- script
printf 'a-1.10\na-1.2\na-1.9.tar.gz\nb\n1.0~rc1\n1.0\n' | sort -V
--- stdout
1.0~rc1
1.0
a-1.2
a-1.9.tar.gz
a-1.10
b

=== sort -k with -t, -s and per-key options
--- script
printf 'x 3\ny 1\nz 2\nw 1\n' | sort -k2,2n; echo --; printf 'x 3\ny 1\nz 2\nw 1\n' | sort -s -k2,2n; echo --; printf 'a,3\nb,1\nc,2\n' | sort -t, -k2; echo --; printf 'a b\na a\nb a\n' | sort -k2,2 -k1,1r
--- stdout
w 1
y 1
z 2
x 3
--
y 1
w 1
z 2
x 3
--
b,1
c,2
a,3
--
b a
a a
a b

=== sort character positions in keys
--- script
printf 'ab1x\nab2\naa3\n' | sort -k1.2,1.2 -k1.3n; printf '  2 x\n10 y\n 1 z\n' | sort -k1n
--- stdout
aa3
ab1x
ab2
 1 z
  2 x
10 y

=== sort -c and -C check order
--- script
printf 'a\nc\nb\n' | sort -c; echo "st $?"; printf 'a\nc\nb\n' | sort -C; echo "st $?"; printf 'a\nb\n' | sort -c; echo "st $?"
--- stdout
st 1
st 1
st 0
--- stderr
sort: -:3: disorder: b

=== sort -o may name an input, -z uses NUL
--- file f
b
a
--- script
sort -o f f; cat f; printf 'b\0a\0' | sort -z | tr '\0' ' '; echo
--- stdout
a
b
a b 

=== sort -m merges sorted files
--- file a
a
c
--- file b
b
d
--- script
sort -m a b
--- stdout
a
b
c
d

=== sort errors
--- script
sort nosuch; echo "st $?"; sort -k0 /dev/null; echo "st $?"; sort -t ab /dev/null; echo "st $?"
--- stdout
st 2
st 2
st 2
--- stderr
sort: cannot read: nosuch: No such file or directory
sort: field number is zero: invalid field specification ‘0’
sort: multi-character tab ‘ab’

=== sort -R groups equal lines and keeps every line
--- script
printf 'a\nb\na\nc\nb\n' | sort -R | uniq | sort | paste -sd' '; printf 'x\ny\nx\n' | sort -R | uniq -c | wc -l
--- stdout
a b c
2

=== whole-line order decided past the first 8 bytes, with NULs, -r and -u
--- script
printf 'abcdefghZ\nabcdefgh\nabcdefghA\nab\na\n\nabcdefgh\n' > in.txt
sort in.txt
echo --
sort -r in.txt
echo --
sort -u in.txt | wc -l
printf 'x\0b\nx\0a\nx\n' | sort | od -An -c
--- stdout

a
ab
abcdefgh
abcdefgh
abcdefghA
abcdefghZ
--
abcdefghZ
abcdefghA
abcdefgh
abcdefgh
ab
a

--
6
   x  \n   x  \0   a  \n   x  \0   b  \n

=== -n orders integer values, zero fractions, blanks and text tails; -r and -s keep ties right
--- script
printf '10\n-3\n 7 b\n7 a\n007\n-0\n0\nx\n5.0\n5\n-\n3.5\n' > in.txt
sort -n in.txt | tr '\n' '|'; echo
sort -nr in.txt | tr '\n' '|'; echo
sort -ns in.txt | tr '\n' '|'; echo
sort -nrs in.txt | tr '\n' '|'; echo
sort -nu in.txt | tr '\n' '|'; echo
--- stdout
-3|-|-0|0|x|3.5|5|5.0| 7 b|007|7 a|10|
10|7 a|007| 7 b|5.0|5|3.5|x|0|-0|-|-3|
-3|-0|0|x|-|3.5|5.0|5| 7 b|7 a|007|10|
10| 7 b|7 a|007|5.0|5|3.5|-0|0|x|-|-3|
-3|-0|3.5|5.0| 7 b|10|

=== two orderings on one key are refused before any input is read
--- file in
b
a
--- script
sort -n -V in; echo "s $?"
sort -f -g -i in; echo "s $?"
sort -b -r -h -M -d in; echo "s $?"
sort -k1,1nR in; echo "s $?"
sort -n -g -k1,1 in; echo "s $?"
sort -R -V in >/dev/null; echo "s $?"
sort -d -V in; echo "s $?"
sort -n -k1,1M in; echo "s $?"
--- stdout
s 2
s 2
s 2
s 2
s 2
s 0
a
b
s 0
a
b
s 0
--- stderr
sort: options '-nV' are incompatible
sort: options '-fgi' are incompatible
sort: options '-dhM' are incompatible
sort: options '-nR' are incompatible
sort: options '-gn' are incompatible

=== -V and -R read the key as -d, -i and -f leave it
--- file in
x-1.10
x.1.9
x_1.2
a
A
--- script
sort -d -V in
echo --
for i in 1 2 3 4 5 6; do
  set -- $(sort -f -R in | grep -nix a | cut -d: -f1)
  echo $(( $2 - $1 ))
done | sort -u
--- stdout
A
a
x_1.2
x.1.9
x-1.10
--
1

=== sort --files0-from, --random-source from a device, accepted tuning options
--- script
printf 'b\na\n' > x; printf 'c\n' > y; printf 'x\0y\0' > names
sort --files0-from=names
printf 'y\0x' | sort --files0-from=-
sort --files0-from=/dev/null; echo "st $?"
sort --files0-from=names x; echo "st $?"
sort --random-source=/dev/zero -R x | wc -l
sort --batch-size=2 --compress-program=gzip --parallel=2 -S 1M x
--- stdout
a
b
c
a
b
c
st 2
st 2
2
a
b
--- stderr
sort: no input from '/dev/null'
sort: extra operand 'x'
file operands cannot be combined with --files0-from
Try 'sort --help' for more information.

=== sort: a directory "read failed", a missing file "cannot read"
--- script
mkdir d
sort d; echo "st $?"
sort -m d d; echo "st $?"
sort nosuch; echo "st $?"
--- stdout
st 2
st 2
st 2
--- stderr
sort: read failed: d: Is a directory
sort: read failed: d: Is a directory
sort: cannot read: nosuch: No such file or directory

=== sort checks its -S size; split -a 0 is the default length
--- script
echo b | sort -S 10%; echo $?
echo b | sort -S x; echo $?
seq 30 > s; split -a 0 -l 10 s q; ls q*
--- stdout
b
0
2
qaa
qab
qac
--- stderr
sort: invalid -S argument 'x'
