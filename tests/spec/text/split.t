=== split by lines
--- script
printf '1\n2\n3\n4\n5\n' > f
split -l 2 f
ls
cat xac
--- stdout
f
xaa
xab
xac
5
--- stderr
--- status: 0

=== split by bytes with numeric suffixes
--- script
printf abcdefghij > f
split -b 4 -d f p
ls p*
cat p02; echo
--- stdout
p00
p01
p02
ij
--- stderr
--- status: 0

=== split -n into equal chunks
--- script
printf abcdefgh > f
split -n 2 f q
cat qaa; echo; cat qab; echo
--- stdout
abcd
efgh
--- stderr
--- status: 0

=== split -a and --additional-suffix
--- script
printf '1\n2\n3\n' > f
split -l 1 -a 3 --additional-suffix=.txt f r
ls r*
--- stdout
raaa.txt
raab.txt
raac.txt
--- stderr
--- status: 0

=== split from stdin
--- script
printf '1\n2\n3\n' | split -l 2 - s
cat sab
--- stdout
3
--- stderr
--- status: 0

=== split errors
--- script
split -b 0 f
split nope
echo status $?
--- stdout
status 1
--- stderr
split: invalid number of bytes: ‘0’: Numerical result out of range
split: cannot open 'nope' for reading: No such file or directory
--- status: 0
