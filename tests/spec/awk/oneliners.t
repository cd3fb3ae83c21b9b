=== {print $1}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{print $1}' data.txt
--- stdout
alice
bob
carol
dave
eve
=== {print NR": "$0}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{print NR": "$0}' data.txt
--- stdout
1: alice 30 NY 1200.50
2: bob 25 LA 800
3: carol 35 NY 1500.25
4: dave 40 SF 2000
5: eve 28 LA 950.75
=== $2 > 28 {print $1}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '$2 > 28 {print $1}' data.txt
--- stdout
alice
carol
dave
=== {s+=$4} END {print s}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{s+=$4} END {print s}' data.txt
--- stdout
6451.5
=== {c[$3]++} END {for (k in c) print k, c[k] | "sort"}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{c[$3]++} END {for (k in c) print k, c[k] | "sort"}' data.txt
--- stdout
LA 2
NY 2
SF 1
=== {print $2}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk -F, '{print $2}' csv.txt
--- stdout
b
2


=== {print NF}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk -F, '{print NF}' csv.txt
--- stdout
3
3
3
=== {print $NF}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{print $NF}' data.txt
--- stdout
1200.50
800
1500.25
2000
950.75
=== {print $(NF-1)}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{print $(NF-1)}' data.txt
--- stdout
NY
LA
NY
SF
LA
=== NR==2,NR==4 {print}
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'NR==2,NR==4 {print}' data.txt
--- stdout
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
=== /bob/,/dave/
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk /bob/,/dave/ data.txt
--- stdout
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
=== { $2 = $2 * 2; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ $2 = $2 * 2; print }' data.txt
--- stdout
alice 60 NY 1200.50
bob 50 LA 800
carol 70 NY 1500.25
dave 80 SF 2000
eve 56 LA 950.75
=== { $5 = "x"; print; print NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ $5 = "x"; print; print NF }' data.txt
--- stdout
alice 30 NY 1200.50 x
5
bob 25 LA 800 x
5
carol 35 NY 1500.25 x
5
dave 40 SF 2000 x
5
eve 28 LA 950.75 x
5
=== { NF = 2; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ NF = 2; print }' data.txt
--- stdout
alice 30
bob 25
carol 35
dave 40
eve 28
=== BEGIN { OFS="-" } { $1 = $1; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { OFS="-" } { $1 = $1; print }' data.txt
--- stdout
alice-30-NY-1200.50
bob-25-LA-800
carol-35-NY-1500.25
dave-40-SF-2000
eve-28-LA-950.75
=== { printf "%-10s|%5d|%8.2f\n", $1, $2, $4 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ printf "%-10s|%5d|%8.2f\n", $1, $2, $4 }' data.txt
--- stdout
alice     |   30| 1200.50
bob       |   25|  800.00
carol     |   35| 1500.25
dave      |   40| 2000.00
eve       |   28|  950.75
=== { print length($1), toupper($1), substr($1, 2, 3) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print length($1), toupper($1), substr($1, 2, 3) }' data.txt
--- stdout
5 ALICE lic
3 BOB ob
5 CAROL aro
4 DAVE ave
3 EVE ve
=== { n = split($0, a, " "); print n, a[n] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ n = split($0, a, " "); print n, a[n] }' data.txt
--- stdout
4 1200.50
4 800
4 1500.25
4 2000
4 950.75
=== { gsub(/a/, "A"); print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ gsub(/a/, "A"); print }' data.txt
--- stdout
Alice 30 NY 1200.50
bob 25 LA 800
cArol 35 NY 1500.25
dAve 40 SF 2000
eve 28 LA 950.75
=== { sub(/[0-9]+/, "<&>"); print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ sub(/[0-9]+/, "<&>"); print }' data.txt
--- stdout
alice <30> NY 1200.50
bob <25> LA 800
carol <35> NY 1500.25
dave <40> SF 2000
eve <28> LA 950.75
=== { if (match($0, /[0-9]+\.[0-9]+/)) print RSTART, RLENGTH, substr($0, R
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ if (match($0, /[0-9]+\.[0-9]+/)) print RSTART, RLENGTH, substr($0, RSTART, RLENGTH) }' data.txt
--- stdout
13 7 1200.50
13 7 1500.25
11 6 950.75
=== BEGIN { x = "3.0"; y = 3; print (x == y), ("3.0" == 3) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = "3.0"; y = 3; print (x == y), ("3.0" == 3) }' data.txt
--- stdout
0 0
=== { print ($2 == "30") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print ($2 == "30") }' data.txt
--- stdout
1
0
0
0
0
=== BEGIN { print 1e6, 1e16, 1e17, 123456789012, 0.1+0.2, 1/3, -0.5, 100/3
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 1e6, 1e16, 1e17, 123456789012, 0.1+0.2, 1/3, -0.5, 100/3 }' data.txt
--- stdout
1000000 10000000000000000 100000000000000000 123456789012 0.3 0.333333 -0.5 33.3333
=== BEGIN { printf "%s %d %i %o %x %X %e %g %c\n", "s", 42.9, -7, 8, 255, 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%s %d %i %o %x %X %e %g %c\n", "s", 42.9, -7, 8, 255, 255, 1234.5, 0.0001, 65 }' data.txt
--- stdout
s 42 -7 10 ff FF 1.234500e+03 0.0001 A
=== BEGIN { print index("hello", "ll"), length(), length("") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print index("hello", "ll"), length(), length("") }' data.txt
--- stdout
3 0 0
=== BEGIN { a["x"]; if ("x" in a) print "yes"; delete a["x"]; if (!("x" in
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a["x"]; if ("x" in a) print "yes"; delete a["x"]; if (!("x" in a)) print "gone" }' data.txt
--- stdout
yes
gone
=== BEGIN { print substr("hello", 2), substr("hello", 0, 2), substr("hello
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("hello", 2), substr("hello", 0, 2), substr("hello", 10) }' data.txt
--- stdout
ello he 
=== BEGIN { s = sprintf("%5s|%-5s|%.2s", "ab", "cd", "efgh"); print s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = sprintf("%5s|%-5s|%.2s", "ab", "cd", "efgh"); print s }' data.txt
--- stdout
   ab|cd   |ef
=== function f(n) { return n <= 1 ? 1 : n * f(n-1) } BEGIN { print f(10) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'function f(n) { return n <= 1 ? 1 : n * f(n-1) } BEGIN { print f(10) }' data.txt
--- stdout
3628800
=== function g(arr, k) { arr[k] = 1 } BEGIN { g(a, "z"); for (i in a) prin
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'function g(arr, k) { arr[k] = 1 } BEGIN { g(a, "z"); for (i in a) print i }' data.txt
--- stdout
z
=== BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } }' data.txt
--- stdout
1
3
=== BEGIN { do { j++ } while (j < 5); print j }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { do { j++ } while (j < 5); print j }' data.txt
--- stdout
5
=== BEGIN { for (;;) { k++; if (k > 3) break }; print k }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { for (;;) { k++; if (k > 3) break }; print k }' data.txt
--- stdout
4
=== { print > "/dev/stderr" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print > "/dev/stderr" }' data.txt
--- stdout
--- stderr
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== BEGIN { "echo hi" | getline x; print x }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { "echo hi" | getline x; print x }' data.txt
--- stdout
hi
=== BEGIN { while (("printf \"a\\nb\\n\"" | getline line) > 0) n++; print 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { while (("printf \"a\\nb\\n\"" | getline line) > 0) n++; print n }' data.txt
--- stdout
2
=== BEGIN { print length("héllo"), toupper("héllo"), substr("héllo", 2, 2)
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length("héllo"), toupper("héllo"), substr("héllo", 2, 2), index("héllo", "l") }' data.txt
--- stdout
5 HÉLLO él 3
=== { $0 = "new " $0; print $1, NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ $0 = "new " $0; print $1, NF }' data.txt
--- stdout
new 5
new 5
new 5
new 5
new 5
=== BEGIN { print -3 % 2, 7 % -3, 2^10, 2**3, -2^2 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print -3 % 2, 7 % -3, 2^10, 2**3, -2^2 }' data.txt
--- stdout
-1 1 1024 8 -4
=== BEGIN { x["a"] = 1; x["b"] = 2; n = asorti(x, y); print n, y[1], y[2] 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x["a"] = 1; x["b"] = 2; n = asorti(x, y); print n, y[1], y[2] }' data.txt
--- stdout
2 a b
=== BEGIN { print gensub(/(a)(b)/, "\\2\\1", "g", "abab") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print gensub(/(a)(b)/, "\\2\\1", "g", "abab") }' data.txt
--- stdout
baba
=== BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshi
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(16, 2), compl(0) }' data.txt
--- stdout
8 14 6 16 4 9007199254740991
=== BEGIN { printf "%5.1f%%\n", 45.678 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%5.1f%%\n", 45.678 }' data.txt
--- stdout
 45.7%
=== BEGIN { print substr("abc", -1, 3), substr("abcdef", 3, -1) "|" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("abc", -1, 3), substr("abcdef", 3, -1) "|" }' data.txt
--- stdout
abc |
=== BEGIN { CONVFMT = "%.2g"; a = 3.14159; b = a ""; print b; OFMT = "%.3f
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { CONVFMT = "%.2g"; a = 3.14159; b = a ""; print b; OFMT = "%.3f"; print a, 10 }' data.txt
--- stdout
3.1
3.142 10
=== { print $1 > "out.txt" } END { close("out.txt"); while ((getline l < "
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print $1 > "out.txt" } END { close("out.txt"); while ((getline l < "out.txt") > 0) print "got", l }' data.txt
--- stdout
got alice
got bob
got carol
got dave
got eve
=== BEGIN { print 1 " " 2, 1 2 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 1 " " 2, 1 2 }' data.txt
--- stdout
1 2 12
=== BEGIN { a = "10"; b = "9"; print (a < b), (a+0 < b+0) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a = "10"; b = "9"; print (a < b), (a+0 < b+0) }' data.txt
--- stdout
1 0
=== { print ($2 < $4) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print ($2 < $4) }' data.txt
--- stdout
1
1
1
1
1
=== BEGIN { print tolower("ABC"), toupper("xyz") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print tolower("ABC"), toupper("xyz") }' data.txt
--- stdout
abc XYZ
=== BEGIN { n = split("a:b:c", arr, ":"); print n, arr[1], arr[3] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = split("a:b:c", arr, ":"); print n, arr[1], arr[3] }' data.txt
--- stdout
3 a c
=== BEGIN { n = split("a1b2c", arr, /[0-9]/); print n, arr[2] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = split("a1b2c", arr, /[0-9]/); print n, arr[2] }' data.txt
--- stdout
3 b
=== BEGIN { n = split("", arr); print n, length(arr) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = split("", arr); print n, length(arr) }' data.txt
--- stdout
0 0
=== BEGIN { printf "%*d|%-*d|\n", 5, 42, 4, 7 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%*d|%-*d|\n", 5, 42, 4, 7 }' data.txt
--- stdout
   42|7   |
=== BEGIN { print length(12345), length(1/4) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length(12345), length(1/4) }' data.txt
--- stdout
5 4
=== NR % 2 == 0
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'NR % 2 == 0' data.txt
--- stdout
bob 25 LA 800
dave 40 SF 2000
=== !/a/
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '!/a/' data.txt
--- stdout
bob 25 LA 800
eve 28 LA 950.75
=== $1 ~ /^[a-c]/ { print $1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '$1 ~ /^[a-c]/ { print $1 }' data.txt
--- stdout
alice
bob
carol
=== $1 !~ "e" { print $1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '$1 !~ "e" { print $1 }' data.txt
--- stdout
bob
carol
=== END { print NR, $0 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'END { print NR, $0 }' data.txt
--- stdout
5 eve 28 LA 950.75
=== { a[NR] = $0 } END { for (i = NR; i > 0; i--) print a[i] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ a[NR] = $0 } END { for (i = NR; i > 0; i--) print a[i] }' data.txt
--- stdout
eve 28 LA 950.75
dave 40 SF 2000
carol 35 NY 1500.25
bob 25 LA 800
alice 30 NY 1200.50
=== BEGIN { getline; print "first:", $0 } { print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { getline; print "first:", $0 } { print }' data.txt
--- stdout
first: alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== BEGIN { RS = "" } { print NR": "$1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { RS = "" } { print NR": "$1 }' data.txt
--- stdout
1: alice
=== BEGIN { FS = "" } NR == 1 { print $1, $3, NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { FS = "" } NR == 1 { print $1, $3, NF }' data.txt
--- stdout
a i 19
=== BEGIN { print substr("hello", 1.5, 2.3) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("hello", 1.5, 2.3) }' data.txt
--- stdout
he
=== BEGIN { print 2147483648 * 3, int(-3.7), int("4x") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 2147483648 * 3, int(-3.7), int("4x") }' data.txt
--- stdout
6442450944 -3 4
=== BEGIN { x = 010; print x, 0x10 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = 010; print x, 0x10 }' data.txt
--- stdout
8 16
=== BEGIN { print "a\tb\\n" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "a\tb\\n" }' data.txt
--- stdout
a	b\n
=== BEGIN { printf "%s\n" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%s\n" }' data.txt
--- stdout
--- status: 2
--- stderr
awk: cmd. line:1: fatal: not enough arguments to satisfy format string
	`%s
'
	 ^ ran out for this one
=== { print $1 }  { print $2 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print $1 }  { print $2 }' data.txt
--- stdout
alice
30
bob
25
carol
35
dave
40
eve
28
=== BEGIN { s = "aaa"; print gsub(/a/, "b", s), s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "aaa"; print gsub(/a/, "b", s), s }' data.txt
--- stdout
3 bbb
=== BEGIN { s = "abc"; gsub(//, "-", s); print s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "abc"; gsub(//, "-", s); print s }' data.txt
--- stdout
-a-b-c-
=== BEGIN { s = "hello"; gsub(/l*/, "X", s); print s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "hello"; gsub(/l*/, "X", s); print s }' data.txt
--- stdout
XhXeXoX
=== BEGIN { s = "a.b.c"; gsub(".", "x", s); print s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "a.b.c"; gsub(".", "x", s); print s }' data.txt
--- stdout
xxxxx
=== BEGIN { s = "a.b.c"; gsub(/\./, "x", s); print s }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "a.b.c"; gsub(/\./, "x", s); print s }' data.txt
--- stdout
axbxc
=== BEGIN { s = "path/to/file"; n = split(s, p, "/"); print p[n] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "path/to/file"; n = split(s, p, "/"); print p[n] }' data.txt
--- stdout
file
=== { sum[$3] += $4; cnt[$3]++ } END { for (c in sum) printf "%s %.2f\n", 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ sum[$3] += $4; cnt[$3]++ } END { for (c in sum) printf "%s %.2f\n", c, sum[c]/cnt[c] | "sort" }' data.txt
--- stdout
LA 875.38
NY 1350.38
SF 2000.00
=== BEGIN { printf("%d-%d\n", 1, 2) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf("%d-%d\n", 1, 2) }' data.txt
--- stdout
1-2
=== BEGIN { print substr("x", 1, 0) "|" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("x", 1, 0) "|" }' data.txt
--- stdout
|
=== BEGIN { $0 = "a b c"; print NF; $5 = "e"; print; print NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { $0 = "a b c"; print NF; $5 = "e"; print; print NF }' data.txt
--- stdout
3
a b c  e
5
=== BEGIN { $3 = "x"; print; print NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { $3 = "x"; print; print NF }' data.txt
--- stdout
  x
3
=== { print; next; print "never" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print; next; print "never" }' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== NR == 1 { exit } END { print "end ran" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'NR == 1 { exit } END { print "end ran" }' data.txt
--- stdout
end ran
=== BEGIN { exit 3 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { exit 3 }' data.txt
--- stdout
--- status: 3
=== { nextfile } END { print NR }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ nextfile } END { print NR }' data.txt
--- stdout
1
=== BEGIN { printf "%c%c%c\n", 72, "i", 256 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%c%c%c\n", 72, "i", 256 }' data.txt
--- stdout
HiĀ
=== BEGIN { print -0, 0 * -1, 1e300 * 1e300, log(0) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print -0, 0 * -1, 1e300 * 1e300, log(0) }' data.txt
--- stdout
0 0 +inf -inf
=== BEGIN { print 9007199254740993, 2^53, 2^64 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 9007199254740993, 2^53, 2^64 }' data.txt
--- stdout
9007199254740992 9007199254740992 18446744073709551616
=== BEGIN { x = 0.1; print x * 3, 0.3 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = 0.1; print x * 3, 0.3 }' data.txt
--- stdout
0.3 0.3
=== BEGIN { print 100000 * 100000, 123456.789 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 100000 * 100000, 123456.789 }' data.txt
--- stdout
10000000000 123457
=== BEGIN { a = 1; a += a++; print a }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a = 1; a += a++; print a }' data.txt
--- stdout
3
=== BEGIN { print length(x), x + 0, x "" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length(x), x + 0, x "" }' data.txt
--- stdout
0 0 
=== BEGIN { if (!(3 in a)) print "no"; print length(a) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { if (!(3 in a)) print "no"; print length(a) }' data.txt
--- stdout
no
0
=== { print NR, FNR, FILENAME }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print NR, FNR, FILENAME }' data.txt
--- stdout
1 1 data.txt
2 2 data.txt
3 3 data.txt
4 4 data.txt
5 5 data.txt
=== BEGIN { print ENVIRON["HOME"] != "" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print ENVIRON["HOME"] != "" }' data.txt
--- stdout
1
=== BEGIN { printf "%.3s|%10.4f|%-8e|%+d|% d\n", "abcdef", 3.14159265, 12.
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%.3s|%10.4f|%-8e|%+d|% d\n", "abcdef", 3.14159265, 12.5, 5, 5 }' data.txt
--- stdout
abc|    3.1416|1.250000e+01|+5| 5
=== BEGIN { printf "%#o %#x %05d %-05d|\n", 8, 255, 42, 42 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%#o %#x %05d %-05d|\n", 8, 255, 42, 42 }' data.txt
--- stdout
010 0xff 00042 42   |
=== BEGIN { print substr("hello world", index("hello world", " ") + 1) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("hello world", index("hello world", " ") + 1) }' data.txt
--- stdout
world
=== BEGIN { str = "The Quick Fox"; while (match(str, /[A-Z]/)) { printf "%
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { str = "The Quick Fox"; while (match(str, /[A-Z]/)) { printf "%s", substr(str, RSTART, 1); str = substr(str, RSTART + 1) } print "" }' data.txt
--- stdout
TQF
=== { line[NR] = $1 } END { print line[1] line[NR] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ line[NR] = $1 } END { print line[1] line[NR] }' data.txt
--- stdout
aliceeve
=== BEGIN { a["x"] = 1; delete a; print length(a) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a["x"] = 1; delete a; print length(a) }' data.txt
--- stdout
0
=== BEGIN { SUBSEP = ":"; a[1, 2] = 3; for (k in a) print k; if ((1, 2) in
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { SUBSEP = ":"; a[1, 2] = 3; for (k in a) print k; if ((1, 2) in a) print "in" }' data.txt
--- stdout
1:2
in
=== BEGIN { print substr("hello", 2, 100000000000) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("hello", 2, 100000000000) }' data.txt
--- stdout
ello
=== BEGIN { printf "[%5s][%-5s]\n", "héllo", "é" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "[%5s][%-5s]\n", "héllo", "é" }' data.txt
--- stdout
[héllo][é    ]
=== BEGIN { print match("aaa", /b*/), RSTART, RLENGTH }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print match("aaa", /b*/), RSTART, RLENGTH }' data.txt
--- stdout
1 1 0
=== BEGIN { print match("xabc", /ab/), RSTART, RLENGTH }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print match("xabc", /ab/), RSTART, RLENGTH }' data.txt
--- stdout
2 2 2
=== BEGIN { print match("abc", /z/), RSTART, RLENGTH }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print match("abc", /z/), RSTART, RLENGTH }' data.txt
--- stdout
0 0 -1
=== BEGIN { print "x" > "/dev/stdout" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "x" > "/dev/stdout" }' data.txt
--- stdout
x
=== BEGIN { print 1; system("echo sys"); print 2 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 1; system("echo sys"); print 2 }' data.txt
--- stdout
1
sys
2
=== BEGIN { print "b\na" | "sort"; close("sort"); print "after" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "b\na" | "sort"; close("sort"); print "after" }' data.txt
--- stdout
a
b
after
=== BEGIN { cmd = "cat"; print "piped" | cmd }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { cmd = "cat"; print "piped" | cmd }' data.txt
--- stdout
piped
=== BEGIN { print toupper(substr("abc", 1, 1)) substr("abc", 2) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print toupper(substr("abc", 1, 1)) substr("abc", 2) }' data.txt
--- stdout
Abc
=== BEGIN { x = "A"; y = x++; print x, y }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = "A"; y = x++; print x, y }' data.txt
--- stdout
1 0
=== BEGIN { print 1==1, 1<2, 2<1, "a"<"b", "a"<"B" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 1==1, 1<2, 2<1, "a"<"b", "a"<"B" }' data.txt
--- stdout
1 1 0 1 0
=== BEGIN { print (1,2) in a }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print (1,2) in a }' data.txt
--- stdout
0
=== BEGIN { n = split("3 1 2", v); asort(v); print v[1] v[2] v[3] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = split("3 1 2", v); asort(v); print v[1] v[2] v[3] }' data.txt
--- stdout
123
=== BEGIN { printf "%d %d\n", "0x1A", "1e3" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%d %d\n", "0x1A", "1e3" }' data.txt
--- stdout
0 1000
=== BEGIN { print strtonum("0x1A"), strtonum("017"), strtonum("12") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print strtonum("0x1A"), strtonum("017"), strtonum("12") }' data.txt
--- stdout
26 15 12
=== BEGIN { s = "foo bar"; print gensub(/(o+)/, "[\\1]", 1, s) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = "foo bar"; print gensub(/(o+)/, "[\\1]", 1, s) }' data.txt
--- stdout
f[oo] bar
=== BEGIN { print typeof(x), typeof(1), typeof("s"), typeof(a) ; a[1] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print typeof(x), typeof(1), typeof("s"), typeof(a) ; a[1] }' data.txt
--- stdout
untyped number string untyped
=== BEGIN { x[1]; print typeof(x) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x[1]; print typeof(x) }' data.txt
--- stdout
array
=== { $3 = ""; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ $3 = ""; print }' data.txt
--- stdout
alice 30  1200.50
bob 25  800
carol 35  1500.25
dave 40  2000
eve 28  950.75
=== { $1 = ""; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ $1 = ""; print }' data.txt
--- stdout
 30 NY 1200.50
 25 LA 800
 35 NY 1500.25
 40 SF 2000
 28 LA 950.75
=== { print $1, $2 > "/dev/stderr" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print $1, $2 > "/dev/stderr" }' data.txt
--- stdout
--- stderr
alice 30
bob 25
carol 35
dave 40
eve 28
=== BEGIN { OFS = ","; $0 = "a b c"; $1 = $1; print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { OFS = ","; $0 = "a b c"; $1 = $1; print }' data.txt
--- stdout
a,b,c
=== BEGIN { ORS = "|" } { print $1 } END { printf "\n" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { ORS = "|" } { print $1 } END { printf "\n" }' data.txt
--- stdout
alice|bob|carol|dave|eve|
=== BEGIN { printf "%s", "no newline" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%s", "no newline" }' data.txt
--- stdout (no newline)
no newline
=== BEGIN { print index("abc", "") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print index("abc", "") }' data.txt
--- stdout
1
=== BEGIN { a = "x"; a = a a a; print a }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a = "x"; a = a a a; print a }' data.txt
--- stdout
xxx
=== BEGIN { print 10 % 3, -10 % 3, 10.5 % 3 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 10 % 3, -10 % 3, 10.5 % 3 }' data.txt
--- stdout
1 -1 1.5
=== BEGIN { print int(3.999), int(-0.5) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print int(3.999), int(-0.5) }' data.txt
--- stdout
3 0
=== BEGIN { print sqrt(16), exp(0), log(exp(1)), sin(0), cos(0), atan2(0, 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print sqrt(16), exp(0), log(exp(1)), sin(0), cos(0), atan2(0, -1) }' data.txt
--- stdout
4 1 1 0 1 3.14159
=== BEGIN { srand(42); a = rand(); srand(42); b = rand(); print (a == b), 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { srand(42); a = rand(); srand(42); b = rand(); print (a == b), (a >= 0 && a < 1) }' data.txt
--- stdout
1 1
=== BEGIN { print srand(5), srand(7) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print srand(5), srand(7) }' data.txt
--- stdout
1 5
=== BEGIN { printf "%.0f %.0f %.0f\n", 0.5, 1.5, 2.5 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%.0f %.0f %.0f\n", 0.5, 1.5, 2.5 }' data.txt
--- stdout
0 2 2
=== BEGIN { print 3 " " -1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 3 " " -1 }' data.txt
--- stdout
3-1
=== BEGIN { print 1 - -1, 1 - - 1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print 1 - -1, 1 - - 1 }' data.txt
--- stdout
2 2
=== BEGIN { a = 5; print a++ + ++a, a }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a = 5; print a++ + ++a, a }' data.txt
--- stdout
12 7
=== BEGIN { print !0, !1, !"", !"a", !"0" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print !0, !1, !"", !"a", !"0" }' data.txt
--- stdout
1 0 1 0 0
=== BEGIN { x = "0"; if (x) print "true"; else print "false" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = "0"; if (x) print "true"; else print "false" }' data.txt
--- stdout
true
=== { if ($2) print $1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ if ($2) print $1 }' data.txt
--- stdout
alice
bob
carol
dave
eve
=== BEGIN { print length() }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length() }' data.txt
--- stdout
0
=== { print length }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print length }' data.txt
--- stdout
19
13
19
15
16
=== BEGIN { i = 5; print i++ i }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { i = 5; print i++ i }' data.txt
--- stdout
56
=== BEGIN { print "a" > "f1"; print "b" >> "f1"; close("f1"); while ((getl
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "a" > "f1"; print "b" >> "f1"; close("f1"); while ((getline l < "f1") > 0) print l }' data.txt
--- stdout
a
b
