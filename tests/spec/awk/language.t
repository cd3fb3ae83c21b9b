=== BEGIN { while ((getline line < "data.txt") > 0) n++; print n, NR }
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
awk 'BEGIN { while ((getline line < "data.txt") > 0) n++; print n, NR }' data.txt
--- stdout
5 0
=== { getline; print "after getline:", $1, NR }
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
awk '{ getline; print "after getline:", $1, NR }' data.txt
--- stdout
after getline: bob 2
after getline: dave 4
after getline: eve 5
=== { getline x; print $1, x }
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
awk '{ getline x; print $1, x }' data.txt
--- stdout
alice bob 25 LA 800
carol dave 40 SF 2000
eve dave 40 SF 2000
=== NR==1 { while ((getline line) > 0) last = line; print last, NR }
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
awk 'NR==1 { while ((getline line) > 0) last = line; print last, NR }' data.txt
--- stdout
eve 28 LA 950.75 5
=== BEGIN { cmd = "echo a b c"; cmd | getline; print $2, NF; close(cmd) }
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
awk 'BEGIN { cmd = "echo a b c"; cmd | getline; print $2, NF; close(cmd) }' data.txt
--- stdout
b 3
=== BEGIN { print "x" | "cat 1>&2" }
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
awk 'BEGIN { print "x" | "cat 1>&2" }' data.txt
--- stdout
--- stderr
x
=== BEGIN { if (system("exit 3") == 3) print "three" }
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
awk 'BEGIN { if (system("exit 3") == 3) print "three" }' data.txt
--- stdout
three
=== BEGIN { r = system("true"); print r }
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
awk 'BEGIN { r = system("true"); print r }' data.txt
--- stdout
0
=== BEGIN { printf "a" > "o1"; printf "b" > "o1"; close("o1"); getline l <
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
awk 'BEGIN { printf "a" > "o1"; printf "b" > "o1"; close("o1"); getline l < "o1"; print l }' data.txt
--- stdout
ab
=== BEGIN { print close("nonexist") }
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
awk 'BEGIN { print close("nonexist") }' data.txt
--- stdout
-1
=== { print $1 | "sort -r" } END { close("sort -r"); print "done" }
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
awk '{ print $1 | "sort -r" } END { close("sort -r"); print "done" }' data.txt
--- stdout
eve
dave
carol
bob
alice
done
=== BEGIN { x = "abc"; print x ~ "b", x ~ /^b/, "b" ~ x }
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
awk 'BEGIN { x = "abc"; print x ~ "b", x ~ /^b/, "b" ~ x }' data.txt
--- stdout
1 0 0
=== BEGIN { re = "^a.c$"; print ("abc" ~ re), ("abcd" ~ re) }
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
awk 'BEGIN { re = "^a.c$"; print ("abc" ~ re), ("abcd" ~ re) }' data.txt
--- stdout
1 0
=== BEGIN { print "a.c" ~ /a\.c/, "abc" ~ /a\.c/ }
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
awk 'BEGIN { print "a.c" ~ /a\.c/, "abc" ~ /a\.c/ }' data.txt
--- stdout
1 0
=== BEGIN { print "a+b" ~ /a\+b/, "ab" ~ /a[+]b/ }
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
awk 'BEGIN { print "a+b" ~ /a\+b/, "ab" ~ /a[+]b/ }' data.txt
--- stdout
1 0
=== BEGIN { print match("foo=bar", /=/), RSTART }
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
awk 'BEGIN { print match("foo=bar", /=/), RSTART }' data.txt
--- stdout
4 4
=== BEGIN { s = "a/b"; gsub("/", "_", s); print s }
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
awk 'BEGIN { s = "a/b"; gsub("/", "_", s); print s }' data.txt
--- stdout
a_b
=== BEGIN { s = "a b  c"; gsub(/ +/, " ", s); print s }
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
awk 'BEGIN { s = "a b  c"; gsub(/ +/, " ", s); print s }' data.txt
--- stdout
a b c
=== BEGIN { s = "x"; sub(/x/, "a&b", s); print s; t = "x"; sub(/x/, "a\\&b
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
awk 'BEGIN { s = "x"; sub(/x/, "a&b", s); print s; t = "x"; sub(/x/, "a\\&b", t); print t }' data.txt
--- stdout
axb
a&b
=== BEGIN { s = "hello"; sub(/l+/, "[&]", s); print s }
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
awk 'BEGIN { s = "hello"; sub(/l+/, "[&]", s); print s }' data.txt
--- stdout
he[ll]o
=== BEGIN { s = "aaa"; n = gsub(/^a/, "b", s); print n, s }
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
awk 'BEGIN { s = "aaa"; n = gsub(/^a/, "b", s); print n, s }' data.txt
--- stdout
1 baa
=== BEGIN { s = "abcabc"; gsub(/b|c/, "", s); print s }
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
awk 'BEGIN { s = "abcabc"; gsub(/b|c/, "", s); print s }' data.txt
--- stdout
aa
=== BEGIN { s = "tab\there"; n = split(s, a, "\t"); print n, a[2] }
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
awk 'BEGIN { s = "tab\there"; n = split(s, a, "\t"); print n, a[2] }' data.txt
--- stdout
2 here
=== BEGIN { print length("a\nb") }
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
awk 'BEGIN { print length("a\nb") }' data.txt
--- stdout
3
=== BEGIN { printf "%s %s %s\n", "a", "b" }
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
awk 'BEGIN { printf "%s %s %s\n", "a", "b" }' data.txt
--- stdout
--- status: 2
--- stderr
awk: cmd. line:1: fatal: not enough arguments to satisfy format string
	`%s %s %s
'
	       ^ ran out for this one
=== BEGIN { printf "%d\n", "abc" }
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
awk 'BEGIN { printf "%d\n", "abc" }' data.txt
--- stdout
0
=== BEGIN { printf "%5.2s|\n", "abc" }
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
awk 'BEGIN { printf "%5.2s|\n", "abc" }' data.txt
--- stdout
   ab|
=== BEGIN { printf "%-+5d|%+-5d|\n", 3, 3 }
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
awk 'BEGIN { printf "%-+5d|%+-5d|\n", 3, 3 }' data.txt
--- stdout
+3   |+3   |
=== BEGIN { printf "%x %o\n", 3.9, -1 }
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
awk 'BEGIN { printf "%x %o\n", 3.9, -1 }' data.txt
--- stdout
3 1777777777777777777777
=== BEGIN { printf "%e\n", 0 }
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
awk 'BEGIN { printf "%e\n", 0 }' data.txt
--- stdout
0.000000e+00
=== BEGIN { printf "%G %E\n", 1e-10, 12345678 }
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
awk 'BEGIN { printf "%G %E\n", 1e-10, 12345678 }' data.txt
--- stdout
1E-10 1.234568E+07
=== BEGIN { printf "%.3d|%3c|\n", 7, "z" }
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
awk 'BEGIN { printf "%.3d|%3c|\n", 7, "z" }' data.txt
--- stdout
007|  z|
=== BEGIN { printf "%%d\n" }
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
awk 'BEGIN { printf "%%d\n" }' data.txt
--- stdout
%d
=== BEGIN { printf "%5%|\n" }
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
awk 'BEGIN { printf "%5%|\n" }' data.txt
--- stdout
%|
=== BEGIN { printf "%z\n" }
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
awk 'BEGIN { printf "%z\n" }' data.txt
--- stdout
%z
=== BEGIN { x["a"]=1; x["b"]=2; x["c"]=3; for (k in x) delete x[k]; print 
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
awk 'BEGIN { x["a"]=1; x["b"]=2; x["c"]=3; for (k in x) delete x[k]; print length(x) }' data.txt
--- stdout
0
=== BEGIN { a[1]=1; a[2]=2; for (k in a) { delete a; n++ }; print n }
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
awk 'BEGIN { a[1]=1; a[2]=2; for (k in a) { delete a; n++ }; print n }' data.txt
--- stdout
2
=== BEGIN { n = split("a b c d", arr); for (i = n; i >= 1; i--) printf "%s
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
awk 'BEGIN { n = split("a b c d", arr); for (i = n; i >= 1; i--) printf "%s%s", arr[i], (i > 1 ? " " : "\n") }' data.txt
--- stdout
d c b a
=== function max(a, b) { return a > b ? a : b } { m = max(m, $2) } END { p
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
awk 'function max(a, b) { return a > b ? a : b } { m = max(m, $2) } END { print m }' data.txt
--- stdout
40
=== function fill(a, n,   i) { for (i = 1; i <= n; i++) a[i] = i * i } BEG
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
awk 'function fill(a, n,   i) { for (i = 1; i <= n; i++) a[i] = i * i } BEGIN { fill(sq, 5); print sq[3], length(sq) }' data.txt
--- stdout
9 5
=== function loc(x,   y) { y = x * 2; return y } BEGIN { y = 7; print loc(
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
awk 'function loc(x,   y) { y = x * 2; return y } BEGIN { y = 7; print loc(3), y }' data.txt
--- stdout
6 7
=== function rec(n) { if (n > 0) rec(n - 1); else print "bottom" } BEGIN {
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
awk 'function rec(n) { if (n > 0) rec(n - 1); else print "bottom" } BEGIN { rec(50) }' data.txt
--- stdout
bottom
=== function noret() { } BEGIN { x = noret(); print "[" x "]" }
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
awk 'function noret() { } BEGIN { x = noret(); print "[" x "]" }' data.txt
--- stdout
[]
=== function ar(a) { a["k"] = "v" } BEGIN { ar(z); print z["k"] }
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
awk 'function ar(a) { a["k"] = "v" } BEGIN { ar(z); print z["k"] }' data.txt
--- stdout
v
=== function sc(a) { a = 5 } BEGIN { b = 1; sc(b); print b }
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
awk 'function sc(a) { a = 5 } BEGIN { b = 1; sc(b); print b }' data.txt
--- stdout
1
=== BEGIN { $0 = "x y z"; $2 = ""; print; print NF }
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
awk 'BEGIN { $0 = "x y z"; $2 = ""; print; print NF }' data.txt
--- stdout
x  z
3
=== BEGIN { $0 = "  lead  trail  "; print NF, "[" $1 "]"; $1 = $1; print "
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
awk 'BEGIN { $0 = "  lead  trail  "; print NF, "[" $1 "]"; $1 = $1; print "[" $0 "]" }' data.txt
--- stdout
2 [lead]
[lead trail]
=== BEGIN { FS = ","; $0 = "a,,b"; print NF, "[" $2 "]" }
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
awk 'BEGIN { FS = ","; $0 = "a,,b"; print NF, "[" $2 "]" }' data.txt
--- stdout
3 []
=== BEGIN { FS = "[,;]"; $0 = "a,b;c"; print NF, $3 }
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
awk 'BEGIN { FS = "[,;]"; $0 = "a,b;c"; print NF, $3 }' data.txt
--- stdout
3 c
=== BEGIN { FS = "|"; $0 = "a|b|c"; print $2 }
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
awk 'BEGIN { FS = "|"; $0 = "a|b|c"; print $2 }' data.txt
--- stdout
b
=== BEGIN { FS = "."; $0 = "a.b.c"; print $2, NF }
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
awk 'BEGIN { FS = "."; $0 = "a.b.c"; print $2, NF }' data.txt
--- stdout
b 3
=== BEGIN { FS = "\t"; $0 = "a\t\tb"; print NF }
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
awk 'BEGIN { FS = "\t"; $0 = "a\t\tb"; print NF }' data.txt
--- stdout
3
=== BEGIN { FS = " +"; $0 = " a  b "; print NF, "[" $1 "]" }
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
awk 'BEGIN { FS = " +"; $0 = " a  b "; print NF, "[" $1 "]" }' data.txt
--- stdout
4 []
=== BEGIN { $0 = "a b c"; NF = 5; print; print NF }
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
awk 'BEGIN { $0 = "a b c"; NF = 5; print; print NF }' data.txt
--- stdout
a b c  
5
=== BEGIN { $0 = "a b c"; $7 = "g"; print NF; print }
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
awk 'BEGIN { $0 = "a b c"; $7 = "g"; print NF; print }' data.txt
--- stdout
7
a b c    g
=== BEGIN { $0 = "1 2 3"; $2++; print; $3 += 10; print }
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
awk 'BEGIN { $0 = "1 2 3"; $2++; print; $3 += 10; print }' data.txt
--- stdout
1 3 3
1 3 13
=== BEGIN { $0 = "a b"; print $NF; $(NF+1) = "c"; print }
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
awk 'BEGIN { $0 = "a b"; print $NF; $(NF+1) = "c"; print }' data.txt
--- stdout
b
a b c
=== { print NF ":" $0 }
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
awk '{ print NF ":" $0 }' data.txt
--- stdout
4:alice 30 NY 1200.50
4:bob 25 LA 800
4:carol 35 NY 1500.25
4:dave 40 SF 2000
4:eve 28 LA 950.75
=== END { print $0, NF }
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
awk 'END { print $0, NF }' data.txt
--- stdout
eve 28 LA 950.75 4
=== BEGIN { RS = ";" } { print NR, $0 }
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
awk 'BEGIN { RS = ";" } { print NR, $0 }' data.txt
--- stdout
1 alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75


=== BEGIN { RS = "[0-9]+" } NR < 3 { print NR "[" $0 "]" RT }
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
awk 'BEGIN { RS = "[0-9]+" } NR < 3 { print NR "[" $0 "]" RT }' data.txt
--- stdout
1[alice ]30
2[ NY ]1200
=== BEGIN { CONVFMT = "%d"; a[12.7] = 1; for (k in a) print k }
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
awk 'BEGIN { CONVFMT = "%d"; a[12.7] = 1; for (k in a) print k }' data.txt
--- stdout
12
=== BEGIN { a[0.1 + 0.2] = 1; for (k in a) print k }
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
awk 'BEGIN { a[0.1 + 0.2] = 1; for (k in a) print k }' data.txt
--- stdout
0.3
=== BEGIN { x = 1e30; print x; y = x ""; print y }
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
awk 'BEGIN { x = 1e30; print x; y = x ""; print y }' data.txt
--- stdout
1000000000000000019884624838656
1000000000000000019884624838656
=== BEGIN { print 0.000001, 0.0000001, 123456.7, 1234567.8 }
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
awk 'BEGIN { print 0.000001, 0.0000001, 123456.7, 1234567.8 }' data.txt
--- stdout
1e-06 1e-07 123457 1.23457e+06
=== BEGIN { print 1.0, "1.0" + 0, "1.0" }
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
awk 'BEGIN { print 1.0, "1.0" + 0, "1.0" }' data.txt
--- stdout
1 1 1.0
=== BEGIN { print 3/2, 7/7, -7/2 }
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
awk 'BEGIN { print 3/2, 7/7, -7/2 }' data.txt
--- stdout
1.5 1 -3.5
=== BEGIN { printf "%d %d\n", 2^31, -2^31 - 1 }
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
awk 'BEGIN { printf "%d %d\n", 2^31, -2^31 - 1 }' data.txt
--- stdout
2147483648 -2147483649
=== BEGIN { print 2^53 + 1, 2^63, -2^63 }
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
awk 'BEGIN { print 2^53 + 1, 2^63, -2^63 }' data.txt
--- stdout
9007199254740992 9223372036854775808 -9223372036854775808
=== BEGIN { print int("3abc"), "3abc" + 0, "abc" + 0, " 12 " + 0, "1e2x" +
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
awk 'BEGIN { print int("3abc"), "3abc" + 0, "abc" + 0, " 12 " + 0, "1e2x" + 0, ".5" + 0 }' data.txt
--- stdout
3 3 0 12 100 0.5
=== BEGIN { print "+5" + 0, "-5" + 0, "0x10" + 0, "inf" + 0, "+inf" + 0 }
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
awk 'BEGIN { print "+5" + 0, "-5" + 0, "0x10" + 0, "inf" + 0, "+inf" + 0 }' data.txt
--- stdout
5 -5 0 0 +inf
=== { if ($2 ~ /^[0-9]+$/) n++ } END { print n }
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
awk '{ if ($2 ~ /^[0-9]+$/) n++ } END { print n }' data.txt
--- stdout
5
=== BEGIN { a = "x" ; b = a++ ; print a, b }
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
awk 'BEGIN { a = "x" ; b = a++ ; print a, b }' data.txt
--- stdout
1 0
=== BEGIN { print (1 == 1.0), ("1" == 1), ("1" == "1.0"), (1 == "1.0") }
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
awk 'BEGIN { print (1 == 1.0), ("1" == 1), ("1" == "1.0"), (1 == "1.0") }' data.txt
--- stdout
1 1 0 0
=== { print ($2 == 30), ($2 == "30"), ($2 == "30.0"), ($2 == 30.0) }
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
awk '{ print ($2 == 30), ($2 == "30"), ($2 == "30.0"), ($2 == 30.0) }' data.txt
--- stdout
1 1 0 1
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 0
=== BEGIN { x; print (x == 0), (x == "") }
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
awk 'BEGIN { x; print (x == 0), (x == "") }' data.txt
--- stdout
1 1
=== BEGIN { print 10 " apples" + 5 }
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
awk 'BEGIN { print 10 " apples" + 5 }' data.txt
--- stdout
105
=== BEGIN { print 1 - 1 "" 2 }
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
awk 'BEGIN { print 1 - 1 "" 2 }' data.txt
--- stdout
02
=== BEGIN { print "a" (1 < 2) "b" }
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
awk 'BEGIN { print "a" (1 < 2) "b" }' data.txt
--- stdout
a1b
=== BEGIN { print 2 * 3 4 }
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
awk 'BEGIN { print 2 * 3 4 }' data.txt
--- stdout
64
=== BEGIN { x = 5; x ^= 2; x %= 7; x /= 2; print x }
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
awk 'BEGIN { x = 5; x ^= 2; x %= 7; x /= 2; print x }' data.txt
--- stdout
2
=== BEGIN { print 2 ^ 3 ^ 2, (2 ^ 3) ^ 2 }
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
awk 'BEGIN { print 2 ^ 3 ^ 2, (2 ^ 3) ^ 2 }' data.txt
--- stdout
512 64
=== BEGIN { print !x + 1, -x - 1 }
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
awk 'BEGIN { print !x + 1, -x - 1 }' data.txt
--- stdout
2 -1
=== BEGIN { print 1 && 0 || 1, 1 || 0 && 0 }
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
awk 'BEGIN { print 1 && 0 || 1, 1 || 0 && 0 }' data.txt
--- stdout
1 1
=== BEGIN { y = (x = 3) + 1; print x, y }
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
awk 'BEGIN { y = (x = 3) + 1; print x, y }' data.txt
--- stdout
3 4
=== BEGIN { a = b = c = 7; print a b c }
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
awk 'BEGIN { a = b = c = 7; print a b c }' data.txt
--- stdout
777
=== BEGIN { print 1 ? 2 ? "a" : "b" : "c" }
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
awk 'BEGIN { print 1 ? 2 ? "a" : "b" : "c" }' data.txt
--- stdout
a
=== BEGIN { i = 0; while (i++ < 3) ; print i }
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
awk 'BEGIN { i = 0; while (i++ < 3) ; print i }' data.txt
--- stdout
4
=== BEGIN { for (i = 0; i < 3; i++) ; print i }
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
awk 'BEGIN { for (i = 0; i < 3; i++) ; print i }' data.txt
--- stdout
3
=== BEGIN { if (1) if (0) print "a"; else print "b" }
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
awk 'BEGIN { if (1) if (0) print "a"; else print "b" }' data.txt
--- stdout
b
=== BEGIN { if (0) { print "a" } else if (1) { print "b" } else print "c" 
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
awk 'BEGIN { if (0) { print "a" } else if (1) { print "b" } else print "c" }' data.txt
--- stdout
b
=== # comment only
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
awk '# comment only' data.txt
--- stdout
=== BEGIN { print "x" } # trailing comment
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
awk 'BEGIN { print "x" } # trailing comment' data.txt
--- stdout
x
=== BEGIN { printf("%s %s\n", "p", "q") }
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
awk 'BEGIN { printf("%s %s\n", "p", "q") }' data.txt
--- stdout
p q
=== BEGIN { print("paren") }
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
awk 'BEGIN { print("paren") }' data.txt
--- stdout
paren
=== BEGIN { print ("a")("b") }
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
awk 'BEGIN { print ("a")("b") }' data.txt
--- stdout
ab
=== BEGIN { print "a", "b" > "/dev/stdout" }
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
awk 'BEGIN { print "a", "b" > "/dev/stdout" }' data.txt
--- stdout
a b
=== BEGIN { getline line < "nonexistent"; print "r=" (getline line < "none
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
awk 'BEGIN { getline line < "nonexistent"; print "r=" (getline line < "nonexistent") }' data.txt
--- stdout
r=-1
=== BEGIN { while ((getline line < "data.txt") > 0) if (line ~ /bob/) prin
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
awk 'BEGIN { while ((getline line < "data.txt") > 0) if (line ~ /bob/) print line }' data.txt
--- stdout
bob 25 LA 800
=== END { while ((getline line < "data.txt") > 0) c++; print c }
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
awk 'END { while ((getline line < "data.txt") > 0) c++; print c }' data.txt
--- stdout
5
=== BEGIN { printf "%s\n", substr("abcdef", 2, 3) }
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
awk 'BEGIN { printf "%s\n", substr("abcdef", 2, 3) }' data.txt
--- stdout
bcd
=== BEGIN { print tolower(123), toupper("mIxEd 1") }
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
awk 'BEGIN { print tolower(123), toupper("mIxEd 1") }' data.txt
--- stdout
123 MIXED 1
=== BEGIN { print index("foobar", "bar"), index("foobar", "baz") }
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
awk 'BEGIN { print index("foobar", "bar"), index("foobar", "baz") }' data.txt
--- stdout
4 0
=== { words += NF; chars += length + 1 } END { print NR, words, chars }
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
awk '{ words += NF; chars += length + 1 } END { print NR, words, chars }' data.txt
--- stdout
5 20 87
=== { $1 = toupper(substr($1, 1, 1)) substr($1, 2) } 1
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
awk '{ $1 = toupper(substr($1, 1, 1)) substr($1, 2) } 1' data.txt
--- stdout
Alice 30 NY 1200.50
Bob 25 LA 800
Carol 35 NY 1500.25
Dave 40 SF 2000
Eve 28 LA 950.75
=== 1
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
awk 1 data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== NR > 3
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
awk 'NR > 3' data.txt
--- stdout
dave 40 SF 2000
eve 28 LA 950.75
=== END { print NR }
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
awk 'END { print NR }' data.txt
--- stdout
5
=== BEGIN { OFS = "\t" } { print $1, $2 }
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
awk 'BEGIN { OFS = "\t" } { print $1, $2 }' data.txt
--- stdout
alice	30
bob	25
carol	35
dave	40
eve	28
=== { printf "%s%s", (NR > 1 ? "," : ""), $1 } END { print "" }
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
awk '{ printf "%s%s", (NR > 1 ? "," : ""), $1 } END { print "" }' data.txt
--- stdout
alice,bob,carol,dave,eve
=== !seen[$3]++
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
awk '!seen[$3]++' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
dave 40 SF 2000
=== { a[$3] = a[$3] (a[$3] ? "," : "") $1 } END { for (k in a) print k ": 
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
awk '{ a[$3] = a[$3] (a[$3] ? "," : "") $1 } END { for (k in a) print k ": " a[k] | "sort" }' data.txt
--- stdout
LA: bob,eve
NY: alice,carol
SF: dave
=== NR == FNR { n++ } END { print n }
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
awk 'NR == FNR { n++ } END { print n }' data.txt
--- stdout
5
=== BEGIN { printf "%s %s\n", "only" }
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
awk 'BEGIN { printf "%s %s\n", "only" }' data.txt
--- stdout
--- status: 2
--- stderr
awk: cmd. line:1: fatal: not enough arguments to satisfy format string
	`%s %s
'
	    ^ ran out for this one
=== BEGIN { print substr("hello", 3, 1e10) }
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
awk 'BEGIN { print substr("hello", 3, 1e10) }' data.txt
--- stdout
llo
=== BEGIN { n = split("a,b,c", arr, ","); delete arr[2]; for (i = 1; i <= 
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
awk 'BEGIN { n = split("a,b,c", arr, ","); delete arr[2]; for (i = 1; i <= n; i++) print i, (i in arr) }' data.txt
--- stdout
1 1
2 0
3 1
=== BEGIN { print length(sprintf("%1000s", "")) }
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
awk 'BEGIN { print length(sprintf("%1000s", "")) }' data.txt
--- stdout
1000
=== BEGIN { x = sprintf("%c", 0); print length(x) }
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
awk 'BEGIN { x = sprintf("%c", 0); print length(x) }' data.txt
--- stdout
1
=== BEGIN { s = sprintf("%s=%d", "k", 3); print s }
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
awk 'BEGIN { s = sprintf("%s=%d", "k", 3); print s }' data.txt
--- stdout
k=3
=== BEGIN { print -"3", +"4x" }
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
awk 'BEGIN { print -"3", +"4x" }' data.txt
--- stdout
-3 4
=== BEGIN { a["1"] = "one"; print a[1], a[1.0], a["01"] "|" }
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
awk 'BEGIN { a["1"] = "one"; print a[1], a[1.0], a["01"] "|" }' data.txt
--- stdout
one one |
=== BEGIN { print 1e3 == "1000", 1e3 == 1000 }
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
awk 'BEGIN { print 1e3 == "1000", 1e3 == 1000 }' data.txt
--- stdout
1 1
=== BEGIN { print substr("héllo wörld", 7), length("wörld") }
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
awk 'BEGIN { print substr("héllo wörld", 7), length("wörld") }' data.txt
--- stdout
wörld 5
=== BEGIN { print match("añb", /ñ/), RSTART, RLENGTH }
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
awk 'BEGIN { print match("añb", /ñ/), RSTART, RLENGTH }' data.txt
--- stdout
2 2 1
=== BEGIN { s = "ñaña"; gsub(/ñ/, "n", s); print s }
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
awk 'BEGIN { s = "ñaña"; gsub(/ñ/, "n", s); print s }' data.txt
--- stdout
nana
=== BEGIN { printf "%-4s|%4s|\n", "ñ", "ñ" }
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
awk 'BEGIN { printf "%-4s|%4s|\n", "ñ", "ñ" }' data.txt
--- stdout
ñ   |   ñ|
=== BEGIN { printf "%.2s|\n", "ñañ" }
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
awk 'BEGIN { printf "%.2s|\n", "ñañ" }' data.txt
--- stdout
ña|
=== BEGIN { printf "%c|\n", "ñx" }
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
awk 'BEGIN { printf "%c|\n", "ñx" }' data.txt
--- stdout
ñ|
=== BEGIN { print toupper("ß straße") }
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
awk 'BEGIN { print toupper("ß straße") }' data.txt
--- stdout
ß STRAßE
=== BEGIN { print index("añb", "b") }
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
awk 'BEGIN { print index("añb", "b") }' data.txt
--- stdout
3
=== BEGIN { FS = ""; $0 = "añb"; print NF, $2 }
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
awk 'BEGIN { FS = ""; $0 = "añb"; print NF, $2 }' data.txt
--- stdout
3 ñ
=== cmd | getline counts no record: NR and FNR stay (gawk, mawk)
--- file ab.txt
a
b
--- script
awk 'BEGIN { "echo hi there" | getline; print $2, NR, FNR; "echo q" | getline v; print NR, FNR } { "echo x; echo y" | getline; print NR, FNR, $0; "echo z" | getline w; print NR, FNR }' ab.txt
--- stdout
there 0 0
0 0
1 1 x
1 1
2 2 y
2 2

=== an empty file or command name in a redirection is fatal
--- script
awk 'BEGIN { while ((getline line < file) > 0) n++; print "not reached" }'; echo "st=$?"
awk 'BEGIN { print "x" > out; print "not reached" }'; echo "st=$?"
awk 'BEGIN { "" | getline; print "not reached" }'; echo "st=$?"
--- stdout
st=2
st=2
st=2
--- stderr
awk: cmd. line:1: fatal: expression for `<' redirection has null string value
awk: cmd. line:1: fatal: expression for `>' redirection has null string value
awk: cmd. line:1: fatal: expression for `|' redirection has null string value
--- status: 0
