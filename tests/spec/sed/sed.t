=== sed: print a line with -n and p
--- script
printf 'a\nb\nc\n' | sed -n 2p
--- stdout
b
--- stderr (no newline)
=== sed: several -e expressions run in order
--- script
echo hello | sed -e 's/h/H/' -e 's/o/O/'
--- stdout
HellO
--- stderr (no newline)
=== sed: combined -ne flags
--- script
printf 'a\nb\n' | sed -ne '/b/p'
--- stdout
b
--- stderr (no newline)
=== sed: -n -e p separately
--- script
printf 'x\ny\n' | sed -n -e p
--- stdout
x
y
--- stderr (no newline)
=== sed: --expression= and --quiet
--- script
printf 'a\nb\n' | sed --quiet --expression='$p'
--- stdout
b
--- stderr (no newline)
=== sed: -f script file
--- file s.sed
s/one/1/
/two/d
--- file in.txt
one
two
three
--- script
sed -f s.sed in.txt
--- stdout
1
three
--- stderr (no newline)
=== sed: --file= and -e mixed
--- file s.sed
s/one/1/
--- file in.txt
one
two
three
--- script
sed --file=s.sed -e 's/three/3/' in.txt
--- stdout
1
two
3
--- stderr (no newline)
=== sed: -f - reads the script from stdin
--- file in.txt
one
two
three
--- script
echo 's/o/0/g' | sed -f - in.txt
--- stdout
0ne
tw0
three
--- stderr (no newline)
=== sed: -E extended regex with groups
--- script
echo 'abc123' | sed -E 's/([a-z]+)([0-9]+)/\2\1/'
--- stdout
123abc
--- stderr (no newline)
=== sed: -r is -E
--- script
echo 'aaa' | sed -r 's/a+/X/'
--- stdout
X
--- stderr (no newline)
=== sed: -s makes $ the last line of each file
--- file a
1
2
--- file b
3
4
--- script
sed -s -n '$p' a b
--- stdout
2
4
--- stderr (no newline)
=== sed: without -s $ is the last line of the last file
--- file a
1
2
--- file b
3
4
--- script
sed -n '$p;1p' a b
--- stdout
1
4
--- stderr (no newline)
=== sed: -z uses NUL separated records
--- script
printf 'a\0b\0' | sed -z 's/^/>/' | tr '\0' '\n'
--- stdout
>a
>b
--- stderr (no newline)
=== sed: -u and -b are accepted
--- script
echo x | sed -u -b p
--- stdout
x
x
--- stderr (no newline)
=== sed: --posix and -l are accepted
--- script
echo x | sed --posix -l 5 -n p
--- stdout
x
--- stderr (no newline)
=== sed: -- ends options and - is stdin
--- file f
file
--- script
echo in | sed -n -- p - f
--- stdout
in
file
--- stderr (no newline)
=== sed: #n on the first line acts like -n
--- script
printf '1\n2\n' | sed '#n
2p'
--- stdout
2
--- stderr (no newline)
=== sed: --version names GNU sed 4.9
--- script
sed --version | head -1
--- stdout
sed (GNU sed) 4.9
--- stderr (no newline)
=== sed: --help prints a usage line
--- script
sed --help | head -1
--- stdout
Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...
--- stderr (no newline)
=== sed: no script is a usage error
--- script
sed 2>/dev/null; echo $?
--- stdout
1
--- stderr (no newline)
=== sed: -i edits a file in place
--- file f
one
two
three
--- script
sed -i 's/two/2/' f; cat f
--- stdout
one
2
three
--- stderr (no newline)
=== sed: -i.bak keeps a backup
--- file f
one
two
three
--- script
sed -i.bak 's/one/1/' f; cat f f.bak
--- stdout
1
two
three
one
two
three
--- stderr (no newline)
=== sed: --in-place=SUFFIX with a star
--- file f
one
two
three
--- script
sed --in-place='old_*' '1d' f; cat f old_f
--- stdout
two
three
one
two
three
--- stderr (no newline)
=== sed: -i treats files separately
--- file a
1
2
--- file b
3
--- script
sed -i '$s/$/!/' a b; cat a b
--- stdout
1
2!
3!
--- stderr (no newline)
=== sed: -i without files is an error
--- script
echo x | sed -i p; echo status=$?
--- stdout
status=4
--- stderr
sed: no input files
=== sed: -i with q keeps only what was printed
--- file f
one
two
three
--- script
sed -i 2q f; cat f
--- stdout
one
two
--- stderr (no newline)
=== sed: -i -n writes only p output
--- file f
one
two
three
--- script
sed -n -i '/t/p' f; cat f
--- stdout
two
three
--- stderr (no newline)
=== sed: w /dev/stdout under -i goes to stdout
--- file f
one
two
three
--- script
sed -i 's/one/ONE/w /dev/stdout' f; cat f
--- stdout
ONE
ONE
two
three
--- stderr (no newline)
=== sed: line number address
--- script
seq 5 | sed -n 3p
--- stdout
3
--- stderr (no newline)
=== sed: last line address
--- script
seq 5 | sed -n '$p'
--- stdout
5
--- stderr (no newline)
=== sed: regex address
--- script
printf 'apple\nbanana\ncherry\n' | sed -n '/an/p'
--- stdout
banana
--- stderr (no newline)
=== sed: custom delimiter address with I
--- script
printf 'Foo\nbar\n' | sed -n '\,foo,Ip'
--- stdout
Foo
--- stderr (no newline)
=== sed: first~step
--- script
seq 10 | sed -n '0~3p'
--- stdout
3
6
9
--- stderr (no newline)
=== sed: first~step from 1
--- script
seq 7 | sed -n '1~2p'
--- stdout
1
3
5
7
--- stderr (no newline)
=== sed: range of numbers
--- script
seq 6 | sed -n '2,4p'
--- stdout
2
3
4
--- stderr (no newline)
=== sed: range to a regex
--- script
seq 8 | sed -n '/3/,/5/p'
--- stdout
3
4
5
--- stderr (no newline)
=== sed: addr,+N
--- script
seq 9 | sed -n '/4/,+2p'
--- stdout
4
5
6
--- stderr (no newline)
=== sed: addr,~N
--- script
seq 10 | sed -n '5,~4p'
--- stdout
5
6
7
8
--- stderr (no newline)
=== sed: 0,/re/ can end on line 1
--- script
printf 'x\ny\nx\n' | sed '0,/x/s/x/X/'
--- stdout
X
y
x
--- stderr (no newline)
=== sed: 1,/re/ cannot end on line 1
--- script
printf 'x\ny\nx\n' | sed '1,/x/s/x/X/'
--- stdout
X
y
X
--- stderr (no newline)
=== sed: negation with !
--- script
seq 4 | sed -n '2!p'
--- stdout
1
3
4
--- stderr (no newline)
=== sed: negation with spaces around !
--- script
seq 4 | sed -n '2,3 ! p'
--- stdout
1
4
--- stderr (no newline)
=== sed: range where addr2 is before addr1
--- script
seq 5 | sed -n '3,1p'
--- stdout
3
--- stderr (no newline)
=== sed: empty regex reuses the last one
--- script
printf 'foo\nbar\n' | sed -n '/o/{s//0/g;p}'
--- stdout
f00
--- stderr (no newline)
=== sed: M flag on an address
--- script
printf 'a\nb\n' | sed -n 'N;/^b/Mp'
--- stdout
a
b
--- stderr (no newline)
=== sed: range restarts after it ends
--- script
printf 'a\nb\nc\na\nb\n' | sed -n '/a/,/b/='
--- stdout
1
2
4
5
--- stderr (no newline)
=== sed: block with several commands
--- script
seq 4 | sed -n '2,3{s/^/>/;p}'
--- stdout
>2
>3
--- stderr (no newline)
=== sed: nested blocks
--- script
seq 6 | sed -n '2,5{/4/!{p}}'
--- stdout
2
3
5
--- stderr (no newline)
=== sed: = prints line numbers
--- script
printf 'a\nb\n' | sed =
--- stdout
1
a
2
b
--- stderr (no newline)
=== sed: a one-liner
--- script
printf 'a\nb\n' | sed '1a added'
--- stdout
a
added
b
--- stderr (no newline)
=== sed: a with backslash newline
--- script
echo x | sed 'a\
line one\
line two'
--- stdout
x
line one
line two
--- stderr (no newline)
=== sed: a\ keeps leading spaces of its text
--- script
echo x | sed 'a\   indented'
--- stdout
x
   indented
