=== basic match prints matching lines
--- file in.txt
apple
banana
cherry
--- script
grep an in.txt
--- stdout
banana

=== no match exits 1
--- file in.txt
apple
--- script
grep zzz in.txt
echo "status $?"
--- stdout
status 1

=== missing file is an error (2) with GNU message
--- script
grep x nope.txt
echo "status $?"
--- stdout
status 2
--- stderr
grep: nope.txt: No such file or directory

=== -s suppresses the message but not the status
--- script
grep -s x nope.txt
echo "status $?"
--- stdout
status 2
--- stderr (no newline)

=== -i -n -c -v
--- file in.txt
Foo
bar
FOO bar
baz
--- script
grep -in foo in.txt
grep -c -i foo in.txt
grep -vn bar in.txt
--- stdout
1:Foo
3:FOO bar
2
1:Foo
4:baz

=== -E alternation and -o
--- file in.txt
error: disk full
warn: cpu hot
error: fan
--- script
grep -Eo '^(error|warn)' in.txt
egrep -c 'disk|fan' in.txt
--- stdout
error
warn
error
2

=== BRE with GNU escapes and back-references
--- file in.txt
hello hello world
abcabc
no repeat here
foo_bar9 baz
--- script
grep '\(hel*o\) \1' in.txt
grep -x '\(abc\)\1' in.txt
grep -o '\w\+' in.txt | head -3
grep -c 're\+p' in.txt
--- stdout
hello hello world
abcabc
hello
hello
world
1

=== -F fixed strings and several -e
--- file in.txt
a.b
axb
[x]
--- script
grep -F 'a.b' in.txt
fgrep '[x]' in.txt
grep -e axb -e '\[x' in.txt
--- stdout
a.b
[x]
axb
[x]

=== -w and -x
--- file in.txt
foo
foobar
a foo b
foo-bar
--- script
grep -w foo in.txt
echo --
grep -x foo in.txt
--- stdout
foo
a foo b
foo-bar
--
foo

=== file names with several files, -h and -H
--- file a.txt
x1
--- file b.txt
x2
--- script
grep x a.txt b.txt
grep -h x a.txt b.txt
grep -H x a.txt
--- stdout
a.txt:x1
b.txt:x2
x1
x2
a.txt:x1

=== -l -L and -q
--- file a.txt
hit
--- file b.txt
miss
--- script
grep -l hit a.txt b.txt
grep -L hit a.txt b.txt
grep -q hit a.txt b.txt && echo quiet-yes
grep -q nothing a.txt; echo "status $?"
--- stdout
a.txt
b.txt
quiet-yes
status 1

=== context -A -B -C with separators
--- file in.txt
1
2
m
4
5
6
7
m
9
--- script
grep -n -C1 m in.txt
echo ==
grep -A1 m in.txt
echo ==
grep -B2 m in.txt
--- stdout
2-2
3:m
4-4
--
7-7
8:m
9-9
==
m
4
--
m
9
==
1
2
m
--
6
7
m

=== -m stops after NUM selected lines
--- file in.txt
a1
a2
a3
--- script
grep -m2 a in.txt
grep -c -m1 a in.txt
--- stdout
a1
a2
1

=== -b byte offsets and -o
--- file in.txt
foo bar
baz bar
--- script
grep -b bar in.txt
grep -bo bar in.txt
--- stdout
0:foo bar
8:baz bar
4:bar
12:bar

=== stdin, - and --label
--- script
printf 'one\ntwo\n' | grep o
printf 'one\n' | grep -H one
printf 'one\n' | grep --label=in -H one -
--- stdout
one
two
(standard input):one
in:one

=== recursive search with include, exclude and exclude-dir
--- file src/a.c
int main
--- file src/b.h
int main
--- file src/skip/c.c
int main
--- file docs/readme.txt
main page
--- script
grep -r main src docs | sort
echo --
grep -r --include='*.c' main . | sort
echo --
grep -rl --exclude-dir=skip main src | sort
echo --
grep -r --exclude='*.h' -c main src | sort
--- stdout
docs/readme.txt:main page
src/a.c:int main
src/b.h:int main
src/skip/c.c:int main
--
./src/a.c:int main
./src/skip/c.c:int main
--
src/a.c
src/b.h
--
src/a.c:1
src/skip/c.c:1

