=== dd copies a file
--- script
printf 'hello world\n' > f
dd if=f of=g status=none
cat g
--- stdout
hello world
--- stderr
--- status: 0

=== dd bs and count
--- script
printf 'hello world\n' > f
dd if=f bs=4 count=2 status=none; echo
--- stdout
hello wo
--- stderr
--- status: 0

=== dd skip and conv=ucase
--- script
printf 'hello world\n' > f
dd if=f bs=1 skip=6 conv=ucase status=none
--- stdout
WORLD
--- stderr
--- status: 0

=== dd conv=notrunc and seek
--- script
printf 'hello world\n' > f
printf XX | dd of=f conv=notrunc status=none
printf YY | dd of=f bs=1 seek=6 conv=notrunc status=none
cat f
--- stdout
XXllo YYrld
--- stderr
--- status: 0

=== dd reports records
--- script
printf 'hello world\n' > f
dd if=f of=g bs=5 2>&1 | head -2
printf abc | dd status=noxfer of=h
--- stdout
2+1 records in
2+1 records out
--- stderr
0+1 records in
0+1 records out
--- status: 0

=== dd errors
--- script
dd if=nope
dd bs=zz
echo status $?
--- stdout
status 1
--- stderr
dd: failed to open 'nope': No such file or directory
dd: invalid number: ‘zz’
--- status: 0

=== dd iflag=skip_bytes,count_bytes and oflag=seek_bytes,append
--- script
printf 'abcdefghij' > i; dd if=i iflag=skip_bytes skip=3 count=1 bs=4 status=none; echo; dd if=i iflag=count_bytes count=3 bs=2 status=noxfer; echo; dd if=i oflag=seek_bytes seek=3 of=o status=none bs=4; od -An -c o; cat i | dd iflag=skip_bytes,count_bytes skip=1 count=5 bs=3 status=none; echo; printf 'XY' > a; dd if=i of=a oflag=append conv=notrunc status=none; cat a; echo; dd if=i iflag=bogus; echo $?; dd if=i oflag=skip_bytes status=none; echo $?; dd if=i iflag=seek_bytes status=none; echo $?; dd if=i oflag=fullblock; echo $?; dd if=i iflag=fullblock,nocache status=none; echo
--- stdout
defg
abc
  \0  \0  \0   a   b   c   d   e   f   g   h   i   j
bcdef
XYabcdefghij
1
abcdefghij0
abcdefghij0
1
abcdefghij
--- stderr
1+1 records in
1+1 records out
dd: invalid input flag: ‘bogus’
Try 'dd --help' for more information.
dd: invalid output flag: ‘fullblock’
Try 'dd --help' for more information.

=== dd refuses a negative count or block size
--- script
echo hi > f
dd if=f count=-2; echo $?
dd if=f bs=-1; echo $?
--- stdout
1
1
--- stderr
dd: invalid number: ‘-2’
dd: invalid number: ‘-1’
