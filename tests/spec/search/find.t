=== find lists a tree with -type and -name
--- script
mkdir -p a/b; touch a/x.py a/b/y.py a/b/z.txt
find a -type f -name '*.py' | sort
find a -type d | sort
--- stdout
a/b/y.py
a/x.py
a
a/b
--- stderr
--- status: 0

=== find -o, ! and parentheses
--- script
mkdir -p a; touch a/x.py a/y.txt a/z.c
find a -type f \( -name '*.py' -o -name '*.c' \) | sort
find a -type f ! -name '*.py' | sort
--- stdout
a/x.py
a/z.c
a/y.txt
a/z.c
--- stderr
--- status: 0

=== find -maxdepth, -mindepth and -depth
--- script
mkdir -p a/b/c
find a -maxdepth 1
find a -mindepth 2
find a -depth
--- stdout
a
a/b
a/b/c
a/b/c
a/b
a
--- stderr
--- status: 0

=== find -prune skips a directory
--- script
mkdir -p a/skip a/keep; touch a/skip/f a/keep/g
find a -name skip -prune -o -type f -print
--- stdout
a/keep/g
--- stderr
--- status: 0

=== find -printf formats
--- script
mkdir -p a/b; printf hello > a/b/f
find a/b/f -printf '%p|%f|%h|%s|%d|%m|%y\n'
find a -name f -printf '%P %M\n'
--- stdout
a/b/f|f|a/b|5|0|644|f
b/f -rw-r--r--
--- stderr
--- status: 0

=== find -exec with ; and +
--- script
mkdir a; touch a/x a/y
find a -type f -exec echo got {} \; | sort
find a -type f -exec echo {} +
--- stdout
got a/x
got a/y
a/x a/y
--- stderr
--- status: 0

=== find -size, -empty and -newer
--- script
mkdir a; printf 12345 > a/five; touch a/empty; touch -d 2000-01-01 a/old
find a -size 5c
find a -empty | sort
find a -newer a/old -type f | sort
--- stdout
a/five
a/empty
a/old
a/empty
a/five
--- stderr
--- status: 0

=== find -regex matches the whole path (emacs syntax)
--- script
mkdir a; touch a/x.py a/y.js a/z.c
find a -regex '.*\.\(py\|js\)' | sort
find a -regextype posix-extended -regex '.*/[xz]\..*' | sort
--- stdout
a/x.py
a/y.js
a/x.py
a/z.c
--- stderr
--- status: 0

=== find -delete and -quit
--- script
mkdir -p a/b; touch a/b/f a/g
find a -name f -delete
find a -type f -print -quit
find a | sort
--- stdout
a/g
a
a/b
a/g
--- stderr
--- status: 0

=== find errors
--- script
find nope
echo status $?
find . -bogus
echo status $?
find . -name
echo status $?
--- stdout
status 1
status 1
status 1
--- stderr
find: ‘nope’: No such file or directory
find: unknown predicate `-bogus'
find: missing argument to `-name'
--- status: 0

=== find -newerXY: against a date (t) or another file's time
--- script
touch -d '2024-01-02 03:04:05' old.csv; touch -d '2024-05-01' new.txt
find . -newermt '2024-01-03' -type f | sort
find . -newermm old.csv -type f
find . -not -newermt '2024-02-01' -type f
find . -newermt garbage; echo "rc=$?"
find . -newerXY x; echo "rc=$?"
--- stdout
./new.txt
./new.txt
./old.csv
rc=1
rc=1
--- stderr
find: I cannot figure out how to interpret ‘garbage’ as a date or time
find: invalid predicate `-newerXY'

=== find -execdir runs in the entry's directory with ./NAME; {} + batches per directory
--- script
mkdir -p s/t; touch s/t/z
find s -execdir pwd \; -execdir echo a{}b \; | sed "s|^$PWD|.|"
find s/ . -maxdepth 0 -execdir echo {} \;
find s -execdir echo {} +
find s -name z -execdir cat {} \; ; echo $?
find s -execdir false {} + ; echo $?
--- stdout
.
a./sb
./s
a./tb
./s/t
a./zb
./s/
./.
./s
./t
./z
0
1

=== find -ok and -okdir ask on stderr and read the answers from stdin
--- script
mkdir -p s/t; touch s/t/z
printf 'y\nn\nYes\n' | find s -ok echo run {} \; 2>&1; echo
find s -maxdepth 0 -okdir echo {} \; < /dev/null; echo " $?"
echo y | find s -maxdepth 0 -ok sh -c 'read a; echo "[$a]"' \; 2>/dev/null
printf 'Y\n' | find s -maxdepth 0 -ok false \; -print 2>/dev/null; echo $?
find s -ok echo {} + ; echo $?
--- stdout
< echo ... s > ? run s
< echo ... s/t > ? < echo ... s/t/z > ? run s/t/z

 0
[]
0
1
--- stderr
< echo ... s > ? find: missing argument to `-ok'
=== find: bad -maxdepth and -mtime arguments in GNU's words
--- script
find . -maxdepth x; echo "rc=$?"
find . -mtime abc; echo "rc=$?"
find . -mmin -x; echo "rc=$?"
--- stdout
rc=1
rc=1
rc=1
--- stderr
find: Expected a positive decimal integer argument to -maxdepth, but got ‘x’
find: invalid argument `abc' to `-mtime'
find: invalid argument `-x' to `-mmin'

=== find -size: a bad unit, a bad number and an empty argument
--- script
find . -size 1x; echo "status $?"
find . -size 1kk; echo "status $?"
find . -size ''; echo "status $?"
find . -size -k; echo "status $?"
find . -size +1q; echo "status $?"
--- stdout
status 1
status 1
status 1
status 1
status 1
--- stderr
find: invalid -size type `x'
find: Invalid argument `1kk' to -size
find: invalid null argument to -size
find: Invalid argument `-k' to -size
find: invalid -size type `q'
--- status: 0

=== find -L reports a symlink loop and goes on, status 1
--- script
mkdir dir
touch dir/file
ln -s looper dir/looper
find -L dir -name file; echo $?
find -L dir -type l; echo $?
--- stdout
dir/file
1
1
--- stderr
find: ‘dir/looper’: Too many levels of symbolic links
find: ‘dir/looper’: Too many levels of symbolic links
