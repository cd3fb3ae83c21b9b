=== getopt: short options, arguments, optional arguments and operands
--- script
getopt -o ab:c:: -- -a -b x -bz -c -cy arg1 -- -a "it's"; echo "[$?]"
--- stdout
 -a -b 'x' -b 'z' -c '' -c 'y' -- 'arg1' '-a' 'it'\''s'
[0]
--- status: 0

=== getopt: long options, abbreviations, = and separate values
--- script
getopt -o ab:c:: -l foo,bar:,baz:: -- --foo --fo --bar=1 --bar 2 --baz --baz=3 x; echo "[$?]"
getopt -o a -l 'one  two:' -l three -- --two x --three --one; echo "[$?]"
getopt --options=a --long=xx --name=nm -- -a --xx; echo "[$?]"
--- stdout
 --foo --foo --bar '1' --bar '2' --baz '' --baz '3' -- 'x'
[0]
 --two 'x' --three --one --
[0]
 -a --xx --
[0]
--- status: 0

=== getopt: ambiguous and unknown long options
--- script
getopt -o a -l foo,fob,bar:,baz:: -- --fo --f --ba=4 --fx --foo=3 --bar; echo "[$?]"
getopt -o a -- --foo; echo "[$?]"
--- stdout
 --
[1]
 --
[1]
--- stderr
getopt: option '--fo' is ambiguous; possibilities: '--foo' '--fob'
getopt: option '--f' is ambiguous; possibilities: '--foo' '--fob'
getopt: option '--ba=4' is ambiguous; possibilities: '--bar' '--baz'
getopt: unrecognized option '--fx'
getopt: option '--foo' doesn't allow an argument
getopt: option '--bar' requires an argument
getopt: unrecognized option '--foo'
--- status: 0

=== getopt: bad short options keep the rest, status 1
--- script
getopt -o ab: -- -x -a -b; echo "[$?]"
getopt -n prog -o a -- -z -a; echo "[$?]"
getopt -o 'a:' -- -a -- -b; echo "[$?]"
--- stdout
 -a --
[1]
 -a --
[1]
 -a '--' --
[1]
--- stderr
getopt: invalid option -- 'x'
getopt: option requires an argument -- 'b'
prog: invalid option -- 'z'
getopt: invalid option -- 'b'
--- status: 0

=== getopt: -q hides errors, -Q the output
--- script
getopt -q -o a -- -z -a; echo "[$?]"
getopt -Q -o a -- -a; echo "[$?]"
getopt -qQ -o a -- -z; echo "[$?]"
getopt -o ':a:' -- -x -a; echo "[$?]"
--- stdout
 -a --
[1]
[0]
[1]
 --
[1]
--- status: 0

=== getopt: -a takes long options after one dash
--- script
getopt -a -o ab: -l foo,bar: -- -foo -b1 -bar 2 -ba=3 -f -a -bxyz -xyz; echo "[$?]"
getopt -a -o ab: -l foo,fob -- -fo; echo "[$?]"
getopt -a -o a -l aa -- -a -aa; echo "[$?]"
--- stdout
 --foo -b '1' --bar '2' --bar '3' --foo -a -b 'xyz' --
[1]
 --
[1]
 -a --aa --
[0]
--- stderr
getopt: unrecognized option '-xyz'
getopt: option '-fo' is ambiguous; possibilities: '-foo' '-fob'
--- status: 0

=== getopt: ordering with + and - and POSIXLY_CORRECT
--- script
getopt -o +a -- x -a; echo "[$?]"
getopt -o -a -- x -a -- y; echo "[$?]"
POSIXLY_CORRECT=1 getopt -o a -- x -a; echo "[$?]"
getopt -o a -- - -a; echo "[$?]"
--- stdout
 -- 'x' '-a'
[0]
 'x' -a -- 'y'
[0]
 -- 'x' '-a'
[0]
 -a -- '-'
[0]
--- status: 0

