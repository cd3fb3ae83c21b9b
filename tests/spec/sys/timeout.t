=== timeout returns 124 when the limit fires
--- script
timeout 0.1 sleep 3; echo "st $?"
--- stdout
st 124

=== timeout passes the command's status when it finishes
--- script
timeout 5 true; echo "st $?"; timeout 5 sh -c 'exit 3'; echo "st $?"; timeout 1s echo hi
--- stdout
st 0
st 3
hi

=== timeout stops a loop and --preserve-status
--- script
timeout 0.2 sh -c 'while :; do :; done'; echo "st $?"; timeout --preserve-status 0.1 sleep 2; echo "st $?"
--- stdout
st 124
st 143

=== timeout 0 means no limit
--- script
timeout 0 echo ok
--- stdout
ok

=== timeout argument errors
--- script
timeout; echo "st $?"; timeout x true; echo "st $?"
--- stdout
st 125
st 125
--- stderr
Try 'timeout --help' for more information.
timeout: invalid time interval ‘x’
Try 'timeout --help' for more information.

=== timeout -s KILL ends with 137, as GNU's own process dies of it
--- script
timeout -s KILL 0.1 sleep 2 2>/dev/null; echo "t=$?"
timeout 0.1 sleep 2; echo "t=$?"
--- stdout
t=137
t=124
--- stderr (regex)
vsh: line 1: +\d+ Killed +timeout -s KILL 0\.1 sleep 2 2> /dev/null
=== timeout: a program not found is reported in GNU's words, status 127
--- script
timeout 5 nosuchcmd; echo "rc=$?"
--- stdout
rc=127
--- stderr
timeout: failed to run command ‘nosuchcmd’: No such file or directory

=== timeout without a command prints the Try line, status 125
--- script
timeout 5; echo $?
--- stdout
125
--- stderr
Try 'timeout --help' for more information.
