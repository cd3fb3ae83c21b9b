=== expand converts tabs to 8-column stops
--- script
printf 'a\tb\tc\n\tx\n' | expand
--- stdout
a       b       c
        x
--- stderr
--- status: 0

=== expand -t N and the obsolete -N form
--- script
printf 'a\tb\tc\n' | expand -t 4; printf 'ab\tc\n' | expand -3
--- stdout
a   b   c
ab c
--- stderr
--- status: 0

=== expand -t with a list, blanks past the last stop
--- script
printf 'a\tb\tc\td\n' | expand -t 2,5; printf 'a\tb\tc\td\te\n' | expand -t '2 5 /4'; printf 'a\tb\tc\td\n' | expand -t 3,+5
--- stdout
a b  c d
a b  c  d   e
a  b    c    d
--- stderr
--- status: 0

=== expand -i only converts leading tabs
--- script
printf '\t\ta\tb\n' | expand -i -t2
--- stdout
    a	b
--- stderr
--- status: 0

=== expand tab list errors
--- script
expand -t 3,1 </dev/null; echo "st=$?"; expand -t a </dev/null; echo "st=$?"; expand -t 0 </dev/null; echo "st=$?"
--- stdout
st=1
st=1
st=1
--- stderr
expand: tab sizes must be ascending
expand: tab size contains invalid character(s): ‘a’
expand: tab size cannot be 0
--- status: 0

=== expand backspace and a missing file
--- script
printf 'ab\b\tc\n' | expand; expand nope; echo "st=$?"
--- stdout
ab       c
st=1
--- stderr
expand: nope: No such file or directory
--- status: 0

=== unexpand converts leading blanks
--- script
printf '                a       b\n' | unexpand
--- stdout
		a       b
--- stderr
--- status: 0

=== unexpand -a converts all blanks
--- script
printf 'abc     def     g  h\n' | unexpand -a; printf 'abc     def\n' | unexpand -t 4
--- stdout
abc	def	g  h
abc		def
--- stderr
--- status: 0

=== unexpand --first-only and single blanks
--- script
printf '        a       b\n' | unexpand --first-only -t 8; printf 'abcdefg h\n' | unexpand -a
--- stdout
	a       b
abcdefg h
--- stderr
--- status: 0

=== unexpand with a tab list
--- script
printf '  a  b    c\n' | unexpand -t 2,4,8
--- stdout
	a	 b	  c
--- stderr
--- status: 0
