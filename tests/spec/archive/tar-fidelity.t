=== tar archives device nodes as type 3 with their numbers
--- script
tar cf a.tar /dev/null /dev/zero 2>/dev/null; echo $?
tar tvf a.tar | cut -c1-10
tar tvf a.tar | grep -o ' 1,[35] '
--- stdout
0
crw-rw-rw-
crw-rw-rw-
 1,3 
 1,5 

=== tar --mtime, --mode and --owner make a reproducible listing; --full-time
--- script
umask 022
touch -d '2001-02-03 04:05:06' f
tar c --owner root --group root --mtime @1234567890 f | tar tv | tr -s ' '
tar c --owner root --group root --mode a+x f | tar tv --full-time | tr -s ' '
tar c --owner root --group root --mtime '2010-01-01 00:00' --mode 600 f | tar tv --full-time | tr -s ' '
tar c --owner root --group root --mtime @1234567890 f | head -c 1536 | sha1sum
--- stdout
-rw-r--r-- root/root 0 2009-02-13 23:31 f
-rwxr-xr-x root/root 0 2001-02-03 04:05:06 f
-rw------- root/root 0 2010-01-01 00:00:00 f
7b1e45a39d7f92d11f81577b409dae4e44b97e45  -

=== tar stores a second link to a file as a hard link member
--- script
mkdir d
echo hi > d/a
ln d/a d/b
tar c --owner root --group root --mtime @0 d/a d/b | tar tv | tr -s ' '
tar cf t.tar d/a d/b && rm -r d && tar xf t.tar && cat d/b && [ d/a -ef d/b ] && echo same
--- stdout
-rw-r--r-- root/root 3 1970-01-01 00:00 d/a
hrw-r--r-- root/root 0 1970-01-01 00:00 d/b link to d/a
hi
same

=== tar: an unknown option is status 64, a missing old-style argument 2
--- script
tar -Y; echo $?
tar cf; echo $?
tar --strip-components=x -tf x; echo $?
--- stdout
64
2
2
--- stderr
tar: invalid option -- 'Y'
Try 'tar --help' or 'tar --usage' for more information.
tar: Old option 'f' requires an argument.
Try 'tar --help' or 'tar --usage' for more information.
tar: x: Invalid number of elements
Try 'tar --help' or 'tar --usage' for more information.
