=== truncate shrinks and extends
--- script
printf 0123456789 > f
truncate -s 4 f
cat f; echo
truncate -s +2 f
stat -c %s f
--- stdout
0123
6
--- stderr
--- status: 0

=== truncate rounding forms
--- script
printf 0123456789 > f
truncate -s %8 f; stat -c %s f
truncate -s /3 f; stat -c %s f
truncate -s '<5' f; stat -c %s f
truncate -s '>7' f; stat -c %s f
--- stdout
16
15
5
7
--- stderr
--- status: 0

=== truncate creates files unless -c
--- script
truncate -s 1K new
stat -c %s new
truncate -c -s 1 none
ls
--- stdout
1024
new
--- stderr
--- status: 0

=== truncate -r copies a size
--- script
printf abc > ref; touch f
truncate -r ref f
stat -c %s f
--- stdout
3
--- stderr
--- status: 0

=== truncate errors
--- script
truncate f
truncate -s zz f
echo status $?
--- stdout
status 1
--- stderr
truncate: you must specify either ‘--size’ or ‘--reference’
Try 'truncate --help' for more information.
truncate: Invalid number: ‘zz’
--- status: 0

=== truncate -s 0 empties a file
--- script
printf data > f
truncate -s 0 f
stat -c %s f
--- stdout
0
--- stderr
--- status: 0
