=== patch applies a unified diff from stdin
--- script
seq 1 10 > a
(seq 1 4; echo five; seq 6 10) > b
diff -u a b > p.diff
patch < p.diff
cat a | tr '\n' ' '; echo
ls
--- stdout
patching file a
1 2 3 4 five 6 7 8 9 10 
a
b
p.diff
--- stderr
--- status: 0

=== hunks that moved report their offset and leave a .orig
--- script
seq 1 20 > a
(seq 1 4; echo five; seq 6 14; echo fifteen; seq 16 20) > b
diff -u a b > p.diff
(echo x; echo y; seq 1 20) > a
patch -i p.diff
grep -c i a
ls
--- stdout
patching file a
Hunk #1 succeeded at 4 (offset 2 lines).
Hunk #2 succeeded at 14 (offset 2 lines).
2
a
a.orig
b
p.diff
--- stderr
--- status: 0

=== a failed hunk goes to a .rej file and the status is 1
--- script
seq 1 20 > a
(seq 1 4; echo five; seq 6 14; echo fifteen; seq 16 20) > b
diff -u a b > p.diff
(seq 1 15; echo XX; seq 17 20) > a
patch < p.diff; echo "st=$?"
grep -c '^+++ b' a.rej
tail -n +3 a.rej
grep -c five a
--- stdout
patching file a
Hunk #2 FAILED at 12.
1 out of 2 hunks FAILED -- saving rejects to file a.rej
st=1
1
@@ -12,7 +12,7 @@
 12
 13
 14
-15
+fifteen
 16
 17
 18
1
--- stderr
--- status: 0

=== -p1 with git-style names, --dry-run changes nothing, -R reverts
--- file a/f.txt
one
two
--- file b/f.txt
one
2
--- script
diff -u a/f.txt b/f.txt > p.diff
mkdir w && cp a/f.txt w/
cd w
patch -p1 --dry-run < ../p.diff
cat f.txt
patch -p1 < ../p.diff
cat f.txt
patch -R -p1 < ../p.diff
cat f.txt
--- stdout
checking file f.txt
one
two
patching file f.txt
one
2
patching file f.txt
one
two
--- stderr
--- status: 0

=== creating and deleting files through /dev/null
--- file old.txt
bye
--- script
printf -- '--- /dev/null\n+++ new.txt\n@@ -0,0 +1,2 @@\n+hello\n+there\n' > c.diff
printf -- '--- old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n' > d.diff
patch < c.diff
patch < d.diff
cat new.txt
ls
--- stdout
patching file new.txt
patching file old.txt
hello
there
c.diff
d.diff
new.txt
--- stderr
--- status: 0

=== an applied patch is detected as reversed; -N skips it quietly
--- script
seq 1 5 > a
(seq 1 2; echo three; seq 4 5) > b
diff -u a b > p.diff
patch -s < p.diff
patch < p.diff; echo "st=$?"
patch -N < p.diff; echo "st=$?"
--- stdout
patching file a
Reversed (or previously applied) patch detected!  Assume -R? [n] 
Apply anyway? [n] 
Skipping patch.
1 out of 1 hunk ignored -- saving rejects to file a.rej
st=1
patching file a
Reversed (or previously applied) patch detected!  Skipping patch.
1 out of 1 hunk ignored -- saving rejects to file a.rej
st=1
--- stderr
--- status: 0

=== -o writes elsewhere; no newline at end of file is kept
--- script
printf 'a\nb' > x
printf 'a\nc' > y
diff -u x y > p.diff
patch -o out < p.diff
od -c out | head -2
cat x; echo
--- stdout
patching file out (read from x)
0000000   a  \n   c
0000003
a
b
--- stderr
--- status: 0

=== missing patch file and garbage input
--- script
patch -i nope; echo "st=$?"
echo hello | patch; echo "st=$?"
--- stdout
st=2
st=2
--- stderr
patch: **** Can't open patch file nope : No such file or directory
patch: **** Only garbage was found in the patch input.

=== patch -N skips a git patch already applied: existing new file, missing deleted file; rejects name files as stripped
--- script
{
  echo 'diff --git a/src/x.txt b/src/x.txt'
  printf '%s\n' '--- a/src/x.txt' '+++ b/src/x.txt' '@@ -1,3 +1,3 @@' ' line1' '-line2' '+LINE2' ' line3'
  echo 'diff --git a/src/new.txt b/src/new.txt'
  echo 'new file mode 100644'
  printf '%s\n' '--- /dev/null' '+++ b/src/new.txt' '@@ -0,0 +1 @@' '+fresh'
  echo 'diff --git a/src/old.txt b/src/old.txt'
  echo 'deleted file mode 100644'
  printf '%s\n' '--- a/src/old.txt' '+++ /dev/null' '@@ -1 +0,0 @@' '-gone'
} > p.diff
printf -- '--- a/x.txt\t2024-01-02 03:04:05.000000000 +0000\n+++ b/x.txt\t2024-01-02 03:04:06.000000000 +0000\n' > u.diff
printf '%s\n' '@@ -1,3 +1,3 @@' ' line1' '-line2' '+LINE2' ' line3' >> u.diff
mkdir src; printf 'line1\nline2\nline3\n' > src/x.txt; echo gone > src/old.txt
patch -p1 < p.diff; echo "st=$?"
patch -p1 -N < p.diff; echo "st=$?"
printf 'line1\nother\nline3\n' > z.txt; patch z.txt < u.diff; echo "st=$?"
head -2 z.txt.rej | cut -c5-
--- stdout
patching file src/x.txt
patching file src/new.txt
patching file src/old.txt
st=0
patching file src/x.txt
Reversed (or previously applied) patch detected!  Skipping patch.
1 out of 1 hunk ignored -- saving rejects to file src/x.txt.rej
The next patch would create the file src/new.txt,
which already exists!  Skipping patch.
1 out of 1 hunk ignored
The next patch would delete the file src/old.txt,
which does not exist!  Skipping patch.
1 out of 1 hunk ignored
st=1
patching file z.txt
Hunk #1 FAILED at 1.
1 out of 1 hunk FAILED -- saving rejects to file z.txt.rej
st=1
x.txt	2024-01-02 03:04:05.000000000 +0000
x.txt	2024-01-02 03:04:06.000000000 +0000
=== patch: an empty input is no patch and no error; a garbage one is an error
--- script
echo a > a
patch < /dev/null; echo "rc=$?"
printf 'hello\n' | patch; echo "rc=$?"
--- stdout
rc=0
rc=2
--- stderr
patch: **** Only garbage was found in the patch input.

=== patch reads C-quoted file names in the headers
--- script
printf '%s\n' '--- /dev/null' '+++ "two words\040here"' '@@ -0,0 +1 @@' '+hello' | patch
cat 'two words here'
printf '%s\n' '--- "two words here"' '+++ /dev/null' '@@ -1 +0,0 @@' '-hello' | patch
ls
--- stdout
patching file 'two words here'
hello
patching file 'two words here'

=== patch applies a hunk with fuzz when an outer context line differs
--- file f.txt
header
alpha
beta
gamma
inserted
delta
--- script
printf '%s\n' '--- a/f.txt' '+++ b/f.txt' '@@ -20,5 +20,5 @@' ' alpha' ' beta' '-gamma' '+GAMMA' ' inserted2' ' delta' > p.diff
patch -p1 < p.diff; echo $?
cat f.txt
--- stdout
patching file f.txt
Hunk #1 succeeded at 2 with fuzz 2 (offset -18 lines).
0
header
alpha
beta
GAMMA
inserted
delta
