=== rg searches the current directory recursively with path:line:text
--- vsh-only: ripgrep is not installed on the host
--- file src/main.py
import os
def main():
    pass
--- file src/util.py
def helper():
--- file README.md
main entry
--- script
rg 'def \w+'
--- stdout
src/main.py:2:def main():
src/util.py:1:def helper():

=== rg skips hidden files unless --hidden
--- vsh-only: ripgrep is not installed on the host
--- file .env
SECRET=1
--- file app.txt
SECRET=2
--- script
rg SECRET
echo --
rg --hidden SECRET
--- stdout
app.txt:1:SECRET=2
--
.env:1:SECRET=1
app.txt:1:SECRET=2

=== rg -g globs, -t types and explicit paths
--- vsh-only: ripgrep is not installed on the host
--- file a/x.js
todo js
--- file a/y.py
todo py
--- file a/z.txt
todo txt
--- script
rg -g '*.py' todo
rg -g '!*.py' -g '!*.js' todo
rg -t js todo a
rg todo a/z.txt
--- stdout
a/y.py:1:todo py
a/z.txt:1:todo txt
a/x.js:1:todo js
1:todo txt

=== rg -i -S -F -w -v -c -l -o
--- vsh-only: ripgrep is not installed on the host
--- file f.txt
Foo bar
foo.bar
foobar
--- script
rg -i FOO f.txt
echo --
rg -S foo f.txt
echo --
rg -S Foo f.txt
echo --
rg -F foo.bar f.txt
echo --
rg -w foo f.txt
echo --
rg -v -N bar f.txt; echo "status $?"
rg -c foo .
rg -l bar
rg -o 'o+b' f.txt
--- stdout
1:Foo bar
2:foo.bar
3:foobar
--
1:Foo bar
2:foo.bar
3:foobar
--
1:Foo bar
--
2:foo.bar
--
2:foo.bar
--
status 1
./f.txt:2
f.txt
3:oob

=== rg reads stdin when it is a pipe, exits 1 without a match
--- vsh-only: ripgrep is not installed on the host
--- script
printf 'alpha\nbeta\n' | rg -N et
printf 'alpha\n' | rg zzz; echo "status $?"
--- stdout
beta
status 1

=== rg context lines and --heading
--- vsh-only: ripgrep is not installed on the host
--- file a.txt
one
two
three
--- file b.txt
two
--- script
rg -C1 three a.txt
echo ==
rg --heading two
--- stdout
2-two
3:three
==
a.txt
2:two

b.txt
1:two

=== rg --files lists what a search would visit
--- vsh-only: ripgrep is not installed on the host
--- file src/a.rs
x
--- file .hidden
y
--- file b.txt
z
--- script
rg --files
rg --files -g '*.rs'
--- stdout
b.txt
src/a.rs
src/a.rs

=== rg refuses lookarounds unless -P, as ripgrep's default engine
--- vsh-only: ripgrep is not installed on the host
--- script
echo 'foo=bar' > f.txt
rg -o '(?<=foo=)\w+' f.txt; echo "rc=$?"
rg -oP '(?<=foo=)\w+' f.txt
--- stdout
rc=2
1:bar
--- stderr
rg: look-around, including look-ahead and look-behind, is not supported

=== rg prints "--" between context groups that do not touch, and between files
--- vsh-only: ripgrep is not installed on the host (ripgrep 14 prints the context separator between non-adjacent groups, and between files without --heading)
--- file x
a
foo
b
c
d
e
f
foo
g
--- file y
foo
--- script
rg -C1 foo x
echo ==
rg -B1 foo x y
echo ==
rg --heading -A1 foo x y
echo ==
rg -A1 --context-separator=XX foo x
echo ==
rg --no-context-separator -B1 foo x
echo ==
rg foo x y
--- stdout
1-a
2:foo
3-b
--
7-f
8:foo
9-g
==
x-1-a
x:2:foo
--
x-7-f
x:8:foo
--
y:1:foo
==
x
2:foo
3-b
--
8:foo
9-g

y
1:foo
==
2:foo
3-b
XX
8:foo
9-g
==
1-a
2:foo
7-f
8:foo
==
x:2:foo
x:8:foo
y:1:foo
