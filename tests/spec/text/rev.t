=== rev reverses each line
--- file in.txt
hello
abc def
--- script
rev in.txt
--- stdout
olleh
fed cba
--- stderr
--- status: 0

=== rev keeps UTF-8 characters whole
--- script
printf 'h\xc3\xa9llo w\xc3\xb6rld\n' | rev
--- stdout
dlröw olléh
--- stderr
--- status: 0

=== rev keeps a last line without newline
--- script
printf 'ab\ncd' | rev; echo "|"
--- stdout
ba
dc|
--- stderr
--- status: 0

=== rev reads several files and stdin
--- file a
12
--- script
echo xyz | rev a - a
--- stdout
21
21
--- stderr
rev: cannot open -: No such file or directory
--- status: 1

=== rev on a missing file reports and goes on
--- file a
12
--- script
rev nope a; echo "st=$?"
--- stdout
21
st=1
--- stderr
rev: cannot open nope: No such file or directory
--- status: 0

=== rev rejects unknown options
--- script
rev -q
--- stdout
--- stderr
rev: invalid option -- 'q'
Try 'rev --help' for more information.
--- status: 1

=== rev on empty lines and empty input
--- script
printf '\n\na\n' | rev; rev </dev/null; echo end
--- stdout


a
end
--- stderr
--- status: 0

=== rev: a NUL ends the line and its newline is lost (util-linux)
--- script
printf 'lin\000e 1\n\nline 3\n' | rev | od -c
printf 'ab\000cd\n' | rev | od -c
--- stdout
0000000   n   i   l  \n   3       e   n   i   l  \n
0000013
0000000   b   a
0000002
