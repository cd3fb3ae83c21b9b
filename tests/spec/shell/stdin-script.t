=== a script on a pipe: read takes the script's next line
--- script
printf 'read x\nhello\necho "got $x"\n' | bash
printf 'echo a; read q; echo "q=$q"\nQQ\nif true; then\n  read r\nfi\nRR\necho "r=$r"\n' | bash
printf 'while read l; do echo "line $l"; done\none\ntwo\n' | bash
printf 'f() {\n  read v\n  echo "v=$v"\n}\nf\nvalue\necho end\n' | bash
--- stdout
got hello
a
q=QQ
r=RR
line one
line two
v=value
end

=== a script on a pipe: here-documents, continuation lines, LINENO
--- script
printf 'cat <<EOF\nbody $((1+2))\nEOF\nread y\nyy\necho "$y $LINENO"\nnope\n' | bash 2>&1
echo "rc=$?"
printf 'echo a \\\nb\nread z; echo "z=$z"\nzz\n' | bash
printf 'echo start\nexit 3\necho rest\n' | { bash; echo "rc=$?"; cat; }
--- stdout
body 3
yy 5
bash: line 6: nope: command not found
rc=127
a b
z=zz
start
rc=3
echo rest

=== a script from a regular file: read and head take the lines after theirs
--- file script.sh
read x
hello
echo "got $x"
head -n 1
line1
echo "after head"
--- file data
h
1
2
--- script
bash < script.sh
bash --posix < script.sh
{ head -n 1; cat; } < data
{ head -c 2; echo; cat; } < data
--- stdout
got hello
line1
after head
got hello
line1
after head
h
1
2
h

1
2

=== a script on a pipe: head -c reads no more than it prints
--- script
printf 'head -c 3\nabcdef\necho; echo rest\n' | bash 2>&1
--- stdout
abcbash: line 2: def: command not found

rest

=== a long compound command runs once its last line is read
--- script
{
  echo 'if true; then'
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    echo "  : \"pad $i\" \$((i + 1))"
  done
  echo '  read x'
  echo 'fi'
  echo 'DATA'
  echo 'cat <<EOF'
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    echo "body $i ) } fi"
  done
  echo 'EOF'
  echo 'read y'
  echo 'YY'
  echo 'echo "x=$x y=$y"'
} | bash | tail -2
--- stdout
body 20 ) } fi
x=DATA y=YY
