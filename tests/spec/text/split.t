=== split by lines
--- script
printf '1\n2\n3\n4\n5\n' > f
split -l 2 f
ls
cat xac
--- stdout
f
xaa
xab
xac
5
--- stderr
--- status: 0

=== split by bytes with numeric suffixes
--- script
printf abcdefghij > f
split -b 4 -d f p
ls p*
cat p02; echo
--- stdout
p00
p01
p02
ij
--- stderr
--- status: 0

=== split -n into equal chunks
--- script
printf abcdefgh > f
split -n 2 f q
cat qaa; echo; cat qab; echo
--- stdout
abcd
efgh
--- stderr
--- status: 0

=== split -a and --additional-suffix
--- script
printf '1\n2\n3\n' > f
split -l 1 -a 3 --additional-suffix=.txt f r
ls r*
--- stdout
raaa.txt
raab.txt
raac.txt
--- stderr
--- status: 0

=== split from stdin
--- script
printf '1\n2\n3\n' | split -l 2 - s
cat sab
--- stdout
3
--- stderr
--- status: 0

=== split errors
--- script
split -b 0 f
split nope
echo status $?
--- stdout
status 1
--- stderr
split: invalid number of bytes: ‘0’: Numerical result out of range
split: cannot open 'nope' for reading: No such file or directory
--- status: 0

=== split -C keeps whole records within the size, cutting longer ones
--- script
printf 'abcdef\nxy\nab\ncdefghij\n' > h; split -C 4 h; for f in x*; do printf '%s:' $f; od -An -c $f; done; printf 'ab\ncd' > k; split -C 5 k c; ls c*; seq 10 > f; split --line-bytes=6 f t; ls t*; cat tab
--- stdout
xaa:   a   b   c   d
xab:   e   f  \n
xac:   x   y  \n
xad:   a   b  \n
xae:   c   d   e   f
xaf:   g   h   i   j
xag:  \n
caa
cab
taa
tab
tac
tad
4
5
6

=== split -n r/N deals records round robin; r/K/N prints one file's
--- script
seq 10 > f; split -n r/3 f; ls x*; cat xab; split -n r/2/3 f; seq 2 > g; split -n r/4 g y; ls y*; split -e -n r/4 g z; ls z*; split -n r/2 -t , <(printf 'a,b,c,d') 2>/dev/null; printf 'a,b,c,d' > c; split -n r/2 -t , c w; cat wab; echo
--- stdout
xaa
xab
xac
2
5
8
2
5
8
yaa
yab
yac
yad
zaa
zab
b,d

=== split -e elides empty chunks; two ways to split are refused
--- script
printf ab > ab; split -e -n 4 ab e; ls e*; split -n 4 ab v; ls v*; split -b 2 -n 3 ab; echo $?; split -l 1 -C 3 ab; echo $?
--- stdout
eaa
eab
vaa
vab
vac
vad
1
1
--- stderr
split: cannot split in more than one way
Try 'split --help' for more information.
split: cannot split in more than one way
Try 'split --help' for more information.

=== split suffixes widen without -a, -n sizes them, FROM starts them
--- script
seq 700 > big; split -l 1 big; ls x* | sed -n '648,653p'; ls x* | tail -1; rm x*; split -d -l 1 big n; ls n* | sed -n '89,92p'; seq 10 > f; split -n 1000 f m; ls m* | head -2; split -d -n 120 f d; ls d* | head -2; split --numeric-suffixes=5 -l 5 f w; ls w*; split -a 1 --numeric-suffixes=5 -l 5 f q; ls q*; split --hex-suffixes=9 -l 2 f h; ls h*; split -a 1 -n 30 f; echo $?; split -a 1 --numeric-suffixes=12 f; echo $?; split --numeric-suffixes=x f; echo $?; split --numeric-suffixes=3 -n 5 f s; ls s*
--- stdout
xyx
xyy
xyz
xzaaa
xzaab
xzaac
xzabx
n88
n89
n9000
n9001
maaa
maab
d000
d001
w05
w06
q5
q6
h09
h0a
h0b
h0c
h0d
1
1
1
s03
s04
s05
s06
s07
--- stderr
split: the suffix length needs to be at least 2
split: numerical suffix start value is too large for the suffix length
Try 'split --help' for more information.
split: ‘x’: invalid start value for numerical suffix
Try 'split --help' for more information.

=== split -t separator
--- script
printf 'a,b,c,d,e' > g; split -t , -l 2 g; cat xaa; echo; cat xac; echo; split -t ab g; echo $?; split -t '' g; echo $?; printf 'a\0b\0c\0' > z; split -t '\0' -l 2 z n; od -An -c naa
--- stdout
a,b,
e
1
1
   a  \0   b  \0
--- stderr
split: multi-character separator ‘ab’
split: empty record separator

=== split -n gives each chunk a byte while there are bytes
--- script
printf ab > ab; split -n 4 ab v; wc -c v*; printf 'abcdefghij' > t; split -n 4 t u; wc -c u*; split -n 3 t w; wc -c w*; seq 5 > s5; split -n l/3 s5 l; wc -c l*; split -e -n l/4 ab m; ls m*; split -n 2/4 ab; echo; split -n 4/4 ab; echo
--- stdout
1 vaa
1 vab
0 vac
0 vad
2 total
 2 uaa
 2 uab
 2 uac
 4 uad
10 total
 3 waa
 3 wab
 4 wac
10 total
 4 laa
 2 lab
 4 lac
10 total
maa
b

