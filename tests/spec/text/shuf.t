=== shuf permutes the input lines
--- file in.txt
1
20
300
4000
--- script
s=0; n=0; for x in $(shuf in.txt); do s=$((s+x)); n=$((n+1)); done; echo "$n $s"
--- stdout
4 4321
--- stderr
--- status: 0

=== shuf -i gives every number in the range once
--- script
s=0; n=0; for x in $(shuf -i 1-10); do s=$((s+x)); n=$((n+1)); done; echo "$n $s"
--- stdout
10 55
--- stderr
--- status: 0

=== shuf -n limits the count, -e takes arguments
--- script
n=0; for x in $(shuf -n 2 -e a b c d); do n=$((n+1)); done; echo $n; shuf -e x; shuf -n 0 -i 1-5; echo end
--- stdout
2
x
end
--- stderr
--- status: 0

=== shuf -r repeats
--- script
echo $(shuf -r -n 5 -e z); shuf -r -n 4 -i 3-3
--- stdout
z z z z z
3
3
3
3
--- stderr
--- status: 0

=== shuf -o writes a file, even the input itself
--- file f
1
20
300
--- script
shuf -o f f; s=0; while read -r x; do s=$((s+x)); done < f; echo $s
--- stdout
321
--- stderr
--- status: 0

=== shuf option errors
--- script
shuf -i 10-1; shuf -n x; shuf -e -i 1-2; shuf a b; echo "st=$?"
--- stdout
st=1
--- stderr
shuf: invalid input range: ‘10-1’
shuf: invalid line count: ‘x’
shuf: cannot combine -e and -i options
Try 'shuf --help' for more information.
shuf: extra operand ‘b’
Try 'shuf --help' for more information.
--- status: 0

=== shuf missing file and no lines to repeat
--- script
shuf nope; echo "st=$?"; shuf -r </dev/null; echo "st=$?"
--- stdout
st=1
st=1
--- stderr
shuf: nope: No such file or directory
shuf: no lines to repeat
--- status: 0

=== shuf --random-source draws as GNU does
--- script
seq 2000 > rs
seq 10 | shuf --random-source=rs | tr '\n' ' '; echo
seq 10 | shuf -n 3 --random-source=rs | tr '\n' ' '; echo
shuf -i 1-1000 -n 4 --random-source=rs | tr '\n' ' '; echo
shuf -e a b c d --random-source=<(yes) | tr '\n' ' '; echo
seq 5 | shuf -r -n 6 --random-source=rs | tr '\n' ' '; echo
shuf -i 1-3 --random-source=/dev/null; echo "rc=$?"
--- stdout
10 6 5 3 4 2 9 1 7 8 
8 6 10 
555 127 781 55 
b a c d 
5 5 2 1 3 1 
rc=1
--- stderr
shuf: ‘/dev/null’: end of file
