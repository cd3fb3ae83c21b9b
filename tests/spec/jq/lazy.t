=== generators are lazy
--- script
jq -n -c 'first(range(1e9)), [limit(3; repeat(1))], [limit(5; range(1e9))], (label $f | range(1e9) | ., break $f)'
jq -n -c 'first(inputs)' <<< '1 2 3'
--- stdout
0
[1,1,1]
[0,1,2,3,4]
0
1

=== an endless producer streams through jq
--- script
yes '{"a":1}' | jq -c '.a' | head -3
--- stdout
1
1
1

=== until and while run as loops
--- script
jq -n -c '[1 | while(. < 1000; . * 2)] | length, (0 | until(. >= 100000; . + 1))'
--- stdout
10
100000

=== deep input nesting is an error, not a crash
--- vsh-only: vsh's depth limit is jq 1.7's 10000 (jq 1.6 stops at 256)
--- script
jq -n -r '"[" * 20000 + "]" * 20000' > deep.json
jq -c length deep.json; echo "status $?"
--- stdout
status 5
--- stderr
jq: parse error: Exceeds depth limit for parsing at line 1, column 10001

=== endless recursion stops with a message
--- vsh-only: the limit and its message are vsh's
--- script
jq -n 'def f: 1 + f; f' 2>&1 | sed 's/(.*)//'; echo "status ${PIPESTATUS[0]}"
--- stdout
jq: error: recursion too deep 
status 5

=== --stream emits events as it reads, fromstream rebuilds
--- script
echo '{"a":[1,{"b":2}],"c":[]} 3 []' | jq -c --stream .
echo '[{"a":1},{"b":[2]}]' | jq -c --stream -n 'fromstream(1 | truncate_stream(inputs))'
--- stdout
[["a",0],1]
[["a",1,"b"],2]
[["a",1,"b"]]
[["a",1]]
[["c"],[]]
[["c"]]
[[],3]
[[],[]]
{"a":1}
{"b":[2]}
