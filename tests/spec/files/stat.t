=== stat -c prints size, modes and types
--- script
printf hello > f; mkdir d; ln -s f l
stat -c '%n %s %a %A %F' f d l
--- stdout
f 5 644 -rw-r--r-- regular file
d 4096 755 drwxr-xr-x directory
l 1 777 lrwxrwxrwx symbolic link
--- stderr
--- status: 0

=== stat -c times and epoch seconds
--- script
touch -d '2020-01-02 03:04:05' f
stat -c '%y|%Y' f
--- stdout
2020-01-02 03:04:05.000000000 +0000|1577934245
--- stderr
--- status: 0

=== stat %N quotes and shows link targets
--- script
touch f; ln -s f l
stat -c %N f l
--- stdout
'f'
'l' -> 'f'
--- stderr
--- status: 0

=== stat -L follows symlinks
--- script
printf abc > f; ln -s f l
stat -L -c '%F %s' l
--- stdout
regular file 3
--- stderr
--- status: 0

=== stat --printf interprets escapes and adds no newline
--- script
printf ab > f
stat --printf '%n\t%s\n' f
--- stdout
f	2
--- stderr
--- status: 0

=== stat widths and flags
--- script
printf abc > f
stat -c '[%5s][%-5s][%05s]' f
--- stdout
[    3][3    ][00003]
--- stderr
--- status: 0

=== stat of a missing file
--- script
stat nope
echo status $?
--- stdout
status 1
--- stderr
stat: cannot statx 'nope': No such file or directory
--- status: 0

=== stat -c %h %b for files and empty files
--- script
printf x > f; touch e
stat -c '%h %b' f e
--- stdout
1 8
1 0
--- stderr
--- status: 0

=== stat %X %Y %Z take a precision for the fraction
--- script
touch -d '2020-01-02 03:04:05.5' f; stat -c '%.Y|%.0Y|%.1Y|%.12Y|%15.3Y|%-15.3Y|%015.3Y|%.3X' f; touch -d '1969-12-31 23:59:59.25' g; stat -c '%.3Y|%Y|%.Y' g; touch -d '1969-12-31 23:59:59' h; stat -c '%.2Y' h; echo ab > s; stat -c "%.3s|%.n|%5.1n|%5.3s|%-5.3s|%05s|%.3h|%.0s|%08.3s" s
--- stdout
1577934245.500000000|1577934245|1577934245.5|1577934245.500000000000| 1577934245.500|1577934245.500 |01577934245.500|1577934245.500
-0.750|-1|-0.750000000
-1.00
003||    s|  003|003  |00003|001|3|     003

=== stat prints an unknown format directive as ?
--- script
touch f
stat -c '%q|%5j|%n' f
stat --printf '%k%%\n' f
--- stdout
?|?|f
?%
