=== env runs a command with added variables
--- script
env FOO=bar sh -c 'echo $FOO'; echo "after:${FOO-unset}"
--- stdout
bar
after:unset

=== env -i starts empty
--- script
env -i A=1 B=2 env; env -i printenv | wc -l
--- stdout
A=1
B=2
0

=== env -u removes a variable
--- script
export X=1; env -u X sh -c 'echo "x=${X-none}"'; env -u X printenv X; echo "st $?"
--- stdout
x=none
st 1

=== env prints the environment
--- script
export ZZ=9; env | while IFS= read -r l; do case $l in ZZ=*) echo "$l";; esac; done
--- stdout
ZZ=9

=== env errors
--- script
env -u; echo "st $?"
--- stdout
st 125
--- stderr
env: option requires an argument -- 'u'
Try 'env --help' for more information.

=== env with a command that does not exist
--- script
env -i nosuchcmd_x 2>/dev/null; echo "st $?"
--- stdout
st 127

=== env with no command prints the modified environment
--- script
env -i; echo "st $?"
env -i A=1 B=2
export Y=1
env -u Y | grep -c '^Y='
env -u HOME | grep -c '^HOME='
Y=2 env | grep '^Y='
env -i -0 C=3 | od -c | head -1
--- stdout
st 0
A=1
B=2
0
0
Y=2
0000000   C   =   3  \0
=== env: a program not found is reported in GNU's words, status 127
--- script
env nosuchcmd; echo "rc=$?"
env A=1 nosuchcmd x; echo "rc=$?"
env PATH=/nope ls; echo "rc=$?"
--- stdout
rc=127
rc=127
rc=127
--- stderr
env: ‘nosuchcmd’: No such file or directory
env: ‘nosuchcmd’: No such file or directory
env: ‘ls’: No such file or directory

=== env -S splits a string into arguments, options included
--- script
env -S 'echo a  "b c" '"'"'d e'"'"' \_x\tq' | od -c | head -2; env -S 'echo "x\_y" \# #c'; export A=5; env -S 'echo ${A} "${A}" '"'"'${A}'"'"''; env -S 'echo a\cb c'; env -S 'echo $A'; echo $?; env -S 'echo "a'; echo $?; env -S 'echo a\'; echo $?; env -S 'echo \q'; echo $?; env -S'-i B=1 env'; env -S 'echo' x y; env --split-string='echo z' w; env -S 'echo '"'"'a\'"'"'b\\c'"'"''; env -S 'B=2 printenv B'; env -S '' | grep -c '^A=5$'
--- stdout
0000000   a       b       c       d       e       x  \t   q  \n
0000016
x y #
5 5 ${A}
a
125
125
125
125
B=1
x y
z w
a'b\c
2
1
--- stderr
env: only ${VARNAME} expansion is supported, error at: $A
env: no terminating quote in -S string
env: invalid backslash at end of string in -S
env: invalid sequence '\q' in -S
