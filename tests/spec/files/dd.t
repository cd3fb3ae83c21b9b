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
