=== cat --show-ends marks each line end with $
--- script
printf 'a\nb\n' | cat --show-ends
--- stdout
a$
b$
--- stderr
--- status: 0

=== cat --show-tabs shows a tab as ^I
--- script
printf 'a\tb\n' | cat --show-tabs
--- stdout
a^Ib
--- stderr
--- status: 0

=== cat --show-nonprinting uses ^ and M- notation, except for tab and newline
--- script
printf 'a\001\177\tb\200\n' | cat --show-nonprinting
--- stdout
a^A^?	bM-^@
--- stderr
--- status: 0

=== cat --show-all is -vET, and a unique prefix selects a long option
--- script
printf 'x\ty\001\n' | cat --show-a
--- stdout
x^Iy^A$
--- stderr
--- status: 0

=== cat -e and -t combine -v with -E and -T
--- script
printf 'p\tq\n' | cat -e; printf 'p\tq\n' | cat -t
--- stdout
p	q$
p^Iq
--- stderr
--- status: 0

=== cat --number and --number-nonblank, --squeeze-blank
--- script
printf 'a\n\n\n\nb\n' | cat --number --squeeze-blank; printf 'a\n\nb\n' | cat --number-nonblank
--- stdout
     1	a
     2	
     3	b
     1	a

     2	b
--- stderr
--- status: 0

=== cat with an ambiguous long option lists the possibilities
--- script
cat --show </dev/null; echo "status $?"
--- stdout
status 1
--- stderr
cat: option '--show' is ambiguous; possibilities: '--show-nonprinting' '--show-ends' '--show-tabs' '--show-all'
Try 'cat --help' for more information.

=== cat with an unknown option
--- script
cat -x </dev/null; echo "status $?"
--- stdout
status 1
--- stderr
cat: invalid option -- 'x'
Try 'cat --help' for more information.
