=== which finds nothing for unknown names
--- script
which no-such-command-here; echo rc=$?
--- stdout
rc=1
--- stderr
--- status: 0

=== uname kernel name and operating system
--- script
uname; uname -s -o; uname --kernel-name
--- stdout
Linux
Linux GNU/Linux
Linux
--- stderr
--- status: 0

=== uname rejects operands
--- script
uname foo; echo rc=$?
--- stdout
rc=1
--- stderr
uname: extra operand ‘foo’
Try 'uname --help' for more information.
--- status: 0

=== id rejects unknown users
--- script
id no-such-user-here; echo rc=$?
--- stdout
rc=1
--- stderr
id: ‘no-such-user-here’: no such user
--- status: 0

=== tput with a known terminal
--- script
tput -T xterm cols; tput -T xterm lines; tput -T xterm colors
--- stdout
80
24
8
--- stderr
--- status: 0

=== nproc ignore keeps at least one
--- script
nproc --ignore=100000
--- stdout
1
--- stderr
--- status: 0

=== which reports commands in /usr/bin
--- vsh-only: vsh runs its commands in-process; which shows their virtual /usr/bin path
--- script
which cat base64; which -a true; which cd; echo rc=$?
--- stdout
/usr/bin/cat
/usr/bin/base64
/usr/bin/true
/bin/true
rc=1
--- stderr
--- status: 0

=== the virtual user
--- vsh-only: the sandbox's user is fixed
--- script
whoami; id; id -u; id -un; id -g; id -Gn
--- stdout
user
uid=1000(user) gid=1000(user) groups=1000(user)
1000
user
1000
user
--- stderr
--- status: 0

=== the virtual machine
--- vsh-only: the sandbox's machine is fixed
--- script
uname -a; uname -nrm; hostname
--- stdout
Linux vsh 6.0.0-vsh #1 SMP PREEMPT_DYNAMIC vsh x86_64 GNU/Linux
vsh 6.0.0-vsh x86_64
vsh
--- stderr
--- status: 0

=== nproc from VSH_NPROC
--- vsh-only: the host's processor count is a host fact
--- script
nproc; VSH_NPROC=4 nproc; VSH_NPROC=4 nproc --ignore=1
--- stdout
1
4
3
--- stderr
--- status: 0

=== tput and clear send nothing
--- vsh-only: no terminal behind a sandbox
--- script
tput sgr0; tput bold; tput setaf 1; clear; echo "[$(tput cols)x$(tput lines)] rc=$?"
--- stdout
[80x24] rc=0
--- stderr
--- status: 0
