=== an unknown short option is GNU's invalid option with the Try line
--- script
base64 -x </dev/null
echo "status $?"
--- stdout
status 1
--- stderr
base64: invalid option -- 'x'
Try 'base64 --help' for more information.

=== an unknown long option is unrecognized
--- script
rmdir --foo
echo "status $?"
--- stdout
status 1
--- stderr
rmdir: unrecognized option '--foo'
Try 'rmdir --help' for more information.

=== an ambiguous prefix lists the possibilities, --help and --version included
--- script
rmdir --ver x
echo "status $?"
--- stdout
status 1
--- stderr
rmdir: option '--ver' is ambiguous; possibilities: '--verbose' '--version'
Try 'rmdir --help' for more information.

=== the ambiguity message keeps the value the option was given
--- script
rmdir --ver=3 x
echo "status $?"
--- stdout
status 1
--- stderr
rmdir: option '--ver=3' is ambiguous; possibilities: '--verbose' '--version'
Try 'rmdir --help' for more information.

=== a missing argument of a short option
--- script
base64 -w
echo "status $?"
--- stdout
status 1
--- stderr
base64: option requires an argument -- 'w'
Try 'base64 --help' for more information.

=== a missing argument of a long option names the whole option
--- script
base64 --wr
echo "status $?"
--- stdout
status 1
--- stderr
base64: option '--wrap' requires an argument
Try 'base64 --help' for more information.

=== an argument given to a long option that takes none
--- script
base64 --dec=1 </dev/null
echo "status $?"
--- stdout
status 1
--- stderr
base64: option '--decode' doesn't allow an argument
Try 'base64 --help' for more information.

=== --help prints the usage and succeeds, even abbreviated
--- script
rmdir --help | head -n 2
echo "status ${PIPESTATUS[0]}"
sleep --he | head -n 1
base64 --help >/dev/null
echo "status $?"
--- stdout
Usage: rmdir [OPTION]... DIRECTORY...
Remove the DIRECTORY(ies), if they are empty.
status 0
Usage: sleep NUMBER[SUFFIX]...
status 0

=== --version succeeds and names the command
--- script
for c in rmdir sleep yes base64; do $c --version | head -n 1 | cut -d' ' -f1; echo "$c ${PIPESTATUS[0]}"; done
--- stdout
rmdir
rmdir 0
sleep
sleep 0
yes
yes 0
base64
base64 0

=== --help after an invalid option is never reached
--- script
rmdir -x --help
echo "status $?"
--- stdout
status 1
--- stderr
rmdir: invalid option -- 'x'
Try 'rmdir --help' for more information.

=== a usage error found by the command gets the Try line
--- script
sleep
echo "status $?"
base64 a b
echo "status $?"
--- stdout
status 1
status 1
--- stderr
sleep: missing operand
Try 'sleep --help' for more information.
base64: extra operand ‘b’
Try 'base64 --help' for more information.

=== options and operands mix, and -- ends the options (yes)
--- script
yes x -- -n | head -n 2
yes x --help | head -n 1
--- stdout
x -n
x -n
Usage: yes [STRING]...

=== a command's own bad-usage status: env and timeout 125, printenv 2
--- script
env --foo
echo "status $?"
timeout --foo 1 true
echo "status $?"
printenv -x
echo "status $?"
--- stdout
status 125
status 125
status 2
--- stderr
env: unrecognized option '--foo'
Try 'env --help' for more information.
timeout: unrecognized option '--foo'
Try 'timeout --help' for more information.
printenv: invalid option -- 'x'
Try 'printenv --help' for more information.

=== env stops at its first operand: later options belong to the command
--- script
env printenv --null HOME >/dev/null
echo "status $?"
--- stdout
status 0

=== expr takes --help only alone, and then as a prefix too
--- script
expr --he | head -n 1
expr -- --help
expr --help x
echo "status $?"
--- stdout
Usage: expr EXPRESSION
--help
status 2
--- stderr
expr: syntax error: unexpected argument ‘x’

=== an option value the command rejects gets the Try line and its status
--- script
timeout -s FOO 1 true
echo "status $?"
date --rfc-3339=x
echo "status $?"
--- stdout
status 125
status 1
--- stderr
timeout: ‘FOO’: invalid signal
Try 'timeout --help' for more information.
date: invalid argument ‘x’ for ‘--rfc-3339’
Valid arguments are:
  - ‘date’
  - ‘seconds’
  - ‘ns’
Try 'date --help' for more information.