--- stderr (no newline)
=== sed: a one-liner strips leading spaces
--- script
echo x | sed 'a     text'
--- stdout
x
text
--- stderr (no newline)
=== sed: i inserts before
--- script
printf 'a\nb\n' | sed '2i before b'
--- stdout
a
before b
b
--- stderr (no newline)
=== sed: c changes a line
--- script
seq 3 | sed '2c\
changed'
--- stdout
1
changed
3
--- stderr (no newline)
=== sed: c on a range prints once at the end
--- script
seq 5 | sed '2,4c gone'
--- stdout
1
gone
5
--- stderr (no newline)
=== sed: c with ! prints for every line
--- script
seq 3 | sed '2!c no'
--- stdout
no
2
no
--- stderr (no newline)
=== sed: a text continued across -e
--- script
echo x | sed -e 'a\' -e 'next'
--- stdout
x
next
--- stderr (no newline)
=== sed: b to a label
--- script
printf 'a\nb\n' | sed ':top;s/a/A/;/A/b end;s/$/!/;:end'
--- stdout
A
b!
--- stderr (no newline)
=== sed: b without label ends the cycle
--- script
seq 3 | sed -n '2b;p'
--- stdout
1
3
--- stderr (no newline)
=== sed: t loops until no substitution
--- script
echo aaa | sed ':a;s/a/b/;ta'
--- stdout
bbb
--- stderr (no newline)
=== sed: T branches when nothing was replaced
--- script
printf 'ax\nbx\n' | sed 's/a/A/;Tskip;s/x/X/;:skip'
--- stdout
AX
bx
--- stderr (no newline)
=== sed: label ends at semicolon
--- script
echo ab | sed ':x;s/a//;tx'
--- stdout
b
--- stderr (no newline)
=== sed: d deletes
--- script
seq 4 | sed '2d;3d'
--- stdout
1
4
--- stderr (no newline)
=== sed: D restarts the cycle without reading
--- script
printf '1\n2\n3\n4\n' | sed -n '$!N;P;D'
--- stdout
1
2
3
4
--- stderr (no newline)
=== sed: D without newline acts like d
--- script
seq 3 | sed '2D'
--- stdout
1
3
--- stderr (no newline)
=== sed: e command output comes first
--- script
echo x | sed 'e echo hi'
--- stdout
hi
x
--- stderr (no newline)
=== sed: e executes the pattern space
--- script
echo 'echo run' | sed e
--- stdout
run
--- stderr (no newline)
=== sed: s///e executes the result
--- script
echo x | sed 's/x/echo replaced/e'
--- stdout
replaced
--- stderr (no newline)
=== sed: F prints the file name or -
--- file f
a
--- script
sed -n 'F' f; echo x | sed F
--- stdout
f
-
x
--- stderr (no newline)
=== sed: g G h H x hold space
--- script
printf 'a\nb\nc\n' | sed -n 'H;${x;s/\n/,/g;s/^,//;p}'
--- stdout
a,b,c
--- stderr (no newline)
=== sed: G appends the hold space
--- script
printf 'a\nb\n' | sed 1G
--- stdout
a

