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

=== umask: the modes of what every command creates (redirection, mkdir, cp, install, split, dd, tar, shuf, sed w, awk, tee, sort -o, sed -i, gzip, mktemp, ln -s)
--- script
umask 027
echo > r; mkdir d; mkdir -p p/q; mkdir -m 777 m; touch t
printf x > src; chmod 777 src; cp src c; cp -p src cp_; cp -r d dr
install -m 640 src i; install src i2; install -d idir
ln -s r sl; mkfifo ff; mkfifo -m 644 ff2
seq 3 | split -l 2 - sp.; dd if=r of=dd 2>/dev/null; tar cf t.tar r
shuf -o sh r; sed -n 'w sw' r; echo x | awk '{print > "aw"}'; echo a | tee te >/dev/null
sort -o so r; echo z > se; chmod 604 se; sed -i s/z/y/ se
echo b > g1; gzip g1; echo c | gzip > g2.gz; gzip -d g2.gz
stat -c '%a %n' * | sort -k2
mktemp -p . >/dev/null; mktemp -d -p . >/dev/null; stat -c %a tmp.* | sort
--- stdout
640 aw
750 c
777 cp_
750 d
640 dd
750 dr
640 ff
644 ff2
640 g1.gz
640 g2
640 i
755 i2
755 idir
777 m
750 p
640 r
604 se
640 sh
777 sl
640 so
640 sp.aa
640 sp.ab
777 src
640 sw
640 t
640 t.tar
640 te
600
700

=== umask: tar x applies it unless -p (the user is not root); cp makes no device
--- non-root
--- script
umask 027
mkdir -p x/d; echo a > x/f; chmod 777 x/f x/d; chmod 4755 x; tar cf x.tar x; rm -rf x
tar xf x.tar; stat -c '%a %n' x x/f x/d; rm -rf x
tar xpf x.tar; stat -c '%a %n' x x/f x/d; rm -rf x
cp /dev/null n; stat -c '%a %n' n
cp -a /dev/null m; echo "cp -a $?"
--- stdout
750 x
750 x/f
750 x/d
4755 x
777 x/f
777 x/d
640 n
cp -a 1
--- stderr
cp: cannot create special file 'm': Operation not permitted

=== umask: 0777 creates mode 0 files and directories (-p parents keep u+wx)
--- script
umask 0777; echo > f; mkdir d; touch t; mkdir -p p/q; umask 022
stat -c '%a %n' f d t p p/q
umask 0; echo > f0; mkdir d0; stat -c '%a %n' f0 d0
--- stdout
0 f
0 d
0 t
300 p
0 p/q
666 f0
777 d0

=== umask: more symbolic forms, -S and -p with a mode, bash's errors
--- script
for m in g-w a+r a-x o=u u+s a=rwx,o-w go-rwx,u=x u=r+w g+X o+t 7 1234 12345 'u=rwx g=r'; do
  umask 022; umask $m; echo "[$m] $? $(umask)"
done
umask 022; umask u+w, 2> e; tr '\0' @ < e | cut -d' ' -f4-
umask -pS 077; umask -p 027; umask -S; umask -- 044; umask
--- stdout
[g-w] 0 0022
[a+r] 0 0022
[a-x] 0 0133
[o=u] 1 0022
[u+s] 1 0022
[a=rwx,o-w] 0 0002
[go-rwx,u=x] 0 0677
[u=r+w] 1 0022
[g+X] 1 0022
[o+t] 1 0022
[7] 0 0007
[1234] 0 0234
[12345] 1 0022
[u=rwx g=r] 0 0022
umask: `@': invalid symbolic mode operator
u=rwx,g=,o=
u=rwx,g=rx,o=
0044
--- stderr
vsh: line 2: umask: `u': invalid symbolic mode character
vsh: line 2: umask: `s': invalid symbolic mode character
vsh: line 2: umask: `+': invalid symbolic mode character
vsh: line 2: umask: `X': invalid symbolic mode character
vsh: line 2: umask: `t': invalid symbolic mode character
vsh: line 2: umask: 12345: octal number out of range
