=== dirname strips the last component
--- script
dirname /usr/lib/x; dirname /usr/lib/; dirname a; dirname /a; dirname /; dirname a//b//; dirname //a
--- stdout
/usr/lib
/usr
.
/
/
a
/

=== dirname takes several names and -z
--- script
dirname a/b c/d; dirname -z a/b | tr '\0' ,; echo
--- stdout
a
c
a,

=== dirname needs an operand
--- script
dirname; echo "st $?"
--- stdout
st 1
--- stderr
dirname: missing operand
Try 'dirname --help' for more information.
