=== default dump
--- script
printf 'hello world, this is a test of xxd!\n' | xxd
--- stdout
00000000: 6865 6c6c 6f20 776f 726c 642c 2074 6869  hello world, thi
00000010: 7320 6973 2061 2074 6573 7420 6f66 2078  s is a test of x
00000020: 7864 210a                                xd!.
--- stderr
--- status: 0

=== plain, upper case, length and seek
--- script
printf 'hello world, this is a test of xxd!\n' > f
xxd -p f; xxd -u -l 5 f; xxd -s 4 -l 8 f
--- stdout
68656c6c6f20776f726c642c207468697320697320612074657374206f66
20787864210a
00000000: 6865 6C6C 6F                             hello
00000004: 6f20 776f 726c 642c                      o world,
--- stderr
--- status: 0

=== columns and groups
--- script
printf 'hello world, this is a test of xxd!\n' > f
xxd -g1 -c8 f; xxd -g4 f; xxd -g0 f
--- stdout
00000000: 68 65 6c 6c 6f 20 77 6f  hello wo
00000008: 72 6c 64 2c 20 74 68 69  rld, thi
00000010: 73 20 69 73 20 61 20 74  s is a t
00000018: 65 73 74 20 6f 66 20 78  est of x
00000020: 78 64 21 0a              xd!.
00000000: 68656c6c 6f20776f 726c642c 20746869  hello world, thi
00000010: 73206973 20612074 65737420 6f662078  s is a test of x
00000020: 7864210a                             xd!.
00000000: 68656c6c6f20776f726c642c20746869  hello world, thi
00000010: 7320697320612074657374206f662078  s is a test of x
00000020: 7864210a                          xd!.
--- stderr
--- status: 0

=== C include style
--- script
printf 'hello world, this is a test of xxd!\n' > x.txt
xxd -i x.txt; printf 'ab' | xxd -i
--- stdout
unsigned char x_txt[] = {
  0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0x2c,
  0x20, 0x74, 0x68, 0x69, 0x73, 0x20, 0x69, 0x73, 0x20, 0x61, 0x20, 0x74,
  0x65, 0x73, 0x74, 0x20, 0x6f, 0x66, 0x20, 0x78, 0x78, 0x64, 0x21, 0x0a
};
unsigned int x_txt_len = 36;
  0x61, 0x62
--- stderr
--- status: 0

=== reverse
--- script
printf 'hello world\000\377\n' > f
xxd f | xxd -r | od -c; xxd -p f | xxd -r -p | od -c
echo '48656c6c6f0a' | xxd -r -p
--- stdout
0000000   h   e   l   l   o       w   o   r   l   d  \0 377  \n
0000016
0000000   h   e   l   l   o       w   o   r   l   d  \0 377  \n
0000016
Hello
--- stderr
--- status: 0

=== non-printable bytes
--- script
printf '\200\377\001abc' | xxd
--- stdout
00000000: 80ff 0161 6263                           ...abc
--- stderr
--- status: 0

=== output file
--- script
printf 'abc' > f; xxd f out.hex; cat out.hex
--- stdout
00000000: 6162 63                                  abc
--- stderr
--- status: 0

=== xxd -r -p skips blanks, drops a lone nibble at a bad character, and the rest of a line after two
--- script
printf '30 !31 !!32\n' | xxd -p -r; echo
printf '33 3!4 3!!5\n36\n' | xxd -p -r; echo
printf '!!31\n30\n!!!31\n32\n' | xxd -p -r; echo
--- stdout
01
3C6
102
--- status: 0

=== xxd -r skips blanks before the offset
--- script
printf '   00000000: 3031 3233  0123\n\t00000004: 40    @\n' | xxd -r; echo
--- stdout
0123@
--- status: 0

=== xxd -b dumps binary digits, six bytes a line
--- script
printf 'hello world!\x80' | xxd -b
printf 'ab' | xxd -b -c 3
printf 'abc' | xxd -b -g 2
printf 'abcdefgh' | xxd -bits -c 4 -s 2
--- stdout
00000000: 01101000 01100101 01101100 01101100 01101111 00100000  hello 
00000006: 01110111 01101111 01110010 01101100 01100100 00100001  world!
0000000c: 10000000                                               .
00000000: 01100001 01100010           ab
00000000: 0110000101100010 01100011                           abc
00000002: 01100011 01100100 01100101 01100110  cdef
00000006: 01100111 01101000                    gh
--- status: 0

=== xxd -o shifts the offsets shown, -d shows them in decimal, -c0 is the default
--- script
printf 'this is some text\n' > f
xxd -o 0x8000 f
xxd -d -s 4 f
xxd -pc0 f
xxd -ps -c 4 f | head -n 2
--- stdout
00008000: 7468 6973 2069 7320 736f 6d65 2074 6578  this is some tex
00008010: 740a                                     t.
00000004: 2069 7320 736f 6d65 2074 6578 740a        is some text.
7468697320697320736f6d6520746578740a
74686973
20697320

=== xxd -r reads at most -c bytes from a line
--- script
printf '0000: 40404040404040404040404040404040404040404040\n' | xxd -r; echo
seq 30 | xxd -c 20 | xxd -r -c 20 | tail -n 2
--- stdout
@@@@@@@@@@@@@@@@
29
30