=== getopt: traditional form and GETOPT_COMPATIBLE print unquoted
--- script
getopt ab: -a x -b 'y z'; echo "[$?]"
getopt +ab -b x -a; echo "[$?]"
GETOPT_COMPATIBLE=1 getopt -ab -a x; echo "[$?]"
GETOPT_COMPATIBLE=1 getopt; echo "[$?]"
getopt -u -o ab:: -- -b 'x y' -a -- ''; echo "[$?]"
--- stdout
 -a -b y z -- x
[0]
 -b -a -- x
[0]
 -a -- x
[0]
 --
[0]
 -b  -a -- x y 
[0]
--- status: 0

=== getopt: first operand is the option string without -o
--- script
getopt -- ab -a -c; echo "[$?]"
getopt -u -- ab -b; echo "[$?]"
getopt -o a; echo "[$?]"
--- stdout
 -a --
[1]
 -b --
[0]
 --
[0]
--- stderr
getopt: invalid option -- 'c'
--- status: 0

=== getopt: quoting for csh
--- script
getopt -o a -s csh -- "a b	c'd" 'x!' "n
l"; echo "[$?]"
getopt -s tcsh -o a -- 'q'; echo "[$?]"
getopt -s bash -o a -- "a'b"; echo "[$?]"
--- stdout
 -- 'a'\ 'b'\	'c'\''d' 'x'\!'' 'n\nl'
[0]
 -- 'q'
[0]
 -- 'a'\''b'
[0]
--- status: 0

=== getopt: its own usage errors are status 2, -T is 4
--- script
getopt; echo "[$?]"
getopt -s fish -o a; echo "[$?]"
getopt -x; echo "[$?]"
getopt -o; echo "[$?]"
getopt -T; echo "[$?]"
getopt -n; echo "[$?]"
--- stdout
[2]
[2]
[2]
[2]
[4]
[2]
--- stderr
getopt: missing optstring argument
Try 'getopt --help' for more information.
getopt: unknown shell after -s or --shell argument
Try 'getopt --help' for more information.
getopt: invalid option -- 'x'
Try 'getopt --help' for more information.
getopt: option requires an argument -- 'o'
Try 'getopt --help' for more information.
getopt: option requires an argument -- 'n'
Try 'getopt --help' for more information.
--- status: 0

=== getopt: help and version
--- script
getopt -h; echo "[$?]"
getopt --help | head -3; getopt -V; getopt --version
--- stdout

Usage:
 getopt <optstring> <parameters>
 getopt [options] [--] <optstring> <parameters>
 getopt [options] -o|--options <optstring> [options] [--] <parameters>

Parse command options.

Options:
 -a, --alternative             allow long options starting with single -
 -l, --longoptions <longopts>  the long options to be recognized
 -n, --name <progname>         the name under which errors are reported
 -o, --options <optstring>     the short options to be recognized
 -q, --quiet                   disable error reporting by getopt(3)
 -Q, --quiet-output            no normal output
 -s, --shell <shell>           set quoting conventions to those of <shell>
 -T, --test                    test for getopt(1) version
 -u, --unquoted                do not quote the output

 -h, --help                    display this help
 -V, --version                 display version

For more details see getopt(1).
[0]

Usage:
 getopt <optstring> <parameters>
getopt from util-linux 2.38.1
getopt from util-linux 2.38.1
--- status: 0

=== getopt: a script's option loop
--- script
set -- -v --file=out.txt -n 3 input1 input2
opts=$(getopt -o vn: -l verbose,file:,num: -n myscript -- "$@") || exit 1
eval set -- "$opts"
while true; do
  case "$1" in
    -v|--verbose) echo verbose; shift ;;
    -n|--num) echo "num=$2"; shift 2 ;;
    --file) echo "file=$2"; shift 2 ;;
    --) shift; break ;;
  esac
done
printf '<%s>\n' "$@"
--- stdout
verbose
file=out.txt
num=3
<input1>
<input2>
--- status: 0
