=== stdin
--- script
printf 'hello\n' | cksum; printf '' | cksum
--- stdout
3015617425 6
4294967295 0
--- stderr
--- status: 0

=== files
--- script
printf 'hello world, this is a test\n' > a; head -c 70000 /dev/zero > z
cksum a z; cksum - < a
--- stdout
828730378 28 a
1774371287 70000 z
828730378 28 -
--- stderr
--- status: 0

=== missing file
--- script
cksum nofile; echo rc=$?
--- stdout
rc=1
--- stderr
cksum: nofile: No such file or directory
--- status: 0
