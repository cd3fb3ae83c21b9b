=== csplit at a line number and a regex prints the sizes
--- script
seq 10 > f
csplit f 3 /7/
head xx*
--- stdout
4
8
9
==> xx00 <==
1
2

==> xx01 <==
3
4
5
6

==> xx02 <==
7
8
9
10
--- status: 0

=== csplit regex offsets
--- script
seq 10 > f
csplit f /3/+1 /5/; cat xx01; rm xx*
csplit f /5/-2 /6/; cat xx01
--- stdout
6
2
13
4
4
6
11
3
4
5
--- status: 0

=== csplit %re% skips and {N} repeats
--- script
seq 10 > f
csplit f %3%+2 /8/; cat xx00; rm xx*
csplit f 2 {3}; cat xx03
--- stdout
6
7
5
6
7
2
4
4
4
7
6
7
--- status: 0

=== csplit {*} with a regex ends at the input's end
--- script
seq 10 > f
csplit f '/[13579]/' '{*}'; cat xx05 xx06
--- stdout
0
4
4
4
4
2
3
9
10
--- status: 0

=== csplit match not found removes the files
--- script
seq 10 > f
csplit f 3 /x/; echo $?; ls
--- stdout
4
17
1
f
--- stderr
csplit: ‘/x/’: match not found
--- status: 0

=== csplit -k keeps the files after an error
--- script
seq 10 > f
csplit -k f 4 '{3}'; echo $?; ls; cat xx02
--- stdout
6
8
7
1
f
xx00
xx01
xx02
8
9
10
--- stderr
csplit: ‘4’: line number out of range on repetition 2
--- status: 0

=== csplit line number out of range
--- script
seq 10 > f
csplit f 11; echo $?
csplit f /5/-20; echo $?
csplit f /2/ '{3}'; echo $?
ls
--- stdout
21
1
0
1
2
19
1
f
--- stderr
csplit: ‘11’: line number out of range
csplit: ‘/5/-20’: line number out of range
csplit: ‘/2/’: match not found on repetition 1
--- status: 0

=== csplit -z elides empty pieces and --suppress-matched drops the split lines
--- script
seq 10 > f
csplit -z f /1/ /2/; ls; rm xx*
csplit --suppress-matched f /3/ 6; cat xx01; rm xx*
csplit --suppress-matched f /3/-1 /5/; cat xx01
--- stdout
2
19
f
xx00
xx01
4
4
9
4
5
2
4
11
3
4
--- status: 0

=== csplit -f -n -b -s name the pieces
--- script
seq 5 > f
csplit -s -f p -n 3 f 2; ls p*
csplit -b '%03x.txt' f 4; ls xx*
csplit -b 'a%db%%' f 4; ls xx*
--- stdout
p000
p001
6
4
xx000.txt
xx001.txt
6
4
xx000.txt
xx001.txt
xxa0b%
xxa1b%
--- status: 0

=== csplit pattern and suffix errors
--- script
seq 5 > f
csplit f x; csplit f /a/x; csplit f /a; csplit f '{3}'; csplit f 2 '{x}'
csplit f 2 '{*}x'; csplit f 0; csplit f 5 3; csplit -b '%s' f 2
csplit -b x f 2; csplit -b '%d%d' f 2; csplit -n x f 2; csplit f; csplit
csplit nope 1; echo $?; ls
--- stdout
1
f
--- stderr
csplit: ‘x’: invalid pattern
csplit: ‘/a/x’: integer expected after delimiter
csplit: /a: closing delimiter '/' missing
csplit: ‘{3}’: invalid pattern
csplit: ‘{x’}: integer required between '{' and '}'
csplit: ‘{*}x’: '}' is required in repeat count
csplit: 0: line number must be greater than zero
csplit: line number ‘3’ is smaller than preceding line number, 5
csplit: invalid conversion specifier in suffix: s
csplit: missing % conversion specification in suffix
csplit: too many % conversion specifications in suffix
csplit: invalid number: ‘x’
csplit: missing operand after ‘f’
Try 'csplit --help' for more information.
csplit: missing operand
Try 'csplit --help' for more information.
csplit: cannot open 'nope' for reading: No such file or directory
--- status: 0

=== csplit same line number twice warns
--- script
seq 10 > f
csplit f 5 5; echo $?
--- stdout
8
0
13
0
--- stderr
csplit: warning: line number ‘5’ is the same as preceding line number
--- status: 0

=== csplit stdin and a last line without newline
--- script
printf 'a\nb\nc' | csplit - /c/
od -c xx01
--- stdout
4
1
0000000   c
0000001
--- status: 0

=== csplit empty input
--- script
: > e
csplit e /a/; echo $?
csplit e %a%; echo $?
--- stdout
0
1
1
--- stderr
csplit: ‘/a/’: match not found
csplit: ‘%a%’: match not found
--- status: 0

=== csplit a directory is a read error
--- script
mkdir d
csplit d 1; echo $?
csplit d %a%; echo $?
csplit d x; echo $?
--- stdout
0
1
1
1
--- stderr
csplit: read error: Is a directory
csplit: read error: Is a directory
csplit: ‘x’: invalid pattern
--- status: 0
