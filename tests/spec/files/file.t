=== file describes text
--- script
printf 'hello\n' > a; printf 'h\303\251\n' > u; printf abc > n; printf 'a\r\nb\r\n' > c
file a u n c
--- stdout
a: ASCII text
u: Unicode text, UTF-8 text
n: ASCII text, with no line terminators
c: ASCII text, with CRLF line terminators
--- stderr
--- status: 0

=== file describes empty files, directories and links
--- script
touch e; mkdir d; ln -s e l; ln -s nope dl
file e d l dl
--- stdout
e:  empty
d:  directory
l:  symbolic link to e
dl: broken symbolic link to nope
--- stderr
--- status: 0

=== file recognises scripts and JSON
--- script
printf '#!/bin/sh\necho\n' > s; printf '#!/bin/bash\n:\n' > b; printf '{"a": [1, 2]}\n' > j
file s b j
--- stdout
s: POSIX shell script, ASCII text executable
b: Bourne-Again shell script, ASCII text executable
j: JSON text data
--- stderr
--- status: 0

=== file recognises images and data by magic
--- script
printf '\211PNG\r\n\032\n\0\0\0\015IHDR\0\0\0\020\0\0\0\040\010\006\0\0\0' > p; printf 'GIF89a\020\0\040\0' > g; printf '\0\1\2' > d
file p g d
--- stdout
p: PNG image data, 16 x 32, 8-bit/color RGBA, non-interlaced
g: GIF image data, version 89a, 16 x 32
d: data
--- stderr
--- status: 0

=== file -b and missing files
--- script
printf 'x\n' > a
file -b a
file nope
echo status $?
--- stdout
ASCII text
nope: cannot open `nope' (No such file or directory)
status 0
--- stderr
--- status: 0

=== file of /dev/null
--- script
file /dev/null
--- stdout
/dev/null: character special (1/3)
--- stderr
--- status: 0

=== CSV text: three or more records with the same field count
--- script
printf 'a,b,c\n1,2,3\n4,"5,x",6\n' > d.csv
printf 'a,b\n1,2\n' > two.csv
printf 'a,b,c\n1,2\n3,4\n5,6\n' > ragged.csv
printf 'a,b\r\n1,2\r\n3,4\r\n' > crlf.csv
file d.csv two.csv ragged.csv crlf.csv
--- stdout
d.csv:      CSV text
two.csv:    ASCII text
ragged.csv: ASCII text
crlf.csv:   CSV text
=== file: no operand prints file's synopsis on stderr, status 1
--- script
file; echo "rc=$?"
--- stdout
rc=1
--- stderr
Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]
            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]
            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]
            <file> ...
       file -C [-m <magicfiles>]
       file [--help]

=== file reads - from stdin, --mime-type has no charset, GNU tar is named
--- script
echo hello > a
echo text | file -
file --mime-type a
file -i a
tar cf t.tar a; file t.tar
--- stdout
/dev/stdin: ASCII text
a: text/plain
a: text/plain; charset=us-ascii
t.tar: POSIX tar archive (GNU)
