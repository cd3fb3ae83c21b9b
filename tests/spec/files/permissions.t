=== permissions: a directory without search (x) permission: nothing beneath it resolves, its names still list
--- non-root
--- script
mkdir d; echo hi > d/f; mkdir d/s
chmod 600 d
cat d/f; echo "cat $?"
[ -e d/f ]; echo "test -e $?"
cd d; echo "cd $?"
touch d/g; echo "touch $?"
ls d; echo "ls $?"
cat d/../d/f; echo "dotdot $?"
cd d/..; echo "cd d/.. $?"
chmod 755 d
--- stdout
cat 1
test -e 1
cd 1
touch 1
f
s
ls 0
dotdot 1
cd d/.. 0
--- stderr
cat: d/f: Permission denied
vsh: line 5: cd: d: Permission denied
touch: cannot touch 'd/g': Permission denied
cat: d/../d/f: Permission denied

=== permissions: a directory without read permission: no listing, no glob, walkers report it
--- non-root
--- script
mkdir -p d/s; echo hi > d/f
chmod 300 d
ls d; echo "ls $?"
echo d/*
cat d/f
find d; echo "find $?"
grep -r hi d; echo "grep $?"
cp -r d e; echo "cp $?"
tar cf t.tar d; echo "tar $?"
chmod 755 d
--- stdout
ls 2
d/*
hi
d
find 1
grep 2
cp 1
tar 2
--- stderr
ls: cannot open directory 'd': Permission denied
find: ‘d’: Permission denied
grep: d: Permission denied
cp: cannot access 'd': Permission denied
tar: d: Cannot open: Permission denied
tar: Exiting with failure status due to previous errors

=== permissions: adding or removing an entry needs write permission on its directory
--- non-root
--- script
mkdir e; echo old > e/f; mkdir e/s; chmod 555 e
touch e/new; echo "touch $?"
echo x > e/new; echo "redirect $?"
mkdir e/d; echo "mkdir $?"
mkdir -p e/p/q; echo "mkdir -p $?"
rm e/f; echo "rm $?"
rmdir e/s; echo "rmdir $?"
mv e/f g; echo "mv $?"
ln -s f e/l; echo "ln -s $?"
ln e/f e/h; echo "ln $?"
cp e/f e/c; echo "cp $?"
mktemp -p e; echo "mktemp $?"
echo new >> e/f; cat e/f
mkdir e; echo "exists $?"
chmod 755 e
--- stdout
touch 1
redirect 1
mkdir 1
mkdir -p 1
rm 1
rmdir 1
mv 1
ln -s 1
ln 1
cp 1
mktemp 1
old
new
exists 1
--- stderr
touch: cannot touch 'e/new': Permission denied
vsh: line 3: e/new: Permission denied
mkdir: cannot create directory ‘e/d’: Permission denied
mkdir: cannot create directory ‘e/p’: Permission denied
rm: cannot remove 'e/f': Permission denied
rmdir: failed to remove 'e/s': Permission denied
mv: cannot move 'e/f' to 'g': Permission denied
ln: failed to create symbolic link 'e/l': Permission denied
ln: failed to create hard link 'e/h' => 'e/f': Permission denied
cp: cannot create regular file 'e/c': Permission denied
mktemp: failed to create file via template ‘e/tmp.XXXXXXXXXX’: Permission denied
mkdir: cannot create directory ‘e’: File exists

=== permissions: rm -r removes what it may and reports the rest, as GNU
--- non-root
--- script
mkdir -p d/a d/b/c; touch d/a/f d/b/c/g d/top
chmod 555 d/b/c
rm -r d; echo "rm $?"
find d
chmod 755 d/b/c
mkdir -p e/x; touch e/x/1; chmod 311 e/x
rm -rf e; echo "rm $?"
mkdir -p q/w; chmod 555 q
rm -rv q; echo "rm $?"
chmod 755 q e/x
--- stdout
rm 1
d
d/b
d/b/c
d/b/c/g
rm 1
rm 1
--- stderr
rm: cannot remove 'd/b/c/g': Permission denied
rm: cannot remove 'e/x': Permission denied
rm: cannot remove 'q/w': Permission denied

=== permissions: test on directories; another user's device (chmod, touch, /dev)
--- non-root
--- script
mkdir d; chmod 700 d
test -r d && test -w d && test -x d && echo rwx
chmod 100 d
test -r d || echo no-r; test -w d || echo no-w; test -x d && echo x
touch f; chmod 600 d
[ -r d/f ] || echo "no access beneath"
chmod 755 d
chmod 666 /dev/null; echo "chmod $?"
touch -d 2020-01-01 /dev/null; echo "touch -d $?"
touch /dev/null; echo "touch $?"
rm /dev/null; echo "rm $?"
touch /dev/new; echo "create $?"
--- stdout
rwx
no-r
no-w
x
no access beneath
chmod 1
touch -d 1
touch 0
rm 1
create 1
--- stderr
chmod: changing permissions of '/dev/null': Operation not permitted
touch: setting times of '/dev/null': Operation not permitted
rm: cannot remove '/dev/null': Permission denied
touch: cannot touch '/dev/new': Permission denied

=== permissions: a read-only file refuses writers; sed -i replaces it (keeping its mode), which needs its folder
--- non-root
--- script
echo hi > g; chmod 444 g
echo x >> g; echo "append $?"
cp /dev/null g; echo "cp $?"
tee g < /dev/null; echo "tee $?"
sort -o g g; echo "sort $?"
truncate -s 0 g; echo "truncate $?"
touch g; echo "touch $?"
sed -i s/h/j/ g; echo "sed -i $?"
cat g; stat -c %a g
mkdir e; echo a > e/f; chmod 555 e
sed -i s/a/b/ e/f; echo "sed -i $?"
chmod 755 e
--- stdout
append 1
cp 1
tee 1
sort 2
truncate 1
touch 0
sed -i 0
ji
444
sed -i 4
--- stderr (regex)
vsh: line 2: g: Permission denied
cp: cannot create regular file 'g': Permission denied
tee: g: Permission denied
sort: open failed: g: Permission denied
truncate: cannot open 'g' for writing: Permission denied
sed: couldn't open temporary file e/sed[A-Za-z0-9]{6}: Permission denied

=== permissions: through symlinks the target's path counts, not the link's own mode
--- non-root
--- script
mkdir d; echo hi > d/f; ln -s d dl; ln -s d/f fl
chmod 600 d
cat fl; echo "cat $?"
cat dl/f; echo "cat $?"
ls dl; echo "ls $?"
chmod 755 d
chmod 000 d/f
cat fl; echo "cat $?"
ln -s nowhere l2; cat l2; echo "dangling $?"
chmod 644 d/f
--- stdout
cat 1
cat 1
f
ls 0
cat 1
dangling 1
--- stderr
cat: fl: Permission denied
cat: dl/f: Permission denied
cat: fl: Permission denied
cat: l2: No such file or directory

=== permissions: moving a directory to another folder needs write permission on it (its ..)
--- non-root
--- script
mkdir -p m/s n; chmod 555 m/s
mv m/s n/; echo "mv to another folder $?"
mv m/s m/t; echo "rename in place $?"
chmod 755 m/t
--- stdout
mv to another folder 1
rename in place 0
--- stderr
mv: cannot move 'm/s' to 'n/s': Permission denied
