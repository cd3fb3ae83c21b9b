=== arithmetic with precedence and right-associative ^
--- script
echo '1+2*3; (1+2)*3; 10-4-3; 2^3^2; -2^2; 7/2' | bc
--- stdout
7
9
3
512
4
3
--- stderr (no newline)

=== add, subtract and multiply keep GNU scales
--- script
echo '1.5+2.25; 1.50-0.5; 1.25*1.5; scale=1; 1.25*1.5; scale=10; 1.25*1.5; 0.5*0.5' | bc
--- stdout
3.75
1.00
1.87
1.87
1.875
.25
--- stderr (no newline)

=== division truncates to scale
--- script
echo 'scale=3; 1/3; 2/3; -1/3; scale=0; 7/2; -7/2; scale=20; 22/7' | bc
--- stdout
.333
.666
-.333
3
-3
3.14285714285714285714
--- stderr (no newline)

=== scale=3; 1/3 through a pipe
--- script
echo 'scale=3; 1/3' | bc
--- stdout
.333
--- stderr (no newline)

=== modulo with negative operands and scale
--- script
echo '7%3; -7%3; 7%-3; -7%-3; 5.5%2; scale=2; 5.5%2; -7%3; 7%-3' | bc
--- stdout
1
-1
1
-1
1.5
0
-.01
.01
--- stderr (no newline)

=== integer powers, negative exponents and scale
--- script
echo '2^10; 2^-1; scale=5; 2^-3; (-2)^3; (-1.5)^3; 1.5^2; 0^0; 1.000^3' | bc
--- stdout
1024
0
.12500
-8
-3.375
2.25
1
1.00000
--- stderr (no newline)

=== power with a fractional exponent warns and truncates it
--- script
echo '2^1.5' | bc
--- stdout
2
--- stderr
Runtime warning (func=(main), adr=9): non-zero scale in exponent

=== a truncated negative power prints -0 as GNU
--- script
echo '(-.1)^3; (-.1)^3 < 0' | bc
--- stdout
-0
1
--- stderr (no newline)

=== sqrt at the scale of the operand or of scale
--- script
echo 'sqrt(2); sqrt(16); scale=10; sqrt(2); sqrt(0.0004); sqrt(1.00); sqrt(4.00); sqrt(0)' | bc
--- stdout
1
4
1.4142135623
.0200000000
1
2.0000000000
0
--- stderr (no newline)

=== sqrt of a negative number is a runtime error
--- script
printf 'sqrt(-4)\n5\n' | bc
--- stdout
5
--- stderr
Runtime error (func=(main), adr=6): Square root of a negative number

=== numbers below one print without a leading zero
--- script
echo '.5; -.5; 0.5000; -0.25; 0.000; 000123.4500' | bc
--- stdout
.5
-.5
.5000
-.25
0
123.4500
--- stderr (no newline)

=== length() and scale() count digits as GNU
--- script
echo 'length(123.45); length(0.001); scale(1.230); length(0); length(-12.30); scale(0.00); length(1000)' | bc
--- stdout
5
3
3
1
4
2
4
--- stderr (no newline)

=== obase=16, obase=2 and obase=8
--- script
echo 'obase=16; 255; 4096; -255; obase=2; 10; 255; obase=8; 64' | bc
--- stdout
FF
1000
-FF
1010
11111111
100
--- stderr (no newline)

=== obase=16 with fractions
--- script
echo 'obase=16; scale=4; 1/3; 255.5; -10.75; 0.5' | bc
--- stdout
.5553
FF.8
-A.C0
.8
--- stderr (no newline)

=== obase=100 prints two-digit groups
--- script
echo 'obase=100; 1234; 123456789; .5; -1234.5678' | bc
--- stdout
 12 34
 01 23 45 67 89
.50
- 12 34.56 78
--- stderr (no newline)

=== obase above 16 pads every group
--- script
echo 'obase=1000; 2^70; obase=17; 123456789; obase=256; 65535' | bc
--- stdout
 001 180 591 620 717 411 303 424
 05 01 16 02 10 02 01
 255 255
--- stderr (no newline)

=== ibase=16 and ibase=2 read their digits
--- script
echo 'ibase=16; FF; A0; 1.8; 10; ibase=2; 1010; 1.1' | bc
--- stdout
255
160
1.5
16
10
1.5
--- stderr (no newline)

