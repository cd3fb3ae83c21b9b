=== fold wraps at 80 by default
--- script
printf '%0100d\n' 0 | fold
--- stdout
00000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000
--- stderr
--- status: 0

=== fold -w wraps at the width
--- script
echo "hello world foo bar baz" | fold -w 7
--- stdout
hello w
orld fo
o bar b
az
--- stderr
--- status: 0

=== fold -s breaks at blanks
--- script
echo "hello world foo bar baz" | fold -s -w 7
--- stdout
hello 
world 
foo 
bar baz
--- stderr
--- status: 0

=== fold counts tabs to the next stop
--- script
printf 'a\tbcdefghij\n' | fold -w 10
--- stdout
a	bc
defghij
--- stderr
--- status: 0

=== fold -b counts bytes, obsolete -N form
--- script
printf 'a\tbcdefghij\n' | fold -b -w 5; echo abcdefgh | fold -3
--- stdout
a	bcd
efghi
j
abc
def
gh
--- stderr
--- status: 0

=== fold keeps a partial last line
--- file in.txt
abcdefghijkl
--- script
fold -w5 in.txt; printf 'abcdefg' | fold -w 3; echo "|"
--- stdout
abcde
fghij
kl
abc
def
g|
--- stderr
--- status: 0

=== fold rejects a bad width
--- script
fold -w x; echo "st=$?"; fold -w 0; echo "st=$?"
--- stdout
st=1
st=1
--- stderr
fold: invalid number of columns: ‘x’
fold: invalid number of columns: ‘0’: Numerical result out of range
--- status: 0

=== fold on a missing file
--- script
fold nope; echo "st=$?"
--- stdout
st=1
--- stderr
fold: nope: No such file or directory
--- status: 0
