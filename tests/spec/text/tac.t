=== tac reverses lines
--- file in.txt
one
two
three
--- script
tac in.txt
--- stdout
three
two
one
--- stderr
--- status: 0

=== tac with a last line lacking a newline
--- script
printf 'a\nb' | tac; echo "|"
--- stdout
ba
|
--- stderr
--- status: 0

=== tac -s uses a string separator
--- script
printf 'a,b,c,' | tac -s ,; echo
--- stdout
c,b,a,
--- stderr
--- status: 0

=== tac -b attaches the separator before
--- script
printf 'a\nb\nc\n' | tac -b; echo "|"
--- stdout


c
ba|
--- stderr
--- status: 0

=== tac -r -s with a regex separator
--- script
printf 'a1b22c3' | tac -r -s '[0-9]+'; echo; printf 'a1b22c3' | tac -b -r -s '[0-9]+'; echo
--- stdout
c32b2a1
32c21ba
--- stderr
--- status: 0

=== tac handles each file separately
--- file a
1
2
--- file b
x
y
--- script
tac a b
--- stdout
2
1
y
x
--- stderr
--- status: 0

=== tac on a missing file
--- script
tac nope; echo "st=$?"
--- stdout
st=1
--- stderr
tac: failed to open 'nope' for reading: No such file or directory
--- status: 0

=== tac bad option and help
--- script
tac --bogus; echo "st=$?"; tac --help | head -1
--- stdout
st=1
Usage: tac [OPTION]... [FILE]...
--- stderr
tac: unrecognized option '--bogus'
Try 'tac --help' for more information.
--- status: 0