=== digits above ibase are clamped, a lone digit keeps its value
--- script
echo 'ibase=2; 12; A; 1A; ibase=A; A; 1A; ZZ' | bc
--- stdout
3
10
3
10
19
99
--- stderr (no newline)

=== ibase up to 36 and ibase/obase bounds warn
--- script
printf 'ibase=36; ZZ\nibase=A\nibase=1\nibase=A\nobase=1\nscale=-1\nibase=40\n10\n' | bc
--- stdout
1295
100100
--- stderr
Runtime warning (func=(main), adr=3): ibase too small, set to 2
Runtime warning (func=(main), adr=3): obase too small, set to 2
Runtime warning (func=(main), adr=4): negative scale, set to 0
Runtime warning (func=(main), adr=6): ibase too large, set to 36

=== obase and ibase read back
--- script
echo 'ibase=16; obase=A; ibase; obase; scale' | bc
--- stdout
16
10
0
--- stderr (no newline)

=== long numbers wrap at 70 columns with a backslash
--- script
echo '2^300' | bc
--- stdout
20370359763344860862684456884093781610514683936659362506361404493543\
81299763336706183397376
--- stderr (no newline)

=== BC_LINE_LENGTH=0 disables wrapping
--- script
echo '2^300' | BC_LINE_LENGTH=0 bc
--- stdout
2037035976334486086268445688409378161051468393665936250636140449354381299763336706183397376
--- stderr (no newline)

=== BC_LINE_LENGTH=20 wraps shorter lines
--- script
echo '2^200' | BC_LINE_LENGTH=20 bc
--- stdout
160693804425899027\
554196209234116260\
252220299378279283\
5301376
--- stderr (no newline)

=== BC_LINE_LENGTH below 3 means 70
--- script
echo '2^300' | BC_LINE_LENGTH=2 bc
--- stdout
20370359763344860862684456884093781610514683936659362506361404493543\
81299763336706183397376
--- stderr (no newline)

=== binary output of a long number wraps
--- script
echo 'obase=2; 2^100-1' | bc
--- stdout
11111111111111111111111111111111111111111111111111111111111111111111\
11111111111111111111111111111111
--- stderr (no newline)

=== strings share the output column with numbers
--- script
echo 'print "abcdefghij"; 2^100' | BC_LINE_LENGTH=20 bc
--- stdout
abcdefghij12676506\
002282294014967032\
05376
--- stderr (no newline)

=== 2^100000 is fast and exact
--- script
echo '2^100000' | bc | tail -1; echo '2^100000' | bc | wc -c
--- stdout
33811568396223208402597025155304734389883109376
30988
--- stderr (no newline)

=== here-string 2^64
--- script
bc <<< '2^64'
--- stdout
18446744073709551616
--- stderr (no newline)

=== math library: s c a l e at scale 20
--- script
echo 's(1); c(1); a(1); l(2); e(1)' | bc -l
--- stdout
.84147098480789650665
.54030230586813971740
.78539816339744830961
.69314718055994530941
2.71828182845904523536
--- stderr (no newline)

=== math library at scale=50
--- script
echo 'scale=50; 4*a(1); e(1); l(10); s(0.5)' | bc -l
--- stdout
3.14159265358979323846264338327950288419716939937508
2.71828182845904523536028747135266249775724709369995
2.30258509299404568401799145468436420760110148862877
.47942553860420300027328793521557138808180336794060
--- stderr (no newline)

=== math library: Bessel functions
--- script
echo 'j(0,1); j(1,2.5); j(-3,2); j(2,-1.25)' | bc -l
--- stdout
.76519768655796655144
.49709410246427403801
-.12894324947440205109
.17109113124052348236
--- stderr (no newline)

=== math library at more points
--- script
echo 's(-2); c(3.14159); a(-0.5); a(100); l(0.5); e(-1); e(10); l(0); l(-1)' | bc -l
--- stdout
-.90929742682568169539
-.99999999999647923060
-.46364760900080611621
1.56079666010823138102
-.69314718055994530941
.36787944117144232159
22026.46579480671651695790
-99999999999999999999.00000000000000000000
-99999999999999999999.00000000000000000000
--- stderr (no newline)

=== math library with ibase=16
--- script
echo 'ibase=16; e(1); s(1); a(1)' | bc -l
--- stdout
2.71828182845904523536
.84147098480789650665
.78539816339744830961
--- stderr (no newline)

