=== fmt fills a paragraph to 75 columns with least-cost breaks
--- file p
The quick brown fox jumps over the lazy dog. It was a bright cold day in April, and the clocks were striking thirteen.  Winston Smith, his chin nuzzled into his breast in an effort to escape the vile wind, slipped quickly through the glass doors of Victory Mansions, though not quickly enough to prevent a swirl of gritty dust from entering along with him.
--- script
fmt p
--- stdout
The quick brown fox jumps over the lazy dog. It was a bright cold day in
April, and the clocks were striking thirteen.  Winston Smith, his chin
nuzzled into his breast in an effort to escape the vile wind, slipped
quickly through the glass doors of Victory Mansions, though not quickly
enough to prevent a swirl of gritty dust from entering along with him.

=== fmt -w joins short lines; indentation changes start paragraphs
--- file p
  Indented paragraph here with
  several short lines that
  should be joined together into one.
Short.
--- script
fmt -w 40 p
--- stdout
  Indented paragraph here with several
  short lines that should be joined
  together into one.
Short.

=== fmt -s splits long lines without joining
--- script
printf 'one two three four five six seven\nshort\n' | fmt -s -w 15
--- stdout
one two three
four five
six seven
short

=== fmt -u makes spacing uniform
--- script
printf 'a  b.  c    d\ne\n' | fmt; printf 'a  b.  c    d\ne\n' | fmt -u
--- stdout
a  b.  c    d e
a b.  c d e

=== fmt -p reformats only prefixed lines
--- script
printf '# one two three\n# four five\nplain line\n' | fmt -p '#' -w 12
--- stdout
# one two
# three
# four five
plain line

=== fmt -t and -c keep the first line's indentation
--- script
printf 'aaa bbb ccc ddd eee fff\n' | fmt -t -w 12
printf '  crown first\n    second line goes here\n    third\n' | fmt -c -w 20
--- stdout
aaa bbb
   ccc ddd
   eee fff
  crown first
    second line
    goes here third

=== fmt keeps blank lines and accepts -WIDTH
--- script
printf 'a b c d\n\n\ne f\n' | fmt -3
--- stdout
a
b
c
d


e
f

=== fmt reports a missing file
--- script
fmt nope
--- stderr
fmt: cannot open 'nope' for reading: No such file or directory
--- status: 1

=== fmt writes blanks with tabs once the input had a tab
--- script
printf 'one two three\nfour five\n\tsix\tseven\n' > w
fmt w | od -c
fmt -w 10 w | od -c
printf '\t\tdeep indented text that is long enough to wrap\n  # a\ttab\n  # more\n' | fmt -w 20 | od -c
printf 'no tabs\n    here at all\n' | fmt -w 9 | od -c
--- stdout
0000000   o   n   e       t   w   o       t   h   r   e   e       f   o
0000020   u   r       f   i   v   e  \n  \t   s   i   x  \t   s   e   v
0000040   e   n  \n
0000043
0000000   o   n   e       t   w   o  \n   t   h   r   e   e  \n   f   o
0000020   u   r       f   i   v   e  \n  \t   s   i   x  \n  \t   s   e
0000040   v   e   n  \n
0000044
0000000  \t  \t   d   e   e   p  \n  \t  \t   i   n   d   e   n   t   e
0000020   d  \n  \t  \t   t   e   x   t  \n  \t  \t   t   h   a   t  \n
0000040  \t  \t   i   s  \n  \t  \t   l   o   n   g  \n  \t  \t   e   n
0000060   o   u   g   h  \n  \t  \t   t   o  \n  \t  \t   w   r   a   p
0000100  \n           #       a  \t   t   a   b       #       m   o   r
0000120   e  \n
0000122
0000000   n   o       t   a   b   s  \n                   h   e   r   e
0000020  \n                   a   t  \n                   a   l   l  \n
0000040

=== fmt -g sets the goal, and a width 10 beyond it when -w is not given
--- script
printf 'one two three four five six seven eight nine ten eleven twelve\n' > f; fmt -g 10 f; fmt -g 12 -w 30 f; fmt -w 30 -g 12 f; fmt -12 f
--- stdout
one two three
four five six
seven eight nine
ten eleven twelve
one two three four
five six seven
eight nine ten eleven twelve
one two three four
five six seven
eight nine ten eleven twelve
one two
three
four five
six seven
eight nine
ten eleven
twelve

=== fmt width and goal errors
--- script
echo a | fmt -g 80; echo $?; echo a | fmt -w 10 -g 20; echo $?; echo a | fmt -g x; echo $?; echo a | fmt -w 5000; echo $?; echo a | fmt -w 2500; echo $?; echo a | fmt -w ''; echo $?; echo a | fmt -w 0x10; echo $?; echo a | fmt -w 010; echo a | fmt -w 99999999999999999999999; echo $?; echo a | fmt -3000; echo $?
--- stdout
1
1
1
1
a
0
1
1
a
1
1
--- stderr
fmt: invalid width: ‘80’: Numerical result out of range
fmt: invalid width: ‘20’: Numerical result out of range
fmt: invalid width: ‘x’
fmt: invalid width: ‘5000’: Numerical result out of range
fmt: invalid width: ‘’
fmt: invalid width: ‘0x10’
fmt: invalid width: ‘99999999999999999999999’: Value too large for defined data type
fmt: invalid width: ‘3000’: Numerical result out of range

=== fmt writes a line of blanks as an empty line (a prefix stays)
--- script
printf 'one\n   \ntwo\n' | fmt | od -An -c
printf '# a\n#   \n# b\n' | fmt -p '#' | od -An -c
--- stdout
   o   n   e  \n  \n   t   w   o  \n
   #       a  \n   #  \n   #       b  \n
