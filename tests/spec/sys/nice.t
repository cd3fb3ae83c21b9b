=== nice: prints the niceness, runs a command, checks the adjustment
--- script
nice; echo "[$?]"
nice echo hi; nice -n 3 -- echo a; nice -5 echo b; nice --adj=3 echo c; nice -n5 echo d; nice -n 100 sh -c 'exit 3'; echo "[$?]"
nice -n 5; echo "[$?]"; nice -x; echo "[$?]"; nice -n 3x echo; echo "[$?]"; nice -n x echo; echo "[$?]"
nice --help | head -2
--- stdout
0
[0]
hi
a
b
c
d
[3]
[125]
[125]
[125]
[125]
Usage: nice [OPTION] [COMMAND [ARG]...]
Run COMMAND with an adjusted niceness, which affects process scheduling.
--- stderr
nice: a command must be given with an adjustment
Try 'nice --help' for more information.
nice: invalid option -- 'x'
Try 'nice --help' for more information.
nice: invalid adjustment ‘3x’
nice: invalid adjustment ‘x’
--- status: 0

=== nohup: runs the command; output is not a terminal
--- script
nohup echo x; nohup -- sh -c 'echo y; exit 4'; echo "[$?]"
nohup; echo "[$?]"; nohup -x; echo "[$?]"; ls nohup.out
--- stdout
x
y
[4]
[125]
[125]
--- stderr
nohup: missing operand
Try 'nohup --help' for more information.
nohup: invalid option -- 'x'
Try 'nohup --help' for more information.
ls: cannot access 'nohup.out': No such file or directory
--- status: 2

=== nice: a nested nice still prints 0
--- vsh-only: no scheduler in a sandbox: the adjustment is checked, not applied
--- script
nice nice; nice -n 5 nice; nice -n -5 nice
--- stdout
0
0
0
--- stderr
nice: cannot set niceness: Permission denied
--- status: 0
