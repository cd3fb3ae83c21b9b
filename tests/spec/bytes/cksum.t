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
=== sum: BSD and System V checksums
--- file h
hello
--- script
seq 1 5000 > big
sum h; sum h big; sum -r big; sum -s h; sum -s h big; sum < h; sum -s < h; sum - < h
printf '' | sum; printf '' | sum -s; sum nosuch; echo "[$?]"
--- stdout
36979     1 h
36979     1 h
38880    24 big
38880    24 big
542 1 h
542 1 h
51344 47 big
36979     1
542 1
36979     1 -
00000     0
0 0
[1]
--- stderr
sum: nosuch: No such file or directory
--- status: 0
