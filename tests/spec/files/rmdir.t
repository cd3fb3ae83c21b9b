=== rmdir removes empty directories only
--- script
mkdir -p a/b
rmdir a
echo status $?
rmdir a/b a
ls
--- stdout
status 1
--- stderr
rmdir: failed to remove 'a': Directory not empty
--- status: 0

=== rmdir -p removes parents too
--- script
mkdir -p x/y/z
rmdir -p x/y/z
ls
--- stdout
--- stderr
--- status: 0

=== rmdir -v reports each removal
--- script
mkdir -p x/y
rmdir -pv x/y
--- stdout
rmdir: removing directory, 'x/y'
rmdir: removing directory, 'x'
--- stderr
--- status: 0

=== rmdir of a file or a missing name
--- script
touch f
rmdir f nope
echo status $?
--- stdout
status 1
--- stderr
rmdir: failed to remove 'f': Not a directory
rmdir: failed to remove 'nope': No such file or directory
--- status: 0

=== rmdir --ignore-fail-on-non-empty
--- script
mkdir -p a/b; touch a/c
rmdir -p --ignore-fail-on-non-empty a/b
echo status $?
ls a
--- stdout
status 0
c
--- stderr
--- status: 0

=== rmdir without operands
--- script
rmdir
echo status $?
--- stdout
status 1
--- stderr
rmdir: missing operand
Try 'rmdir --help' for more information.
--- status: 0

=== rmdir refuses . and .. as rmdir(2) does
--- script
rmdir .; echo $?; rmdir ..; echo $?; mkdir -p a/b; rmdir a/b/.; echo $?; rmdir a/b/./; echo $?; rmdir --ignore-fail-on-non-empty a/b/..; echo $?; rmdir --ignore-fail-on-non-empty a; echo $?; rmdir /; echo $?; rmdir -p a/b/.; echo $?; ls -d a/b
--- stdout
1
1
1
1
0
0
1
1
a/b
--- stderr
rmdir: failed to remove '.': Invalid argument
rmdir: failed to remove '..': Directory not empty
rmdir: failed to remove 'a/b/.': Invalid argument
rmdir: failed to remove 'a/b/./': Invalid argument
rmdir: failed to remove '/': Device or resource busy
rmdir: failed to remove 'a/b/.': Invalid argument