=== math library sets scale to 20
--- script
echo 'scale; 1/3' | bc -l
--- stdout
20
.33333333333333333333
--- stderr (no newline)

=== math library at low scales
--- script
echo 'scale=0; e(1); l(10); scale=5; e(1); s(3.14159); a(.2)' | bc -l
--- stdout
2
2
2.71828
0
.19739
--- stderr (no newline)

=== 4*a(1) at scale=1000 (last line)
--- script
echo 'scale=1000; 4*a(1)' | bc -l | tail -1
--- stdout
18577805321712268066130019278766111959092164201988
--- stderr (no newline)

=== redefining a library function
--- script
printf 'define e(x) { return 7 }\ne(1)\ns(1)\n' | bc -l
--- stdout
7
.84147098480789650665
--- stderr (no newline)

=== functions with auto variables
--- script
printf 'define f(x) {\n  auto y\n  y = x * 2\n  return (y + 1)\n}\nf(3)\ny\n' | bc
--- stdout
7
0
--- stderr (no newline)

=== recursive factorial of 100
--- script
printf 'define f(n) {\n  if (n < 2) return (1)\n  return (n * f(n - 1))\n}\nf(100)\n' | bc
--- stdout
93326215443944152681699238856266700490715968264381621468592963895217\
59999322991560894146397615651828625369792082722375825118521091686400\
0000000000000000000000
--- stderr (no newline)

=== autos are dynamically scoped
--- script
printf 'define g() { return (x) }\ndefine f() { auto x; x = 5; return (g()) }\nx = 1; f(); x; g()\n' | bc
--- stdout
5
1
1
--- stderr (no newline)

=== arrays: elements default to 0, ++ and --
--- script
echo 'a[0]=1; a[5]=7; a[5]; a[2]; a[3]++; a[3]; ++a[3]; a[3]--; --a[3]; a[1000000]=3; a[1000000]' | bc
--- stdout
7
0
0
1
2
2
0
3
--- stderr (no newline)

=== array subscripts out of range are runtime errors
--- script
printf 'a[-1]=1\na[16777216]\na[16777215]=2; a[16777215]\na[0.5]\n' | bc
--- stdout
2
--- stderr
Runtime error (func=(main), adr=5): Array a subscript out of bounds.
Runtime error (func=(main), adr=12): Array a subscript out of bounds.
Runtime error (func=(main), adr=6): Array a subscript out of bounds.

=== array parameters are passed by value
--- script
printf 'define f(a[]) { a[0] = 9; return (a[0] + a[1]) }\nb[0] = 1; b[1] = 2\nf(b[])\nb[0]\n' | bc
--- stdout
11
1
--- stderr (no newline)

=== *a[] parameters are passed by reference
--- script
printf 'define f(*a[]) { a[0] = 9; return (a[0]) }\nb[0] = 1\nf(b[])\nb[0]\n' | bc
--- stdout
9
9
--- stderr (no newline)

=== auto arrays are local
--- script
printf 'define f() { auto a[]; a[1] = 5; return (a[1]) }\na[1] = 2\nf()\na[1]\n' | bc
--- stdout
5
2
--- stderr (no newline)

=== void functions print nothing and cannot be used as values
--- script
printf 'define void f() { print "hi\\n" }\nf()\nx = f()\n5\n' | bc
--- stdout
hi
5
--- stderr
(standard_in) 4: Assignment of a void expression

=== if, else, while and for
--- script
printf 'for (i = 0; i < 3; i++) i\nif (1) 2 else 3\nif (0) { 4 } else { 5 }\ni = 0; while (i < 3) { i += 1 }; i\n' | bc
--- stdout
0
1
2
2
5
3
--- stderr (no newline)

=== break, continue and a for with omitted parts
--- script
printf 'for (i = 0; i < 10; i++) { if (i == 4) break; if (i %% 2) continue; i }\ni = 0\nfor (;;) { if (++i > 3) break }\ni\n' | bc
--- stdout
0
2
4
--- stderr (no newline)

=== print with strings, escapes and commas
--- script
echo 'x = 3; print "x=", x, "\n"; print "a\tb\\c\qd\n"; "plain\n"; print 1, 2, "\n"' | bc
--- stdout
x=3
a	b\c"d
plain\n12
--- stderr (no newline)

=== a string statement prints without a newline
--- script
printf '"abc"\n"def"\n' | bc
--- stdout (no newline)
abcdef
--- stderr (no newline)

