=== printenv prints named variables
--- script
export A=1 B=two; printenv A B
--- stdout
1
two

=== printenv fails for a missing or unexported variable
--- script
C=3; printenv C; echo "st $?"; printenv NOPE_X; echo "st $?"
--- stdout
st 1
st 1

=== printenv with no names lists NAME=VALUE
--- script
export QQ=5; printenv | while IFS= read -r l; do case $l in QQ=*) echo "$l";; esac; done
--- stdout
QQ=5

=== printenv -0
--- script
export A=x; printenv -0 A | tr '\0' ,; echo
--- stdout
x,
