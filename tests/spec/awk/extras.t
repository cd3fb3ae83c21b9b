=== { switch ($1) { case "bob": print "B"; break; case /^c/: print "C"; ca
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk '{ switch ($1) { case "bob": print "B"; break; case /^c/: print "C"; case 40: print "fall"; break; default: print "other " $1 } }' data.txt
--- stdout
other alice
B
C
fall
other dave
other eve
=== END { for (i = 0; i < 3; i++) switch (i) { case 1: continue; default: 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'END { for (i = 0; i < 3; i++) switch (i) { case 1: continue; default: print "i=" i } }' data.txt
--- stdout
i=0
i=2
=== BEGIN { switch (3) { case 3: print "three" } }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { switch (3) { case 3: print "three" } }' data.txt
--- stdout
three
=== BEGIN { switch ("x") { default: print "d"; case "y": print "y" } }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { switch ("x") { default: print "d"; case "y": print "y" } }' data.txt
--- stdout
d
y
=== BEGIN { IGNORECASE = 1; print ("ABC" == "abc"), index("xABc", "bc"), (
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { IGNORECASE = 1; print ("ABC" == "abc"), index("xABc", "bc"), ("a" < "B") }' data.txt
--- stdout
1 3 1
=== BEGIN { IGNORECASE = 1; n = split("aXbxc", p, "x"); print n, p[3] }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { IGNORECASE = 1; n = split("aXbxc", p, "x"); print n, p[3] }' data.txt
--- stdout
2 
=== BEGIN { IGNORECASE = 1; s = "Hello"; print gsub(/L/, "_", s), s, match
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { IGNORECASE = 1; s = "Hello"; print gsub(/L/, "_", s), s, match("FOO", /o+/), RSTART }' data.txt
--- stdout
2 He__o 2 2
=== BEGIN { IGNORECASE = 1; FS = "x" } { print NF }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { IGNORECASE = 1; FS = "x" } { print NF }' data.txt
--- stdout
1
1
1
1
1
=== function f(n) { return n <= 1 ? n : f(n - 1) + f(n - 2) } BEGIN { prin
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'function f(n) { return n <= 1 ? n : f(n - 1) + f(n - 2) } BEGIN { print f(20) }' data.txt
--- stdout
6765
=== function g(n) { return n ? g(n - 1) + 1 : 0 } BEGIN { print g(500) }
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'function g(n) { return n ? g(n - 1) + 1 : 0 } BEGIN { print g(500) }' data.txt
--- stdout
500
=== BEGIN { printf "%s %s %s %s %s %s %s %s %s %s\n", 1, 2, 3, 4, 5, 6, 7,
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { printf "%s %s %s %s %s %s %s %s %s %s\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }' data.txt
--- stdout
1 2 3 4 5 6 7 8 9 10
=== BEGIN { s = sprintf("%d%d%d%d%d%d%d%d%d%d%d", 1, 2, 3, 4, 5, 6, 7, 8, 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file csv.txt
a,b,c
1,2,3
4,,6
--- script
awk 'BEGIN { s = sprintf("%d%d%d%d%d%d%d%d%d%d%d", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11); print s }' data.txt
--- stdout
1234567891011

=== a string appended to itself
--- script
awk 'BEGIN { s = "ab"; s = s s; s = s "-" s; print s; t = "q"; u = t; t = t t; print t, u; for (i = 0; i < 3; i++) v = v i; print v }'
--- stdout
abab-abab
qq q
012

=== doubling a string stops at the string limit
--- script
awk 'BEGIN { s = "x"; while (1) s = s s }'
--- status: 2
--- vsh-only: gawk grows the string until memory runs out; vsh stops at the string limit with an error
--- stderr (regex)
awk: cmd\. line:1: fatal: string of \d+ bytes exceeds the string limit

=== an untyped argument a later argument assigns is passed as it was
--- script
awk 'function f(p, q) { return "[" p "|" q "]" } BEGIN { print f(y, --y); print f(z, z = 5) }'
--- stdout
[|-1]
[|5]