=== comments and backslash-newline continuation
--- script
printf '/* a comment\n over lines */ 1 + # to the end\n2\n12\\\n34\n1 + \\\n 2\n' | bc
--- stdout
2
1234
3
--- stderr
(standard_in) 3: syntax error

=== last and the dot
--- script
echo '5; last + 1; . * 2; print 7; last' | bc
--- stdout
5
6
12
77
--- stderr (no newline)

=== assignments print only in parentheses
--- script
echo 'x = 5; (x = 6); x; y = x++; y; x; x += 2; x -= 1; x *= 3; x /= 2; x; x ^= 2; x %= 7; x' | bc
--- stdout
6
6
6
7
12
4
--- stderr (no newline)

=== relational and boolean operators are values
--- script
echo '1 < 2; 2 < 1; 1 == 1.0; 3 != 3; !0; !5; 2 && 0; 2 || 0; !x == 1; 1 < 2 < 3; x = 3 < 2; x' | bc
--- stdout
1
0
1
0
1
0
0
1
1
1
0
3
--- stderr (no newline)

=== special variables with ++ and --
--- script
printf 'scale++\nscale\nscale--\nscale--\nobase=2; obase--\n' | bc
--- stdout
0
1
1
0
10
--- stderr
Runtime warning (func=(main), adr=4): scale can not be negative in -- 
Runtime warning (func=(main), adr=10): obase too small in --

=== several statements per line and empty ones
--- script
echo '1;;2; ;3' | bc
--- stdout
1
2
3
--- stderr (no newline)

=== quit acts while parsing: its line does not run
--- script
printf 'print 1; quit\n' | bc; printf '1\nquit\n2\n' | bc
--- stdout
1
--- stderr (no newline)

=== quit inside an if still quits
--- script
printf '5\nif (0) quit\n6\n' | bc
--- stdout
5
--- stderr (no newline)

=== halt acts when run
--- script
printf '1; halt; 2\n3\n' | bc; printf 'if (0) halt\n4\n' | bc
--- stdout
1
4
--- stderr (no newline)

=== divide by zero is a runtime error and bc goes on
--- script
printf '1/0\n2\nx = 1/0; 5\n1%%0\n' | bc
--- stdout
2
--- stderr
Runtime error (func=(main), adr=3): Divide by zero
Runtime error (func=(main), adr=3): Divide by zero
Runtime error (func=(main), adr=3): Modulo by zero

=== runtime errors in a function name it
--- script
printf 'define f(x) { return (x / 0) }\nf(1)\n0^-1\n' | bc
--- stdout
--- stderr
Runtime error (func=f, adr=4): Divide by zero
Runtime error (func=(main), adr=4): divide by zero

=== calling an undefined function
--- script
printf 'f(2)\n' | bc
--- stdout
--- stderr
Runtime error (func=(main), adr=5): Function f not defined.

=== parameter number and type mismatches
--- script
printf 'define f(a, b) { return (1) }\nf(1)\nf(1, 2, 3)\ndefine g(a[]) { return (1) }\ng(1)\n' | bc
--- stdout
--- stderr
Runtime error (func=(main), adr=5): Parameter number mismatch
Runtime error (func=(main), adr=12): Parameter number mismatch
Runtime error (func=(main), adr=4): Parameter type mismatch parameter a.
Runtime error (func=(main), adr=5): Parameter number mismatch

=== a syntax error drops its line
--- script
printf '1 +\n2\n3)\n4\n' | bc
--- stdout
2
4
--- stderr
(standard_in) 2: syntax error
(standard_in) 3: syntax error

=== a syntax error at the end without a newline
--- script
printf '1+2' | bc
--- stdout
--- stderr
(standard_in) 1: syntax error

=== errors recover at a following statement
--- script
printf '1 2\n3\n(1 +\n2)\n5\n' | bc
--- stdout
3
5
--- stderr
(standard_in) 1: syntax error
(standard_in) 4: syntax error
(standard_in) 4: syntax error

=== illegal characters
--- script
printf 'x = 1 @ 2\n3\n' | bc
--- stdout
3
--- stderr
(standard_in) 1: illegal character: @
(standard_in) 1: syntax error

=== break and return outside their place
--- script
printf 'break\nreturn\n5\n' | bc
--- stdout
5
--- stderr
(standard_in) 1: Break outside a for/while
(standard_in) 3: Return outside of a function.

