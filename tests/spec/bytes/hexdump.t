=== canonical
--- script
printf 'hello world, this is a test of hexdump\n' | hexdump -C
--- stdout
00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  |hello world, thi|
00000010  73 20 69 73 20 61 20 74  65 73 74 20 6f 66 20 68  |s is a test of h|
00000020  65 78 64 75 6d 70 0a                              |exdump.|
00000027
--- stderr
--- status: 0

=== default words
--- script
printf 'hello world, this is a test\n' | hexdump; printf 'abc' | hexdump
--- stdout
0000000 6568 6c6c 206f 6f77 6c72 2c64 7420 6968
0000010 2073 7369 6120 7420 7365 0a74          
000001c
0000000 6261 0063                              
0000003
--- stderr
--- status: 0

=== repeated lines
--- script
printf '%048d' 0 | hexdump -C; printf '%048d' 0 | hexdump -v -C
--- stdout
00000000  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|
*
00000030
00000000  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|
00000010  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|
00000020  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|
00000030
--- stderr
--- status: 0

=== length and skip
--- script
printf 'hello world, this is a test\n' > f
hexdump -C -n 5 -s 3 f
--- stdout
00000003  6c 6f 20 77 6f                                    |lo wo|
00000008
--- stderr
--- status: 0

=== empty input
--- script
printf '' | hexdump -C; echo rc=$?
--- stdout
rc=0
--- stderr
--- status: 0

=== missing file
--- script
hexdump -C nofile; echo rc=$?
--- stdout
rc=1
--- stderr
hexdump: nofile: No such file or directory
hexdump: all input file arguments failed
--- status: 0

=== hexdump -e: units, repeats, blanks past the end, %_a %_A %_p %_u %_c
--- script
printf 'abcdefgh' > h8
hexdump -e '"%07.7_ax " 8/1 "%03o " "\n"' h8
hexdump -e '2/4 "%08x" "|\n"' h8
printf 'abcde' | hexdump -e '"%04_ax: " 4/1 "%02x " "\n"'
printf 'abcde' | hexdump -e '4/1 "%02x"' -e '" <\n"'
printf 'a\tb\0' | hexdump -e '4/1 "%_c " "\n"' -e '4/1 "%_u " "\n"'
printf 'ab' | hexdump -e '"%5.1s|%-3_p|%03o\n"'
printf 'abcdefgh' | hexdump -e '"%08_Ax\n"' -e '8/1 "%02x" "\n"'
head -c 40 /dev/zero | hexdump -e '16/1 "%02x" "\n"'
printf '\xff\xfe' | hexdump -e '1/2 "%d\n"' -e '1/1 "%i\n"'
printf 'abcd' | hexdump -e '"%s\n"'; echo "rc=$?"
--- stdout
0000000 141 142 143 144 145 146 147 150
6463626168676665|
0000: 61 62 63 64
0004: 65         
61626364 <
65       <
a \t b \0
a ht b nul
    a|b  |   
6162636465666768
00000008
00000000000000000000000000000000
*
0000000000000000                
-257
-1
rc=1
--- stderr
hexdump: %s requires a precision or a byte count

=== hexdump -f reads formats from a file, one per line
--- script
printf '"%%08.8_ax  " 8/1 "%%02x " "  " 8/1 "%%02x "\n"  |" 16/1 "%%_p" "|\\n"\n' > fmt
printf 'hello world, this is hexdump -f\n' | hexdump -f fmt
--- stdout
00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  |hello world, thi|
00000010  73 20 69 73 20 68 65 78  64 75 6d 70 20 2d 66 0a  |s is hexdump -f.|

=== hexdump %_u shows bytes past ASCII in hex
--- script
printf '\x80\x7f\x41\xff' | hexdump -e '4/1 " %3_u" "\n"'
printf '\x80\xff' | hexdump -e '2/1 "%-4_u" "|\n"'
--- stdout
  80 del   A  ff
80  ff  |
--- status: 0

=== hexdump -b -c -d -o -x use util-linux's formats
--- script
printf 'hello\tworld\n\x80\x00abcdefghijklmnopq' > hx
for o in -b -c -d -o -x -bc '-c -n 5' '-x -s 3' --one-byte-char; do echo "== hexdump $o"; hexdump $o hx; echo st=$?; done
--- stdout
== hexdump -b
0000000 150 145 154 154 157 011 167 157 162 154 144 012 200 000 141 142
0000010 143 144 145 146 147 150 151 152 153 154 155 156 157 160 161    
000001f
st=0
== hexdump -c
0000000   h   e   l   l   o  \t   w   o   r   l   d  \n 200  \0   a   b
0000010   c   d   e   f   g   h   i   j   k   l   m   n   o   p   q    
000001f
st=0
== hexdump -d
0000000   25960   27756   02415   28535   27762   02660   00128   25185
0000010   25699   26213   26727   27241   27755   28269   28783   00113
000001f
st=0
== hexdump -o
0000000  062550  066154  004557  067567  066162  005144  000200  061141
0000010  062143  063145  064147  065151  066153  067155  070157  000161
000001f
st=0
== hexdump -x
0000000    6568    6c6c    096f    6f77    6c72    0a64    0080    6261
0000010    6463    6665    6867    6a69    6c6b    6e6d    706f    0071
000001f
st=0
== hexdump -bc
0000000 150 145 154 154 157 011 167 157 162 154 144 012 200 000 141 142
0000000   h   e   l   l   o  \t   w   o   r   l   d  \n 200  \0   a   b
0000010 143 144 145 146 147 150 151 152 153 154 155 156 157 160 161    
0000010   c   d   e   f   g   h   i   j   k   l   m   n   o   p   q    
000001f
st=0
== hexdump -c -n 5
0000000   h   e   l   l   o                                            
0000005
st=0
== hexdump -x -s 3
0000003    6f6c    7709    726f    646c    800a    6100    6362    6564
0000013    6766    6968    6b6a    6d6c    6f6e    7170                
000001f
st=0
== hexdump --one-byte-char
0000000   h   e   l   l   o  \t   w   o   r   l   d  \n 200  \0   a   b
0000010   c   d   e   f   g   h   i   j   k   l   m   n   o   p   q    
000001f
st=0
--- status: 0
