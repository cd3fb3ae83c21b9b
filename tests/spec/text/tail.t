=== tail prints the last 10 lines by default
--- script
seq 15 | tail
--- stdout
6
7
8
9
10
11
12
13
14
15

=== tail -n, -N and -n +K
--- file f
a
b
c
d
--- script
tail -n 2 f; tail -1 f; tail -n +3 f; tail -n +1 f | wc -l; tail -n 0 f
--- stdout
c
d
d
c
d
4

=== tail -c and -c +K
--- file f
hello world
--- script
tail -c 6 f; tail -c +7 f; tail --bytes=3 f
--- stdout
world
world
ld

=== tail keeps a last line without newline
--- script
printf 'a\nb\nc' | tail -n 2; echo; printf 'x\n\n' | tail -n 1 | od -An -c
--- stdout
b
c
  \n

=== tail with several files prints headers
--- file a
1
2
--- file b
3
--- script
tail -n 1 a b; tail -q -n 1 a b; tail -v -n1 b
--- stdout
==> a <==
2

==> b <==
3
2
3
==> b <==
3

=== tail reports a missing file
--- script
tail nosuch; echo "status $?"
--- stdout
status 1
--- stderr
tail: cannot open 'nosuch' for reading: No such file or directory

=== tail rejects an invalid count
--- script
tail -n x /dev/null; echo "status $?"
--- stdout
status 1
--- stderr
tail: invalid number of lines: ‘x’

=== tail on a large stream keeps only the window
--- script
seq 100000 | tail -n 3; seq 100000 | tail -c 7
--- stdout
99998
99999
100000
100000

=== tail -z uses NUL as the delimiter
--- script
printf 'a\0b\0c\0' | tail -z -n 2 | tr '\0' ,; echo
--- stdout
b,c,

=== tail -f is refused clearly
--- vsh-only: following a file is not supported in vsh
--- script
tail -f /dev/null; echo "status $?"
--- stdout
status 1
--- stderr
tail: following files (-f, -F, --follow) is not supported in vsh: files cannot grow while tail waits

=== -n0 and -c0 open nothing: no headers, no error for a missing file
--- file a
x
--- script
tail -n0 a nope; echo "s $?"
tail -c0 -v a; echo "s $?"
tail -n +0 a
--- stdout
s 0
s 0
x

=== tail +N, the obsolete form counting from the start
--- script
seq 5 > five
tail +4 five
tail +2c five | head -1
seq 12 | tail +
tail +3 -- five
tail +2 five five 2>/dev/null; echo "st $?"
--- stdout
4
5

10
11
12
3
4
5
==> five <==
1
2
3
4
5

==> five <==
1
2
3
4
5
st 1
=== tail: the obsolete -N takes at most one file (else its digit is an option out of place)
--- script
printf '1\n2\n' > a1; printf '3\n4\n' > a2
tail -1 a1; echo "rc=$?"
tail -1 -- a1; echo "rc=$?"
tail -1 a1 a2; echo "rc=$?"
tail -3c a1 a2; echo "rc=$?"
tail -1 -q a1; echo "rc=$?"
head -1 a1 a2; echo "rc=$?"
--- stdout
2
rc=0
2
rc=0
rc=1
rc=1
rc=1
==> a1 <==
1

==> a2 <==
3
rc=0
--- stderr
tail: option used in invalid context -- 1
tail: option used in invalid context -- 3
tail: option used in invalid context -- 1