=== grep -r skips symlinks inside the tree but follows a symlink operand
--- file d/a
hit
--- file d/sub/b
hit
--- script
ln -s a d/alink
ln -s sub d/sublink
ln -s nowhere d/dang
grep -r hit d | sort
echo "status $?"
grep -r hit d/sublink
echo "status $?"
--- stdout
d/a:hit
d/sub/b:hit
status 0
d/sublink/b:hit
status 0

=== grep -R follows every symlink, warns about a loop, reports a dangling one
--- file d/a
hit
--- file d/sub/b
hit
--- script
ln -s a d/alink
ln -s sub d/sublink
ln -s .. d/sub/loop
ln -s nowhere d/dang
ln -s self d/self
grep -R hit d 2>&1 | sort
grep -R hit d >/dev/null 2>&1
echo "status $?"
--- stdout
d/a:hit
d/alink:hit
d/sub/b:hit
d/sublink/b:hit
grep: d/dang: No such file or directory
grep: d/self: Too many levels of symbolic links
grep: d/sub/loop: warning: recursive directory loop
grep: d/sublink/loop: warning: recursive directory loop
status 2

=== grep -R: a loop is only a warning, and -s silences it
--- file d/sub/b
hit
--- script
ln -s .. d/sub/loop
grep -R hit d
echo "status $?"
grep -Rs hit d
echo "status $?"
--- stdout
d/sub/b:hit
status 0
d/sub/b:hit
status 0
--- stderr
grep: d/sub/loop: warning: recursive directory loop

=== grep -r --exclude-dir matches a directory operand by its name or a trailing part
--- file d/sub/b
hit
--- file d/a
hit
--- script
grep -r --exclude-dir=sub hit d/sub
echo "status $?"
grep -r --exclude-dir=sub hit ./d/sub
echo "status $?"
grep -r --exclude-dir=sub hit d/sub/
echo "status $?"
grep -r --exclude-dir='d/sub' hit d/sub
echo "status $?"
grep -r --exclude-dir='s*' hit d | sort
grep -r --exclude-dir=. hit .
echo "status $?"
cd d && grep -r --exclude-dir=. hit | sort
--- stdout
status 1
status 1
d/sub/b:hit
status 0
status 1
d/a:hit
status 1
a:hit
sub/b:hit

=== grep -r visits a chain of directories depth first
--- file top/x/y/z/f
hit
--- script
grep -rn hit top
cd top && grep -rl hit
--- stdout
top/x/y/z/f:1:hit
x/y/z/f

=== recursive search without operand uses the current directory
--- file d/x.txt
needle
--- script
cd d && grep -rn needle
--- stdout
x.txt:1:needle

=== a directory without -r is an error
--- file d/x.txt
needle
--- script
grep needle d
echo "status $?"
--- stdout
status 2
--- stderr
grep: d: Is a directory

=== binary files report a match on stderr
--- script
printf 'abc\000def\nabc\n' > bin
grep abc bin
echo "status $?"
grep -c abc bin
grep -a -c abc bin
--- stdout
status 0
2
2
--- stderr
grep: bin: binary file matches

=== -z reads NUL-terminated records and -Z ends names with NUL
--- script
printf 'a1\000b2\000a3' | grep -z a | tr '\0' '\n'
printf 'x\n' > f
grep -lZ x f | od -An -c
--- stdout
a1
a3
   f  \0

