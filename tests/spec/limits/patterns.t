=== replacing every space of 990 replaces them all
--- script
x=$(printf '%*s' 990 ''); y=${x// /ab}; echo ${#y}
--- stdout
1980

=== trimming leading blanks of 20000 spaces leaves nothing
--- script
x=$(printf '%*s' 20000 ''); y=${x#"${x%%[! ]*}"}; echo "[${#y}]"
--- stdout
[0]

=== pattern operations on a megabyte string are linear
--- vsh-only: bash's pattern matching is quadratic here (minutes); the answers are bash's on 10,000 bytes scaled
--- script
x=$(head -c 1000000 /dev/zero | tr '\0' a)
y=${x//a/bc}; echo ${#y}
y=${x//?/bc}; echo ${#y}
y=${x//[ab]a/c}; echo ${#y}
y=${x%%a*}; echo ${#y}
y=${x##*a}; echo ${#y}
y=${x^^}; echo ${#y}
[[ $x == *b* ]]; echo $?
case $x in *a) echo yes;; esac
--- stdout
2000000
2000000
500000
0
0
1000000
1
yes

=== replace-all keeps bash's rule for empty matches at the end
--- script
shopt -s extglob
x=a; echo "${x//*(b)/X}"; x=ab; echo "${x//*(b)/X}"; x=abb; echo "${x//?(b)/X}"; x=""; echo "${x//*(b)/X}"
x=héllo; echo "${x//é/e}" "${x//?/.}" "${x/#h/H}" "${x/%o/O}" "${x/l/L}"
--- stdout
Xa
XaX
XaXX
X
hello ..... Héllo héllO héLlo

=== expr, nl and tac match with the bounded engine
--- vsh-only: glibc's regex is exponential on the first pattern (GNU expr runs for minutes); the rest is GNU's output
--- script
s=$(printf '%*s' 2000 '' | tr ' ' a)
expr "$s" : '\(a*\)\(a*\)\2\1b'; echo "status $?"
expr abc : 'a\(b\)c'; expr '^a' : '^a'; expr xab : a
printf 'a\nbc\n\nd\n' | nl -bp'^b'
printf '1x2x3x' | tac -r -s 'x'; echo
printf 'a12b3c' | tac -r -s '[0-9]+'; echo
expr a : '\('; echo "status $?"
--- stdout

status 1
b
0
0
       a
     1	bc
       
       d
3x2x1x
cb32a1
status 2
--- stderr
expr: Unmatched ( or \(
