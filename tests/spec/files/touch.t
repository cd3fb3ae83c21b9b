=== touch creates empty files
--- script
touch a b
ls
stat -c %s a
--- stdout
a
b
0
--- stderr
--- status: 0

=== touch -d sets a given date
--- script
touch -d '2020-01-02 03:04:05' f
stat -c %y f
touch -d 2021-03-04T05:06:07Z g
stat -c %y g
--- stdout
2020-01-02 03:04:05.000000000 +0000
2021-03-04 05:06:07.000000000 +0000
--- stderr
--- status: 0

=== touch -d @epoch and -t stamps
--- script
touch -d @86400 f
stat -c %Y f
touch -t 202001021304.05 g
stat -c %y g
touch -t 2001021304 h
stat -c %y h
--- stdout
86400
2020-01-02 13:04:05.000000000 +0000
2020-01-02 13:04:00.000000000 +0000
--- stderr
--- status: 0

=== touch -r copies another file's times
--- script
touch -d '2019-05-06 07:08:09' ref
touch -r ref f
stat -c %y f
--- stdout
2019-05-06 07:08:09.000000000 +0000
--- stderr
--- status: 0

=== touch -c does not create; -m changes only mtime
--- script
touch -c nope
ls
touch -d @0 f
touch -m -d @100 f
stat -c '%X %Y' f
--- stdout
0 100
--- stderr
--- status: 0

=== touch reports errors
--- script
touch x/y
touch -d garbage f
echo status $?
--- stdout
status 1
--- stderr
touch: cannot touch 'x/y': No such file or directory
touch: invalid date format ‘garbage’
--- status: 0

=== touch -d reads what date -d reads
--- script
TZ=UTC touch -d '2001-02-03 +1 day' a && TZ=UTC date -r a '+%F %T'
TZ=UTC touch -d 'Jan 5 2020 10:00' b && TZ=UTC date -r b '+%F %T'
TZ=UTC touch -d '2024-01-31 +1 month' c && TZ=UTC date -r c '+%F %T'
TZ=UTC touch -d '2001-02-03 04:05:06 +1 day' d && TZ=UTC date -r d '+%F %T'
--- stdout
2001-02-04 00:00:00
2020-01-05 10:00:00
2024-03-02 00:00:00
2001-02-04 03:05:06
