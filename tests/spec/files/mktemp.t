=== mktemp -d creates a private directory
--- script
d=$(mktemp -d)
test -d "$d" && echo dir
stat -c %a "$d"
case $d in /tmp/tmp.??????????) echo named;; esac
rmdir "$d"
--- stdout
dir
700
named
--- stderr
--- status: 0

=== mktemp -p creates a file from a template
--- script
f=$(mktemp -p . foo.XXXXXX)
test -f "$f" && echo file
stat -c %a "$f"
case $f in ./foo.??????) echo named;; esac
--- stdout
file
600
named
--- stderr
--- status: 0

=== mktemp with a template in the cwd
--- script
f=$(mktemp barXXX)
ls | wc -l
case $f in bar???) echo ok;; esac
--- stdout
1
ok
--- stderr
--- status: 0

=== mktemp -u does not create
--- script
f=$(mktemp -u XXXXXX)
ls | wc -l
--- stdout
0
--- stderr
--- status: 0

=== mktemp --suffix
--- script
f=$(mktemp --suffix=.txt XXXX)
case $f in ????.txt) echo ok;; esac
--- stdout
ok
--- stderr
--- status: 0

=== mktemp errors
--- script
mktemp fooXX
mktemp nope/XXXXXX
echo status $?
--- stdout
status 1
--- stderr
mktemp: too few X's in template ‘fooXX’
mktemp: failed to create file via template ‘nope/XXXXXX’: No such file or directory
--- status: 0

=== mktemp -t prefers $TMPDIR to -p DIR
--- script
TMPDIR=/t mktemp -u -t -p DIR x.XXX | sed 's/\.[^.]*$/.N/'
TMPDIR= mktemp -u -t -p DIR x.XXX | sed 's/\.[^.]*$/.N/'
TMPDIR=/t mktemp -u -p DIR x.XXX | sed 's/\.[^.]*$/.N/'
--- stdout
/t/x.N
DIR/x.N
DIR/x.N

=== mktemp --suffix without a template goes to /tmp with the suffix
--- script
f=$(mktemp --suffix=.json)
case $f in /tmp/tmp.??????????.json) echo named;; esac
test -f "$f" && echo file
rm -f "$f"
g=$(mktemp -u --suffix .cfg -t job.XXXX)
case $g in /tmp/job.????.cfg) echo t-named;; esac
--- stdout
named
file
t-named
--- stderr
--- status: 0

=== mktemp keeps what follows the last X as a suffix
--- script
f=$(mktemp -u run.XXXXXX.log)
case $f in run.??????.log) echo implied;; esac
mktemp -u --suffix=.x run.XXX.log; echo "st=$?"
mktemp -u 'XXX/sub'; echo "st=$?"
--- stdout
implied
st=1
st=1
--- stderr
mktemp: with --suffix, template ‘run.XXX.log’ must end in X
mktemp: invalid suffix ‘/sub’, contains directory separator
--- status: 0
