=== nl numbers non-empty lines by default
--- script
printf 'a\n\nb\n' | nl
--- stdout
     1	a
       
     2	b
--- stderr
--- status: 0

=== nl -ba numbers all lines, -n formats
--- script
printf 'a\n\nb\n' | nl -ba -n ln; printf 'x\ny\n' | nl -n rz -w 3
--- stdout
1     	a
2     	
3     	b
001	x
002	y
--- stderr
--- status: 0

=== nl -s -v -i
--- script
printf 'a\nb\nc\n' | nl -s ': ' -v 10 -i 5; printf 'a\n' | nl -v -3
--- stdout
    10: a
    15: b
    20: c
    -3	a
--- stderr
--- status: 0

=== nl -bp numbers lines matching a regex
--- file in.txt
apple
banana
avocado
--- script
nl -b 'p^a' -w 2 in.txt
--- stdout
 1	apple
   banana
 2	avocado
--- stderr
--- status: 0

=== nl -l groups blank lines
--- script
printf 'a\n\n\n\n\nb\n' | nl -ba -l 2
--- stdout
     1	a
       
     2	
       
     3	
     4	b
--- stderr
--- status: 0

=== nl logical page sections reset numbering
--- script
printf 'a\n\\:\\:\\:\nh\n\\:\\:\nb\n\\:\nf\n' | nl -ha -fa; printf 'a\n\\:\\:\nb\n' | nl -p
--- stdout
     1	a

     1	h

     1	b

     1	f
     1	a

     2	b
--- stderr
--- status: 0

=== nl keeps a partial last line
--- script
printf 'a\nb' | nl; echo "|"
--- stdout
     1	a
     2	b
|
--- stderr
--- status: 0

=== nl option errors
--- script
nl -b x; nl -n x; nl -w 0 </dev/null; nl -v x; nl nope; echo "st=$?"
--- stdout
st=1
--- stderr
nl: invalid body numbering style: ‘x’
Try 'nl --help' for more information.
nl: invalid line numbering format: ‘x’
Try 'nl --help' for more information.
nl: invalid line number field width: ‘0’: Numerical result out of range
nl: invalid starting line number: ‘x’
nl: nope: No such file or directory
--- status: 0

=== nl numbers a last line without newline and gives it one; NUL bytes pass through
--- script
printf 'a\0b\nc' | nl | tr '\0' @
--- stdout
     1	a@b
     2	c
