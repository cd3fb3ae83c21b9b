=== umask: octal, -S, -p, -pS
--- script
umask 022
umask; umask -S; umask -p; umask -pS
umask 027; umask
umask -S 022
umask -p 077; umask -p
--- stdout
0022
u=rwx,g=rx,o=rx
umask 0022
umask -S u=rwx,g=rx,o=rx
0027
u=rwx,g=rx,o=rx
umask 0077

=== umask: symbolic modes as bash parses them
--- script
umask 022
umask u=rwx,g=rx,o=; umask
umask g-w,o-rwx; umask
umask a+w; umask
umask go=; umask
umask =rx; umask
umask u+w,g+r; umask -S
--- stdout
0027
0027
0005
0077
0222
u=rwx,g=rx,o=rx

=== umask: errors
--- script
umask 022
umask u=rwz; echo $?
umask 0999; echo $?
umask ug+w-x; echo $?
umask -x; echo $?
umask
--- stdout
1
1
1
2
0022
--- stderr
vsh: line 2: umask: `z': invalid symbolic mode character
vsh: line 3: umask: 0999: octal number out of range
vsh: line 4: umask: `-': invalid symbolic mode character
vsh: line 5: umask: -x: invalid option
umask: usage: umask [-p] [-S] [mode]

=== umask: the modes of what the shell and the commands create
--- script
umask 027
touch f; mkdir d; echo x > r; mkdir -p a/b; cp r c
stat -c '%a %n' f d r a a/b c
umask 077; bash -c umask; (umask 0; umask); umask
--- stdout
640 f
750 d
640 r
750 a
750 a/b
640 c
0077
0000
0077

=== ulimit: queries, -a's layout, setting soft and hard limits
--- script
ulimit; ulimit -f; ulimit -c
ulimit -a | grep -E '^(core|file size|real-time non)'
ulimit -n 100; ulimit -n; ulimit -Hn
ulimit -S -n 50; ulimit -n; ulimit -Hn
ulimit -n hard; ulimit -n
(ulimit -n 40; ulimit -n); ulimit -n; bash -c 'ulimit -n'
ulimit -c -n
ulimit -f 100; ulimit
ulimit -n 200; echo $?
ulimit -n abc; echo $?
ulimit -z; echo $?
--- stdout
unlimited
unlimited
0
real-time non-blocking time  (microseconds, -R) unlimited
core file size              (blocks, -c) 0
file size                   (blocks, -f) unlimited
100
100
50
100
100
40
100
100
core file size              (blocks, -c) 0
open files                          (-n) 100
100
1
1
2
--- stderr
vsh: line 9: ulimit: open files: cannot modify limit: Operation not permitted
vsh: line 10: ulimit: abc: invalid number
vsh: line 11: ulimit: -z: invalid option
ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]

=== permissions: the sandbox user is not root
--- non-root
--- script
echo x > f; chmod 444 f
echo y > f; echo $?
echo y >> f; echo $?
cat f
[ -w f ] || echo not-writable
chmod 000 f
cat f; echo $?
cat < f; echo $?
[ -r f ] || echo not-readable
mkdir d; chmod 000 d
cd d; echo $?
mkdir e; chmod 555 e
echo > e/new; echo $?
printf 'echo hi\n' > s; ./s; echo $?
--- stdout
1
1
x
not-writable
1
1
not-readable
1
1
126
--- stderr
vsh: line 2: f: Permission denied
vsh: line 3: f: Permission denied
cat: f: Permission denied
vsh: line 8: f: Permission denied
vsh: line 11: cd: d: Permission denied
vsh: line 13: e/new: Permission denied
vsh: line 14: ./s: Permission denied

=== permissions: a script needs read permission to run or be sourced
--- non-root
--- script
printf 'echo hi\n' > s.sh; chmod 111 s.sh
./s.sh; echo $?
chmod 000 s.sh
. ./s.sh; echo $?
bash ./s.sh 2>/dev/null; echo $?
chmod 070 s.sh
./s.sh; echo $?
--- stdout
126
1
126
126
--- stderr
vsh: ./s.sh: Permission denied
vsh: line 4: ./s.sh: Permission denied
vsh: line 7: ./s.sh: Permission denied
