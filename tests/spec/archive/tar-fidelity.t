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