=== an error inside a function body leaves it undefined
--- script
printf 'define f() {\n 1 +\n}\nf()\n' | bc
--- stdout
--- stderr
(standard_in) 3: syntax error
(standard_in) 1: syntax error

=== an unterminated comment
--- script
printf '1\n/* abc' | bc
--- stdout
1
--- stderr
EOF encountered in a comment.

=== -w warns about non-POSIX constructs
--- script
echo 'abc = 1; print abc, "\n"' | bc -w
--- stdout
1
--- stderr
(standard_in) 1: (Warning) multiple letter name - abc
(standard_in) 1: (Warning) print statement
(standard_in) 1: (Warning) multiple letter name - abc

=== -s makes them errors and drops the line
--- script
echo 'abc = 1; print abc, "\n"' | bc -s; echo 'x = 1; x' | bc -s
--- stdout
1
--- stderr
(standard_in) 1: Error: multiple letter name - abc
(standard_in) 1: Error: print statement
(standard_in) 1: Error: multiple letter name - abc

=== -q is accepted and the mathlib long option
--- script
echo 's(1)' | bc -q --mathlib
--- stdout
.84147098480789650665
--- stderr (no newline)

=== -h prints usage
--- script
bc -h
--- stdout
usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
--- stderr (no newline)

=== an unknown option prints usage and fails
--- script
bc -x < /dev/null
--- stdout
usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
--- stderr
bc: invalid option -- 'x'
--- status: 1

=== an unknown long option
--- script
bc --bogus < /dev/null
--- stdout
usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
--- stderr
bc: unrecognized option '--bogus'
--- status: 1

=== program files are read before stdin
--- file set.bc
x = 21
y = 4
--- script
echo 'x * 2' | bc set.bc
--- stdout
42
--- stderr (no newline)

=== a file ending in quit does not read stdin
--- file prog.bc
define sq(x) {
  return (x * x)
}
sq(12)
quit
--- script
echo 'x * 2' | bc prog.bc
--- stdout
144
--- stderr (no newline)

=== several program files in order
--- file a.bc
a = 1
--- file b.bc
a + 1
--- script
bc a.bc b.bc < /dev/null
--- stdout
2
--- stderr (no newline)

=== errors in a file name it
--- file bad.bc
1
2 +
3
--- script
bc bad.bc < /dev/null
--- stdout
1
3
--- stderr
bad.bc 3: syntax error

=== a missing file is fatal
--- script
echo 1 | bc nosuch.bc; echo status=$?
--- stdout
status=1
--- stderr
File nosuch.bc is unavailable.

=== read() reads a number from stdin
--- file r.bc
x = read(); x * 2
y = read(); y
quit
--- script
printf '21\n  -3.5\n' | bc r.bc
--- stdout
42
-3.5
--- stderr (no newline)

=== random() is glibc random() with seed 1
--- script
echo 'random(); random(); random()' | bc
--- stdout
1804289383
846930886
1681692777
--- stderr (no newline)

=== limits
--- script
echo limits | bc
--- stdout
BC_BASE_MAX     = 2147483647
BC_DIM_MAX      = 16777215
BC_SCALE_MAX    = 2147483647
BC_STRING_MAX   = 2147483647
MAX Exponent    = 9223372036854775807
Number of vars  = 32767
--- stderr (no newline)

=== function definitions over several lines with auto lists
--- file fib.bc
define fib(n) {
  auto a, b, t, i
  a = 0; b = 1
  for (i = 0; i < n; i++) {
    t = a + b; a = b; b = t
  }
  return (a)
}
fib(10); fib(100)
--- script
bc fib.bc < /dev/null
--- stdout
55
354224848179261915075
--- stderr (no newline)

=== a cancelled infinite loop stops
--- script
timeout 1 bc <<< 'while (1) { }'; echo status=$?
--- stdout
status=124
--- stderr (no newline)

=== a deep recursion works
--- script
printf 'define f(n) { if (n == 0) return (0); return (1 + f(n - 1)) }\nf(5000)\n' | bc
--- stdout
5000
--- stderr (no newline)

=== very long scale division
--- script
echo 'scale=3000; x = 1/7; length(x); scale(x)' | bc
--- stdout
3000
3000
--- stderr (no newline)

=== obase=3 fraction digits
--- script
echo 'obase=3; scale=5; 1/3; 2/3' | bc
--- stdout
.02222222222
.12222222221
--- stderr (no newline)
