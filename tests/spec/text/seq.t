=== seq counts from 1, or FIRST, with INCR
--- script
seq 3; seq 2 4; seq 10 -3 1
--- stdout
1
2
3
2
3
4
10
7
4
1

=== seq -s and -w
--- script
seq -s, 5; seq -w 8 10; seq -w -3 1 | paste -sd' '
--- stdout
1,2,3,4,5
08
09
10
-3 -2 -1 00 01

=== seq with fractions keeps the precision
--- script
seq 0 0.1 0.3; seq 1 0.5 2; seq -w 1 0.5 3 | paste -sd' '
--- stdout
0.0
0.1
0.2
0.3
1.0
1.5
2.0
1.0 1.5 2.0 2.5 3.0

=== seq -f formats each number
--- script
seq -f '%03g' 3; seq -f 'n%.2fx' 1 2
--- stdout
001
002
003
n1.00x
n2.00x

=== seq prints nothing for an empty range
--- script
seq 5 1; seq 1 -1 2; echo end
--- stdout
end

=== seq has no artificial cap and streams
--- script
seq 1000000 | tail -n 1; seq 1 1000000000 | head -n 2
--- stdout
1000000
1
2

=== seq argument errors
--- script
seq; echo "st $?"; seq x; echo "st $?"; seq 1 0 3; echo "st $?"; seq 1 2 3 4; echo "st $?"; seq -f '%d' 3; echo "st $?"
--- stdout
st 1
st 1
st 1
st 1
st 1
--- stderr
seq: missing operand
Try 'seq --help' for more information.
seq: invalid floating point argument: ‘x’
Try 'seq --help' for more information.
seq: invalid Zero increment value: ‘0’
Try 'seq --help' for more information.
seq: extra operand ‘4’
Try 'seq --help' for more information.
seq: format ‘%d’ has unknown %d directive

=== seq -w takes its width from the operands as written
--- script
seq -w 003; seq -w 005 7 | tr '\n' ' '; echo
seq -w 8 -3 04 | tr '\n' ' '; echo
seq -w 03 .3 0004 | tr '\n' ' '; echo
seq -w -01 1 | tr '\n' ' '; echo
seq -w -.5 1 | tr '\n' ' '; echo
seq -w 1 1e-1 1.2 | tr '\n' ' '; echo
seq -w 1.5e1 17 | tr '\n' ' '; echo
seq -w ' 05' 7 | tr '\n' ' '; echo
--- stdout
001
002
003
005 006 007 
08 05 
0003.0 0003.3 0003.6 0003.9 
-01 000 001 
-0.5 00.5 
1.0 1.1 1.2 
15 16 17 
05 06 07 

=== seq counts exactly past 64 bits, prints -0, and stops at LAST as GNU rounds
--- script
seq 18446744073709551615 18446744073709551617 | tr '\n' ' '; echo
seq 99999999999999999998 3 100000000000000000010 | tr '\n' ' '; echo
seq -s, 0099999999999999999999 100000000000000000001
seq 1e20 99999999999999999999
seq 18446744073709551614 inf | head -3 | tr '\n' ' '; echo
seq -0 1 | tr '\n' ' '; echo
seq 1.5
seq 0 0.000001 0.000003 | tail -1
--- stdout
18446744073709551615 18446744073709551616 18446744073709551617 
99999999999999999998 100000000000000000001 100000000000000000004 100000000000000000007 100000000000000000010 
99999999999999999999,100000000000000000000,100000000000000000001
100000000000000000000
18446744073709551614 18446744073709551615 18446744073709551616 
-0 1 
1
0.000003

=== messages quote a backslash in an argument as GNU's quote() does
--- script
printf 'x' | sort -t 'a\b'; echo $?; seq 'a\b'; echo $?; seq 1 0 'x\y'; seq 0 '1\' 2; head -n 'a\b' /dev/null; echo $?; tail -c 'q\' /dev/null; echo $?; seq 1 2 3 '4\'; echo $?
--- stdout
2
1
1
1
1
--- stderr
sort: multi-character tab ‘a\\b’
seq: invalid floating point argument: ‘a\\b’
Try 'seq --help' for more information.
seq: invalid Zero increment value: ‘0’
Try 'seq --help' for more information.
seq: invalid floating point argument: ‘1\\’
Try 'seq --help' for more information.
head: invalid number of lines: ‘a\\b’
tail: invalid number of bytes: ‘q\\’
seq: extra operand ‘4\\’
Try 'seq --help' for more information.
