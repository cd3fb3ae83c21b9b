=== unquoted $@ and $* join with IFS's first character, then split
--- script
set -- a '' b
IFS=x
printf '<%s>' $@ $*; echo
printf '<%s>' =$@=; echo
IFS='x '
set -- ax '' b
printf '<%s>' $@; echo
IFS=' x'
set -- a xb
printf '<%s>' $@; echo
IFS=
set -- a '' b
printf '<%s>' $@; echo
f() { echo $#; }
set -- '' ''
IFS=x
f $@
IFS=' '
f $@
a=(a '' b)
IFS=x
printf '<%s>' ${a[@]}; echo
--- stdout
<a><><b><a><><b>
<=a><><b=>
<a><><><b>
<a><b>
<a><b>
1
0
<a><><b>

=== namerefs to array elements read and write the element
--- script
a=(x y z)
declare -n r='a[-1]'; r=LAST; echo "${a[@]}"
declare -A h=([k]=v)
declare -n hr='h[k]'; hr+=2; echo "${h[k]}"
f() { local -n e=$1; e=set; }
f 'a[0]'; echo "${a[0]}"
b=(); declare -n n0='b[3]'; n0=three; declare -p b
declare -n n1=a[1]; echo "$n1"
--- stdout
x y LAST
v2
set
declare -a b=([3]="three")
y

=== the null test of $*, ${a[*]} and $@ under each IFS
--- script
c() { printf '%s' "$#:"; printf '<%s>' "$@"; printf ' '; }
a=("" "")
set -- "" ""
for ifs in ' ' '' x; do
IFS=$ifs
c "${a[*]:-D}"; c ${a[*]:-D}; c "${a[@]:-D}"; c ${a[@]:-D}; c "${*:-D}"; c ${*:-D}; c "${@:-D}"; c ${@:-D}; c "${a[*]:+P}"; c ${a[*]:+P}; c "${a[@]:+P}"; echo
done
--- stdout
1:< > 0:<> 2:<><> 0:<> 1:< > 0:<> 2:<><> 0:<> 1:<P> 1:<P> 1:<P> 
1:<D> 0:<> 2:<><> 0:<> 1:<D> 0:<> 2:<><> 0:<> 1:<> 1:<P> 1:<P> 
1:<x> 1:<> 2:<><> 1:<> 1:<x> 1:<> 2:<><> 1:<> 1:<P> 1:<P> 1:<P> 

=== ${!name} of an unset or empty name is an error that abandons only its line
--- script
echo "a=${!undef-default}"; echo same-line
echo "st=$?"
declare x; echo "declared=${!x}"
x=; echo "${!x-d}"
f() { echo "f=${!1-def}"; }; f
a=(x y z); echo "${!a[@]-default}"
echo end
--- stdout
st=1
declared=
f=def
end
--- stderr
vsh: line 1: undef: invalid indirect expansion
vsh: line 4: : invalid variable name
vsh: line 6: x y z: invalid variable name

=== a negative substring length past the start names its expression
--- script
s=abcdef; n=-9
echo "${s:1:n}"; echo same-line
echo "${s:1:-9}"
echo "${s:1:-2}"
--- stdout
bcd
--- stderr
vsh: line 2: n: substring expression < 0
vsh: line 3: -9: substring expression < 0

=== ${x@P} decodes prompt escapes, then expands parameters and substitutions
--- script
HOME=/home/u; cd /tmp
w='\w|\W|[\[x\]]|\101|\e' ; echo "${w@P}" | cat -v
y='a\\$HOME'; echo "${y@P}"
x='$HOME `echo hi` $(echo there) $((1+2))'; echo "${x@P}"
--- stdout
/tmp|tmp|[x]|A|^[
a$HOME
/home/u hi there 3

=== associative arrays list their keys in bash's hash order, and declare -p quotes keys that need it
--- script
declare -A A=([a]=1 [b]=2 [zz]=3 [" "]=4)
echo "${!A[@]}"; echo "${A[@]}"
declare -p A
declare -A C; for k in $(seq 0 2100); do C[k$k]=1; done
unset 'C[k7]'; C[k7]=2
echo "${!C[@]}" | cksum
declare -A Q; for k in "a b" '$x' 'q"' '*' '~' a=b é -; do Q[$k]=1; done; declare -p Q
--- stdout
  b a zz
4 2 1 3
declare -A A=([" "]="4" [b]="2" [a]="1" [zz]="3" )
3147582801 11496
declare -A Q=(["q\""]="1" [-]="1" ["*"]="1" [a=b]="1" ["~"]="1" ["a b"]="1" ["\$x"]="1" [é]="1" )

=== tilde expansion applies to the words brace expansion makes
--- script
HOME=/home/bob
echo ~{/src,/lib} {~,~/x}/y a{~,b} "~"{x,y} \~{p,q}
for x in ~{/a,/b}; do echo "-- $x"; done
--- stdout
/home/bob/src /home/bob/lib /home/bob/y /home/bob/x/y a~ ab ~x ~y ~p ~q
-- /home/bob/a
-- /home/bob/b

=== a subscript written as text is expanded for an assoc (unset, printf -v, namerefs, ${!ref}, test -v)
--- script
declare -A A=([K]=val [L]=l)
k=K
printf -v 'A["K"]' '/%s/' v2; echo "${A[K]}"
ref='A[$k]'; echo "${!ref}"
declare -n r='A["L"]'; r=l2; echo "${A[L]}"
[[ -v 'A[$k]' ]] && echo set
unset -v 'A[$k]' 'A["L"]'; echo "${#A[@]}"
--- stdout
/v2/
/v2/
l2
set
0

=== case operators and declare -u/-l map accented, Greek and Cyrillic letters; nocasematch covers =~
--- script
x=àÈéÿΣσЖжĀāŁł; echo "${x^^} ${x,,} ${x^}"
declare -u u=éa; declare -l l=ÉA; echo "$u $l"
shopt -s nocasematch; [[ ABC =~ ^a(b)c$ ]] && echo "${BASH_REMATCH[1]}"
--- stdout
ÀÈÉŸΣΣЖЖĀĀŁŁ àèéÿσσжжāāłł ÀÈéÿΣσЖжĀāŁł
ÉA éa
B

=== globstar: ** twice in a row is one; a trailing ** lists the directory itself too
--- script
shopt -s globstar
mkdir -p c/subdir; touch leaf.md c/leaf.md c/subdir/leaf.md
echo **/**/*.md
echo c/**
echo c/**/leaf.md
--- stdout
c/leaf.md c/subdir/leaf.md leaf.md
c/ c/leaf.md c/subdir c/subdir/leaf.md
c/leaf.md c/subdir/leaf.md

=== a quoted empty string after a trailing IFS delimiter is one more field
--- script
A="   abc   def   "
printf '[%s]' ""$A""; echo
B="a:"; IFS=:; printf '[%s]' $B""; echo
--- stdout
[][abc][def][]
[a][]

=== single quotes are not quoting inside arithmetic; an empty subscript is an error
--- script
echo $(( "1" + 2 ))
echo $(( '1' + 2 )); echo "st=$?"
(( '1' + 2 )); echo "st=$?"
a=(1 2 3)
a[]=42
echo "st=$? ${a[*]}"
echo ${a[]}
echo "st=$?"
declare -A A=([spam]=42); (( x = A['spam'] )); echo "$x"
--- stdout
3
st=1
st=1 1 2 3
st=1
42
--- stderr
vsh: line 2: '1' + 2 : syntax error: operand expected (error token is "'1' + 2 ")
vsh: line 3: ((: '1' + 2 : syntax error: operand expected (error token is "'1' + 2 ")
vsh: line 5: a[]: bad array subscript
vsh: line 7: ${a[]}: bad substitution

=== inside "${x-...}" single quotes stay but shield a }
--- script
HOME=/h
echo "${var-'}'}" "${var-'a b'}" "${var-'$HOME'}" "${var-\}}"
--- stdout
'}' 'a b' '/h' }

=== an indexed subscript reached through ${!ref} or a nameref is expanded before its arithmetic
--- script
a=(x y z); b=1
ref='a[$b]'; echo "${!ref}"
ref='a[${c:-2}]'; echo "${!ref}"
ref='a[$(echo 1)]'; echo "${!ref}"
declare -n r='a[b+1]'; echo "$r"
--- stdout
y
z
y
z

=== failglob drops the rest of the line, and with set -e ends the script
--- script
shopt -s failglob
echo *.ZZ; echo same-line
echo "next st=$?"
set -e
for x in *.ZZ; do echo "$x"; done
echo not-reached
--- stdout
next st=1
--- status: 1
--- stderr
vsh: line 2: no match: *.ZZ
vsh: line 5: no match: *.ZZ

=== ${#s} counts bytes under LC_ALL=C; declare -F NAME prints the bare name
--- script
unset LC_ALL; LANG=C.UTF-8; s=$'\u03bc'
echo "${#s}"; LC_ALL=C; echo "${#s}"; LC_ALL=; echo "${#s}"
f() { :; }; declare -F f; declare -F | grep ' f$'
--- stdout
1
2
1
f
declare -f f

=== IFS may hold multibyte characters
--- script
x=çxçyç IFS=ç
printf '<%s>' $x; echo
--- stdout
<><x><y>

=== GLOBIGNORE patterns may hold bracket classes with colons
--- script
touch .env _testing.py 20231114.log 'has space.docx' pyproject.toml
GLOBIGNORE='[[:alnum:]]*'; echo *.*
GLOBIGNORE='*.log:*[[:space:]]*'; echo *.*
--- stdout
.env _testing.py
.env _testing.py pyproject.toml

=== computed variables are listed by ${!prefix*} and compgen -v, shown by declare -p, and unset makes them plain
--- script
echo ${!RAN*} ${!SRAN*} ${!EPOCH*} ${!SEC*} ${!LINE*} ${!DIR*}
f() { echo ${!FUNC*}; }; f
compgen -v | grep -E '^(BASHPID|BASH_COMMAND|BASH_SUBSHELL|LINENO|SECONDS)$'
declare -p LINENO BASH_SUBSHELL
SECONDS=10; declare -p SECONDS
declare -p RANDOM | sed 's/[0-9][0-9]*/N/'
[[ -v RANDOM && -v BASHPID && -v LINENO ]] && echo set
echo $OPTERR
unset RANDOM LINENO BASHPID SECONDS
echo "[$RANDOM$LINENO$BASHPID$SECONDS]"
RANDOM=5; echo $RANDOM $RANDOM
echo ${!RAN*} ${!SEC*}
--- stdout
RANDOM SRANDOM EPOCHREALTIME EPOCHSECONDS SECONDS LINENO DIRSTACK
FUNCNAME
BASHPID
BASH_COMMAND
BASH_SUBSHELL
LINENO
SECONDS
declare -- LINENO="4"
declare -- BASH_SUBSHELL="0"
declare -i SECONDS="10"
declare -i RANDOM="N"
set
1
[]
5 5
RANDOM

=== failglob wins over nullglob when both are set
--- script
shopt -s nullglob failglob
echo *.ZZ; echo same-line
echo "next st=$?"
shopt -u failglob
echo "[" *.ZZ "]"
--- stdout
next st=1
[ ]
--- stderr
vsh: line 2: no match: *.ZZ

=== a character range through the backslash yields an empty word there
--- script
echo {a..Z}
x=({Z..a}); echo "${#x[@]} [${x[2]}]"
--- stdout
a ` _ ^ ]  [ Z
8 []

=== glob: a pattern ending in a slash matches directories only; none left keeps the word (nullglob drops it)
--- script
touch f1 f2; mkdir f3
echo f*/; echo f[12]/; echo x*/
shopt -s nullglob; echo "[" f[12]/ "]"
--- stdout
f3/
f[12]/
x*/
[ ]

=== a tilde at the start of a case pattern expands to HOME
--- script
HOME=/h
case /h/x in ~/x) echo expanded ;; esac
case '~/x' in ~/x) echo literal ;; *) echo no literal match ;; esac
case '~/x' in "~"/x) echo quoted tilde stays ;; esac
case /h in a | ~) echo second alternative ;; esac
--- stdout
expanded
no literal match
quoted tilde stays
second alternative

=== single quotes stay in an indexed array's subscript, and a bad subscript ends the shell
--- script
a=(b c)
echo "${a["1"]}"
declare -A h=([x]=1)
echo "${h['x']}"
(echo "${a['1']}"; echo not reached)
echo "subshell status $?"
echo "${a[1+]}"
echo not reached either
--- stdout
c
1
subshell status 1
--- stderr
vsh: line 5: '1': syntax error: operand expected (error token is "'1'")
vsh: line 7: 1+: syntax error: operand expected (error token is "+")
--- status: 1

=== a bad slice offset names the parameter with its subscript
--- script
a=(1 2)
echo "${a[@]:1+}"
echo "${a[1]:x:2*}"
x=ab
echo "${x:1+}"
--- stdout
--- stderr
vsh: line 2: a[@]: 1+: syntax error: operand expected (error token is "+")
vsh: line 3: a[1]: 2*: syntax error: operand expected (error token is "*")
vsh: line 5: x: 1+: syntax error: operand expected (error token is "+")
--- status: 1

=== nocasematch folds case for ${x/p/r} and its anchored forms, not for ${x#p}
--- script
shopt -s nocasematch
v=Alpha-BETA-alpha
echo "${v/alpha/1} ${v//ALPHA/2} ${v/#ALPHA/3} ${v/%ALPHA/4}"
echo "${v#ALPHA} ${v%ALPHA} ${v^^B}"
shopt -u nocasematch
echo "${v//ALPHA/5}"
--- stdout
1-BETA-alpha 2-BETA-2 3-BETA-alpha Alpha-BETA-4
Alpha-BETA-alpha Alpha-BETA-alpha Alpha-BETA-alpha
Alpha-BETA-alpha

=== a tilde prefix naming no user stays as written with its glob characters live
--- script
touch '~ab' '~ac'
echo ~a*
[[ '~/x' == ~* ]] && echo matched
case '~q' in ~?) echo case-matched ;; esac
echo ~nobody-here/x
--- stdout
~ab ~ac
matched
case-matched
~nobody-here/x

=== a bracket pair split by a slash is no glob, so failglob lets the word through
--- script
shopt -s failglob
echo a[b/c]
list=(case[x.mp3-file:///x.mp3]); echo "${list[@]}"
( echo z[pq]z ); echo "rc=$?"
--- stdout
a[b/c]
case[x.mp3-file:///x.mp3]
rc=1
--- stderr
vsh: line 4: no match: z[pq]z

=== a negative substring length is an error for lists, unless the offset is past their end
--- script
letters=(a b c)
( echo "[${letters[@]:0:-1}]" ) 2>/dev/null; echo "rc=$?"
echo "[${letters[@]:3:-1}] [${letters[@]: -9:-1}]"
holes=([1]=x [5]=y)
( echo "[${holes[@]:5:-1}]" ) 2>/dev/null; echo "rc=$?"
echo "[${holes[@]:6:-1}]"
set -- p q r
( echo "[${@:1:-1}]" ) 2>/dev/null; echo "rc=$?"
echo "[${@:5:-1}]"
none=(); echo "[${none[@]:0:-1}]"
word=abcdef; echo "${word:1:-2}"
--- stdout
rc=1
[] []
rc=1
[]
rc=1
[]
[]
bcd
=== backquotes in a here-document keep \" as written
--- script
cat <<END
`echo \"1\"` `echo \$x-\\`
END
echo "`echo \"2\"`"
--- stdout
"1" -\
2

=== ${!ref} with a quoted subscript: an assoc key, an indexed array's arithmetic
--- script
declare -A m
m[1]=one
ref="m['1']"; echo "${!ref}"
ref='m["1"]'; echo "${!ref}"
d=(x y)
ref='d["1"]'; echo "${!ref}"
ref="d['1']"; echo "${!ref}"; echo "not reached"
echo "$? after"
--- stdout
one
one
y
--- status: 1
--- stderr
vsh: line 7: '1': syntax error: operand expected (error token is "'1'")

=== ${a[i]:?msg} names the element with its subscript as written
--- script
files=()
( : "${files[@]:?no files given}" ); echo "st=$?"
( i=1; : "${files[i+1]?gone}" ); echo "st=$?"
declare -A cfg=([host]=x)
( : "${cfg[port]:?port required}" ); echo "st=$?"
( : "${cfg[host]:?}" ); echo "st=$?"
--- stdout
st=1
st=1
st=1
st=0
--- stderr
vsh: line 2: files[@]: no files given
vsh: line 3: files[i+1]: gone
vsh: line 5: cfg[port]: port required
--- status: 0

=== a bad value for an integer variable abandons the command line
--- script
declare -i count
( count=2+; echo "not reached" ); echo "st=$?"
( declare -i total=3*; echo "not reached" ); echo "st=$?"
f() { local -i n=')'; echo "not reached"; }
( f; echo "not reached" ); echo "st=$?"
( read count <<< '7-'; echo "not reached" ); echo "st=$?"
count=abc; echo "count=$count"
--- stdout
st=1
st=1
st=1
st=1
count=0
--- stderr
vsh: line 2: 2+: syntax error: operand expected (error token is "+")
vsh: line 3: declare: 3*: syntax error: operand expected (error token is "*")
environment: line 4: local: ): syntax error: operand expected (error token is ")")
vsh: line 6: read: 7-: syntax error: operand expected (error token is "-")
--- status: 0

=== a bad subscript or integer value ends bash -c but only drops a script's line
--- script
printf '%s\n' 'a=(1)' 'echo "${a[1+]}" one' 'echo after $?' \
  'declare -i n' 'n=2*' 'echo after $?' 'a[)]=1' 'echo after $?' > s.sh
bash s.sh; echo "script=$?"
bash -c 'a=(1); unset "a[1+]"; echo not reached' 2>/dev/null; echo "c=$?"
bash -c 'declare -i n
n=3-
echo not reached' 2>/dev/null; echo "c=$?"
--- stdout
after 1
after 1
after 1
script=0
c=1
c=1
--- stderr
s.sh: line 2: 1+: syntax error: operand expected (error token is "+")
s.sh: line 5: 2*: syntax error: operand expected (error token is "*")
s.sh: line 7: ): syntax error: operand expected (error token is ")")
--- status: 0
