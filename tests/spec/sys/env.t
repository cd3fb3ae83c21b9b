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
