=== ln -s makes symlinks and ln hard links
--- script
echo hi > f
ln -s f s
ln f h
cat s h
stat -c '%h %F' f s
--- stdout
hi
hi
2 regular file
1 symbolic link
--- stderr
--- status: 0

=== ln refuses to replace without -f
--- script
touch f g
ln -s f g
ln f g
ln -sf f g && stat -c %N g
--- stdout
'g' -> 'f'
--- stderr
ln: failed to create symbolic link 'g': File exists
ln: failed to create hard link 'g': File exists
--- status: 0

=== ln -v reports links
--- script
touch f
ln -sv f s
ln -v f h
--- stdout
's' -> 'f'
'h' => 'f'
--- stderr
--- status: 0

=== ln into a directory
--- script
touch f; mkdir d
ln -s ../f d
stat -c %N d/f
ln f d/h && ls d
--- stdout
'd/f' -> '../f'
f
h
--- stderr
--- status: 0

=== ln -sr makes a relative link
--- script
mkdir -p a/b; touch f
ln -sr f a/b/l
stat -c %N a/b/l
--- stdout
'a/b/l' -> '../../f'
--- stderr
--- status: 0

=== ln of a missing target or a directory
--- script
mkdir d
ln nope x
ln d e
echo status $?
--- stdout
status 1
--- stderr
ln: failed to access 'nope': No such file or directory
ln: d: hard link not allowed for directory
--- status: 0

=== ln -n replaces a symlink to a directory
--- script
mkdir d e
ln -s d l
ln -sfn e l
stat -c %N l
--- stdout
'l' -> 'e'
--- stderr
--- status: 0
