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
