=== a bad option to pwd prints the usage line after the error
--- script
pwd -a
echo "status $?"
--- stdout
status 2
--- stderr
vsh: line 1: pwd: -a: invalid option
pwd: usage: pwd [-LP]

=== declare, export, readonly and unset print their usage lines after a bad option
--- script
declare -B x
export -B
readonly -B
unset -B
f() { local -B x; }
f
echo done
--- stdout
done
--- stderr
vsh: line 1: declare: -B: invalid option
declare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]
vsh: line 2: export: -B: invalid option
export: usage: export [-fn] [name[=value] ...] or export -p
vsh: line 3: readonly: -B: invalid option
readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p
vsh: line 4: unset: -B: invalid option
unset: usage: unset [-f] [-v] [-n] [name ...]
environment: line 5: local: -B: invalid option
local: usage: local [option] name[=value] ...

=== read and mapfile print their usage lines after a bad or incomplete option
--- script
read -X
read -p
mapfile -Q
mapfile -u
echo done
--- stdout
done
--- stderr
vsh: line 1: read: -X: invalid option
read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
vsh: line 2: read: -p: option requires an argument
read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
vsh: line 3: mapfile: -Q: invalid option
mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]
vsh: line 4: mapfile: -u: option requires an argument
mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]

=== set and shopt print their usage lines unprefixed after a bad option
--- script
set -U
shopt -B
echo "status $?"
--- stdout
status 2
--- stderr
vsh: line 1: set: -U: invalid option
set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]
vsh: line 2: shopt: -B: invalid option
shopt: usage: shopt [-pqsu] [-o] [optname ...]

=== getopts reports an invalid variable name even when no option is left
--- script
getopts a a:b
echo "status $?"
getopts a 1x -a
echo "status $?"
--- stdout
status 1
status 1
--- stderr
vsh: line 1: getopts: `a:b': not a valid identifier
vsh: line 3: getopts: `1x': not a valid identifier

=== getopts takes -- before its operands and rejects any other option
--- script
getopts -- ab opt -b
echo "$? $opt"
getopts -x ab opt
echo "status $?"
--- stdout
0 b
status 2
--- stderr
vsh: line 3: getopts: -x: invalid option
getopts: usage: getopts optstring name [arg ...]
