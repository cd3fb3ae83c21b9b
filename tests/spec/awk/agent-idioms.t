=== awk 'NR==FNR{a[$1];next} $1 in a' keys vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'NR==FNR{a[$1];next} $1 in a' keys vals
--- stdout
k1 1
k3 3
=== awk '{print > ($1 ".txt")} END{close("k1.txt"); while ((getline l < "k1.
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{print > ($1 ".txt")} END{close("k1.txt"); while ((getline l < "k1.txt") > 0) print "k1:", l}' vals
--- stdout
k1: k1 1
=== awk '{print > $1".out"}' vals; cat k2.out
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{print > $1".out"}' vals; cat k2.out
--- stdout
k2 2
=== awk 'BEGIN{while ((getline line < ARGV[1]) > 0) n++; print n}' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN{while ((getline line < ARGV[1]) > 0) n++; print n}' vals
--- stdout
3
=== awk -v n=2 'NR<=n' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk -v n=2 'NR<=n' vals
--- stdout
k1 1
k2 2
=== awk 'length > 3' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'length > 3' vals
--- stdout
k1 1
k2 2
k3 3
=== awk '{$1=$1};1' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{$1=$1};1' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== awk 'END{print}' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'END{print}' vals
--- stdout
k3 3
=== awk '{ sub(/\r$/, "") } 1' crlf | od -c | head -2
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
printf 'x\r\ny\r\n' > crlf
awk '{ sub(/\r$/, "") } 1' crlf | od -c | head -2
--- stdout
0000000   x  \n   y  \n
0000004
=== awk '{ total += $NF } END { printf "%.2f\n", total }' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ total += $NF } END { printf "%.2f\n", total }' data.txt
--- stdout
6451.50
=== awk 'NF{NF--};1' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'NF{NF--};1' data.txt
--- stdout
alice 30 NY
bob 25 LA
carol 35 NY
dave 40 SF
eve 28 LA
=== awk 'BEGIN{FS=OFS=","} {$2=toupper($2)} 1' c2
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN{FS=OFS=","} {$2=toupper($2)} 1' c2
--- stdout
a,B
1,2
3,4
1,5
=== awk '/start/{f=1} f; /end/{f=0}' se
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '/start/{f=1} f; /end/{f=0}' se
--- stdout
start
1
end
start
3
=== awk '{print substr($0, index($0,$3))}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{print substr($0, index($0,$3))}' data.txt
--- stdout
NY 1200.50
LA 800
NY 1500.25
SF 2000
LA 950.75
=== awk -v RS= '{print NR": "$0}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk -v RS= '{print NR": "$0}' data.txt
--- stdout
1: alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== awk 'BEGIN{printf "%-20s%s\n", "Name", "Value"}'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN{printf "%-20s%s\n", "Name", "Value"}'
--- stdout
Name                Value
=== awk -F, 'NR>1{sum[$1]+=$2} END{for(k in sum) print k, sum[k]}' c2 | sort
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk -F, 'NR>1{sum[$1]+=$2} END{for(k in sum) print k, sum[k]}' c2 | sort
--- stdout
1 7
3 4
=== awk '{gsub(/[[:space:]]+/, " "); print}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{gsub(/[[:space:]]+/, " "); print}' data.txt
--- stdout
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== awk 'match($0, /([0-9]+)\.([0-9]+)/, m) { print m[1], m[2] }' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'match($0, /([0-9]+)\.([0-9]+)/, m) { print m[1], m[2] }' data.txt
--- stdout
1200 50
1500 25
950 75
=== awk '{print $NF}' FS=, c2
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{print $NF}' FS=, c2
--- stdout
b
2
4
5
=== awk 'BEGIN{OFS="\t"} {$1=$1; print}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN{OFS="\t"} {$1=$1; print}' data.txt
--- stdout
alice	30	NY	1200.50
bob	25	LA	800
carol	35	NY	1500.25
dave	40	SF	2000
eve	28	LA	950.75
=== awk '{ $3 = sprintf("%05.1f", $2) } 1' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ $3 = sprintf("%05.1f", $2) } 1' data.txt
--- stdout
alice 30 030.0 1200.50
bob 25 025.0 800
carol 35 035.0 1500.25
dave 40 040.0 2000
eve 28 028.0 950.75
=== awk -F'[ \t]+' '{print $2}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk -F'[ \t]+' '{print $2}' data.txt
--- stdout
30
25
35
40
28
=== awk '{printf "%s%s", sep, $1; sep=","} END{print ""}' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{printf "%s%s", sep, $1; sep=","} END{print ""}' data.txt
--- stdout
alice,bob,carol,dave,eve
=== awk 'BEGIN { x["a"]=1; x["b"]=2; for (k in x) s += x[k]; print s }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN { x["a"]=1; x["b"]=2; for (k in x) s += x[k]; print s }'
--- stdout
3
=== awk '{ a[$3] = a[$3] ? a[$3] "," $1 : $1 } END { n = asorti(a, k); for (
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ a[$3] = a[$3] ? a[$3] "," $1 : $1 } END { n = asorti(a, k); for (i = 1; i <= n; i++) print k[i], a[k[i]] }' data.txt
--- stdout
LA bob,eve
NY alice,carol
SF dave
=== awk '$2 ~ /^[0-9]+$/ && $2 > 27' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '$2 ~ /^[0-9]+$/ && $2 > 27' data.txt
--- stdout
alice 30 NY 1200.50
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
=== awk 'BEGIN { printf "%s\n", 10/3 }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN { printf "%s\n", 10/3 }'
--- stdout
3.33333
=== awk '{ print toupper(substr($1,1,1)) tolower(substr($1,2)) }' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ print toupper(substr($1,1,1)) tolower(substr($1,2)) }' data.txt
--- stdout
Alice
Bob
Carol
Dave
Eve
=== awk -F, '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? FS : "\n
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk -F, '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? FS : "\n") }' c2
--- stdout
b,a
2,1
4,3
5,1
=== awk 'BEGIN { n = split("2024-01-15", d, "-"); print d[1] + 0, d[2] + 0, 
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN { n = split("2024-01-15", d, "-"); print d[1] + 0, d[2] + 0, d[3] + 0 }'
--- stdout
2024 1 15
=== awk '{ lines[NR] = $0 } END { print lines[int((NR + 1) / 2)] }' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ lines[NR] = $0 } END { print lines[int((NR + 1) / 2)] }' vals
--- stdout
k2 2
=== awk 'NR > 1 { print prev } { prev = $0 }' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'NR > 1 { print prev } { prev = $0 }' vals
--- stdout
k1 1
k2 2
=== awk '{ s = s ? s "|" $1 : $1 } END { print s }' vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ s = s ? s "|" $1 : $1 } END { print s }' vals
--- stdout
k1|k2|k3
=== awk 'BEGIN { print length(ENVIRON) > 0 }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN { print length(ENVIRON) > 0 }'
--- stdout
=== awk '{ print NR ":" $0 }' vals vals
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ print NR ":" $0 }' vals vals
--- stdout
1:k1 1
2:k2 2
3:k3 3
4:k1 1
5:k2 2
6:k3 3
=== awk 'FNR == 1 { print "==", FILENAME }' vals keys
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'FNR == 1 { print "==", FILENAME }' vals keys
--- stdout
== vals
== keys
=== awk '{ $0 = tolower($0); print $1 }' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ $0 = tolower($0); print $1 }' data.txt
--- stdout
alice
bob
carol
dave
eve
=== awk 'BEGIN{ s = "a,b;c"; n = split(s, p, /[,;]/); for (i=1;i<=n;i++) pri
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk 'BEGIN{ s = "a,b;c"; n = split(s, p, /[,;]/); for (i=1;i<=n;i++) print i, p[i] }'
--- stdout
1 a
2 b
3 c
=== awk '{ printf "%3d%%\n", $2 }' data.txt
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
awk '{ printf "%3d%%\n", $2 }' data.txt
--- stdout
 30%
 25%
 35%
 40%
 28%
