=== join pairs lines on the first field
--- file a
a 1
b 2
c 3
--- file b
a x
c y
d z
--- script
join a b
--- stdout
a 1 x
c 3 y

=== join -a1 -a2 keeps unpaired lines, -v1 only those
--- file a
a 1
b 2
c 3
--- file b
a x
c y
d z
--- script
join -a1 -a2 a b; echo --; join -v1 a b
--- stdout
a 1 x
b 2
c 3 y
d z
--
b 2

=== join -o with 0 and -e fills missing fields
--- file a
a 1
b 2
c 3
--- file b
a x
c y
d z
--- script
join -a2 -o 0,1.2,2.2 -e - a b
--- stdout
a 1 x
c 3 y
d - z

=== join -o auto pads from the first line of each file
--- file a
a,1,,q
b,2
--- file b
a,x
b,
--- script
join -t, -o auto -e E a b
--- stdout
a,1,E,q,x
b,2,E,E,E

=== join -1 -2 choose the join fields, runs of equal keys multiply
--- file a
1 a
2 a
3 b
--- file b
x a
y a
--- script
join -1 2 -2 2 a b
--- stdout
a 1 x
a 1 y
a 2 x
a 2 y

=== join -i and --header
--- file a
ID N
A 1
b 2
--- file b
ID M
a x
B y
--- script
join -i --header a b
--- stdout
ID N M
A 1 x
b 2 y

=== join reports unsorted input after an unpairable line
--- file a
a x
c y
b z
--- file b
a 1
b 2
c 3
--- script
join b a
--- stdout
a 1 x
c 3 y
--- stderr
join: a:3: is not sorted: b z
join: input is not in sorted order
--- status: 1

=== join --check-order stops at the first disorder
--- file a
b 1
a 2
c 3
--- file b
a x
b y
--- script
join --check-order a b; echo "rc=$?"; join --nocheck-order a b
--- stdout
rc=1
b 1 y
--- stderr
join: a:2: is not sorted: a 2

=== join -z reads NUL-terminated records
--- script
printf 'a 1\0b 2\0' > a; printf 'a x\0b y\0' > b; join -z a b | tr '\0' '\n'
--- stdout
a 1 x
b 2 y

=== join usage errors
--- file a
a 1
--- script
join a; join -t ab a a; join -o 3.1 a a; join -1 0 a a; join nope a
--- stderr
join: missing operand after ‘a’
Try 'join --help' for more information.
join: multi-character tab ‘ab’
join: invalid file number in field spec: ‘3.1’
join: invalid field number: ‘0’
join: nope: No such file or directory
--- status: 1