b
--- stderr (no newline)
=== sed: tac with G h
--- script
seq 4 | sed -n '1!G;h;$p'
--- stdout
4
3
2
1
--- stderr (no newline)
=== sed: x swaps
--- script
printf 'a\nb\n' | sed 'x'
--- stdout

a
--- stderr (no newline)
=== sed: l escapes and ends with $
--- script
printf 'a\tb\\c\001\n' | sed -n l
--- stdout
a\tb\\c\001$
--- stderr (no newline)
=== sed: l wraps at 70 by default
--- script
printf '%075d\n' 0 | sed -n l
--- stdout
000000000000000000000000000000000000000000000000000000000000000000000\
000000$
--- stderr (no newline)
=== sed: l N wraps at N
--- script
echo abcdefghij | sed -n 'l 4'
--- stdout
abc\
def\
ghi\
j$
--- stderr (no newline)
=== sed: -l sets the l width
--- script
echo abcdefghij | sed -n -l 6 l
--- stdout
abcde\
fghij$
--- stderr (no newline)
=== sed: l 0 does not wrap
--- script
printf '%080d\n' 0 | sed -n 'l 0'
--- stdout
00000000000000000000000000000000000000000000000000000000000000000000000000000000$
--- stderr (no newline)
=== sed: l shows UTF-8 bytes as octal
--- script
echo 'é' | sed -n l
--- stdout
\303\251$
--- stderr (no newline)
=== sed: n prints and reads the next line
--- script
seq 5 | sed -n 'n;p'
--- stdout
2
4
--- stderr (no newline)
=== sed: N joins lines
--- script
seq 5 | sed 'N;s/\n/-/'
--- stdout
1-2
3-4
5
--- stderr (no newline)
=== sed: N on the last line prints the pattern space
--- script
seq 3 | sed 'N;s/\n/+/'
--- stdout
1+2
3
--- stderr (no newline)
=== sed: $!N idiom
--- script
seq 3 | sed '$!N;s/\n/ /'
--- stdout
1 2
3
--- stderr (no newline)
=== sed: p and P
--- script
printf 'a\nb\n' | sed -n 'N;P;p'
--- stdout
a
a
b
--- stderr (no newline)
=== sed: q prints and exits with a status
--- script
seq 5 | sed '2q 7'; echo status=$?
--- stdout
1
2
status=7
--- stderr (no newline)
=== sed: Q exits without printing
--- script
seq 5 | sed '2Q 3'; echo status=$?
--- stdout
1
status=3
--- stderr (no newline)
=== sed: q flushes appended text
--- script
seq 3 | sed '1{a after
q}'
--- stdout
1
after
--- stderr (no newline)
=== sed: r reads a file after the line
--- file f
inserted
--- script
seq 2 | sed '1r f'
--- stdout
1
inserted
2
--- stderr (no newline)
=== sed: r of a missing file is silent
--- script
seq 2 | sed 'r nofile'
--- stdout
1
2
--- stderr (no newline)
=== sed: R reads one line per use
--- file f
x
y
--- script
seq 3 | sed 'R f'
--- stdout
1
x
2
y
3
--- stderr (no newline)
=== sed: w writes to a file
--- script
seq 4 | sed -n '/[24]/w out'; cat out
--- stdout
2
4
--- stderr (no newline)
=== sed: W writes the first line
--- script
printf 'a\nb\n' | sed -n 'N;W out'; cat out
--- stdout
a
--- stderr (no newline)
=== sed: w /dev/stderr
--- script
echo err | sed 'w /dev/stderr' 2>&1
--- stdout
err
err
--- stderr (no newline)
=== sed: y transliterates
--- script
echo hello | sed 'y/abcdefghij/ABCDEFGHIJ/'
--- stdout
HEllo
--- stderr (no newline)
=== sed: y with escapes
--- script
printf 'a b\n' | sed 'N;y/\n /_-/' ; printf 'a\tb\n' | sed 'y/\t/T/'
--- stdout
a b
aTb
--- stderr (no newline)
=== sed: z empties the pattern space
--- script
echo abc | sed 'z;s/^$/empty/'
--- stdout
empty
--- stderr (no newline)
=== sed: v is accepted
--- script
echo x | sed 'v 4.2'
--- stdout
x
--- stderr (no newline)
=== sed: comments are ignored
--- script
echo x | sed -n '# comment
p # another'
--- stdout
x
--- stderr (no newline)
=== sed: s with g
--- script
echo aaa | sed 's/a/b/g'
--- stdout
bbb
--- stderr (no newline)
=== sed: s with a number
--- script
echo aaaa | sed 's/a/b/3'
--- stdout
aaba
--- stderr (no newline)
=== sed: s with Ng
--- script
echo aaaaa | sed 's/a/b/2g'
--- stdout
abbbb
--- stderr (no newline)
=== sed: s with p and -n
--- script
printf 'a\nb\n' | sed -n 's/a/A/p'
--- stdout
A
--- stderr (no newline)
=== sed: s with w file
--- script
printf 'a\nb\n' | sed 's/b/B/w out'; cat out
--- stdout
a
B
B
--- stderr (no newline)
=== sed: s with I
--- script
echo Hello | sed 's/hello/bye/I'
--- stdout
bye
--- stderr (no newline)
=== sed: s with M
--- script
printf 'a\nb\n' | sed 'N;s/^/>/Mg'
--- stdout
>a
>b
--- stderr (no newline)
=== sed: & and \& in the replacement
--- script
echo ab | sed 's/a/[&\&]/'
--- stdout
[a&]b
--- stderr (no newline)
=== sed: back-references
--- script
echo 'john smith' | sed 's/\(\w*\) \(\w*\)/\2, \1/'
--- stdout
smith, john
--- stderr (no newline)
=== sed: \n in the replacement
--- script
echo a,b | sed 's/,/\n/'
--- stdout
a
b
--- stderr (no newline)
=== sed: escaped newline in the replacement
--- script
echo a,b | sed 's/,/\
/'
--- stdout
a
b
--- stderr (no newline)
=== sed: case conversion \U \L \E
--- script
echo 'foo bar' | sed 's/\(foo\) \(bar\)/\U\1\E \u\2/'
--- stdout
FOO Bar
--- stderr (no newline)
=== sed: \L\u capitalises
--- script
echo 'hELLO wORLD' | sed -E 's/(\w+)/\L\u\1/g'
--- stdout
Hello World
--- stderr (no newline)
=== sed: \l and \u one character
--- script
echo ABC | sed 's/ABC/\l&/'
--- stdout
aBC
--- stderr (no newline)
=== sed: any delimiter
--- script
echo /usr/bin | sed 's|/usr|/opt|'
--- stdout
/opt/bin
--- stderr (no newline)
=== sed: escaped delimiter is literal
--- script
echo a/b | sed 's/\//_/'
--- stdout
a_b
--- stderr (no newline)
=== sed: regex special delimiter
--- script
echo 'a|b ab' | sed 's|a\|b|X|g'
--- stdout
X ab
--- stderr (no newline)
=== sed: bracket keeps the delimiter
--- script
echo a/b | sed 's/[/]/_/'
--- stdout
a_b
--- stderr (no newline)
=== sed: empty matches with g
--- script
echo abc | sed 's/x*/-/g'
--- stdout
-a-b-c-
--- stderr (no newline)
=== sed: empty matches after a match
--- script
echo abc | sed 's/b*/X/g'
--- stdout
XaXcX
--- stderr (no newline)
=== sed: \n and \t in a regex
--- script
printf 'a\tb\n' | sed 's/\t/<tab>/'
--- stdout
a<tab>b
--- stderr (no newline)
=== sed: \x \o \d escapes
--- script
echo 'a-b' | sed 's/\x2d/+/;s/\o142/B/;s/\d097/A/'
--- stdout
A+B
--- stderr (no newline)
=== sed: GNU regex extensions
--- script
echo 'foo  bar1' | sed 's/\s\+/_/;s/\w\b/!/g;s/^\(f\)\?o/O/'
--- stdout
Oo_bar!
--- stderr (no newline)
=== sed: word boundaries \< \>
--- script
echo 'cat concat' | sed 's/\<cat\>/dog/g'
--- stdout
dog concat
--- stderr (no newline)
=== sed: interval expressions
--- script
echo aaaa | sed 's/a\{2,3\}/X/'
--- stdout
Xa
--- stderr (no newline)
=== sed: alternation in BRE
--- script
echo 'cat dog' | sed 's/cat\|dog/pet/g'
--- stdout
pet pet
--- stderr (no newline)
=== sed: character classes
--- script
echo 'a1 B2' | sed 's/[[:digit:]]/#/g;s/[[:upper:]]/U/'
--- stdout
a# U#
--- stderr (no newline)
=== sed: back-reference in the pattern
--- script
printf 'abab\nabcd\n' | sed -n '/\(ab\)\1/p'
--- stdout
abab
--- stderr (no newline)
=== sed: \` and \x27 anchors
--- script
printf 'a\nb\n' | sed 'N;s/\`./X/Mg;s/.\x27/Y/'
--- stdout
X
b
--- stderr (no newline)
=== sed: ERE special characters
--- script
echo 'a+b (c)' | sed -E 's/\+/plus/;s/\((c)\)/[\1]/'
--- stdout
aplusb [c]
--- stderr (no newline)
=== sed: last line without newline stays so
--- script
printf 'a\nb' | sed 's/b/B/'
--- stdout (no newline)
a
B
--- stderr (no newline)
=== sed: p on a last line without newline
--- script
printf 'x' | sed p
--- stdout (no newline)
x
x
--- stderr (no newline)
=== sed: a on a last line without newline
--- script
printf 'x' | sed 'a y'
--- stdout
x
y
--- stderr (no newline)
=== sed: q adds the missing newline
--- script
printf 'x' | sed q
--- stdout
x
--- stderr (no newline)
=== sed: unterminated s
--- script
echo | sed 's/a/b'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 5: unterminated `s' command
=== sed: unknown option to s
--- script
echo | sed 's/a/b/q'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 7: unknown option to `s'
=== sed: unknown command
--- script
echo | sed k; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: unknown command: `k'
=== sed: missing file goes on with exit 2
--- file f
x
--- script
sed p nofile f; echo status=$?
--- stdout
x
x
status=2
--- stderr
sed: can't read nofile: No such file or directory
=== sed: unmatched {
--- script
echo | sed '{p'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 0: unmatched `{'
=== sed: unexpected }
--- script
echo | sed 'p}'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 2: unexpected `}'
=== sed: invalid reference
--- script
echo | sed 's/a/\1/'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 7: invalid reference \1 on `s' command's RHS
=== sed: missing label
--- script
echo | sed 'bnowhere'; echo status=$?
--- stdout
status=4
--- stderr
sed: can't find label for jump to `nowhere'
=== sed: y lengths differ
--- script
echo | sed 'y/abc/d/'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 8: strings for `y' command are different lengths
=== sed: extra characters after command
--- script
echo | sed 'pq'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 2: extra characters after command
=== sed: line address 0
--- script
echo | sed '0p'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 2: invalid usage of line address 0
=== sed: one address only
--- script
echo | sed '1,2q'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 4: command only uses one address
=== sed: : without a label
--- script
echo | sed ':'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: ":" lacks a label
=== sed: multiple !
--- script
echo | sed '1!!p'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 3: multiple `!'s
=== sed: multiple g
--- script
echo | sed 's/a/b/gg'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 8: multiple `g' options to `s' command
=== sed: zero number option
--- script
echo | sed 's/a/b/0'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 7: number option to `s' command may not be zero
=== sed: expected \ after a
--- script
echo | sed a; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: expected \ after `a', `c' or `i'
=== sed: unknown long option
--- script
sed --bogus p 2>/dev/null; echo status=$?
--- stdout
status=1
--- stderr (no newline)
=== sed: no previous regex
--- script
echo a | sed '//p'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 0: no previous regular expression
=== sed: empty regex with modifiers
--- script
echo a | sed 's//x/I'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 6: cannot specify modifiers on empty regexp
=== sed: regex syntax error
--- script
echo a | sed 's/\(a/x/'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 8: Unmatched ( or \(
=== sed: error in a -f file names the line
--- file s.sed
p
k
--- script
sed -f s.sed /dev/null; echo status=$?
--- stdout
status=1
--- stderr
sed: file s.sed line 2: unknown command: `k'
=== sed: second expression is #2
--- script
echo | sed -e p -e 'x;k'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #2, char 3: unknown command: `k'
=== sed: sandbox refuses w
--- script
echo | sed --sandbox 'w x'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode
=== sed: sandbox refuses e
--- script
echo | sed --sandbox 'e ls'; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: e/r/w commands disabled in sandbox mode
=== sed: missing -f file
--- script
sed -f nope.sed; echo status=$?
--- stdout
status=4
--- stderr
sed: couldn't open file nope.sed: No such file or directory
=== sed: directory input is a read error
--- script
mkdir d; echo x | sed p d -; echo status=$?
--- stdout
status=4
--- stderr
sed: read error on d: Is a directory
=== sed: missing file name for w
--- script
echo | sed w; echo status=$?
--- stdout
status=1
--- stderr
sed: -e expression #1, char 1: missing filename in r/R/w/W commands
=== sed: infinite loop is stopped by the timeout
--- file f
x
--- script
timeout 1 sed ':a;ba' f; echo status=$?
--- stdout
status=124
--- stderr (no newline)
=== sed: pipeline stops early with q
--- script
seq 100000 | sed -n '3{p;q}'
--- stdout
3
--- stderr (no newline)
=== sed: long input streams
--- script
seq 200000 | sed -n '$p'
--- stdout
200000
--- stderr (no newline)

