=== gzip replaces the file and gunzip restores it with mode and time
--- file a
hello
world
--- script
touch -d '2020-01-02 03:04:05' a
chmod 640 a
gzip a
ls
stat -c '%a %y' a.gz
gunzip a.gz
ls
stat -c '%a %y %s' a
cat a
--- stdout
a.gz
640 2020-01-02 03:04:05.000000000 +0000
a
640 2020-01-02 03:04:05.000000000 +0000 12
hello
world
--- stderr
--- status: 0

=== gzip -n header bytes for a short input
--- script
printf 'hi\n' | gzip -n | od -An -tx1
--- stdout
 1f 8b 08 00 00 00 00 00 00 03 cb c8 e4 02 00 7a
 7a 6f ed 03 00 00 00
--- stderr
--- status: 0

=== gzip -c and -k keep the input; zcat reads several members
--- file a
one
--- script
gzip -k a
gzip -c a > b.gz
ls
cat a.gz b.gz > m.gz
zcat m.gz
gzip -dc < m.gz | wc -l
--- stdout
a
a.gz
b.gz
one
one
2
--- stderr
--- status: 0

=== gzip refuses names with a suffix and existing outputs
--- file a
x
--- file b.gz
y
--- script
gzip a
gzip a.gz; echo "st=$?"
echo x > a
gzip a; echo "st=$?"
gzip -f a; echo "st=$?"
ls
--- stdout
st=0
st=2
st=0
a.gz
b.gz
--- stderr
gzip: a.gz already has .gz suffix -- unchanged
gzip: a.gz already exists;	not overwritten

=== gunzip errors: missing file, unknown suffix, not gzip, truncated
--- file plain
text
--- file bad.gz
not compressed
--- script
gunzip nope; echo "st=$?"
gunzip plain; echo "st=$?"
gunzip bad.gz; echo "st=$?"
seq 1000 | gzip > t.gz
head -c 30 t.gz > cut.gz
gunzip -c cut.gz > /dev/null; echo "st=$?"
ls
--- stdout
st=1
st=2
st=1
st=1
bad.gz
cut.gz
plain
t.gz
--- stderr
gzip: nope.gz: No such file or directory
gzip: plain: unknown suffix -- ignored

gzip: bad.gz: not in gzip format

gzip: cut.gz: unexpected end of file

=== gzip -l lists sizes and ratio, -lv adds method, crc and date
--- file a
hello
world
--- script
touch -d '2021-05-06 07:08:09' a
gzip a
gzip -l a.gz
gzip -lv a.gz
--- stdout
         compressed        uncompressed  ratio uncompressed_name
                 34                  12 -16.7% a
method  crc     date  time           compressed        uncompressed  ratio uncompressed_name
defla c4c55dff May  6 07:08                  34                  12 -16.7% a
--- stderr
--- status: 0

=== gzip -v and -t report on stderr
--- file a
hello
world
--- script
gzip -v a
gzip -tv a.gz
gunzip -v a.gz
--- stdout
--- stderr
a:	-16.7% -- replaced with a.gz
a.gz:	 OK
a.gz:	-16.7% -- replaced with a

=== a large round trip through levels, .tgz becomes .tar, zcat -f passes plain text
--- script
seq 100000 > n
gzip -1 -c n | gunzip | cksum
gzip -9 -c n | zcat | tail -1
gzip -c n > n.tgz
gunzip n.tgz
ls n.tar
echo plain | zcat -f
--- stdout
2052179976 588895
100000
n.tar
plain
--- stderr
--- status: 0

=== gzip -S uses another suffix; trailing garbage is a warning
--- file a
data
--- script
gzip -S .zz a
ls
gzip -d -S .zz a.zz
gzip -c a > g.gz
echo junk >> g.gz
zcat g.gz; echo "st=$?"
--- stdout
a.zz
data
st=2
--- stderr

gzip: g.gz: decompression OK, trailing garbage ignored

=== gzip -r compresses every file below a directory; -v names what it skips
--- script
mkdir -p r/s && echo b > r/s/y && gzip r/s/y
echo cccccccccccccccccccccccccccccccccccccc > r/z
gzip -rv r 2>&1; echo "st=$?"
ls r r/s
--- stdout
gzip: r/s/y.gz already has .gz suffix -- unchanged
r/z:	 82.1% -- replaced with r/z.gz
st=0
r:
s
z.gz

r/s:
y.gz

=== gunzip -r restores a tree and passes over names without a suffix silently
--- script
mkdir -p r/s && echo one > r/s/y && echo two > r/z && echo keep > r/w
gzip r/s/y r/z
gunzip -r r; echo "st=$?"
cat r/s/y r/z r/w
gzip -d r/w; echo "st=$?"
--- stdout
st=0
one
two
keep
st=2
--- stderr
gzip: r/w: unknown suffix -- ignored

=== gzip and xz usage errors end with their own Try lines
--- script
gzip -Y; echo $?
gunzip -Y 2>/dev/null; echo $?
xz -Y; echo $?
--- stdout
1
1
1
--- stderr
gzip: invalid option -- 'Y'
Try `gzip --help' for more information.
xz: invalid option -- 'Y'
xz: Try `xz --help' for more information.
