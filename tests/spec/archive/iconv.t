=== iconv UTF-8 to Latin-1, CP1252 and ISO-8859-15 and back
--- script
printf 'caf\xc3\xa9 \xe2\x82\xac\n' > u
printf 'caf\xc3\xa9\n' | iconv -f UTF-8 -t LATIN1 | od -An -tx1
iconv -f utf8 -t CP1252 u | od -An -tx1
iconv -f UTF-8 -t ISO-8859-15 u | od -An -tx1
iconv -f UTF-8 -t WINDOWS-1252 u | iconv -f cp1252 -t utf-8 | cmp - u && echo same
--- stdout
 63 61 66 e9 0a
 63 61 66 e9 20 80 0a
 63 61 66 e9 20 a4 0a
same
--- stderr
--- status: 0

=== iconv UTF-16 and UTF-32 write a little-endian BOM; LE/BE forms none
--- script
printf 'A\xc3\xa9\xf0\x9f\x98\x80' > u
iconv -f UTF-8 -t UTF-16 u | od -An -tx1
iconv -f UTF-8 -t UTF-16BE u | od -An -tx1
iconv -f UTF-8 -t UTF-32LE u | od -An -tx1
iconv -f UTF-8 -t UTF-32 u | od -An -tx1 | head -1
--- stdout
 ff fe 41 00 e9 00 3d d8 00 de
 00 41 00 e9 d8 3d de 00
 41 00 00 00 e9 00 00 00 00 f6 01 00
 ff fe 00 00 41 00 00 00 e9 00 00 00 00 f6 01 00
--- stderr
--- status: 0

=== iconv UTF-16 input: a BOM picks the byte order, none means LE
--- script
printf '\xfe\xff\x00h\x00i' | iconv -f UTF-16 -t UTF-8; echo
printf '\xff\xfeh\x00i\x00' | iconv -f UTF-16 -t UTF-8; echo
printf 'o\x00k\x00' | iconv -f UTF-16 -t UTF-8; echo
printf '\xff\xfeA\x00' | iconv -f UTF-16LE -t UTF-8 | od -An -tx1
printf 'x\xf0\x9f\x98\x80y' | iconv -t UTF-16 | iconv -f UTF-16 | od -An -tx1
--- stdout
hi
hi
ok
 ef bb bf 41
 78 f0 9f 98 80 79
--- stderr
--- status: 0

=== iconv stops at an unconvertible character with its byte position
--- script
printf 'caf\xc3\xa9 \xe2\x82\xac x\n' | iconv -f UTF-8 -t LATIN1 | od -An -tx1
echo "status ${PIPESTATUS[1]}"
printf 'ab\xffcd\n' | iconv -f UTF-8 -t UTF-16LE | od -An -tx1
printf 'caf\xc3\xa9\n' | iconv -f ASCII -t UTF-8; echo " $?"
--- stdout
 63 61 66 e9 20
status 1
 61 00 62 00
caf 1
--- stderr
iconv: illegal input sequence at position 6
iconv: illegal input sequence at position 2
iconv: illegal input sequence at position 3
--- status: 0

=== iconv -c and //IGNORE drop what does not convert, //TRANSLIT approximates
--- script
printf 'caf\xc3\xa9 \xe2\x82\xac \xe4\xb8\xad x\n' > u
iconv -c -f UTF-8 -t ASCII u; echo "status $?"
iconv -f UTF-8 -t ASCII//IGNORE u; echo "status $?"
iconv -f UTF-8 -t ASCII//TRANSLIT u
iconv -f UTF-8 -t LATIN1//TRANSLIT u | od -An -tx1
printf 'a\xffb\xc3' | iconv -c -f UTF-8 -t UTF-8 | od -An -tx1
--- stdout
caf   x
status 0
caf   x
status 1
cafe EUR ? x
 63 61 66 e9 20 45 55 52 20 3f 20 78 0a
 61 62
--- stderr
iconv: illegal input sequence at position 16
iconv: incomplete character or shift sequence at end of buffer
--- status: 0

=== iconv -o writes a file; a missing input is reported and skipped
--- script
printf 'h\xc3\xa9\n' > a
iconv -f UTF-8 -t UTF-16 -o out a nosuch a; echo "status $?"
od -An -tx1 out
iconv -l | grep -x 'UTF-8//'
--- stdout
status 1
 ff fe 68 00 e9 00 0a 00 ff fe 68 00 e9 00 0a 00
UTF-8//
--- stderr
iconv: cannot open input file `nosuch': No such file or directory
--- status: 0

=== iconv with an unknown character set fails
--- script
echo x | iconv -f NO-SUCH-SET -t UTF-8
--- status: 1
--- stderr-differs: glibc 2.36's iconv reports an unknown character set as 'failed to start conversion processing'; vsh keeps the clearer 'conversion from ... is not supported' of other glibc versions
--- stderr
iconv: failed to start conversion processing: No such file or directory
