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
