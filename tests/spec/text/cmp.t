=== identical files
--- script
printf 'abc\n' > a; printf 'abc\n' > b
cmp a b; echo rc=$?
--- stdout
rc=0
--- stderr
--- status: 0

=== first difference
--- script
printf 'abc\ndef' > a; printf 'abc\nxyz' > b
cmp a b; echo rc=$?
cmp -b a b
--- stdout
a b differ: byte 5, line 2
rc=1
a b differ: byte 5, line 2 is 144 d 170 x
--- stderr
--- status: 1

=== list all differences
--- script
printf 'abc\ndef' > a; printf 'abc\nxyz' > b
cmp -l a b; cmp -lb a b
--- stdout
5 144 170
6 145 171
7 146 172
5 144 d    170 x
6 145 e    171 y
7 146 f    172 z
--- stderr
--- status: 1

=== EOF messages
--- script
printf 'abc\ndef' > a; printf 'abc' > b; : > e; printf 'abc\n' > c
cmp a b; echo rc=$?
cmp a e; cmp c a; cmp -l a b
--- stdout
rc=1
--- stderr
cmp: EOF on b after byte 3, in line 1
cmp: EOF on e which is empty
cmp: EOF on c after byte 4, line 1
cmp: EOF on b after byte 3
--- status: 1

=== silent
--- script
printf 'a' > a; printf 'b' > b
cmp -s a b; echo rc=$?; cmp -s a a; echo rc=$?
--- stdout
rc=1
rc=0
--- stderr
--- status: 0

=== stdin, skip and limit
--- script
printf 'abc\ndef' > a; printf 'abc\nxyz' > b
cmp - a < b; cmp -n 2 a b; echo rc=$?; cmp -i 4 a b
--- stdout
- a differ: byte 5, line 2
rc=0
a b differ: byte 1, line 1
--- stderr
--- status: 1

=== missing file
--- script
printf 'a' > a
cmp a nofile; echo rc=$?
--- stdout
rc=2
--- stderr
cmp: nofile: No such file or directory
--- status: 0

=== cmp -l sizes the offset column from the smaller size (a pipe's is unknown)
--- script
printf 'abcdefghij\n' > c1; printf 'abcdefghiX\n' > c2
cmp -l c1 c2; cmp -l <(echo abc) <(echo abd); cmp -l -n 5 <(echo abc) <(echo abd)
--- stdout
10 152 130
                  3 143 144
3 143 144
--- status: 1

=== cmp -s is silent about a missing file too, status 2
--- script
echo a > a
cmp -s a missing; echo $?
cmp -s missing a; echo $?
--- stdout
2
2

=== cmp and patch usage errors name the program on the Try line
--- script
cmp; echo $?
cmp -Y a b; echo $?
--- stdout
2
2
--- stderr
cmp: missing operand after 'cmp'
cmp: Try 'cmp --help' for more information.
cmp: invalid option -- 'Y'
cmp: Try 'cmp --help' for more information.
