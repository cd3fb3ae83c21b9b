=== tee copies stdin to stdout and files
--- script
echo hi | tee a b; cat a b
--- stdout
hi
hi
hi

=== tee -a appends
--- file a
old
--- script
echo new | tee -a a >/dev/null; cat a
--- stdout
old
new

=== tee reports a file it cannot open and goes on
--- script
echo x | tee nodir/f ok; echo "st $?"; cat ok
--- stdout
x
st 1
x
--- stderr
tee: nodir/f: No such file or directory

=== tee with no files is cat
--- script
printf 'a\nb\n' | tee
--- stdout
a
b

=== tee treats "-" as a file name, as coreutils 9 does
--- script
echo data | tee - other
cat ./- other
--- stdout
data
data
data
