=== pretty printing is jq's layout
--- file in.json
{"a":1,"b":[1,2,{"c":null,"d":"x"}],"e":{},"f":[]}
--- script
jq . in.json
--- stdout
{
  "a": 1,
  "b": [
    1,
    2,
    {
      "c": null,
      "d": "x"
    }
  ],
  "e": {},
  "f": []
}

=== -c compact output
--- file in.json
{"a" : 1, "b" : [1, 2]}
--- script
jq -c . in.json
--- stdout
{"a":1,"b":[1,2]}

=== --tab and --indent
--- script
echo '{"a":[1]}' | jq --tab .
echo '{"a":[1]}' | jq --indent 3 .
echo '{"a":[1]}' | jq --indent 0 .
--- stdout
{
	"a": [
		1
	]
}
{
   "a": [
      1
   ]
}
{"a":[1]}

=== -r -j and -a
--- script
echo '"x\ty" "é" 1' | jq -r .
echo '"a" "b" 3' | jq -j .; echo
echo '"é☆😀"' | jq -a .
--- stdout
x	y
é
1
ab3
"\u00e9\u2606\ud83d\ude00"

=== -S sorts keys at every level
--- script
echo '{"b":1,"a":{"d":2,"c":3}}' | jq -S -c .
--- stdout
{"a":{"c":3,"d":2},"b":1}

=== -n -s and -R
--- script
jq -n '1+1'
printf '1 2\n3' | jq -s -c .
printf 'a\nb\n' | jq -R .
printf 'a\nb\n' | jq -Rs .
printf 'a\nb' | jq -nR '[inputs]' -c
--- stdout
2
[1,2,3]
"a"
"b"
"a\nb\n"
["a","b"]

=== --arg --argjson and $ARGS
--- script
jq -n -c --arg x 1 --argjson y '{"z":2}' '[$x, $y, $ARGS.named]'
jq -n -c '$ARGS' --args a b
jq -n -c '$ARGS.positional' --jsonargs 1 '{"a":2}'
--- stdout
["1",{"z":2},{"x":"1","y":{"z":2}}]
{"positional":["a","b"],"named":{}}
[1,{"a":2}]

=== --slurpfile --rawfile and -f
--- file a.json
1 [2]
--- file raw.txt
hello
--- file prog.jq
# a comment
[$a, $r]
--- script
jq -n -c --slurpfile a a.json --rawfile r raw.txt -f prog.jq
--- stdout
[[1,[2]],"hello\n"]

=== -e exit status from the last output
--- script
echo 'null' | jq -e .; echo "status $?"
echo 'false' | jq -e .; echo "status $?"
echo '1' | jq -e .; echo "status $?"
echo '1' | jq -e empty; echo "status $?"
--- stdout
null
status 1
false
status 1
1
status 0
status 4

=== a runtime error goes to stderr with status 5, the next input still runs
--- vsh-only: jq 1.7 exits 5 after an error in any input (1.6 only looks at the last)
--- script
printf '1\n"x"\n3\n' | jq '. + 1'; echo "status $?"
--- stdout
2
4
status 5
--- stderr
jq: error (at <stdin>:2): string ("x") and number (1) cannot be added

=== error with a non-string value
--- script
jq -n '{a:1} | error'; echo "status $?"
--- stdout
status 5
--- stderr
jq: error (at <unknown>) (not a string): {"a":1}

=== an unknown function is a compile error, status 3
--- script
jq -n 'foo(1)'; echo "status $?"
--- stdout
status 3
--- stderr
jq: error: foo/1 is not defined at <top-level>, line 1:
foo(1)
jq: 1 compile error

=== no program: `.` when stdin is not a terminal
--- script
echo '{"a":1}' | jq -c; echo "status $?"
--- stdout
{"a":1}
status 0

=== an unknown option is a usage error, status 2
--- script
jq --frobnicate . > /dev/null 2>&1; echo "status $?"
--- stdout
status 2

=== --seq writes a record separator before each output
--- script
jq -n -c --seq '1,[2]' | od -c | head -1
--- stdout
0000000 036   1  \n 036   [   2   ]  \n

=== files are read in order as one stream
--- file a.json
1
--- file b.json
2 3
--- script
jq -c '. * 10' a.json b.json
--- stdout
10
20
30

=== invalid JSON input: "jq: parse error", status 5, later input not read
--- vsh-only: jq 1.7 prefixes "jq: " and exits 5 (1.6 prints "parse error:" and exits 2)
--- script
printf '1\n{"a" 1}\n2\n' | jq -c .; echo "status $?"
--- stdout
1
status 5
--- stderr
jq: parse error: Expected separator between values at line 2, column 7

=== an exponent beyond decNumber's range is the double, never an overflow
--- script
jq -n '1e9223372036854775807, 1.5e-1000000000'
echo '[1e99999999999999999999]' | jq -c .
--- stdout
1.7976931348623157e+308
0
[1.7976931348623157e+308]

=== -f is a flag: the first operand is the file holding the program
--- file p.jq
.a
--- file in.json
{"a":5}
--- script
jq -f p.jq in.json
jq -cf p.jq in.json
jq -fc p.jq in.json
jq -nf p.jq
jq --from-file p.jq in.json
jq . -f p.jq 2>/dev/null; echo "status $?"
--- stdout
5
5
5
null
5
status 2

=== an option error is followed by jq's two "Use jq --help" lines, status 2
--- script
jq --bogus . 2>&1 | wc -l
jq -n -x . 2>&1 | wc -l
jq -n --indent 9 . 2>&1 | wc -l
jq -n --indent 2>&1 | wc -l
jq -n --arg a 2>&1 | wc -l
jq -n --argjson a '{' '$a' 2>&1 | wc -l
jq -L 2>&1 | wc -l
jq -L 2>&1 | head -1
jq -n --bogus 2>&1 | tail -2 | cut -c1-49
jq -n --indent 9 . 2>/dev/null; echo "status $?"
--- stdout
3
3
3
3
3
3
3
-L takes a parameter: (e.g. -L /search/path or -L/search/path)
Use jq --help for help with command-line options,
or see the jq manpage, or online docs  at https:/
status 2

=== --indent reads its number as jq does: not a number is 0
--- script
jq -n --indent x '[1]'
jq -n --indent 1 '[1]'
--- stdout
[1]
[
 1
]

=== jq's own option language: whole long names only, "-" and no letter is an operand
--- script
jq -n . -1; echo "status $?"
jq -n --null-input=1 . 2>/dev/null; echo "status $?"
jq --nul . 2>/dev/null; echo "status $?"
jq -n --he 2>/dev/null; echo "status $?"
jq -n -c '$ARGS' --args a --jsonargs 1 --args b
--- stdout
null
status 0
status 2
status 2
status 2
{"positional":["a",1,"b"],"named":{}}
