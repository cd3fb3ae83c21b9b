=== epoch and default format
--- script
date -d @0; date -u -d @1234567890; date -d @-1
--- stdout
Thu Jan  1 00:00:00 UTC 1970
Fri Feb 13 23:31:30 UTC 2009
Wed Dec 31 23:59:59 UTC 1969
--- stderr
--- status: 0

=== format directives
--- script
date -d '2024-03-05 14:07:09' '+%a %A %b %B %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %p %P %r %R %s %S %T %u %U %V %w %W %x %X %y %Y %z %:z %::z %Z %%'
date -d '2024-03-05 14:07:09' '+%c|%n|%t|%N'
--- stdout
Tue Tuesday Mar March 20 05 03/05/24  5 2024-03-05 24 2024 Mar 14 02 065 14  2 03 07 PM pm 02:07:09 PM 14:07 1709647629 09 14:07:09 2 09 10 2 10 03/05/24 14:07:09 24 2024 +0000 +00:00 +00:00:00 UTC %
Tue Mar  5 14:07:09 2024|
|	|000000000
--- stderr
--- status: 0

=== format flags and widths
--- script
date -d @1700000000 '+%-d %_d %05d %^a %#b %10A %-m %_H %-j %e %3N'
--- stdout
14 14 00014 TUE NOV    Tuesday 11 22 318 14 000
--- stderr
--- status: 0

=== ISO 8601, RFC 5322 and RFC 3339
--- script
date -d '2024-01-05 10:11:12' -I
date -d '2024-01-05 10:11:12' -Ihours
date -d '2024-01-05 10:11:12' -Iminutes
date -d '2024-01-05 10:11:12' -Iseconds
date -d '2024-01-05 10:11:12' -Ins
date -d '2024-01-05 10:11:12' -R
date -d '2024-01-05 10:11:12' --rfc-3339=seconds
--- stdout
2024-01-05
2024-01-05T10+00:00
2024-01-05T10:11+00:00
2024-01-05T10:11:12+00:00
2024-01-05T10:11:12,000000000+00:00
Fri, 05 Jan 2024 10:11:12 +0000
2024-01-05 10:11:12+00:00
--- stderr
--- status: 0

=== input forms
--- script
for d in '2024-02-29T12:00:00Z' '2024-02-29T12:00:00+02:00' '2024-02-29 12:00 UTC' 'Jan 5 2024' '5 Jan 2024' '03/15/2024' '2024-03-05 1:02:03 pm' '20240305' '@1.5'; do date -u -d "$d" '+%F %T.%N'; done
--- stdout
2024-02-29 12:00:00.000000000
2024-02-29 10:00:00.000000000
2024-02-29 12:00:00.000000000
2024-01-05 00:00:00.000000000
2024-01-05 00:00:00.000000000
2024-03-15 00:00:00.000000000
2024-03-05 13:02:03.000000000
2024-03-05 00:00:00.000000000
1970-01-01 00:00:01.500000000
--- stderr
--- status: 0

=== relative items
--- script
for d in '2024-03-05 14:07:09 3 days ago' '2024-03-05 14:07:09 +1 week' '2024-03-05 tomorrow' '2024-03-05 12:00 yesterday' '2024-03-05 10:00 20 minutes ago' '2024-03-05 10:00 -2 hours' '2024-12-31 +1 day' '2024-01-31 +1 month' '2024-03-05 +1 year 2 months' '2024-03-05 next week' '2024-03-05 last month'; do date -d "$d" '+%F %T'; done
--- stdout
2024-03-02 14:07:09
2024-03-12 13:07:09
2024-03-06 00:00:00
2024-03-04 12:00:00
2024-03-05 09:40:00
2024-03-05 13:00:00
2025-01-01 00:00:00
2024-03-02 00:00:00
2025-05-05 00:00:00
2024-03-12 00:00:00
2024-02-05 00:00:00
--- stderr
--- status: 0

=== ISO weeks at year boundaries
--- script
for d in 2023-01-01 2020-12-31 2021-01-03 2024-12-30 2026-01-01; do date -d $d '+%F %a %G-W%V %g %U %W %j'; done
--- stdout
2023-01-01 Sun 2022-W52 22 01 00 001
2020-12-31 Thu 2020-W53 20 52 52 366
2021-01-03 Sun 2020-W53 20 01 00 003
2024-12-30 Mon 2025-W01 25 52 53 365
2026-01-01 Thu 2026-W01 26 00 00 001
--- stderr
--- status: 0

=== fixed-offset TZ
--- script
TZ=UTC+2 date -d @0; TZ=UTC-5:30 date -d @0 '+%H:%M %z %:z %Z'; TZ=UTC date -d '2024-01-01 00:00' +%s
--- stdout
Wed Dec 31 22:00:00 UTC 1969
05:30 +0530 +05:30 UTC
1704067200
--- stderr
--- status: 0

=== invalid dates
--- script
date -d foo; echo rc=$?; date -d 2024-02-30; echo rc=$?
--- stdout
rc=1
rc=1
--- stderr
date: invalid date ‘foo’
date: invalid date ‘2024-02-30’
--- status: 0

