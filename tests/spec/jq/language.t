=== paths, pipes, comma, construction
--- file in.json
{"users":[{"name":"a","age":30,"tags":["x","y"]},{"name":"b","age":20,"tags":[]}]}
--- script
jq -c '.users[] | {name, n: (.tags | length)}' in.json
jq -c '[.users[].name], (.users | map(.age) | add), .users[0].tags[-1]' in.json
jq -c '.users | map(select(.age > 25)) | .[].name' in.json
jq -r '.users[] | "\(.name) is \(.age)"' in.json
--- stdout
{"name":"a","n":2}
{"name":"b","n":0}
["a","b"]
50
"y"
"a"
a is 30
b is 20

=== optional access and alternatives
--- vsh-only: jq 1.7's // also takes the right side when the left one fails (1.6 reports the error)
--- script
jq -n -c '[1, "a", null] | map(.x?), (null | .a.b.c), ([] | first // "none"), (.a // .b // 3)'
--- stdout
[null]
null
"none"
3

=== update assignment on path expressions
--- script
jq -n -c '{a:{b:1},c:[1,2,3]} | .a.b |= . + 1 | .c[] *= 2 | .d = "x" | .a += {e:true} | del(.c[0])'
jq -n -c '[1,null,2] | .[] //= 0'
jq -n -c '{"a":[1,2]} | to_entries, (with_entries(.value |= length)), paths'
--- stdout
{"a":{"b":2,"e":true},"c":[4,6],"d":"x"}
[1,0,2]
[{"key":"a","value":[1,2]}]
{"a":2}
["a"]
["a",0]
["a",1]

=== reduce foreach label limit first last
--- script
jq -n -c 'reduce range(5) as $x (0; . + $x), [foreach range(5) as $x (0; . + $x)], [foreach (1,2,3) as $x (0; . + $x; [$x, .])]'
jq -n -c '[label $out | range(10) | if . == 3 then break $out else . end]'
jq -n -c '[limit(3; range(100))], first(range(5;10)), last(range(5)), nth(2; range(10)), [range(0;10;3)]'
--- stdout
10
[0,1,3,6,10]
[[1,1],[2,3],[3,6]]
[0,1,2]
[0,1,2]
5
4
2
[0,3,6,9]

=== functions, recursion, closures, destructuring
--- script
jq -n -c 'def f(g): [g, g]; def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; f(1,2), (10 | fac)'
jq -n -c 'def addvalue($v): map(. + $v); [1,2] | addvalue(10)'
jq -n -c '{"a":1,"b":[2,{"c":3}]} | . as {a: $x, b: [$y, {c: $z}]} | [$x, $y, $z]'
jq -n -c '[[1,2],[3,4]] | .[] as [$a, $b] | $a + $b'
--- stdout
[1,2,1,2]
3628800
[11,12]
[1,2,3]
3
7

=== builtins on arrays and objects
--- script
jq -n -c '[3,1,2,1] | sort, unique, (map(. * 2) | add), min, max, reverse, index(1), length'
jq -n -c '[{"a":2,"b":1},{"a":1,"b":2},{"a":2,"b":0}] | sort_by(.a), group_by(.a), unique_by(.a), min_by(.b), max_by(.b)'
jq -n -c '{"b":1,"a":2} | keys, keys_unsorted, has("a"), ([.[]] | add), (to_entries | from_entries)'
jq -n -c '[1,[2,[3,[4]]]] | flatten, flatten(1)'
jq -n -c '[1,2,3] | contains([1]), inside([1,2,3,4]), any(. > 2), all(. > 0), (indices(2))'
--- stdout
[1,1,2,3]
[1,2,3]
14
1
3
[1,2,1,3]
1
4
[{"a":1,"b":2},{"a":2,"b":1},{"a":2,"b":0}]
[[{"a":1,"b":2}],[{"a":2,"b":1},{"a":2,"b":0}]]
[{"a":1,"b":2},{"a":2,"b":1}]
{"a":2,"b":0}
{"a":1,"b":2}
["a","b"]
["b","a"]
true
3
{"b":1,"a":2}
[1,2,3,4]
[1,2,[3,[4]]]
true
true
true
true
[1]

=== strings and formats
--- script
jq -n -r '"a,b,c" | split(","), (split(",") | join("-")), ascii_upcase, ltrimstr("a,"), (explode | implode), test("B"; "i"), length'
jq -n -r '[1,"a b",null,true] | @csv, @tsv, @sh, @json, @text, @html' 2>&1
jq -n -r '"<&>" | @html, @uri, @base64, (@base64 | @base64d)'
jq -n -r '"x" | @base64 "v=\(.)"'
--- stdout
[
  "a",
  "b",
  "c"
]
a-b-c
A,B,C
b,c
a,b,c
true
5
1,"a b",,true
1	a b		true
1 'a b' null true
[1,"a b",null,true]
[1,"a b",null,true]
[1,&quot;a b&quot;,null,true]
&lt;&amp;&gt;
%3C%26%3E
PCY+
<&>
v=eA==

=== regular expressions
--- script
jq -n -c '"foo bar foo" | [match("foo"; "g").offset], test("bar"), [scan("o+")], sub("foo"; "X"), gsub("o"; "0"), [splits(" +")]'
jq -n -c '"xyz-123" | capture("(?<a>[a-z]+)-(?<n>[0-9]+)")'
--- stdout
[0,8]
true
["oo","oo"]
"X bar foo"
"f00 bar f00"
["foo","bar","foo"]
{"a":"xyz","n":"123"}

=== numbers print as jq prints them
--- vsh-only: jq 1.7 keeps a number literal's text (decNumber's form) until arithmetic changes it; 1.6 prints every number as a double
--- script
echo '[1.0, 1e1000, -0, 0.1, 1e17, 1e-5, 3.14159, 100000000000000000000, 1.5e300]' | jq -c '., map(. + 0)'
jq -n -c '[1/3, 2/3, 10/4, 1e15 + 0.5]'
--- stdout
[1.0,1E+1000,-0,0.1,1E+17,0.00001,3.14159,100000000000000000000,1.5E+300]
[1,1.7976931348623157e+308,0,0.1,1e+17,1e-05,3.14159,1e+20,1.5e+300]
[0.3333333333333333,0.6666666666666666,2.5,1000000000000000.5]

=== tostream fromstream and getpath
--- script
jq -n -c '{"a":[1,{"b":2}]} | [tostream], fromstream(tostream), [paths], [leaf_paths], getpath(["a",1,"b"])'
--- stdout
[[["a",0],1],[["a",1,"b"],2],[["a",1,"b"]],[["a",1]],[["a"]]]
{"a":[1,{"b":2}]}
[["a"],["a",0],["a",1],["a",1,"b"]]
[["a",0],["a",1,"b"]]
2

=== dates in UTC
--- script
jq -n -c '1425599507 | todate, gmtime, (gmtime | mktime), ("2015-03-05T23:51:47Z" | fromdate), strftime("%A %B %d %Y")'
--- stdout
"2015-03-05T23:51:47Z"
[2015,2,5,23,51,47,4,63]
1425599507
1425599507
"Thursday March 05 2015"

=== env, $ENV and input/inputs
--- script
X=1 jq -n -r 'env.X, $ENV.X'
printf '1 2 3' | jq -c '[., input]'
printf '1 2 3' | jq -n -c '[inputs]'
--- stdout
1
1
[1,2]
[1,2,3]
--- stderr-differs: jq 1.6 reports input past the last one as 'error (at <unknown>): break'; vsh says 'No more inputs'
--- stderr
jq: error (at <unknown>): break