=== sed labels end at a blank, ';' or '}' (GNU): "b end }" closes the block
--- script
printf 'a\\\nb\nc\n' | sed ': t; /\\$/{ =; N; b t }'
printf 'x\n' | sed -n '/x/{bx};:x;p'
printf 'x\n' | sed -n ': foo bar
p'; echo "st $?"
--- stdout
1
a\
b
c
x
st 4
--- stderr
sed: can't find label for jump to `ar'

=== sed s with & as delimiter: \& in the replacement is a literal &
--- script
echo 9+8=17 | sed 's&9&X\&&'
echo 9+8=17 | sed 's,9,\,&,'
--- stdout
X&+8=17
,9+8=17

=== sed w and s///w keep a missing last newline, as the output does
--- script
printf 'x\ny' | sed -n 'w o1
s/y/z/w o2'
od -c o1; od -c o2
--- stdout
0000000   x  \n   y
0000003
0000000   z
0000001
=== sed: a\ ending the script appends an empty text (the $a\ idiom adds a missing last newline)
--- script
printf 'x\ny' | sed '$a\' | od -c
printf 'x\ny\n' | sed '$a\' | od -c
printf 'x\ny' | sed 'i\' | od -c
printf 'x\ny' | sed 'c\' | od -c
printf 'x' | sed -n '$a\' | od -c
printf 'x' | sed -e '$a\' -e 's/x/y/'
printf 'x' > f && sed -i '$a\' f && od -c f
--- stdout
0000000   x  \n   y  \n
0000004
0000000   x  \n   y  \n
0000004
0000000   x  \n   y
0000003
0000000
0000000
x
s/x/y/
0000000   x  \n
0000002

=== sed a/i/c text ending in a backslash goes on, after a newline, in the next -e
--- script
echo hello | sed -e 'a foo\' -e 'bar'
echo hello | sed -e 'c\' -e 'two\' -e ''
echo hello | sed -e 'i\' -e 'a\' -e 'b'
--- stdout
hello
foo
bar
two

a
b
hello
