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
