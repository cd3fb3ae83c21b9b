=== printf: a bare or unknown % fails after the output before it
--- script
printf 'a%'; echo " $?"
printf '%' x; echo " $?"
printf '%d %' 1; echo " $?"
printf '%r\n' x; echo " $?"
printf '%5' 1; echo " $?"
--- stdout
a 1
 1
1  1
 1
 1
--- stderr
vsh: line 1: printf: `%': missing format character
vsh: line 2: printf: `%': missing format character
vsh: line 3: printf: `%': missing format character
vsh: line 4: printf: `r': invalid format character
vsh: line 5: printf: `%5': missing format character

=== printf: an invalid number converts its leading digits and the status is 1
--- script
printf '%d\n' 1 - 2 bad 3 123bad 4 ' 5' 0x1f 010 "'a" 2>&1 | sed 's/^[a-z]*: line [0-9]*/sh/'
echo "st ${PIPESTATUS[0]}"
--- stdout
1
sh: printf: -: invalid number
0
2
sh: printf: bad: invalid number
0
3
sh: printf: 123bad: invalid number
123
4
5
31
8
97
st 1

=== printf: a message comes after the complete lines printed so far, as bash's line-buffered stdout
--- script
{ printf 'a%d\nb%d|' 1 1e3; printf 'c%d\n' x; } 2>&1 | sed 's/[a-z]*: line [0-9]*/sh/'
--- stdout
a1
sh: printf: 1e3: invalid number
b1|sh: printf: x: invalid number
c0

=== printf: \c in the format is printed as it is; only %b's argument stops there
--- script
printf 'a\cb|'; printf '%s\c|' x y; echo
printf '%b|' 'x\cy' z; echo
--- stdout
a\cb|x\c|y\c|
x

=== printf %Q applies the precision to the argument before quoting it
--- script
printf '[%.2Q]\n' 'a b c'; printf '[%10Q]\n' 'a b'; printf '[%.2q]\n' 'a b c'; printf '[%-8Q]\n' x
printf '%Q|%Q\n' "it's" ''; printf -v v '%Q' 'a b'; echo "$v"
--- stdout
[a\ ]
[      a\ b]
[a\]
[x       ]
it\'s|''
a\ b

=== printf %q escapes a comma always, a tilde where expansion would see it and a hash only first
--- script
printf '%q ' 'a,b' '~u' 'k=~' 'p:~' 'x~y' '#c' 'c#d'; echo
printf '%q\n' "'"
--- stdout
a\,b \~u k=\~ p:\~ x~y \#c c#d 
\'

=== a lone single quote is written \' by ${x@Q}, set, alias and trap -p
--- script
q="'"
echo "${q@Q}"
set | grep '^q='
alias sq="'"; alias sq
trap "'" USR1; trap -p USR1
r="it's"; echo "${r@Q}"
--- stdout
\'
q=\'
alias sq=\'
trap -- \' SIGUSR1
'it'\''s'
