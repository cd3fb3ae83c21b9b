=== default octal words
--- script
printf 'abcdefghijklmnopqrstuvwxyz\n' | od
--- stdout
0000000 061141 062143 063145 064147 065151 066153 067155 070157
0000020 071161 072163 073165 074167 075171 000012
0000033
--- stderr
--- status: 0

=== characters
--- script
printf 'hi\tthere\n\001\377\303\251\000' | od -c
--- stdout
0000000   h   i  \t   t   h   e   r   e  \n 001 377 303 251  \0
0000016
--- stderr
--- status: 0

=== hex bytes with characters
--- script
printf 'hello, world\n' | od -t x1 -t c
--- stdout
0000000  68  65  6c  6c  6f  2c  20  77  6f  72  6c  64  0a
          h   e   l   l   o   ,       w   o   r   l   d  \n
0000015
--- stderr
--- status: 0

=== no address, signed bytes
--- script
printf 'ab\377\200' | od -An -t d1
--- stdout
   97   98   -1 -128
--- stderr
--- status: 0

=== hex address and unsigned bytes
--- script
printf '%s' 0123456789abcdefXYZ | od -A x -t u1
--- stdout
000000  48  49  50  51  52  53  54  55  56  57  97  98  99 100 101 102
000010  88  89  90
000013
--- stderr
--- status: 0

=== mixed widths line up
--- script
printf 'abcdefghijklmnopqrstuvwxyz\n\001\377' > f
od -t d8 -t x4 f
od -t x4 -t o1 f
--- stdout
0000000  7523094288207667809  8101815670912281193
          64636261  68676665   6c6b6a69  706f6e6d
0000020  8680537053616894577        1095234124409
          74737271  78777675   010a7a79  000000ff
0000035
0000000        64636261        68676665        6c6b6a69        706f6e6d
        141 142 143 144 145 146 147 150 151 152 153 154 155 156 157 160
0000020        74737271        78777675        010a7a79        000000ff
        161 162 163 164 165 166 167 170 171 172 012 001 377
0000035
--- stderr
--- status: 0

=== repeated lines are starred unless -v
--- script
printf '%048d' 0 | od -tx1
printf '%048d' 0 | od -v -tx1
--- stdout
0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
*
0000060
0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
0000020 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
0000040 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
0000060
--- stderr
--- status: 0

=== skip and limit
--- script
printf 'abcdefghijklmnopqrstuvwxyz' > f
od -j 2 -N 5 -c f
od -j 0x10 -N 010 -tx1 f
--- stdout
0000002   c   d   e   f   g
0000007
0000020 71 72 73 74 75 76 77 78
0000030
--- stderr
--- status: 0

=== named characters and z suffix
--- script
printf 'a b\n\177\000x' | od -t a
printf 'hello\001world' | od -t x1z
--- stdout
0000000   a  sp   b  nl del nul   x
0000007
0000000 68 65 6c 6c 6f 01 77 6f 72 6c 64                 >hello.world<
0000013
--- stderr
--- status: 0

=== floats
--- script
printf '\000\000\200\077\000\000\300\177\232\231\231\077\001\000\000\000' | od -t f4
printf '\000\000\000\000\000\000\360\077' | od -t f8
--- stdout
0000000               1             nan             1.2           1e-45
0000020
0000000                        1
0000010
--- stderr
--- status: 0

=== traditional short options and width
--- script
printf 'abcdefghijklmnopqrs' > f
od -x f; od -b -w8 f; od -s -An f
--- stdout
0000000 6261 6463 6665 6867 6a69 6c6b 6e6d 706f
0000020 7271 0073
0000023
0000000 141 142 143 144 145 146 147 150
0000010 151 152 153 154 155 156 157 160
0000020 161 162 163
0000023
  25185  25699  26213  26727  27241  27755  28269  28783
  29297    115
--- stderr
--- status: 0

=== missing file
--- script
od nofile; echo rc=$?
--- stdout
rc=1
--- stderr
od: nofile: No such file or directory
--- status: 0

=== od's traditional one-letter formats (-B -D -e -F -h -H -I -L -O -X)
--- script
printf '\001\002\003\012ABC\376' > in
for o in -B -D -e -F -h -H -I -L -O -X; do od $o in | head -1; done
--- stdout
0000000 001001 005003 041101 177103
0000000  167969281 4265820737
0000000 -1.6121855651403595e+300
0000000 -1.6121855651403595e+300
0000000 0201 0a03 4241 fe43
0000000 0a030201 fe434241
0000000  -125183517527965183
0000000  -125183517527965183
0000000 01200601001 37620641101
0000000 0a030201 fe434241

=== od -S N, --strings: NUL-terminated runs of printable bytes with their address
--- script
printf 'abc\0defgh\0\tij\0kl' > in
od -S3 in
od -An -S2 in
od -Ax --strings=4 in
od -S x in; echo "st $?"
--- stdout
0000000 abc
0000004 defgh
abc
defgh
ij
000004 defgh
st 1
--- stderr
od: invalid -S argument 'x'

=== od of a directory reports the read error and still prints the offset
--- script
mkdir dir; printf x > nonl
od dir; echo st=$?; od nope dir; echo st=$?; od -c dir nonl; echo st=$?; od nope; echo st=$?
--- stdout
0000000
st=1
0000000
st=1
0000000   x
0000001
st=1
st=1
--- stderr
od: dir: Is a directory
od: nope: No such file or directory
od: dir: Is a directory
od: dir: Is a directory
od: nope: No such file or directory
--- status: 0

=== od -N and -j name the option in their error
--- script
od -N x /dev/null; echo $?
od -j x /dev/null; echo $?
--- stdout
1
1
--- stderr
od: invalid -N argument 'x'
od: invalid -j argument 'x'
