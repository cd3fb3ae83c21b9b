=== install copies with mode 755
--- script
echo hi > f
install f g
stat -c %a g
cat g
--- stdout
755
hi
--- stderr
--- status: 0

=== install -m sets the mode
--- script
echo hi > f
install -m 644 f g
stat -c %a g
--- stdout
644
--- stderr
--- status: 0

=== install -d creates directories
--- script
install -d a/b/c
ls -d a/b/c
--- stdout
a/b/c
--- stderr
--- status: 0

=== install -D creates leading directories
--- script
echo hi > f
install -D f x/y/z
cat x/y/z
--- stdout
hi
--- stderr
--- status: 0

=== install -v into a directory and -t
--- script
touch f g; mkdir d e
install -v f g d
install -t e f
ls e
--- stdout
'f' -> 'd/f'
'g' -> 'd/g'
f
--- stderr
--- status: 0

=== install of a missing source
--- script
install nope x
echo status $?
--- stdout
status 1
--- stderr
install: cannot stat 'nope': No such file or directory
--- status: 0

=== install -m with a symbolic mode starts from no bits; /dev/null makes an empty file
--- script
umask 022
install -dm +x d1 && stat -c %a d1
install -dm a=r,u+w d2 && stat -c %a d2
install -m +x /dev/null f1 && stat -c '%a %s' f1
install -m 640 /dev/null f2 && stat -c '%a %s' f2
--- stdout
111
644
111 0
640 0
