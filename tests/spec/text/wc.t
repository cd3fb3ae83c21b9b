=== wc counts lines, words and bytes of a file
--- file f
hello world
foo bar baz
--- script
wc f; wc -l f; wc -w f; wc -c f
--- stdout
 2  5 24 f
2 f
5 f
24 f

=== wc on stdin pads to 7 columns, unless one count
--- script
printf 'a b\nc\n' | wc; printf 'a b\nc\n' | wc -l; printf 'a b\nc\n' | wc -lw
--- stdout
      2       3       6
2
      2       3

=== wc with several files prints a total
--- file a
one
--- file b
two three
four
--- script
wc a b; wc -l a b
--- stdout
 1  1  4 a
 2  3 15 b
 3  4 19 total
 1 a
 2 b
 3 total

=== wc -m counts characters and -L the widest line
--- script
printf 'h\xc3\xa9llo\n\xe6\x97\xa5\xe6\x9c\xac\n' | wc -m; printf 'ab\tc\n\xe6\x97\xa5\xe6\x9c\xac\n' | wc -L; printf 'a\xffb\n' | wc -mc
--- stdout
9
9
      3       4

=== wc words need a printable character
--- script
printf '\x01 a\x02b \xff c\n' | wc -w; printf 'a\xc2\xa0b  c\n' | wc -w
--- stdout
2
3

=== wc reports a missing file, still prints the others
--- file a
x y
--- script
wc a nosuch; echo "status $?"
--- stdout
1 2 4 a
1 2 4 total
status 1
--- stderr
wc: nosuch: No such file or directory

=== wc counts a last line without newline
--- script
printf 'a\nb' | wc -l; printf '' | wc
--- stdout
1
      0       0       0

=== wc reads - as stdin among files
--- file a
x
--- script
echo hi there | wc -w a -
--- stdout
      1 a
      2 -
      3 total

=== wc rejects unknown options
--- script
wc -x; echo "status $?"
--- stdout
status 1
--- stderr
wc: invalid option -- 'x'
Try 'wc --help' for more information.

=== wc sizes its columns from the files it could read, whichever failed
--- script
printf 'a b\nc\n' > f
wc nosuch f
--- stdout
2 3 6 f
2 3 6 total
--- stderr
wc: nosuch: No such file or directory
--- status: 1

=== wc --files0-from reads NUL-separated names (a file or stdin)
--- script
printf 'a b\nc\n' > x; printf 'hello\n' > y; printf 'x\0y\0' > names
wc --files0-from=names
printf 'x\0y' | wc -l --files0-from=-
wc --files0-from=/dev/null; echo "st $?"
wc --files0-from=names x; echo "st $?"
--- stdout
 2  3  6 x
 1  1  6 y
 3  4 12 total
2 x
1 y
3 total
st 0
st 1
--- stderr
wc: extra operand 'x'
file operands cannot be combined with --files0-from
Try 'wc --help' for more information.