=== echo "5 apples" | awk '{ $1 *= 2 } 1'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo "5 apples" | awk '{ $1 *= 2 } 1'
--- stdout
10 apples
=== echo "a b c d" | awk '{ for (i = 2; i <= NF; i++) printf "%s ", $i; prin
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo "a b c d" | awk '{ for (i = 2; i <= NF; i++) printf "%s ", $i; print "" }'
--- stdout
b c d 
=== echo "  x  " | awk '{ gsub(/^ +| +$/, ""); print "[" $0 "]" }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo "  x  " | awk '{ gsub(/^ +| +$/, ""); print "[" $0 "]" }'
--- stdout
[x]
=== printf '3\n1\n2\n' | awk '{ a[NR] = $1 } END { n = asort(a); for (i = 1;
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
printf '3\n1\n2\n' | awk '{ a[NR] = $1 } END { n = asort(a); for (i = 1; i <= n; i++) print a[i] }'
--- stdout
1
2
3
=== echo "key=value" | awk -F= '{ print $2 }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo "key=value" | awk -F= '{ print $2 }'
--- stdout
value
=== echo "a:b:c" | awk 'BEGIN { FS = ":" } { print $NF }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo "a:b:c" | awk 'BEGIN { FS = ":" } { print $NF }'
--- stdout
c
=== printf 'x\ny\n' | awk 'BEGIN { getline first; print "first=" first } { p
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
printf 'x\ny\n' | awk 'BEGIN { getline first; print "first=" first } { print }'
--- stdout
first=x
y
=== echo test | awk '{ print > "/dev/stderr" }' 2>&1
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo test | awk '{ print > "/dev/stderr" }' 2>&1
--- stdout
test
=== echo 1 2 | awk '{ print $1 + $2, $1 $2, $1 - -$2 }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo 1 2 | awk '{ print $1 + $2, $1 $2, $1 - -$2 }'
--- stdout
3 12 3
=== echo | awk '{ print 1e-5, 1e5, 1e15, 1e16, 0.1 + 0.7, 17/7 }'
--- file data.txt
alice 30 NY 1200.50
bob 25 LA 800
carol 35 NY 1500.25
dave 40 SF 2000
eve 28 LA 950.75
--- file keys
k1 a
k3 c
--- file vals
k1 1
k2 2
k3 3
--- file crlf
x
y
--- file c2
a,b
1,2
3,4
1,5
--- file se
start
1
end
2
start
3
--- script
echo | awk '{ print 1e-5, 1e5, 1e15, 1e16, 0.1 + 0.7, 17/7 }'
--- stdout
1e-05 100000 1000000000000000 10000000000000000 0.8 2.42857