=== bad regular expressions exit 2 with GNU wording
--- script
echo x | grep 'a\{1'
echo "status $?"
echo x | grep -E '(ab'
echo "status $?"
echo x | grep '[[:nope:]]'
echo "status $?"
--- stdout
status 2
status 2
status 2
--- stderr
grep: Unmatched \{
grep: Unmatched ( or \(
grep: Invalid character class name

=== -P Perl syntax
--- file in.txt
id=42 name=bob
id=7
--- script
grep -oP 'id=\d+' in.txt
grep -P '<.+?>' <<< 'a <b> <c>' | grep -oP '<.+?>'
--- stdout
id=42
id=7
<b>
<c>

=== empty pattern matches every line
--- file in.txt
a

b
--- script
grep -c '' in.txt
grep -e x -e '' in.txt | wc -l
--- stdout
3
3

=== patterns from a file with -f
--- file pats
foo
^b
--- file in.txt
foo
bar
cat
--- script
grep -f pats in.txt
--- stdout
foo
bar

=== UTF-8 characters are single characters
--- file in.txt
café
naïve
--- script
grep -o 'f.$' in.txt
grep -c '^.....$' in.txt
grep -i 'CAFÉ' in.txt
--- stdout
fé
1
café

=== grep stops when its reader is gone
--- script
yes abc | grep a | head -2
echo "${PIPESTATUS[@]}"
--- stdout
abc
abc
141 141 0

=== leftmost-longest alternation with -o
--- script
echo abcd | grep -oE 'a|ab|abc'
echo xyz | grep -o 'x*'
--- stdout
abc
x

=== a fixed-string pattern still honours -w -x -v -n -c and other lines
--- file in.txt
fox 42 a
fox 420 b
xfox 42
fox 42
fox.42
--- script
grep -n 'fox 42' in.txt
grep -c -w 'fox 42' in.txt
grep -x 'fox 42' in.txt
grep -vc 'fox 42' in.txt
grep -F 'fox.42' in.txt
grep 'fox.42' in.txt | wc -l
--- stdout
1:fox 42 a
2:fox 420 b
3:xfox 42
4:fox 42
2
fox 42
1
fox.42
5

=== zgrep searches gzip files decompressed and other files as they are
--- script
printf 'alpha\nbeta\ngamma\n' > a.txt; printf 'one\nbeta two\n' > b.txt
gzip -k a.txt; cp b.txt plain.txt
zgrep beta a.txt.gz; echo "st=$?"
zgrep -c beta a.txt.gz plain.txt
zgrep -n -i GAMMA a.txt.gz
cat a.txt.gz | zgrep -c a
zgrep nomatch a.txt.gz; echo "st=$?"
zegrep 'al|ga' a.txt.gz
--- stdout
beta
st=0
a.txt.gz:1
plain.txt:1
3:gamma
3
st=1
alpha
gamma

=== grep -P lookarounds: ahead, behind (fixed length), negated
--- script
printf 'a,b,c\n1,2,3\n4,5,6\n' > d.csv
grep -Po '(?<=,)\d(?=,)' d.csv
echo 'foo=bar baz=qux' | grep -oP '(?<=foo=)\w+'
echo 'price: $42.50, tax: $3.10' | grep -oP '(?<=\$)[\d.]+'
echo 'abc123def' | grep -oP '\d+(?![a-z])'
echo 'password=secret user=bob' | grep -oP '(?<!pass)word=\w+'
echo 'éa' | grep -oP '(?<=é)a'
echo 'AbC' | grep -oiP '(?<=a)b'
echo 'test' | grep -P '(?<=a+)b'; echo "rc=$?"
--- stdout
2
5
bar
42.50
3.10
12
a
b
rc=2
--- stderr
grep: lookbehind assertion is not fixed length

=== context: "--" between files and between groups, even with -A0
--- file g1
a
b
a
--- file g2
a
--- script
grep -A0 a g1 g2
echo "status $?"
--- stdout
g1:a
--
g1:a
--
g2:a
status 0

=== -o with context prints no context lines but keeps the separators
--- file g1
xa
b
c
ya
--- file g2
a
--- script
grep -o -A1 a g1 g2
--- stdout
g1:a
--
g1:a
--
g2:a

=== -o -B1: lines that touch through context make one group
--- file in
ab
c
b
--- script
grep -o -B1 b in
--- stdout
b
b

=== -l and -L override -c; the status still says whether a line matched (grep 3.8)
--- file g1
a
--- file g2
b
--- script
grep -c -l a g1 g2; echo "l $?"
grep -c -L a g1 g2; echo "L $?"
grep -L zz g1 g2; echo "L2 $?"
grep -L . g1 g2; echo "L3 $?"
--- stdout
g1
l 0
g2
L 0
g1
g2
L2 1
L3 0

=== two different matchers are an error; the same one twice is not
--- script
echo a | grep -E -F a; echo "s $?"
echo a | grep -E -E a; echo "s $?"
echo a | egrep -G a; echo "s $?"
--- stdout
s 2
a
s 0
s 2
--- stderr
grep: conflicting matchers specified
grep: conflicting matchers specified

=== grep -T, --group-separator, --no-group-separator
--- script
seq 12 > s12
grep -Tn 1 s12 | head -2
seq 12 | grep -T -n 1 | head -1
grep -T -H 12 s12
printf 'a\nb\nc\na\n' | grep -A0 --group-separator=XX a
printf 'a\nb\nc\na\n' | grep -A0 --no-group-separator a
--- stdout
 1:	1
10:	10
                  1:	1
s12:	12
a
XX
a
a
a

=== grep -d/--directories, -D/--devices, --exclude-from
--- script
mkdir -p d/e; echo foo > d/e/f.c; echo nofoo > d/g.h; echo foo > a
grep -d skip foo d a; echo "st $?"
grep -d rec foo d | sort
grep -r -d skip foo d; echo "st $?"
grep -D skip foo /dev/null; echo "st $?"
printf '*.c\n' > ex; grep --exclude-from=ex -r foo d
grep -d bogus foo d 2>&1 | head -1; echo "st ${PIPESTATUS[0]}"
grep -d r foo d 2>&1 | head -1
--- stdout
a:foo
st 0
d/e/f.c:foo
d/g.h:nofoo
st 1
st 1
d/g.h:nofoo
grep: invalid argument ‘bogus’ for ‘--directories’
st 1
grep: ambiguous argument ‘r’ for ‘--directories’

=== grep -E warns of a repetition with nothing before it; a leading interval applies to nothing
--- script
printf 'a-x\n{1}a\n*b\n' > in
grep -E '*a|x|*b' in; echo "st=$?"
grep -E -e '(+b)' -e '^?q' in; echo "st=$?"
grep -E '{1}{2}a' in; echo "st=$?"
grep -E '{1a' in; echo "st=$?"
grep '*b' in; grep -E '[*]b|()*b|\*b' in
--- stdout
a-x
{1}a
*b
st=0
*b
st=0
a-x
{1}a
st=0
st=1
*b
*b
--- stderr
grep: warning: * at start of expression
grep: warning: * at start of expression
grep: warning: + at start of expression
grep: warning: ? at start of expression
grep: warning: {...} at start of expression

=== grep --color=always marks matches, names, numbers and separators as GNU grep (GREP_COLORS too)
--- script
{
printf 'foo bar foo\nbaz\nqux foo\n' > f; printf 'x\n' > g
grep --color=always -n foo f g; grep --color=always -c foo f g; grep --color=always -l foo f g; grep --color=always -o -b foo f; grep --color=always -C1 -n baz f; grep --color=always -v -n baz f
grep --color=always -A1 -v foo f; grep --color=always '' g; grep --color=always 'x*' g; GREP_COLORS='mt=01;32:fn=34:ne' grep --color=always -H foo f; grep --color=always -T -H foo f; grep --color=always -i FOO f; printf 'a\nb\nc\nd\ne\nf\n' | grep --color=always -A0 -e a -e e
GREP_COLORS='sl=1:cx=2' grep --color=always -C1 baz f; GREP_COLORS='sl=1:cx=2:rv' grep --color=always -v -C1 baz f
GREP_COLORS='sl=1' grep --color=always -o foo f; GREP_COLORS='sl=1' grep --color=always foo f; GREP_COLORS='ms=4:mc=5' grep --color=always -v -A1 baz f;  GREP_COLORS='ln=' grep --color=always -n foo f
grep --colour=ALWAYS -w ba f; grep --color=always -x baz f; grep --color=never foo f; grep --color foo f; grep --color=auto -L zz f; echo st=$?
grep --color=always -E 'o|b' f; grep --color=always -F -e o -e ba f; grep --color=always -L zz f g; grep --color=always -H -c zz f
} 2>&1 | cat -v
--- stdout
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K^[[32m^[[K1^[[m^[[K^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kfoo^[[m^[[K bar ^[[01;31m^[[Kfoo^[[m^[[K
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K^[[32m^[[K3^[[m^[[K^[[36m^[[K:^[[m^[[Kqux ^[[01;31m^[[Kfoo^[[m^[[K
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K2
^[[35m^[[Kg^[[m^[[K^[[36m^[[K:^[[m^[[K0
^[[35m^[[Kf^[[m^[[K
^[[32m^[[K0^[[m^[[K^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kfoo^[[m^[[K
^[[32m^[[K8^[[m^[[K^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kfoo^[[m^[[K
^[[32m^[[K20^[[m^[[K^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kfoo^[[m^[[K
^[[32m^[[K1^[[m^[[K^[[36m^[[K-^[[m^[[Kfoo bar foo
^[[32m^[[K2^[[m^[[K^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kbaz^[[m^[[K
^[[32m^[[K3^[[m^[[K^[[36m^[[K-^[[m^[[Kqux foo
^[[32m^[[K1^[[m^[[K^[[36m^[[K:^[[m^[[Kfoo bar foo
^[[32m^[[K3^[[m^[[K^[[36m^[[K:^[[m^[[Kqux foo
baz
qux ^[[01;31m^[[Kfoo^[[m^[[K
x
^[[01;31m^[[Kx^[[m^[[K
^[[34mf^[[m^[[36m:^[[m^[[01;32mfoo^[[m bar ^[[01;32mfoo^[[m
^[[34mf^[[m^[[36m:^[[mqux ^[[01;32mfoo^[[m
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K	^[[01;31m^[[Kfoo^[[m^[[K bar ^[[01;31m^[[Kfoo^[[m^[[K
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K	qux ^[[01;31m^[[Kfoo^[[m^[[K
^[[01;31m^[[Kfoo^[[m^[[K bar ^[[01;31m^[[Kfoo^[[m^[[K
qux ^[[01;31m^[[Kfoo^[[m^[[K
^[[01;31m^[[Ka^[[m^[[K
^[[36m^[[K--^[[m^[[K
^[[01;31m^[[Ke^[[m^[[K
^[[2m^[[Kfoo bar foo^[[m^[[K
^[[1m^[[K^[[01;31m^[[Kbaz^[[m^[[K
^[[2m^[[Kqux foo^[[m^[[K
^[[2m^[[Kfoo bar foo^[[m^[[K
^[[1m^[[K^[[01;31m^[[Kbaz^[[m^[[K
^[[2m^[[Kqux foo^[[m^[[K
^[[01;31m^[[Kfoo^[[m^[[K
^[[01;31m^[[Kfoo^[[m^[[K
^[[01;31m^[[Kfoo^[[m^[[K
^[[1m^[[K^[[01;31m^[[Kfoo^[[m^[[K^[[1m^[[K bar ^[[01;31m^[[Kfoo^[[m^[[K
^[[1m^[[Kqux ^[[01;31m^[[Kfoo^[[m^[[K
foo bar foo
^[[5m^[[Kbaz^[[m^[[K
qux foo
1^[[36m^[[K:^[[m^[[K^[[01;31m^[[Kfoo^[[m^[[K bar ^[[01;31m^[[Kfoo^[[m^[[K
3^[[36m^[[K:^[[m^[[Kqux ^[[01;31m^[[Kfoo^[[m^[[K
^[[01;31m^[[Kbaz^[[m^[[K
foo bar foo
qux foo
foo bar foo
qux foo
f
st=1
f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K ^[[01;31m^[[Kb^[[m^[[Kar f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K
^[[01;31m^[[Kb^[[m^[[Kaz
qux f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K
f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K ^[[01;31m^[[Kba^[[m^[[Kr f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K
^[[01;31m^[[Kba^[[m^[[Kz
qux f^[[01;31m^[[Ko^[[m^[[K^[[01;31m^[[Ko^[[m^[[K
^[[35m^[[Kf^[[m^[[K
^[[35m^[[Kg^[[m^[[K
^[[35m^[[Kf^[[m^[[K^[[36m^[[K:^[[m^[[K0

=== grep -I: a file with a NUL byte matches nothing (-l skips it, -L lists it, -c counts 0)
--- script
printf 'ab\0cd\nef\n' > bin.dat; printf 'ef\n' > t.txt
grep -l -I ef bin.dat t.txt; echo "rc=$?"
grep -L -I ef bin.dat t.txt; echo "rc=$?"
grep -c -I ef bin.dat t.txt; echo "rc=$?"
grep -I ef bin.dat; echo "rc=$?"
grep -qI ef bin.dat; echo "rc=$?"
grep -rlI ef . | sort
--- stdout
t.txt
rc=0
bin.dat
rc=0
bin.dat:0
t.txt:1
rc=0
rc=1
rc=1
./t.txt
=== grep: a bad option prints the usage line before the "Try" line, as a missing pattern does
--- script
grep --bogus x; echo "rc=$?"
grep -Q x; echo "rc=$?"
grep -e; echo "rc=$?"
grep </dev/null; echo "rc=$?"
--- stdout
rc=2
rc=2
rc=2
rc=2
--- stderr
grep: unrecognized option '--bogus'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
grep: invalid option -- 'Q'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
grep: option requires an argument -- 'e'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
