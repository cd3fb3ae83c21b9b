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
