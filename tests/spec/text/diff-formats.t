=== diff line formats print every line, each through its kind's format
--- file old.txt
apple
banana
cherry
--- file new.txt
apple
blueberry
cherry
date
--- script
diff --old-line-format='-%l;' --new-line-format='+%l;' --unchanged-line-format='=%l;' old.txt new.txt; echo " $?"
diff --line-format='%dn %L' old.txt new.txt
--- status: 1
--- stdout
=apple;-banana;+blueberry;=cherry;+date; 1
1 apple
2 banana
2 blueberry
3 cherry
4 date

=== diff formats: lines only in the first file, and equal files still shown
--- file a
one
two
three
--- file b
one
three
four
--- script
diff --new-line-format='' --unchanged-line-format='' a b
cp a c
diff --unchanged-line-format='same: %l
' a c; echo $?
--- stdout
two
same: one
same: two
same: three
0

=== diff group formats with line numbers and %c escapes
--- file a
1
2
5
--- file b
1
3
4
5
--- script
diff --changed-group-format="change %df-%dl to %dF-%dL:%c'\\012'%<%>" \
  --unchanged-group-format='' --old-line-format='< %l
' --new-line-format='> %l
' a b
diff --old-group-format='' --new-group-format='%dN added after line %de%c'\''\012'\''' \
  --changed-group-format='[%<]' --unchanged-group-format='{%=}' a b
echo
--- status: 0
--- stdout
change 2-2 to 2-3:
< 2
> 3
> 4
{1
}[2
]{5
}

=== diff -L names the sides; --strip-trailing-cr ignores CRLF line ends
--- script
printf 'a\r\nb\r\n' > dos.txt
printf 'a\nb\n' > unix.txt
diff -q dos.txt unix.txt; echo $?
diff --strip-trailing-cr dos.txt unix.txt; echo $?
printf 'a\nc\n' > other.txt
diff -u -L before -L after --strip-trailing-cr dos.txt other.txt | sed 's/^-/_/'
--- stdout
Files dos.txt and unix.txt differ
1
0
_-- before
+++ after
@@ -1,2 +1,2 @@
 a
_b
+c

=== diff -p and -F name the function line a hunk is in
--- script
printf 'int bar() {\n}\n\nint foo() {\n  x;\n  y;\n  z;\n  w;\n}\nstatic int baz(void)\n{\n  1\n  2\n  3\n  4\n  5\n}\n' > a.c
sed -e 's/  y;/  Y;/' -e 's/  4/  FOUR/' a.c > b.c
diff -up a.c b.c | grep '^@@'
diff -cp a.c b.c | grep '^\*\*\*\*\*'
diff -U1 -F '^static' -F 'x' a.c b.c | grep '^@@'
--- stdout
@@ -3,7 +3,7 @@ int bar() {
@@ -12,6 +12,6 @@ static int baz(void)
*************** int bar() {
*************** static int baz(void)
@@ -5,3 +5,3 @@
@@ -14,3 +14,3 @@ static int baz(void)
