=== basename strips directories and a suffix
--- script
basename /usr/lib/libc.so; basename /usr/lib/; basename libc.so .so; basename .so .so; basename /; basename //
--- stdout
libc.so
lib
libc
.so
/
/

=== basename -a and -s
--- script
basename -a /a/b /c/d; basename -s .c x/a.c y/b.c
--- stdout
b
d
a
b

=== basename -z ends with NUL
--- script
basename -z /a/b | tr '\0' ,; echo
--- stdout
b,

=== basename operand errors
--- script
basename; echo "st $?"; basename a b c; echo "st $?"
--- stdout
st 1
st 1
--- stderr
basename: missing operand
Try 'basename --help' for more information.
basename: extra operand ‘c’
Try 'basename --help' for more information.
