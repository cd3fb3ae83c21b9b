=== bzip2 replaces the file and bunzip2 restores it with mode and time
--- file a
hello
--- script
touch -d '2020-01-02 03:04:05' a
chmod 640 a
bzip2 a
ls
bunzip2 a.bz2
stat -c '%a %y' a
cat a
--- stdout
a.bz2
640 2020-01-02 03:04:05.000000000 +0000
hello
--- stderr
--- status: 0

=== bzip2 -c, -k and bzcat of concatenated streams
--- file a
one
--- script
bzip2 -k a
bzip2 -c a > b.bz2
cat a.bz2 b.bz2 | bzcat
echo two | bzip2 | bzip2 -d
ls
--- stdout
one
one
two
a
a.bz2
b.bz2
--- stderr
--- status: 0

=== a large round trip and the stream magic
--- script
seq 100000 | bzip2 -9 | bunzip2 | cksum
echo x | bzip2 | head -c 3; echo
--- stdout
2052179976 588895
BZh
--- stderr
--- status: 0

=== bzip2 errors: missing, suffix, existing output, not bzip2
--- file a
x
--- file a.bz2
y
--- file q
not compressed
--- script
bzip2 nope; echo "st=$?"
bzip2 a.bz2; echo "st=$?"
bzip2 a; echo "st=$?"
bzip2 -dc q; echo "st=$?"
bunzip2 q; echo "st=$?"
ls
--- stdout
st=1
st=1
st=1
st=2
st=2
a
a.bz2
q
--- stderr
bzip2: Can't open input file nope: No such file or directory.
bzip2: Input file a.bz2 already has .bz2 suffix.
bzip2: Output file a.bz2 already exists.
bzip2: q is not a bzip2 file.
bunzip2: Can't guess original name for q -- using q.out
bunzip2: q is not a bzip2 file.

=== bzip2 -t and -v report on stderr; trailing garbage is ignored
--- file a
hi
--- script
bzip2 -k a
bzip2 -tv a.bz2
bzip2 -dvc a.bz2
cp a.bz2 g.bz2
echo junk >> g.bz2
bzcat g.bz2; echo "st=$?"
--- stdout
hi
hi
st=0
--- stderr
  a.bz2:   ok
  a.bz2:   done

bzcat: g.bz2: trailing garbage after EOF ignored
