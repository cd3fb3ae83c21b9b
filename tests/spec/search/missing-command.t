=== a missing or unrunnable command is reported in GNU's words by xargs, timeout, env and find
--- script
mkdir dd
echo a | xargs nonexist; echo "st=$?"
echo a | xargs ./nonexist; echo "st=$?"
echo a | xargs ./dd; echo "st=$?"
timeout 1 nonexist; echo "st=$?"
timeout 1 ./dd; echo "st=$?"
env nonexist; echo "st=$?"
env ./dd; echo "st=$?"
env PATH=/nowhere ls; echo "st=$?"
find . -maxdepth 0 -exec nonexist {} \; ; echo "st=$?"
find . -maxdepth 0 -exec nonexist {} + ; echo "st=$?"
find . -maxdepth 0 -execdir nonexist {} \; ; echo "st=$?"
--- stdout
st=127
st=127
st=126
st=127
st=126
st=127
st=126
st=127
st=0
st=1
st=0
--- stderr
xargs: nonexist: No such file or directory
xargs: ./nonexist: No such file or directory
xargs: ./dd: Permission denied
timeout: failed to run command ‘nonexist’: No such file or directory
timeout: failed to run command ‘./dd’: Permission denied
env: ‘nonexist’: No such file or directory
env: ‘./dd’: Permission denied
env: ‘ls’: No such file or directory
find: ‘nonexist’: No such file or directory
find: ‘nonexist’: No such file or directory
find: ‘nonexist’: No such file or directory
--- status: 0

=== xargs -p without a terminal shows the command and fails as GNU's
--- vsh-only: GNU xargs -p asks on /dev/tty, which a terminal may answer; this is its output under setsid (no controlling terminal)
--- script
echo a b | xargs -p -n1 printf 'x%s\n'; echo " st=$?"
echo a | xargs -p echo hi; echo " st=$?"
echo | xargs -r -p echo; echo " st=$?"
--- stdout
 st=1
 st=1
 st=0
--- stderr
printf 'x%s\n' axargs: failed to open /dev/tty for reading: No such device or address
echo hi axargs: failed to open /dev/tty for reading: No such device or address
--- status: 0
