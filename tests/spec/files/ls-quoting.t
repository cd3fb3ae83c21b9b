=== ls quoting styles, -Q -b -N -q and QUOTING_STYLE
--- script
touch 'a b' "a'b" $'a\nb' $'a\tb' 'a"b' 'a\b' 'é' $'\x80x' plain '#x' 'x#' "it's \$x" $'\x7f' '~a' 'a~' 'a=b'
for s in literal shell shell-always shell-escape shell-escape-always c c-maybe escape locale clocale; do echo "== $s"; ls --quoting-style=$s; done
for o in -Q -b -N -q -bq -Qq -qN '-q --quoting-style=c' '-b --quoting-style=shell' '-q --quoting-style=shell' '-Q -N'; do echo "== $o"; ls $o; done
QUOTING_STYLE=c ls plain; QUOTING_STYLE=bad ls plain; QUOTING_STYLE=shell ls -N 'a b'
ls --quoting-style=bad; echo $?
ls -C --quoting-style=shell-escape 'a b' plain; ls -x -Q 'a b' plain; ls -m -Q 'a b' plain
ln -s 'a b' lnk; ls -go --time-style=+T --quoting-style=shell-escape "a b" plain lnk
mkdir 'd d'; touch 'd d/x y'; ls --quoting-style=shell-escape 'd d' plain; ls -R -Q 'd d'
--- stdout
== literal
#x
a	b
a
b
a b
a"b
a'b
a=b
a\b
a~
it's $x
plain
x#
~a

�x
é
== shell
'#x'
'a	b'
'a
b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
a~
'it'\''s $x'
plain
x#
'~a'

�x
é
== shell-always
'#x'
'a	b'
'a
b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
'a~'
'it'\''s $x'
'plain'
'x#'
'~a'
''
'�x'
'é'
== shell-escape
'#x'
'a'$'\t''b'
'a'$'\n''b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
a~
'it'\''s $x'
plain
x#
'~a'
''$'\177'
''$'\200''x'
é
== shell-escape-always
'#x'
'a'$'\t''b'
'a'$'\n''b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
'a~'
'it'\''s $x'
'plain'
'x#'
'~a'
''$'\177'
''$'\200''x'
'é'
== c
"#x"
"a\tb"
"a\nb"
"a b"
"a\"b"
"a'b"
"a=b"
"a\\b"
"a~"
"it's $x"
"plain"
"x#"
"~a"
"\177"
"\200x"
"é"
== c-maybe
#x
"a\tb"
"a\nb"
a b
"a\"b"
a'b
a=b
a\b
a~
it's $x
plain
x#
~a
"\177"
"\200x"
é
== escape
#x
a\tb
a\nb
a\ b
a"b
a'b
a=b
a\\b
a~
it's\ $x
plain
x#
~a
\177
\200x
é
== locale
‘#x’
‘a\tb’
‘a\nb’
‘a b’
‘a"b’
‘a'b’
‘a=b’
‘a\\b’
‘a~’
‘it's $x’
‘plain’
‘x#’
‘~a’
‘\177’
‘\200x’
‘é’
== clocale
‘#x’
‘a\tb’
‘a\nb’
‘a b’
‘a"b’
‘a'b’
‘a=b’
‘a\\b’
‘a~’
‘it's $x’
‘plain’
‘x#’
‘~a’
‘\177’
‘\200x’
‘é’
== -Q
"#x"
"a\tb"
"a\nb"
"a b"
"a\"b"
"a'b"
"a=b"
"a\\b"
"a~"
"it's $x"
"plain"
"x#"
"~a"
"\177"
"\200x"
"é"
== -b
#x
a\tb
a\nb
a\ b
a"b
a'b
a=b
a\\b
a~
it's\ $x
plain
x#
~a
\177
\200x
é
== -N
#x
a	b
a
b
a b
a"b
a'b
a=b
a\b
a~
it's $x
plain
x#
~a

�x
é
== -q
#x
a?b
a?b
a b
a"b
a'b
a=b
a\b
a~
it's $x
plain
x#
~a
?
?x
é
== -bq
#x
a\tb
a\nb
a\ b
a"b
a'b
a=b
a\\b
a~
it's\ $x
plain
x#
~a
\177
\200x
é
== -Qq
"#x"
"a\tb"
"a\nb"
"a b"
"a\"b"
"a'b"
"a=b"
"a\\b"
"a~"
"it's $x"
"plain"
"x#"
"~a"
"\177"
"\200x"
"é"
== -qN
#x
a?b
a?b
a b
a"b
a'b
a=b
a\b
a~
it's $x
plain
x#
~a
?
?x
é
== -q --quoting-style=c
"#x"
"a\tb"
"a\nb"
"a b"
"a\"b"
"a'b"
"a=b"
"a\\b"
"a~"
"it's $x"
"plain"
"x#"
"~a"
"\177"
"\200x"
"é"
== -b --quoting-style=shell
'#x'
'a	b'
'a
b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
a~
'it'\''s $x'
plain
x#
'~a'

�x
é
== -q --quoting-style=shell
'#x'
'a?b'
'a?b'
'a b'
'a"b'
"a'b"
'a=b'
'a\b'
a~
'it'\''s $x'
plain
x#
'~a'
?
?x
é
== -Q -N
#x
a	b
a
b
a b
a"b
a'b
a=b
a\b
a~
it's $x
plain
x#
~a

�x
é
"plain"
plain
a b
1
'a b'   plain
"a b"  "plain"
"a b", "plain"
-rw-r--r-- 1 0 T 'a b'
lrwxrwxrwx 1 3 T  lnk -> 'a b'
-rw-r--r-- 1 0 T  plain
plain

'd d':
'x y'
"d d":
"x y"
--- stderr
ls: ignoring invalid value of environment variable QUOTING_STYLE: ‘bad’
ls: invalid argument ‘bad’ for ‘--quoting-style’
Valid arguments are:
  - ‘literal’
  - ‘shell’
  - ‘shell-always’
  - ‘shell-escape’
  - ‘shell-escape-always’
  - ‘c’
  - ‘c-maybe’
  - ‘escape’
  - ‘locale’
  - ‘clocale’
Try 'ls --help' for more information.
--- status: 0
