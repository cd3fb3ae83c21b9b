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

=== df: the size is the filesystem's quota
--- vsh-only: GNU df shows the host's disk; vsh's is the sandbox quota (normal profile: 1 GiB)
--- script
head -c 2048 /dev/zero > f
df -k / | tail -1 | tr -s ' ' | cut -d' ' -f2,3
--- stdout
1048576 2