=== reference file
--- script
touch -d '2021-06-07 08:09:10' f 2>/dev/null || : > f
date -r f +%Y >/dev/null; echo rc=$?; date -r nofile; echo rc=$?
--- stdout
rc=0
rc=1
--- stderr
date: nofile: No such file or directory
--- status: 0

=== date follows an IANA zone's daylight-saving rule
--- script
for t in 1753000000 1763000000 1741503600 1741500000 1762063200 1762059600; do
  TZ=America/New_York date -d @$t '+%F %T %Z %z'
done
TZ=Europe/Dublin date -d @1753000000 '+%T %Z'; TZ=Europe/Dublin date -d @1763000000 '+%T %Z'
TZ=Australia/Sydney date -d @1753000000 '+%T %Z'; TZ=Australia/Sydney date -d @1763000000 '+%T %Z'
TZ=Asia/Kolkata date -d @0 '+%F %T %Z %:z'; TZ=Asia/Kathmandu date -d @1753000000 +%z
--- stdout
2025-07-20 04:26:40 EDT -0400
2025-11-12 21:13:20 EST -0500
2025-03-09 03:00:00 EDT -0400
2025-03-09 01:00:00 EST -0500
2025-11-02 01:00:00 EST -0500
2025-11-02 01:00:00 EDT -0400
09:26:40 IST
02:13:20 GMT
18:26:40 AEST
13:13:20 AEDT
1970-01-01 05:30:00 IST +05:30
+0545

=== date takes POSIX TZ rules with daylight time and explicit changes
--- script
TZ='EST5EDT' date -d @1753000000 '+%H %Z'
TZ='XST3XDT,M10.1.0,M3.2.0/3' date -d @1753000000 '+%H %Z'
TZ='XST3XDT,M10.1.0,M3.2.0/3' date -d @1763000000 '+%H %Z'
TZ='<+03>-3' date -d @0 '+%H %Z'
TZ='Foo/Bar' date -d @0 '+%H %Z'
--- stdout
04 EDT
05 XST
00 XDT
03 +03
00 Foo

=== date -d of a local time the clock skips is invalid; an ambiguous one is resolved as GNU
--- script
TZ=America/New_York date -d '2025-03-09 02:30'; echo "st=$?"
TZ=America/New_York date -d '2025-11-02 01:30' +%Z
TZ=Europe/Paris date -d '2025-10-26 02:30' +%Z
TZ=Europe/Paris date -d '2025-07-01 12:00' +%s
--- stdout
st=1
EDT
CET
1751364000
--- stderr
date: invalid date ‘2025-03-09 02:30’

=== date -d takes an hour alone with am/pm ("3pm")
--- script
date -u -d '1 Mar 2024 3pm' '+%F %T'
date -u -d '2024-03-01 3 pm' '+%F %T'
date -u -d '2024-03-01 12am' '+%F %T'
date -u -d '2024-03-01 12pm' '+%F %T'
date -u -d '2024-03-01 11AM' '+%F %T'
date -u -d '2024-03-01 13pm' '+%F %T' 2>/dev/null; echo "st $?"
--- stdout
2024-03-01 15:00:00
2024-03-01 15:00:00
2024-03-01 00:00:00
2024-03-01 12:00:00
2024-03-01 11:00:00
st 1
=== date -d: a signed number after a time is a zone offset (hh, hhmm, hh:mm; at most 24 hours, else the date is invalid)
--- script
for z in +130 +0090 +2400 '+ 2' +02:30 +5:70 '-1 day' '+1 hour' +2401 +25 +123:00 '+90 minutes'; do
  date -u -d "2024-01-01 10:00 $z" '+%F %T' || echo "rc=$?"
done
date -u -d '2024-01-01 UTC+3' '+%F %T'
date -u -d 'UTC+90' '+%T'; echo "rc=$?"
--- stdout
2024-01-01 08:30:00
2024-01-01 08:30:00
2023-12-31 10:00:00
2024-01-01 08:00:00
2024-01-01 07:30:00
2024-01-01 03:50:00
2024-01-02 11:00:00
2024-01-01 10:00:00
rc=1
rc=1
rc=1
rc=1
2023-12-31 21:00:00
rc=1
--- stderr
date: invalid date ‘2024-01-01 10:00 +2401’
date: invalid date ‘2024-01-01 10:00 +25’
date: invalid date ‘2024-01-01 10:00 +123:00’
date: invalid date ‘2024-01-01 10:00 +90 minutes’
date: invalid date ‘UTC+90’

=== date -d with a leading TZ="..." reads the date in that zone
--- script
TZ=America/New_York date -d 'TZ="Europe/Paris" 2020-01-15 12:00'
TZ=UTC date -d 'TZ="Asia/Tokyo" 2020-07-01 09:30' '+%F %T %Z'
TZ=UTC date -d 'TZ="America/Los_Angeles" @0' +%s
--- stdout
Wed Jan 15 06:00:00 EST 2020
2020-07-01 00:30:00 UTC
0

=== date with an operand that is no date says invalid date
--- script
date nonexistent; echo $?
date 1438053157; echo $?
--- stdout
1
1
--- stderr
date: invalid date ‘nonexistent’
date: invalid date ‘1438053157’
