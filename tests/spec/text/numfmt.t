=== numfmt --to=si rounds away from zero with one decimal below 10
--- script
numfmt --to=si -- 1000 1049 999 123456 9950 -1500 1000000
--- stdout
1.0K
1.1K
999
124K
10K
-1.5K
1.0M

=== numfmt --to=iec and iec-i
--- script
numfmt --to=iec 1024 1536 100000; numfmt --to=iec-i 2048 5000000
--- stdout
1.0K
1.5K
98K
2.0Ki
4.8Mi

=== numfmt --from si, iec, auto
--- script
numfmt --from=si 1K 1.5M; numfmt --from=iec 1K; numfmt --from=auto 1Ki 2M
--- stdout
1000
1500000
1024
1024
2000000

=== numfmt --round, --suffix and --padding
--- script
numfmt --round=down --to=si 1999; numfmt --round=nearest --to=si 1450
numfmt --to=si --suffix=B --padding=8 2000; numfmt --to=si --padding=-6 2000 | tr ' ' _
--- stdout
1.9K
1.5K
   2.0KB
2.0K__

=== numfmt --format sets width and precision
--- script
numfmt --format=%.3f 1234.5678; numfmt --format='[%-6f]' 42
numfmt --to=si --format=%.2f 123456; numfmt --format=%08.2f 3.14159
--- stdout
1234.568
[42    ]
123.46K
00003.15

=== numfmt --field, -d and auto-padding of blank-separated fields
--- script
echo "  1000 x  2000" | numfmt --to=si; echo "a:1000:2000" | numfmt -d: --to=si --field=2-
echo "1000 2000 3000" | numfmt --field=1,3 --to=si
--- stdout
  1.0K x  2000
a:1.0K:2.0K
1.0K 2000 3.0K

=== numfmt --header passes the first lines through
--- script
printf 'size\n1000\n2000\n' | numfmt --header --to=si
--- stdout
size
1.0K
2.0K

=== numfmt aborts on an invalid number by default
--- script
printf '1000\nabc\n2000\n' | numfmt --to=si
--- stdout
1.0K
--- stderr
numfmt: invalid number: ‘abc’
--- status: 2

=== numfmt --invalid modes
--- script
numfmt --invalid=ignore abc 12; echo "rc=$?"; numfmt --invalid=fail 1x 3 2>/dev/null; echo "rc=$?"
--- stdout
abc
12
rc=0
1x
3
rc=2

=== numfmt rejects bad suffixes and arguments
--- script
numfmt 1K; numfmt --from=auto 1KiB; numfmt --from=iec-i 1K; numfmt --padding=x 1; numfmt --format=%g 1
--- stderr
numfmt: rejecting suffix in input: ‘1K’ (consider using --from)
numfmt: invalid suffix in input ‘1KiB’: ‘B’
numfmt: missing 'i' suffix in input: ‘1K’ (e.g Ki/Mi/Gi)
numfmt: invalid padding value ‘x’
numfmt: invalid format ‘%g’, directive must be %[0]['][-][N][.][N]f
--- status: 1

=== numfmt --grouping (C locales group nothing) cannot be combined with --to
--- script
numfmt --grouping 1234567; numfmt --grouping --from=si 1K; numfmt --grouping --to=si 1500; echo st=$?
--- stdout
1234567
1000
st=1
--- stderr
numfmt: grouping cannot be combined with --to
--- status: 0
