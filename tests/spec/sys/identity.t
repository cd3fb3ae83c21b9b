=== tty: no terminal behind the script
--- script
tty < /dev/null; echo "[$?]"; tty -s; echo "[$?]"; tty --quiet; echo "[$?]"; tty x; echo "[$?]"
--- stdout
not a tty
[1]
[1]
[1]
[2]
--- stderr
tty: extra operand ‘x’
Try 'tty --help' for more information.
--- status: 0

=== logname, users, arch, hostid
--- script
logname; echo "[$?]"; users; echo "[$?]"; arch; hostid
logname x; echo "[$?]"; users a b; echo "[$?]"; arch x; echo "[$?]"; hostid x; echo "[$?]"
--- stdout
[1]
[0]
x86_64
007f0100
[1]
[1]
[1]
[1]
--- stderr
logname: no login name
logname: extra operand ‘x’
Try 'logname --help' for more information.
users: extra operand ‘b’
Try 'users --help' for more information.
arch: extra operand ‘x’
Try 'arch --help' for more information.
hostid: extra operand ‘x’
Try 'hostid --help' for more information.
--- status: 0

=== groups: an unknown user
--- script
groups nosuch; echo "[$?]"
--- stdout
[1]
--- stderr
groups: ‘nosuch’: no such user
--- status: 0

=== unlink: one file, never a directory
--- file a
x
--- script
unlink a; echo "[$?]"; ls; mkdir d; unlink d; echo "[$?]"; unlink nosuch; echo "[$?]"
unlink; echo "[$?]"; unlink a b; echo "[$?]"
--- stdout
[0]
[1]
[1]
[1]
[1]
--- stderr
unlink: cannot unlink 'd': Is a directory
unlink: cannot unlink 'nosuch': No such file or directory
unlink: missing operand
Try 'unlink --help' for more information.
unlink: extra operand ‘b’
Try 'unlink --help' for more information.
--- status: 0

=== sync: files must exist
--- file f
x
--- script
sync; echo "[$?]"; sync f; echo "[$?]"; sync -f f; echo "[$?]"; sync -d nosuch; echo "[$?]"
sync -d -f f; echo "[$?]"; sync -d; echo "[$?]"
--- stdout
[0]
[0]
[0]
[1]
[1]
[1]
--- stderr
sync: error opening 'nosuch': No such file or directory
sync: cannot specify both --data and --file-system
sync: --data needs at least one argument
--- status: 0

=== groups: the sandbox's user
--- vsh-only: the sandbox's user is fixed
--- script
groups; groups user; groups user nosuch; echo "[$?]"
--- stdout
user
user : user
user : user
[1]
--- stderr
groups: ‘nosuch’: no such user
--- status: 0

=== id and groups know root
--- script
id root
id 0
id -un root; id -g root; id -Gn root
groups root
--- stdout
uid=0(root) gid=0(root) groups=0(root)
uid=0(root) gid=0(root) groups=0(root)
root
0
root
root : root
