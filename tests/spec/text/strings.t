=== strings prints runs of at least 4 printable bytes
--- script
printf 'ab\0hello world\001xyz\tabcd\n12345' > bin; strings bin
--- stdout
hello world
xyz	abcd
12345
--- stderr
--- status: 0

=== strings -n and the obsolete -N form
--- script
printf 'ab\0abc\0abcdef\0' > bin; strings -n 3 bin; strings -6 bin
--- stdout
abc
abcdef
abcdef
--- stderr
--- status: 0

=== strings -t prints offsets, -o is octal
--- script
printf 'ab\0hello world\001xyz\tabcd\n12345' > bin; strings -t x bin; strings -t d bin; strings -o bin
--- stdout
      3 hello world
      f xyz	abcd
     18 12345
      3 hello world
     15 xyz	abcd
     24 12345
      3 hello world
     17 xyz	abcd
     30 12345
--- stderr
--- status: 0

=== strings -f names the file
--- script
printf 'xx\0hello\0' > a; printf 'world' > b; strings -f a b
--- stdout
a: hello
b: world
--- stderr
--- status: 0

=== strings reads stdin and skips UTF-8 bytes by default
--- script
printf 'h\xc3\xa9llo w\xc3\xb6rld12\n' | strings
--- stdout
llo w
rld12
--- stderr
--- status: 0

=== strings -s separator and -w whitespace
--- script
printf 'abcd\nefgh\0ijkl' > bin; strings -s '|' bin; echo; strings -w bin
--- stdout
abcd|efgh|ijkl|
abcd
efgh
ijkl
--- stderr
--- status: 0

=== strings errors
--- script
strings nope; echo "st=$?"; strings -n 0 nope; echo "st=$?"
--- stdout
st=1
st=1
--- stderr
strings: 'nope': No such file
strings: invalid minimum string length 0
--- status: 0
