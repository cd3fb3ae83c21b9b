=== xz replaces the file and unxz restores it with mode and time
--- file a
hello
--- script
touch -d '2020-01-02 03:04:05' a
chmod 640 a
xz a
ls
unxz a.xz
stat -c '%a %y' a
cat a
--- stdout
a.xz
640 2020-01-02 03:04:05.000000000 +0000
hello
--- stderr
--- status: 0

=== xz -c, -k, -T0 and xzcat of concatenated streams
--- file a
one
--- script
xz -k -T0 a
xz -c a > b.xz
cat a.xz b.xz | xzcat
echo two | xz -1 | xz -d
ls
--- stdout
one
one
two
a
a.xz
b.xz
--- stderr
--- status: 0

=== a large round trip and the stream magic
--- script
seq 100000 | xz | unxz | cksum
echo x | xz | od -An -tx1 -N6
--- stdout
2052179976 588895
 fd 37 7a 58 5a 00
--- stderr
--- status: 0

=== xz errors: missing, suffix, existing output, not xz, truncated
--- file a
x
--- file a.xz
y
--- file q
not compressed
--- script
xz nope; echo "st=$?"
xz a.xz; echo "st=$?"
xz a; echo "st=$?"
xz -dc q; echo "st=$?"
seq 1000 | xz > t.xz
head -c 40 t.xz > cut.xz
xz -dc cut.xz > /dev/null; echo "st=$?"
--- stdout
st=1
st=2
st=1
st=1
st=1
--- stderr
xz: nope: No such file or directory
xz: a.xz: File already has `.xz' suffix, skipping
xz: a.xz: File exists
xz: q: File format not recognized
xz: cut.xz: Unexpected end of input

=== xz -t checks integrity; -d of a directory is skipped
--- script
echo hi | xz > a.xz
xz -t a.xz; echo "st=$?"
mkdir d
xz d; echo "st=$?"
--- stdout
st=0
st=2
--- stderr
xz: d: Is a directory, skipping

=== xz -l lists streams, blocks, sizes, ratio and check, with totals for several files
--- script
printf 'x%.0s' $(seq 1 100) > big; seq 1 20000 > nums; xz -k big nums
xz -l big.xz nums.xz
echo hi | xz > s.xz; cat big.xz s.xz > two.xz; xz -l two.xz
xz -l < s.xz; echo "st=$?"
xz -l nums; echo "st=$?"
--- stdout
Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename
    1       1         68 B        100 B  0.680  CRC64   big.xz
    1       1       4948 B    106.3 KiB  0.045  CRC64   nums.xz
-------------------------------------------------------------------------------
    2       2       5016 B    106.4 KiB  0.046  CRC64   2 files
Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename
    2       2        128 B        103 B  1.243  CRC64   two.xz
st=1
st=1
--- stderr
xz: --list does not support reading from standard input
xz: nums: File format not recognized
