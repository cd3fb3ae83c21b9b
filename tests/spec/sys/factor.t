=== factor prints prime factors of operands
--- script
factor 12 97 1 0 360
--- stdout
12: 2 2 3
97: 97
1:
0:
360: 2 2 2 3 3 5
--- stderr
--- status: 0

=== factor reads numbers from stdin
--- script
printf ' 12\n  6 100\n' | factor
--- stdout
12: 2 2 3
6: 2 3
100: 2 2 5 5
--- stderr
--- status: 0

=== factor handles large 64-bit numbers
--- script
factor 18446744073709551615 1000000016000000063 9223372036854775783 18446744030759878681
--- stdout
18446744073709551615: 3 5 17 257 641 65537 6700417
1000000016000000063: 1000000007 1000000009
9223372036854775783: 9223372036854775783
18446744030759878681: 4294967291 4294967291
--- stderr
--- status: 0

=== factor normalises a leading plus and zeros
--- script
factor +12 007
--- stdout
12: 2 2 3
7: 7
--- stderr
--- status: 0

=== factor rejects junk and goes on
--- script
factor 6 abc 10; echo "st=$?"
--- stdout
6: 2 3
10: 2 5
st=1
--- stderr
factor: ‘abc’ is not a valid positive integer
--- status: 0

=== factor rejects negative numbers
--- script
factor -- -5; echo "st=$?"; factor -x; echo "st=$?"
--- stdout
st=1
st=1
--- stderr
factor: ‘-5’ is not a valid positive integer
factor: invalid option -- 'x'
Try 'factor --help' for more information.
--- status: 0

=== factor skips leading spaces and one plus sign; other blanks are errors, shown escaped
--- script
factor '  0' ' +2' '+3'; echo "st=$?"; factor ' 12 ' "$(printf '\t5')"; echo "st=$?"
--- stdout
0:
2: 2
3: 3
st=0
st=1
--- stderr
factor: ‘ 12 ’ is not a valid positive integer
factor: ‘\t5’ is not a valid positive integer
--- status: 0
