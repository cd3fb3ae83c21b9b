=== head prints the first 10 lines by default
--- script
seq 12 | head
--- stdout
1
2
3
4
5
6
7
8
9
10

=== head -n and the obsolete -N form
--- file f
a
b
c
d
--- script
head -n 2 f; head -1 f; head -n2 f
--- stdout
a
b
a
a
b

=== head -n -K prints all but the last K lines
--- file f
a
b
c
d
--- script
head -n -3 f; head --lines=-10 f; echo end
--- stdout
a
end

=== head -c and -c -K
--- file f
hello world
--- script
head -c 5 f; echo; head -c -7 f; echo; head -c 1k f
--- stdout
hello
hello
hello world

=== head with several files prints headers, -q hides, -v forces
--- file a
1
2
--- file b
3
--- script
head -n 1 a b; head -q -n1 a b; head -v -n1 a; echo x | head -v
--- stdout
==> a <==
1

==> b <==
3
1
3
==> a <==
1
==> standard input <==
x

=== head reports a missing file and goes on
--- file a
1
--- script
head -n1 nosuch a; echo "status $?"
--- stdout
==> a <==
1
status 1
--- stderr
head: cannot open 'nosuch' for reading: No such file or directory

=== head rejects an invalid count
--- script
head -n abc /dev/null; echo "status $?"; head -c 1x /dev/null; echo "status $?"
--- stdout
status 1
status 1
--- stderr
head: invalid number of lines: ‘abc’
head: invalid number of bytes: ‘1x’

=== head -z uses NUL as the line delimiter
--- script
printf 'a\0b\0c\0' | head -z -n 2 | tr '\0' '\n'
--- stdout
a
b

=== head stops early on an endless input
--- script
yes | head -n 3
--- stdout
y
y
y

=== head keeps a last line without newline
--- script
printf 'a\nb' | head -n 5; echo; printf 'a\nb\nc' | head -n -1
--- stdout
a
b
a
b

=== head on a directory
--- script
mkdir d; head d; echo "status $?"
--- stdout
status 1
--- stderr
head: error reading 'd': Is a directory

=== head rejects unknown options
--- script
head --bogus; echo "status $?"
--- stdout
status 1
--- stderr
head: unrecognized option '--bogus'
Try 'head --help' for more information.

=== head, tail and truncate take a lower-case m suffix
--- script
head -c 1m /dev/zero | wc -c
head -c 2m /dev/zero | tail -c 1m | wc -c
truncate -s 1m f; stat -c %s f
--- stdout
1048576
1048576
1048576

=== head and tail name a bad count without its leading minus
--- script
head -c -x /dev/null; echo "st=$?"
head -n +y /dev/null; echo "st=$?"
tail -n -z /dev/null; echo "st=$?"
--- stdout
st=1
st=1
st=1
--- stderr
head: invalid number of bytes: ‘x’
head: invalid number of lines: ‘+y’
tail: invalid number of lines: ‘z’
--- status: 0
