=== mkdir creates directories and fails on existing ones
--- script
mkdir a
mkdir a
echo status $?
ls -d a
--- stdout
status 1
a
--- stderr
mkdir: cannot create directory ‘a’: File exists
--- status: 0

=== mkdir -p creates parents and tolerates existing ones
--- script
mkdir -p x/y/z
mkdir -p x/y
echo status $?
ls -R x
--- stdout
status 0
x:
y

x/y:
z

x/y/z:
--- stderr
--- status: 0

=== mkdir -v and -pv report what they create
--- script
mkdir -v a
mkdir -pv a/b/c
--- stdout
mkdir: created directory 'a'
mkdir: created directory 'a/b'
mkdir: created directory 'a/b/c'
--- stderr
--- status: 0

=== mkdir -m sets the mode
--- script
mkdir -m 700 a
mkdir -m u=rwx,go=rx b
stat -c '%a %n' a b
--- stdout
700 a
755 b
--- stderr
--- status: 0

=== mkdir without a parent fails
--- script
mkdir x/y
echo status $?
--- stdout
status 1
--- stderr
mkdir: cannot create directory ‘x/y’: No such file or directory
--- status: 0

=== mkdir with a bad mode or no operand
--- script
mkdir -m zz q
mkdir
echo status $?
--- stdout
status 1
--- stderr
mkdir: invalid mode ‘zz’
mkdir: missing operand
Try 'mkdir --help' for more information.
--- status: 0

=== mkdir -p names the component that is not a directory
--- script
touch f
mkdir -p f/x/y; echo "st $?"
mkdir -p ./f/; echo "st $?"
mkdir -p a/b/f && touch a/b/f/z
mkdir -p a//b/f/z/q; echo "st $?"
--- stdout
st 1
st 1
st 1
--- stderr
mkdir: cannot create directory ‘f’: Not a directory
mkdir: cannot create directory ‘./f/’: File exists
mkdir: cannot create directory ‘a//b/f/z’: Not a directory
