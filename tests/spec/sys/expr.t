=== expr arithmetic and precedence
--- script
expr 3 \* 4 - 2; expr 7 / 2; expr -7 % 3; expr 1 + 2 \* 3; expr \( 1 + 2 \) \* 3
--- stdout
10
3
-1
7
9
--- stderr
--- status: 0

=== expr comparisons numeric and string
--- script
expr 10 \< 9; expr a \< b; expr 2 = 2; expr abc != abd; expr 10 \> 9a
--- stdout
0
1
1
1
0
--- stderr
--- status: 1

=== expr | and & and the exit status
--- script
expr 0 \| 2; expr 0 \& 2; echo "st=$?"; expr '' \| 0; echo "st=$?"; expr 0 \| 1 / 0
--- stdout
2
0
st=1
0
st=1
--- stderr
expr: division by zero
--- status: 2

=== expr : returns the match length or the group
--- script
expr abcd : '.*'; expr abc : 'a\(.\)'; expr abc : 'x'; echo "st=$?"; expr abc : 'b'; expr héllo : '.*'; expr match ab 'a'
--- stdout
4
b
0
st=1
0
5
1
--- stderr
--- status: 0

=== expr length substr index and +
--- script
expr length héllo; expr substr hello 2 3; expr substr hello 4 10; expr index hello lo; expr + match; expr length + length
--- stdout
5
ell
lo
3
match
6
--- stderr
--- status: 0

=== expr syntax errors exit 2
--- script
expr 1 +; echo "st=$?"; expr 1 2; echo "st=$?"; expr; echo "st=$?"; expr \( 1; echo "st=$?"
--- stdout
st=2
st=2
st=2
st=2
--- stderr
expr: syntax error: missing argument after ‘+’
expr: syntax error: unexpected argument ‘2’
expr: missing operand
Try 'expr --help' for more information.
expr: syntax error: expecting ')' after ‘1’
--- status: 0

=== expr arithmetic errors
--- script
expr 1 / 0; echo "st=$?"; expr a + 1; echo "st=$?"; expr abc : 'a\('; echo "st=$?"
--- stdout
st=2
st=2
st=2
--- stderr
expr: division by zero
expr: non-integer argument
expr: Unmatched ( or \(
--- status: 0

=== expr big numbers within 128 bits
--- script
expr 9223372036854775807 + 1; expr -9223372036854775808 - 1; expr 2 = 2.0; echo "st=$?"
--- stdout
9223372036854775808
-9223372036854775809
0
st=1
--- stderr
--- status: 0
