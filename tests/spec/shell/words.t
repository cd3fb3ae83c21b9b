=== source FILE ARGS: positionals come back unless the file set its own
--- file s.sh
echo "in: $# $1"
--- file t.sh
set -- changed
--- file u.sh
shift
--- script
set -- x y
source s.sh a; echo "$# $1"
source t.sh a; echo "$1"
set -- x y
source u.sh a b; echo "$@"
source t.sh; echo "$1"
--- stdout
in: 1 a
2 x
changed
x y
changed

=== nullglob: a [ without its ] is no pattern
--- script
shopt -s nullglob
touch ab
echo [ a[ [a a[b] [ab] *[
shopt -u nullglob
echo [ a[b
--- stdout
[ a[ [a ab
[ a[b

=== extquote: $'...' inside "${x:-...}"
--- script
x=
echo "${x:-'a'}" "${x:-$'\x41'}" ${x:-$'\x41'}
y=$'\tz'
echo "${y#$'\t'}"
--- stdout
'a' A A
z
