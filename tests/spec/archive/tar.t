=== tar -c then -t lists directories first with a slash
--- file d/a
hi
--- file d/sub/b
yo
--- script
tar --sort=name -cf x.tar d
tar -tf x.tar
--- stdout
d/
d/a
d/sub/
d/sub/b
--- stderr
--- status: 0

=== tar -tv prints modes, owners, sizes, times and link targets
--- file d/a
hello
--- script
ln -s a d/ln
chmod 640 d/a
touch -d '2020-01-02 03:04:05' d/a d
touch -h -d '2021-02-03 04:05:06' d/ln
tar --sort=name --owner=root --group=root -cf x.tar d
tar -tvf x.tar
tar -tvf x.tar --numeric-owner d/a
--- stdout
drwxr-xr-x root/root         0 2020-01-02 03:04 d/
-rw-r----- root/root         6 2020-01-02 03:04 d/a
lrwxrwxrwx root/root         0 2021-02-03 04:05 d/ln -> a
-rw-r----- 0/0               6 2020-01-02 03:04 d/a
--- stderr
--- status: 0

=== tar -x restores contents, modes, times and symlinks under -C
--- file d/a
hello
--- file d/sub/b
yo
--- script
chmod 600 d/a
ln -s sub/b d/ln
touch -d '2020-01-02 03:04:05' d/a d/sub
tar -cf x.tar d
mkdir out
tar -xf x.tar -C out
cat out/d/a out/d/ln
stat -c '%a %y %n' out/d/a out/d/sub
readlink out/d/ln
--- stdout
hello
yo
600 2020-01-02 03:04:05.000000000 +0000 out/d/a
755 2020-01-02 03:04:05.000000000 +0000 out/d/sub
sub/b
--- stderr
--- status: 0

=== old-style and compressed archives; extraction detects the compression
--- file d/a
one
--- file d/b
two
--- script
tar czf x.tgz d
tar cjf x.tbz d
tar cJf x.txz d
gzip -dc x.tgz | tar t | sort
for f in x.tgz x.tbz x.txz; do mkdir o-$f; tar xf $f -C o-$f; cat o-$f/d/b; done
tar -caf auto.tar.gz d
gzip -t auto.tar.gz && echo gzip ok
--- stdout
d/
d/a
d/b
two
two
two
gzip ok
--- stderr
--- status: 0

=== tar -f - streams through a pipe; -O writes contents to stdout
--- file d/a
alpha
--- file d/b
beta
--- script
tar -cf - d | tar -xOf - d/b
tar -cf - d | (mkdir o && cd o && tar -xf -)
cat o/d/a
--- stdout
beta
alpha
--- stderr
--- status: 0

=== -v names go to stdout, or stderr when the archive is stdout
--- file d/a
x
--- script
tar -cvf x.tar d
tar -cvf - d > /dev/null
mkdir o
tar -xvf x.tar -C o
--- stdout
d/
d/a
d/
d/a
--- stderr
d/
d/a
--- status: 0

=== --strip-components and --exclude
--- file top/d/a
1
--- file top/d/b.log
2
--- file top/e/c
3
--- script
tar --sort=name --exclude='*.log' -cf x.tar top
tar -tf x.tar
mkdir o
tar -xf x.tar -C o --strip-components=1
ls -R o
--- stdout
top/
top/d/
top/d/a
top/e/
top/e/c
o:
d
e

o/d:
a

o/e:
c
--- stderr
--- status: 0

=== long member names survive a round trip
--- script
n=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
mkdir d
echo long > d/$n
tar -cf x.tar d
tar -tf x.tar | wc -c
mkdir o
tar -xf x.tar -C o
cat o/d/$n
--- stdout
156
long
--- stderr
--- status: 0

=== errors: missing input, missing archive, not an archive, no mode, empty
--- file junk.tar
this is not a tar file
--- script
tar -cf x.tar nope; echo "st=$?"
tar -tf nope.tar; echo "st=$?"
tar -tf junk.tar; echo "st=$?"
tar -f x.tar; echo "st=$?"
tar -cf e.tar; echo "st=$?"
--- stdout
st=2
st=2
st=2
st=2
st=2
--- stderr
tar: nope: Cannot stat: No such file or directory
tar: Exiting with failure status due to previous errors
tar: nope.tar: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
tar: This does not look like a tar archive
tar: Exiting with failure status due to previous errors
tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options
Try 'tar --help' or 'tar --usage' for more information.
tar: Cowardly refusing to create an empty archive
Try 'tar --help' or 'tar --usage' for more information.

=== members named on the command line; a missing one is an error
--- file d/a
a
--- file d/b
b
--- script
tar -cf x.tar d
tar -tf x.tar d/b d/zz; echo "st=$?"
tar -cf - /dev/null 2>&1 >/dev/null | head -1
--- stdout
d/b
st=2
tar: Removing leading `/' from member names
--- stderr
tar: d/zz: Not found in archive
tar: Exiting with failure status due to previous errors

=== tar keeps a named pipe (type 6) and cp -a makes another
--- script
mkdir d; mkfifo d/q
tar cf x.tar d; rm -r d; tar xf x.tar; ls -l d | cut -c1-10 | tail -1
cp -a d/q r; ls -l r | cut -c1-10
--- stdout
prw-r--r--
prw-r--r--

=== tar: zero blocks at the start are an empty archive (GNU: status 0, nothing listed)
--- script
head -c 1024 /dev/zero > two.tar; head -c 10240 /dev/zero > twenty.tar
tar xvf two.tar; echo "st=$?"; tar tf twenty.tar; echo "st=$?"
--- stdout
st=0
st=0
--- status: 0
=== tar -r appends after the members (a missing archive is created; not on stdout or a compressed archive)
--- script
echo a > a; echo b > b; mkdir -p d; echo c > d/c
tar rf n.tar; echo "rc=$?"; wc -c < n.tar
tar rf x.tar a; tar rf x.tar b; tar tf x.tar; wc -c < x.tar
tar rvf x.tar a; tar --append -f x.tar d; tar tf x.tar
mkdir o && tar xf x.tar -C o && cat o/b o/d/c
tar czf z.tgz a; tar rzf z.tgz b; echo "rc=$?"
tar rf - a < x.tar; echo "rc=$?"
--- stdout
rc=0
10240
a
b
10240
a
a
b
a
d/
d/c
b
c
rc=2
rc=2
--- stderr
tar: Cannot update compressed archives
Try 'tar --help' or 'tar --usage' for more information.
tar: Options '-Aru' are incompatible with '-f -'
Try 'tar --help' or 'tar --usage' for more information.

=== tar -z on a missing archive: the child that opens it speaks first
--- script
tar xzf missing.tgz; echo "x=$?"
tar tjf missing.tbz; echo "t=$?"
tar xf missing.tar; echo "plain=$?"
--- stdout
x=2
t=2
plain=2
--- stderr
tar (child): missing.tgz: Cannot open: No such file or directory
tar (child): Error is not recoverable: exiting now
tar: Child returned status 2
tar: Error is not recoverable: exiting now
tar (child): missing.tbz: Cannot open: No such file or directory
tar (child): Error is not recoverable: exiting now
tar: Child returned status 2
tar: Error is not recoverable: exiting now
tar: missing.tar: Cannot open: No such file or directory
tar: Error is not recoverable: exiting now
--- status: 0
