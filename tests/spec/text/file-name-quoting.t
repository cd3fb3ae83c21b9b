=== coreutils quote a file name in an error only when it needs quotes
--- script
cat 'my notes.txt' plain.txt
wc -l "it's.txt"
sort 'a b'
md5sum 'a b'
cut -f1 'a b'
uniq 'a b'
head -n1 'a b'
--- stdout
--- stderr
cat: 'my notes.txt': No such file or directory
cat: plain.txt: No such file or directory
wc: "it's.txt": No such file or directory
sort: cannot read: 'a b': No such file or directory
md5sum: 'a b': No such file or directory
cut: 'a b': No such file or directory
uniq: 'a b': No such file or directory
head: cannot open 'a b' for reading: No such file or directory
--- status: 1

=== diffutils, grep and util-linux print the name as given
--- script
diff 'a b' 'c d'; echo "diff=$?"
cmp 'a b' 'c d'; echo "cmp=$?"
grep x 'a b'; echo "grep=$?"
--- stdout
diff=2
cmp=2
grep=2
--- stderr
diff: a b: No such file or directory
diff: c d: No such file or directory
cmp: a b: No such file or directory
grep: a b: No such file or directory
--- status: 0

=== xargs -a names a missing input file as findutils does
--- script
xargs -a 'no file' echo; echo "st=$?"
--- stdout
st=1
--- stderr
xargs: Cannot open input file ‘no file’: No such file or directory
--- status: 0
