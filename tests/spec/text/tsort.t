=== tsort: an order consistent with the pairs
--- script
printf '3 1 1 2 5 4 4 2 a a\n' | tsort
printf 'a b a c a d b e c e\n' | tsort
printf 'q\tw\n\n  e r  \n' | tsort; printf '' | tsort; echo "[$?]"
--- stdout
3
5
a
1
4
2
a
d
c
b
e
e
q
r
w
[0]
--- status: 0

=== tsort: loops are reported, broken and the sort goes on
--- script
printf 'a b\nb c\nc a\nd e\n' | tsort 2>&1; echo "[$?]"
printf '1 2 2 3 3 1 3 4 4 2 2 5 5 1\n' | tsort 2>&1; echo "[$?]"
printf 'a b b a c d d c e f f g g e\n' > f; tsort f; echo "[$?]"
--- stdout
d
e
tsort: -: input contains a loop:
tsort: a
tsort: b
tsort: c
a
b
c
[1]
tsort: -: input contains a loop:
tsort: 4
tsort: 2
tsort: 3
4
tsort: -: input contains a loop:
tsort: 1
tsort: 2
tsort: 3
tsort: -: input contains a loop:
tsort: 1
tsort: 2
tsort: 5
1
2
5
3
[1]
a
b
c
d
e
f
g
[1]
--- stderr
tsort: f: input contains a loop:
tsort: a
tsort: b
tsort: f: input contains a loop:
tsort: c
tsort: d
tsort: f: input contains a loop:
tsort: e
tsort: f
tsort: g
--- status: 0

=== tsort: odd token count and operand errors
--- script
printf 'x y z' | tsort; echo "[$?]"; tsort nosuch; echo "[$?]"; tsort a b; echo "[$?]"
--- stdout
[1]
[1]
[1]
--- stderr
tsort: -: input contains an odd number of tokens
tsort: nosuch: No such file or directory
tsort: extra operand ‘b’
Try 'tsort --help' for more information.
--- status: 0
