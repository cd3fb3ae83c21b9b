=== uniq drops adjacent duplicates
--- script
printf 'a\na\nb\na\n' | uniq
--- stdout
a
b
a

=== uniq -c counts
--- script
printf 'a\na\nb\n' | uniq -c
--- stdout
      2 a
      1 b

=== uniq -d, -D and -u
--- script
printf 'a\na\nb\nc\nc\nc\n' | uniq -d; echo --; printf 'a\na\nb\nc\nc\n' | uniq -D; echo --; printf 'a\na\nb\nc\nc\n' | uniq -u
--- stdout
a
c
--
a
a
c
c
--
b

=== uniq --all-repeated=separate
--- script
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=separate
--- stdout
a
a

c
c

=== uniq -i, -f, -s, -w
--- script
printf 'A\na\nb\n' | uniq -i; printf '1 x\n2 x\n3 y\n' | uniq -f1; printf 'ax\nbx\ncy\n' | uniq -s1; printf 'abc\nabd\nx\n' | uniq -w2
--- stdout
A
b
1 x
3 y
ax
cy
abc
x

=== uniq -z and a last line without newline
--- script
printf 'a\0a\0b\0' | uniq -z | tr '\0' ,; echo; printf 'a\na' | uniq
--- stdout
a,b,
a

=== uniq writes to an OUTPUT file
--- file in
x
x
--- script
uniq in out; cat out
--- stdout
x

=== uniq errors
--- script
uniq nosuch; echo "st $?"; uniq -c -D /dev/null; echo "st $?"
--- stdout
st 1
st 1
--- stderr
uniq: nosuch: No such file or directory
uniq: printing all duplicated lines and repeat counts is meaningless
Try 'uniq --help' for more information.

=== uniq of a directory is a read error
--- script
mkdir d
uniq d; echo "st=$?"
--- stdout
st=1
--- stderr
uniq: error reading 'd'

=== uniq names a bad number first
--- script
uniq -f x < /dev/null; uniq -s y < /dev/null; uniq -w -1 < /dev/null
--- stderr
uniq: x: invalid number of fields to skip
uniq: y: invalid number of bytes to skip
uniq: -1: invalid number of bytes to compare
--- status: 1

=== --group separates groups with an empty line (prepend, append, both, abbreviations)
--- file in
a
a
b
c
C
--- script
uniq --group in; echo .
uniq --group=prepend in; echo .
uniq --group=app in; echo .
uniq -i --group=both in; echo .
printf '' | uniq --group=both; echo .
printf 'x\0x\0y\0' | uniq -z --group | tr '\0' '|'; echo
--- stdout
a
a

b

c

C
.

a
a

b

c

C
.
a
a

b

c

C

.

a
a

b

c
C

.
.
x|x||y|

=== --group refuses -c/-d/-D/-u and bad methods, listing the valid ones
--- script
uniq --group -c /dev/null; echo "s $?"
uniq --group=x /dev/null; echo "s $?"
uniq --all-repeated=x /dev/null; echo "s $?"
--- stdout
s 1
s 1
s 1
--- stderr
uniq: --group is mutually exclusive with -c/-d/-D/-u
Try 'uniq --help' for more information.
uniq: invalid argument ‘x’ for ‘--group’
Valid arguments are:
  - ‘prepend’
  - ‘append’
  - ‘separate’
  - ‘both’
Try 'uniq --help' for more information.
uniq: invalid argument ‘x’ for ‘--all-repeated’
Valid arguments are:
  - ‘none’
  - ‘prepend’
  - ‘separate’
Try 'uniq --help' for more information.

=== uniq -u with -d or -D drops the first line of each repeated group
--- script
printf 'one\ntwo\ntwo\nthree\nthree\nthree\nfour\nfour\n' > in
uniq -d -u in; echo "st $?"
uniq -D -u in
uniq --all-repeated=separate -u in
uniq -c -u -d in
--- stdout
st 0
two
three
three
four
two

three
three

four

=== uniq --group compares each line with the one before it (-f, -w, -i)
--- script
printf 'a x\nb x\nb x\nc y\nC y\n' > f; uniq --group=prepend -f1 f; uniq --group -i f; uniq --group=append -w1 -i f; printf 'aa\nab\nbb\nbc\n' | uniq --group -w1
--- stdout

a x
b x
b x

c y
C y
a x

b x
b x

c y
C y
a x

b x
b x

c y
C y

aa
ab

bb
bc
