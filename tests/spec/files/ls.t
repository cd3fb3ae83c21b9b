=== ls lists names one per line, sorted by bytes
--- script
mkdir d; touch d/b d/a d/B d/.hidden
ls d
--- stdout
B
a
b
--- stderr
--- status: 0

=== ls -a and -A show hidden entries
--- script
mkdir d; touch d/x d/.h
ls -a d
echo --
ls -A d
--- stdout
.
..
.h
x
--
.h
x
--- stderr
--- status: 0

=== ls -l prints mode, links, size, date and name
--- script
printf 'hello\n' > f
touch -d '2020-01-02 03:04:05' f
ls -lgo f
chmod 750 f
ls -go f
--- stdout
-rw-r--r-- 1 6 Jan  2  2020 f
-rwxr-x--- 1 6 Jan  2  2020 f
--- stderr
--- status: 0

=== ls -l shows a symlink's target and recent times as hours
--- script
touch -d '2020-01-02 03:04:05' f
ln -s f l
ls -go l | grep -o 'l -> f'
ls -l f | grep -c '2020 f'
--- stdout
l -> f
1
--- stderr
--- status: 0

=== ls -t and -S sort by time and size, -r reverses
--- script
printf a > small; printf aaaa > big
touch -d '2020-01-01' big; touch -d '2021-01-01' small
ls -t
ls -S
ls -rS
--- stdout
small
big
big
small
small
big
--- stderr
--- status: 0

=== ls -d, -F and -p mark entries
--- script
mkdir d; touch f; chmod +x f; ln -s f l
ls -d d
ls -F
ls -p
--- stdout
d
d/
f*
l@
d/
f
l
--- stderr
--- status: 0

=== ls -R walks directories with headers
--- script
mkdir -p d/e; touch d/f d/e/g
ls -R d
--- stdout
d:
e
f

d/e:
g
--- stderr
--- status: 0

=== ls of several operands lists files first, then each directory
--- script
mkdir d e; touch f d/x
ls e f d
--- stdout
f

d:
x

e:
--- stderr
--- status: 0

=== ls of a missing file fails with status 2
--- script
touch f
ls f nope
echo status $?
--- stdout
f
status 2
--- stderr
ls: cannot access 'nope': No such file or directory
--- status: 0

=== ls -C packs names into columns with tabs
--- script
touch aaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbbbb ccccccccccccccccccccccc ddddddddddddddd eeeeeeeeeeeeeee fffffffffffffff
ls -C
ls -x
--- stdout
aaaaaaaaaaaaaaaaaaa	ccccccccccccccccccccccc  eeeeeeeeeeeeeee
bbbbbbbbbbbbbbbbbbbbbb	ddddddddddddddd		 fffffffffffffff
aaaaaaaaaaaaaaaaaaa  bbbbbbbbbbbbbbbbbbbbbb  ccccccccccccccccccccccc
ddddddddddddddd      eeeeeeeeeeeeeee	     fffffffffffffff
--- stderr
--- status: 0

=== ls --time-style and --full-time print times in $TZ
--- script
export TZ=America/New_York
touch -d '2025-07-04 12:00:00' summer; touch -d '2025-12-25 08:30:00' winter
ls -l --time-style=full-iso summer winter | cut -d' ' -f6-
ls -l --time-style=long-iso winter | cut -d' ' -f6-
ls -l --time-style=+%H:%M:%Z summer | cut -d' ' -f6-
ls --full-time winter | cut -d' ' -f6-
TZ=Europe/Berlin ls -g --time-style='+%d.%m.%Y %H:%M' summer | cut -d' ' -f5-
ls --time-style=bogus summer; echo "st=$?"
ls -l --time-style=bogus summer; echo "st=$?"
--- stdout
2025-07-04 12:00:00.000000000 -0400 summer
2025-12-25 08:30:00.000000000 -0500 winter
2025-12-25 08:30 winter
12:00:EDT summer
2025-12-25 08:30:00.000000000 -0500 winter
04.07.2025 18:00 summer
summer
st=0
st=2
--- stderr
ls: invalid argument ‘bogus’ for ‘time style’
Valid arguments are:
  - [posix-]full-iso
  - [posix-]long-iso
  - [posix-]iso
  - [posix-]locale
  - +FORMAT (e.g., +%H:%M) for a 'date'-style format
Try 'ls --help' for more information.

=== ls -v -X --sort -B -I --hide --group-directories-first -m -s --format --indicator-style --file-type
--- script
mkdir d && cd d
touch file10 file2 file1 a.tar.gz b.c a.c noext 'x~' '.h~'
mkdir zdir
printf 'hello\n' > file1
head -c 5000 /dev/zero > big
ls -v; echo ==
ls -X; echo ==
ls --sort=width; echo ==
ls -B; echo ==
ls -a -B | head -3; echo ==
ls -I '*.c' -I 'file*'; echo ==
ls --hide='*.c' | head -2; echo ==
ls --hide='*.c' -A | head -4; echo ==
ls --group-directories-first | head -2; echo ==
ls -m -w 30; echo ==
ls --format=commas zdir file1; echo ==
ls -s big file1 noext; echo ==
ls -s1 zdir; ls -s | head -2; echo ==
ls -sh big noext; echo ==
ls --indicator-style=file-type zdir/.. | head -3; echo ==
ls --file-type -d zdir; echo ==
ls --sort=ver -r | head -3; echo ==
ls --format=ver; echo "st $?"
ls --sort=x; echo "st $?"
ls --color=bad; echo "st $?"
--- stdout
a.c
a.tar.gz
b.c
big
file1
file2
file10
noext
x~
zdir
==
big
file1
file10
file2
noext
x~
zdir
a.c
b.c
a.tar.gz
==
x~
a.c
b.c
big
zdir
file1
file2
noext
file10
a.tar.gz
==
a.c
a.tar.gz
b.c
big
file1
file10
file2
noext
zdir
==
.
..
a.c
==
a.tar.gz
big
noext
x~
zdir
==
a.tar.gz
big
==
.h~
a.c
a.tar.gz
b.c
==
zdir
a.c
==
a.c, a.tar.gz, b.c, big,
file1, file10, file2, noext,
x~, zdir
==
file1

zdir:
==
8 big
4 file1
0 noext
==
total 0
total 16
0 a.c
==
8.0K big
   0 noext
==
a.c
a.tar.gz
b.c
==
zdir/
==
zdir
x~
noext
==
st 1
st 1
st 1
--- stderr
ls: ambiguous argument ‘ver’ for ‘--format’
Valid arguments are:
  - ‘verbose’, ‘long’
  - ‘commas’
  - ‘horizontal’, ‘across’
  - ‘vertical’
  - ‘single-column’
Try 'ls --help' for more information.
ls: invalid argument ‘x’ for ‘--sort’
Valid arguments are:
  - ‘none’
  - ‘time’
  - ‘size’
  - ‘extension’
  - ‘version’
  - ‘width’
Try 'ls --help' for more information.
ls: invalid argument ‘bad’ for ‘--color’
Valid arguments are:
  - ‘always’, ‘yes’, ‘force’
  - ‘never’, ‘no’, ‘none’
  - ‘auto’, ‘tty’, ‘if-tty’
Try 'ls --help' for more information.

=== ls -Z shows ? for the security context there is none of
--- script
touch a b
ls -Z
ls -1Z a
ls -lZ a | awk '{print $1, $5, $6}'
--- stdout
? a
? b
? a
-rw-r--r-- ? 0
