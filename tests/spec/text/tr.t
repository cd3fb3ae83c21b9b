=== tr translates ranges and classes
--- script
echo hello | tr a-z A-Z; echo Hello World | tr '[:upper:]' '[:lower:]'; echo abc | tr abc x
--- stdout
HELLO
hello world
xxx

=== tr -d deletes, -c complements
--- script
echo 'a1b2c3' | tr -d 0-9; echo 'a1b2c3' | tr -cd '0-9'; echo; echo 'hello world' | tr -c 'a-z' _; echo
--- stdout
abc
123
hello_world_

=== tr -s squeezes
--- script
echo 'aaabbbccc   d' | tr -s 'a-z '; echo 'a   b' | tr -s ' ' _
--- stdout
abc d
a_b

=== tr -ds deletes then squeezes
--- script
echo 'a11bb22' | tr -ds 0-9 b
--- stdout
ab

=== tr escapes, octal and NUL
--- script
printf 'a\0b\n' | tr '\0' ,; printf 'a b\n' | tr ' ' '\n'; echo abc | tr '\141' X
--- stdout
a,b
a
b
Xbc

=== tr [c*] and [c*n] in SET2, -t
--- script
echo abcde | tr a-e '[x*]'; echo abcde | tr a-e 'A[y*2]'; echo abcd | tr -t abcd XY
--- stdout
xxxxx
Ayyyy
XYcd

=== tr operand errors
--- script
tr; echo "st $?"; tr a; echo "st $?"; tr -d a b; echo "st $?"; tr z-a x; echo "st $?"
--- stdout
st 1
st 1
st 1
st 1
--- stderr
tr: missing operand
Try 'tr --help' for more information.
tr: missing operand after ‘a’
Two strings must be given when translating.
Try 'tr --help' for more information.
tr: extra operand ‘b’
Only one string may be given when deleting without squeezing repeats.
Try 'tr --help' for more information.
tr: range-endpoints of 'z-a' are in reverse collating sequence order

=== tr: [c*n] repeats in SET1 too; [c*] there is an error
--- script
echo abc | tr '[b*2]a' xyz
echo abc | tr -d '[a*2]'
echo abc | tr '[a*]' x; echo "st $?"
--- stdout
zyc
bc
st 1
--- stderr
tr: the [c*] repeat construct may not appear in string1

=== tr refuses [=c=] in string2 when translating
--- script
echo abc | tr a-c '[=b=]'; echo $?; echo abc | tr -s a '[=b=]'; echo $?; echo abcbb | tr -s '[=b=]'; echo abc | tr -d '[=b=]'
--- stdout
1
1
abcb
ac
--- stderr
tr: [=c=] expressions may not appear in string2 when translating
tr: [=c=] expressions may not appear in string2 when translating
