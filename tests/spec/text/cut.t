=== cut -d -f selects fields
--- script
printf 'a,b,c\n1,2,3\n' | cut -d, -f2; printf 'a,b,c\n' | cut -d, -f1,3; printf 'a,b,c,d\n' | cut -d, -f2-; printf 'a,b,c,d\n' | cut -d, -f-2
--- stdout
b
2
a,c
b,c,d
a,b

=== cut uses TAB by default and passes lines without delimiter
--- script
printf 'a\tb\nnodelim\n' | cut -f2; printf 'a\tb\nnodelim\n' | cut -s -f2
--- stdout
b
nodelim
b

=== cut -b and -c ranges
--- script
printf 'abcdef\n' | cut -b 2-4; printf 'abcdef\n' | cut -c 1,3,5-; printf 'abcdef\n' | cut -c -2
--- stdout
bcd
acef
ab

=== cut --complement and --output-delimiter
--- script
printf 'a,b,c\n' | cut -d, -f2 --complement; printf 'a,b,c\n' | cut -d, -f1,3 --output-delimiter=:; printf 'abcdef\n' | cut -b1-2,4- --output-delimiter=:
--- stdout
a,c
a:c
ab:def

=== cut -c counts UTF-8 characters
--- vsh-only: GNU cut treats -c like -b; vsh counts characters
--- script
printf 'h\xc3\xa9llo\n' | cut -c 2
--- stdout
é

=== cut reads files and reports missing ones
--- file f
x:y
--- script
cut -d: -f2 f nosuch; echo "st $?"
--- stdout
y
st 1
--- stderr
cut: nosuch: No such file or directory

=== cut usage errors
--- script
cut /dev/null; echo "st $?"; cut -f0 /dev/null; echo "st $?"; cut -d ab -f1 /dev/null; echo "st $?"; cut -f 3-1 /dev/null; echo "st $?"
--- stdout
st 1
st 1
st 1
st 1
--- stderr
cut: you must specify a list of bytes, characters, or fields
Try 'cut --help' for more information.
cut: fields are numbered from 1
Try 'cut --help' for more information.
cut: the delimiter must be a single character
Try 'cut --help' for more information.
cut: invalid decreasing range
Try 'cut --help' for more information.

=== cut -z
--- script
printf 'a:b\0c:d\0' | cut -z -d: -f2 | tr '\0' ,; echo
--- stdout
b,d,

=== cut reads LIST as GNU does, with its messages
--- script
for l in '' , '1,' 1x 1,x2 x a-b 2-x 1-2-3 -1- 3-,5 99999999999999999999 - -- 1--2 0-1 ' 1' '1 2' '2-1' '1-0' '-2' '2-' '1,3' '0'; do printf '[%s] ' "$l"; printf 'abc\n' | cut -c "$l" 2>&1 | head -1; done; for l in x 1-2-3 0 99999999999999999999 ''; do printf 'a\tb\n' | cut -f "$l" 2>&1 | head -1; done
--- stdout
[] cut: byte/character positions are numbered from 1
[,] cut: byte/character positions are numbered from 1
[1,] cut: byte/character positions are numbered from 1
[1x] cut: invalid byte/character position ‘x’
[1,x2] cut: invalid byte/character position ‘x2’
[x] cut: invalid byte/character position ‘x’
[a-b] cut: invalid byte/character position ‘a-b’
[2-x] cut: invalid byte/character position ‘x’
[1-2-3] cut: invalid byte or character range
[-1-] cut: invalid byte or character range
[3-,5] c
[99999999999999999999] cut: byte/character offset ‘99999999999999999999’ is too large
[-] cut: invalid range with no endpoint: -
[--] cut: invalid byte or character range
[1--2] cut: invalid byte or character range
[0-1] cut: byte/character positions are numbered from 1
[ 1] cut: byte/character positions are numbered from 1
[1 2] ab
[2-1] cut: invalid decreasing range
[1-0] cut: invalid decreasing range
[-2] ab
[2-] bc
[1,3] ac
[0] cut: byte/character positions are numbered from 1
cut: invalid field value ‘x’
cut: invalid field range
cut: fields are numbered from 1
cut: field number ‘99999999999999999999’ is too large
cut: fields are numbered from 1

=== cut quotes a bad list from the bad character on
--- script
cut -c x f; echo "status $?"
cut -c 1x,2 f; echo "status $?"
cut -f 1-x f; echo "status $?"
cut -b 2,y f; echo "status $?"
--- stdout
status 1
status 1
status 1
status 1
--- stderr
cut: invalid byte/character position ‘x’
Try 'cut --help' for more information.
cut: invalid byte/character position ‘x,2’
Try 'cut --help' for more information.
cut: invalid field value ‘x’
Try 'cut --help' for more information.
cut: invalid byte/character position ‘y’
Try 'cut --help' for more information.
--- status: 0
