=== BEGINFILE { print "begin", FILENAME } ENDFILE { print "end", FILENAME,
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGINFILE { print "begin", FILENAME } ENDFILE { print "end", FILENAME, FNR } { print }' data.txt
--- stdout
begin data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
end data.txt 5
=== BEGIN { IGNORECASE = 1 } /ALICE/ { print } END { s = "ABC"; print gsub
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { IGNORECASE = 1 } /ALICE/ { print } END { s = "ABC"; print gsub(/b/, "x", s), s }' data.txt
--- stdout
alice 30 NY 1200.50
1 AxC
=== BEGIN { FPAT = "([^,]*)|(\"[^\"]+\")"; $0 = "a,\"b,c\",d"; print NF, $
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { FPAT = "([^,]*)|(\"[^\"]+\")"; $0 = "a,\"b,c\",d"; print NF, $2 }' data.txt
--- stdout
3 "b,c"
=== BEGIN { FIELDWIDTHS = "3 2 4"; $0 = "abcdefghij"; print $1 "|" $2 "|" 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { FIELDWIDTHS = "3 2 4"; $0 = "abcdefghij"; print $1 "|" $2 "|" $3 }' data.txt
--- stdout
abc|de|fghi
=== BEGIN { PROCINFO["sorted_in"] = "@ind_str_asc"; a["b"]; a["a"]; a["c"]
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { PROCINFO["sorted_in"] = "@ind_str_asc"; a["b"]; a["a"]; a["c"]; for (k in a) print k }' data.txt
--- stdout
a
b
c
=== BEGIN { PROCINFO["sorted_in"] = "@val_num_desc"; a["x"] = 3; a["y"] = 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { PROCINFO["sorted_in"] = "@val_num_desc"; a["x"] = 3; a["y"] = 10; a["z"] = 1; for (k in a) print k, a[k] }' data.txt
--- stdout
y 10
x 3
z 1
=== BEGIN { PROCINFO["sorted_in"] = "@ind_num_asc"; a[10]; a[9]; a[100]; f
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { PROCINFO["sorted_in"] = "@ind_num_asc"; a[10]; a[9]; a[100]; for (k in a) print k }' data.txt
--- stdout
9
10
100
=== BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0, 1) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 0, 1) }' data.txt
--- stdout
1970-01-01 00:00:00
=== BEGIN { print mktime("1970 01 02 00 00 00") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print mktime("1970 01 02 00 00 00") }' data.txt
--- stdout
86400
=== BEGIN { print strftime("%d/%m/%Y", mktime("2024 02 29 12 00 00")) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print strftime("%d/%m/%Y", mktime("2024 02 29 12 00 00")) }' data.txt
--- stdout
29/02/2024
=== BEGIN { RS = "[,;]+" } { print NR ": " $0 " [" RT "]" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { RS = "[,;]+" } { print NR ": " $0 " [" RT "]" }' data.txt
--- stdout
1: alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
 []
=== BEGIN { n = patsplit("a1b22c333", arr, /[0-9]+/, seps); print n, arr[1
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = patsplit("a1b22c333", arr, /[0-9]+/, seps); print n, arr[1], arr[3], seps[1] }' data.txt
--- stdout
3 1 333 b
=== BEGIN { n = split("a-b_c", arr, /[-_]/, seps); print n, seps[1], seps[
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { n = split("a-b_c", arr, /[-_]/, seps); print n, seps[1], seps[2] }' data.txt
--- stdout
3 - _
=== BEGIN { x = "abc"; print gensub(/b/, "[&]", "g", x), gensub(/(.)(.)/, 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = "abc"; print gensub(/b/, "[&]", "g", x), gensub(/(.)(.)/, "\\2\\1", 1, x) }' data.txt
--- stdout
a[b]c bac
=== BEGIN { a[3] = "c"; a[1] = "a"; a[2] = "b"; n = asort(a, b); for (i = 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a[3] = "c"; a[1] = "a"; a[2] = "b"; n = asort(a, b); for (i = 1; i <= n; i++) printf "%s", b[i]; print "" }' data.txt
--- stdout
abc
=== BEGIN { a["z"]; a["m"]; n = asorti(a); print a[1], a[2] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { a["z"]; a["m"]; n = asorti(a); print a[1], a[2] }' data.txt
--- stdout
m z
=== BEGIN { x = 2; x **= 3; print x, 2 ** 2 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { x = 2; x **= 3; print x, 2 ** 2 }' data.txt
--- stdout
8 4
=== { print FILENAME, FNR, NR } 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ print FILENAME, FNR, NR } ' data.txt
--- stdout
data.txt 1 1
data.txt 2 2
data.txt 3 3
data.txt 4 4
data.txt 5 5
=== { nextfile } ENDFILE { print FILENAME }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ nextfile } ENDFILE { print FILENAME }' data.txt
--- stdout
data.txt
=== BEGIN { ARGV[1] = "f2"; } { print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { ARGV[1] = "f2"; } { print }' data.txt
--- stdout
--- status: 2
--- stderr
awk: cmd. line:1: fatal: cannot open file `f2' for reading: No such file or directory
=== BEGIN { ARGV[2] = ""; } { print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { ARGV[2] = ""; } { print }' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== BEGIN { ARGC = 2 } { print }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { ARGC = 2 } { print }' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== BEGIN { printf "%s|%s\n", strtonum("0x10"), strtonum(" 12") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%s|%s\n", strtonum("0x10"), strtonum(" 12") }' data.txt
--- stdout
16|12
=== BEGIN { print length(PROCINFO) > 0 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length(PROCINFO) > 0 }' data.txt
--- stdout
=== BEGIN { print "to stderr" > "/dev/stderr"; print "out" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "to stderr" > "/dev/stderr"; print "out" }' data.txt
--- stdout
out
--- stderr
to stderr
=== BEGIN { print substr("hello", 2, 3) > "/dev/stdout" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print substr("hello", 2, 3) > "/dev/stdout" }' data.txt
--- stdout
ell
=== END { print NR, FILENAME }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'END { print NR, FILENAME }' data.txt
--- stdout
5 data.txt
=== BEGIN { switch_ = 1; print switch_ }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { switch_ = 1; print switch_ }' data.txt
--- stdout
1
=== BEGIN { print -log(0) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print -log(0) }' data.txt
--- stdout
+inf
=== BEGIN { printf "%d %5.1f %x\n", "1e3", "2.55", "0x10" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%d %5.1f %x\n", "1e3", "2.55", "0x10" }' data.txt
--- stdout
1000   2.5 0
=== BEGIN { CONVFMT = "%.3f"; x = 3.14159265; a[x] = 1; for (k in a) print
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { CONVFMT = "%.3f"; x = 3.14159265; a[x] = 1; for (k in a) print k }' data.txt
--- stdout
3.142
=== BEGIN { OFMT = "%.2f"; print 3.14159, 3.14159 "" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { OFMT = "%.2f"; print 3.14159, 3.14159 "" }' data.txt
--- stdout
3.14 3.14159
=== { printf "%-8s%s\n", FILENAME ":", $0 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ printf "%-8s%s\n", FILENAME ":", $0 }' data.txt
--- stdout
data.txt:alice 30 NY 1200.50
data.txt:bob 25 LA 800
data.txt:carol 35 NY 1500.25
data.txt:dave 40 SF 2000
data.txt:eve 28 LA 950.75
=== BEGIN { print length("") , length(0), length(0.10) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print length("") , length(0), length(0.10) }' data.txt
--- stdout
0 1 3
=== BEGIN { print toupper(x) "|" tolower(1e3) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print toupper(x) "|" tolower(1e3) }' data.txt
--- stdout
|1000
=== BEGIN { $0 = "a:b:c"; FS = ":"; print $1; $0 = $0; print $1 }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { $0 = "a:b:c"; FS = ":"; print $1; $0 = $0; print $1 }' data.txt
--- stdout
a:b:c
a
=== BEGIN { print index("a.b", ".") }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print index("a.b", ".") }' data.txt
--- stdout
2
=== BEGIN { print match("foobar", "o+"), RSTART, RLENGTH; print match("foo
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print match("foobar", "o+"), RSTART, RLENGTH; print match("foobar", /(o+)(b)/, m), m[1], m[2], m[1, "start"], m[2, "length"] }' data.txt
--- stdout
2 2 2
2 oo b 2 1
=== BEGIN { print "a" > "t.out"; close("t.out"); print "b" >> "t.out"; clo
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print "a" > "t.out"; close("t.out"); print "b" >> "t.out"; close("t.out"); while ((getline l < "t.out") > 0) print l }' data.txt
--- stdout
a
b
=== BEGIN { system("echo from-system"); print "after" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { system("echo from-system"); print "after" }' data.txt
--- stdout
from-system
after
=== BEGIN { printf "x"; system(""); printf "y\n" }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "x"; system(""); printf "y\n" }' data.txt
--- stdout
xy
=== BEGIN { print typeof(ENVIRON), typeof(ENVIRON["PATH"]) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { print typeof(ENVIRON), typeof(ENVIRON["PATH"]) }' data.txt
--- stdout
array string
