=== df prints a header line
--- script
df | head -n 1 | grep -c '^Filesystem .*Use% Mounted on$'
df -h | head -n 1 | grep -c 'Size'
--- stdout
1
1
--- stderr
--- status: 0

=== df of a missing file
--- script
df nope
echo status $?
--- stdout
status 1
--- stderr
df: nope: No such file or directory
--- status: 0

=== df -i reports inodes
--- script
df -i | head -n 1 | grep -c Inodes
--- stdout
1
--- stderr
--- status: 0
