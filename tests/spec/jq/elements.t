=== .[] | f over a top-level array: the outputs of each element in order
--- file users.json
[{"name":"a","x":3},{"name":"b","x":700001},
 {"name":"c","x":500001},{"name":"d","x":-1}]
--- script
jq -c '.[] | select(.x > 500000) | .name' users.json
jq -r '.[] | .name' users.json | tr -d '\n'; echo
--- stdout
"b"
"c"
abcd

=== . over a top-level array prints as the whole value would
--- file a.json
[1,{"a":[1,2,{"b":null}],"c":{}},"x\u00e9\n",[],{},true,-0.5,[[[]]]]
--- script
jq . a.json
jq -c . a.json
jq --tab . a.json | head -3
jq --indent 1 . a.json | head -4
jq -S -c '.' a.json
--- stdout
[
  1,
  {
    "a": [
      1,
      2,
      {
        "b": null
      }
    ],
    "c": {}
  },
  "xé\n",
  [],
  {},
  true,
  -0.5,
  [
    [
      []
    ]
  ]
]
[1,{"a":[1,2,{"b":null}],"c":{}},"xé\n",[],{},true,-0.5,[[[]]]]
[
	1,
	{
[
 1,
 {
  "a": [
[1,{"a":[1,2,{"b":null}],"c":{}},"xé\n",[],{},true,-0.5,[[[]]]]

=== empty arrays and several values in one file
--- file m.json
  [ ]  [1,
2] {"k":[3]} "s"
--- script
jq -c . m.json
jq -c '.[]' m.json 2>&1 >/dev/null
jq -c '.[]' m.json 2>/dev/null; echo "status $?"
--- stdout
[]
[1,2]
{"k":[3]}
"s"
jq: error (at m.json:2): Cannot iterate over string ("s")
1
2
[3]
status 5
--- vsh-only: jq 1.7's message quotes the value in parentheses (1.6: Cannot iterate over string "s")

=== a syntax error late in an array stops it before any output
--- file bad.json
[1, 2, 3, {"a": 1,}]
--- script
jq -c '.[]' bad.json 2>/dev/null | wc -l
jq . bad.json 2>/dev/null | wc -l
--- stdout
0
0

=== an error in one element ends that input after the earlier outputs
--- file e.json
[{"a":1},2,{"a":3}]
[{"a":4}]
--- script
jq -c '.[] | .a' e.json 2>/dev/null; echo "status $?"
--- stdout
1
4
status 5
--- vsh-only: jq 1.7 exits 5 after an error in any input (1.6 only looks at the last)

=== input inside .[] | f reads the inputs after the array
--- script
printf '[1,2] [3] [4]' | jq -c '.[] | [., input]'
printf '[1,2]\n[3]\n' | jq -c '.[] | input_line_number'
--- stdout
[1,[3]]
[2,[4]]
1
1
2

=== input_filename and -e over arrays read element by element
--- file a.json
[1,false]
--- file b.json
[null,2]
--- script
jq -c '.[] | [., input_filename]' a.json b.json
jq -e '.[]' a.json > /dev/null; echo "status $?"
jq -e '.' a.json > /dev/null; echo "status $?"
jq -e '.[]' b.json > /dev/null; echo "status $?"
--- stdout
[1,"a.json"]
[false,"a.json"]
[null,"b.json"]
[2,"b.json"]
status 1
status 0
status 0

=== a large array through a pipe
--- script
seq 1 30000 | jq -s -c . | jq '.[] | select(. % 10000 == 0)'
seq 1 30000 | jq -s -c . | jq . | tail -2
--- stdout
10000
20000
30000
  30000
]

=== .[] over an object still iterates its values
--- script
echo '{"a":1,"b":[2]}' | jq -c '.[]'
--- stdout
1
[2]
