=== several -f files make one program
--- file lib.awk
function f(x) { return x * 2 }
--- file main.awk
{ print f($2) }
--- file data.txt
a 1
b 2
--- script
awk -f lib.awk -f main.awk data.txt
--- stdout
2
4

=== -v processes escapes
--- script
awk -v 'x=a\tb' 'BEGIN{print x}'
--- stdout
a	b

=== var=value operands take effect between files
--- file f1
x 1
--- file f2
y 2
--- script
awk '{print v, $1}' v=1 f1 v=2 f2
--- stdout
1 x
2 y

=== -- ends the options and - is stdin
--- file f1
x 1
--- script
echo hi | awk -- '{print}' - f1
--- stdout
hi
x 1

=== -F with a tab escape and -v OFS
--- script
printf 'a\tb c\td\n' | awk -F'\t' -v OFS=, '{$1=$1; print}'
--- stdout
a,b c,d

=== -F t is the letter t, as gawk
--- script
printf 'atb\tc\n' | awk -Ft '{print $2}'
--- stdout
b	c

=== a syntax error shows the line and a caret
--- script
awk 'BEGIN { x = 1 +* 2 }'
--- stderr
awk: cmd. line:1: BEGIN { x = 1 +* 2 }
awk: cmd. line:1:                ^ syntax error
--- status: 2
--- vsh-only: gawk exits 1 on a syntax error; vsh exits 2 as onetrue-awk, mawk and busybox do

=== an unterminated action
--- script
awk '{print $1'
--- stderr
awk: cmd. line:1: {print $1
awk: cmd. line:1:          ^ unexpected newline or end of string
--- status: 2
--- vsh-only: gawk exits 1 on a syntax error; vsh exits 2 as onetrue-awk, mawk and busybox do

=== division by zero is an error (status 1, as gawk)
--- script
awk 'BEGIN{print 1/0}'
--- stderr
awk: cmd. line:1: error: division by zero attempted
--- status: 1

=== a missing program file
--- script
awk -f nonexist.awk
--- stderr
awk: fatal: cannot open source file `nonexist.awk' for reading: No such file or directory
--- status: 2

=== a missing input file is fatal
--- script
awk '{print}' nonexist
--- stderr
awk: fatal: cannot open file `nonexist' for reading: No such file or directory
--- status: 2

=== a fatal error names the input position
--- script
echo x | awk '{ a[1] = 1; a = 2 }'
--- stderr
awk: cmd. line:1: (FILENAME=- FNR=1) fatal: attempt to use array `a' in a scalar context
--- status: 2

=== exit status from exit, END still runs
--- script
echo x | awk '{ exit 3 } END { print "end" }'
--- stdout
end
--- status: 3

=== commands run inside the sandbox
--- script
echo 'b
a' > in.txt
awk 'BEGIN { while (("sort in.txt" | getline l) > 0) print "got", l; print "x" | "cat"; close("cat"); system("echo sys") }'
--- stdout
got a
got b
x
sys

=== output files are the sandbox's files
--- script
awk 'BEGIN { print "one" > "o.txt"; print "two" >> "o.txt" }'
cat o.txt
--- stdout
one
two

=== a coprocess gets what was printed to it
--- script
awk 'BEGIN { cmd = "sort"; print "b" |& cmd; print "a" |& cmd; close(cmd, "to"); while ((cmd |& getline l) > 0) print "got", l; close(cmd) }'
--- stdout
got a
got b
=== awk: -v with a bad name names the variable; a redirection that cannot open says why (gawk's words)
--- script
awk -v 1x=2 'BEGIN{}'; echo "rc=$?"
awk 'BEGIN { print > "/nonexistent/x" }'; echo "rc=$?"
--- stdout
rc=2
rc=2
--- stderr
awk: fatal: `1x' is not a legal variable name
awk: cmd. line:1: fatal: cannot redirect to `/nonexistent/x': No such file or directory
