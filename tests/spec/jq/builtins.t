=== $__prog_args is not defined: a compile error, status 3
--- script
jq -n '$__prog_args'; echo "status $?"
--- stdout
status 3
--- stderr
jq: error: $__prog_args is not defined at <top-level>, line 1:
$__prog_args
jq: 1 compile error

=== get_search_list: the -L directories, existing ones made absolute
--- script
mkdir -p lib
jq -nc -L lib -L nosuch/../x 'get_search_list' | sed "s|$PWD|.|g"
jq -nc -Llib 'get_search_list | length'
--- stdout
["./lib","nosuch/../x"]
1

=== get_search_list without -L: jq 1.7's default list
--- script
jq -nc 'get_search_list'
--- stdout
["~/.jq","$ORIGIN/../lib/jq","$ORIGIN/../lib"]
--- vsh-only: jq 1.7's default list ends in $ORIGIN/../lib (1.6: $ORIGIN/lib)

=== get_prog_origin: the directory of the -f file, else the cwd
--- file sub/p.jq
get_prog_origin
--- script
jq -n -f sub/p.jq | sed "s|$PWD|.|g"
jq -n 'get_prog_origin' | sed "s|$PWD|.|g"
--- stdout
"./sub"
"."

=== ltrimstr and rtrimstr: what is not a string is an error
--- script
jq -nc '"abc" | [ltrimstr("a"), rtrimstr("c"), ltrimstr("x")]'
jq -nc '1 | ltrimstr("a")' 2>&1
jq -nc '"a" | rtrimstr(1)' 2>&1 || true
--- stdout
["bc","ab","abc"]
jq: error (at <unknown>): startswith() requires string inputs
jq: error (at <unknown>): endswith() requires string inputs
--- vsh-only: jq's test suite (#2969) makes a non-string an error; jq 1.6 and 1.7.1 return the input

=== splits with and without flags
--- script
jq -nc '"a1b22c" | [splits("[0-9]+")]'
jq -nc '"aXbxc" | [splits("x"; "i")]'
--- stdout
["a","b","c"]
["a","b","c"]

=== getpath: missing paths are null, a path through a scalar is an error
--- script
jq -nc '{"a":{"b":1}} | [getpath(["a","b"]), getpath(["x","y"])]'
jq -nc '{"a":{"b":1}} | getpath(["a","b","c"])' 2>/dev/null; echo "status $?"
--- stdout
[1,null]
status 5

=== $__loc__ gives the file and the line of the program
--- script
jq -nc '1 |
$__loc__'
--- stdout
{"file":"<top-level>","line":2}

=== -e: 1 when the last output is false or null, 4 when there is none
--- script
echo 'null' | jq -e . > /dev/null; echo "status $?"
echo '1 false' | jq -e . > /dev/null; echo "status $?"
echo '1' | jq -e empty; echo "status $?"
echo '1' | jq -e '.,true' > /dev/null; echo "status $?"
--- stdout
status 1
status 1
status 4
status 0

=== exit status 5 after a runtime error, 3 after a compile error, 2 for usage
--- script
echo 1 | jq 'error("x")' 2>/dev/null; echo "status $?"
jq -n '1 +' 2>/dev/null; echo "status $?"
jq -n --arg 2>/dev/null; echo "status $?"
--- stdout
status 5
status 3
status 2

=== an error says where the input was read
--- script
printf '1\n2\n' | jq 'if . == 2 then error("boom") else . end' 2>&1 >/dev/null
echo 7 | jq -n 'input | error("x")' 2>&1
jq -n '"y" | error' 2>&1 || true
--- stdout
jq: error (at <stdin>:2): boom
jq: error (at <stdin>:1): x
jq: error (at <unknown>): y

=== input and inputs read lazily
--- script
yes 1 | jq -n 'first(inputs)'
seq 5 | jq -c '[., input]' 2>/dev/null || true
--- stdout
1
[1,2]
[3,4]

=== limit(0; f) outputs nothing
--- script
jq -nc '[limit(0; 1, 2)], [limit(1; 1, 2)]'
--- stdout
[]
[1]
--- vsh-only: jq 1.7 fixed limit(0; f) (1.6 outputs the first value)

=== jq 1.7 builtins: toarray, pick, abs, trim, ltrim, rtrim, have_literal_numbers
--- script
jq -nc '[1,[2]] | toarray, (1 | toarray)'
jq -nc '{"a":1,"b":{"c":2,"d":3}} | pick(.b.c)'
jq -nc '[-1, 1.5, -0.5] | map(abs)'
jq -nc '"  a b  " | [trim, ltrim, rtrim]'
jq -n '1 | trim' 2>&1
jq -n 'have_literal_numbers'
--- stdout
[1,[2]]
[1]
{"b":{"c":2}}
[1,1.5,0.5]
["a b","a b  ","  a b"]
jq: error (at <unknown>): trim input must be a string
true
--- vsh-only: jq 1.7 builtins (the expectations are the jq 1.7 manual's)

=== @base32d decodes what @base32 encodes
--- script
jq -nr '"hello" | @base32, (@base32 | @base32d)'
--- stdout
NBSWY3DP
hello
--- vsh-only: @base32d is jq 1.7's

=== --raw-output0 ends each output with NUL and refuses a string holding one
--- script
jq -n --raw-output0 '"a", "b"' | od -c | head -1
jq -n --raw-output0 '"a\u0000b"' 2>&1; echo "status $?"
--- stdout
0000000   a  \0   b  \0
jq: error (at <unknown>): Cannot dump a string containing NUL with --raw-output0 option
status 5
--- vsh-only: --raw-output0 is jq 1.7's

=== big integer literals keep their text
--- script
echo '100000000000000000001' | jq .
jq -n '100000000000000000001, 100000000000000000001 + 0'
--- stdout
100000000000000000001
100000000000000000001
1e+20
--- vsh-only: jq 1.7 keeps a literal's text until arithmetic changes it (1.6 prints 1e+20)
