=== xargs runs echo by default
--- script
printf 'a b\nc\n' | xargs
--- stdout
a b c
--- stderr
--- status: 0

=== xargs -n and -L
--- script
printf 'a b\nc d e\n' | xargs -n 2 echo
printf 'a b\nc d e\n' | xargs -L 1 echo line
--- stdout
a b
c d
e
line a b
line c d e
--- stderr
--- status: 0

=== xargs -I replaces in each argument
--- script
printf 'x\ny\n' | xargs -I{} echo '<{}>' {}
--- stdout
<x> x
<y> y
--- stderr
--- status: 0

=== xargs -0 and -d
--- script
printf 'a b\0c\0' | xargs -0 -n1 echo
printf '1,2,3' | xargs -d, -n1 echo
--- stdout
a b
c
1
2
3
--- stderr
--- status: 0

=== xargs -r skips empty input
--- script
printf '' | xargs echo ran
printf '' | xargs -r echo ran
--- stdout
ran
--- stderr
--- status: 0

=== xargs -t prints commands on stderr
--- script
echo a b | xargs -t echo
--- stdout
a b
--- stderr
echo a b
--- status: 0

=== xargs quotes and backslashes
--- script
printf '%s\n' "'a b' \"c d\" e\\ f" | xargs -n1 echo
--- stdout
a b
c d
e f
--- stderr
--- status: 0

=== xargs exit statuses
--- script
echo a | xargs sh -c 'exit 3'; echo $?
echo a | xargs sh -c 'exit 255'; echo $?
echo "it's" | xargs; echo $?
--- stdout
123
124
1
--- stderr
xargs: sh: exited with status 255; aborting
xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option
--- status: 0

=== xargs -a reads from a file
--- script
printf 'p\nq\n' > list
xargs -a list echo got
--- stdout
got p q
--- stderr
--- status: 0

=== xargs: the last of -n, -L, -I wins, with GNU's warnings
--- script
echo a b | xargs -n1 -I% echo %
echo a b | xargs -L1 -n1 echo
echo a b | xargs -I% -L1 echo %
--- stdout
a b
a
b
% a b
--- stderr
xargs: warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value
xargs: warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value
xargs: warning: options --replace and -L are mutually exclusive, ignoring previous --replace value

=== xargs skips leading whitespace of every kind and blank lines (-I too)
--- script
printf ' \n2\n\n4\n\n 6 6 \n \v \t 7\n\t\n\v\n' | xargs -I% echo '[%]'
printf 'a\vb \v c\n\f\r d\n' | xargs -n1 echo | od -c
--- stdout
[2]
[4]
[6 6 ]
[7]
0000000   a  \v   b  \n   c  \n   d  \n
0000010

=== xargs runs what it read before an unmatched quote (not under -L, -I), then exits 1
--- script
echo '"b' | xargs 2>/dev/null; echo "st $?"
echo 'a "b' | xargs 2>/dev/null; echo "st $?"
echo 'a "b' | xargs false 2>/dev/null; echo "st $?"
echo 'a "b' | xargs -I{} echo {} 2>/dev/null; echo "st $?"
printf 'a b\nc "d\n' | xargs -L1 2>/dev/null; echo "st $?"
echo "a b 'c" | xargs -n1 2>/dev/null; echo "st $?"
printf 'a b\nc d "e\n' | xargs -L2 2>/dev/null; echo "st $?"
--- stdout
st 1
a
st 1
st 123
st 1
a b
st 1
a
b
st 1
st 1
=== xargs: a program not found is reported in GNU's words, status 127, and stops
--- script
printf 'a\nb\n' | xargs -n1 nosuchcmd; echo "rc=$?"
echo a | xargs -t nosuchcmd; echo "rc=$?"
--- stdout
rc=127
rc=127
--- stderr
xargs: nosuchcmd: No such file or directory
nosuchcmd a
xargs: nosuchcmd: No such file or directory

=== xargs -s: an item too long for the limit even alone stops with status 1
--- script
echo one two three | xargs -s 9 echo; echo $?
echo a | xargs -s 5; echo $?
xargs -s 4 < /dev/null; echo $?
--- stdout
one
two
1
1
1
--- stderr
xargs: argument line too long
xargs: argument line too long
xargs: cannot fit single argument within argument list size limit

=== xargs numbers that are not numbers get GNU's message and Try line
--- script
xargs -n x < /dev/null; echo $?
xargs -L 0 < /dev/null; echo $?
xargs -s 0 < /dev/null; echo $?
--- stdout
1
1
1
--- stderr
xargs: invalid number "x" for -n option
Try 'xargs --help' for more information.
xargs: value 0 for -L option should be >= 1
Try 'xargs --help' for more information.
xargs: value 0 for -s option should be >= 1
xargs: cannot fit single argument within argument list size limit
