=== digests of abc
--- script
for s in md5sum sha1sum sha256sum sha512sum; do printf abc | $s; done
--- stdout
900150983cd24fb0d6963f7d28e17f72  -
a9993e364706816aba3e25717850c26c9cd0d89d  -
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -
ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -
--- stderr
--- status: 0

=== digests of empty input
--- script
for s in md5sum sha1sum sha256sum sha512sum; do $s < /dev/null; done
--- stdout
d41d8cd98f00b204e9800998ecf8427e  -
da39a3ee5e6b4b0d3255bfef95601890afd80709  -
e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -
cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e  -
--- stderr
--- status: 0

=== long input crosses blocks
--- script
i=0; s=; while [ $i -lt 300 ]; do s="$s$i,"; i=$((i+1)); done
printf '%s' "$s" | md5sum; printf '%s' "$s" | sha256sum; printf '%s' "$s" | sha512sum
--- stdout
93876fdcf0a3f171fc5e77c9d56a85a9  -
51531872eceef6e9cc08850cc9b9c427c7684920883471669d40696c041bfd15  -
f32f43d94d4bcc205c298ef6d00fb243fe18d74a75a925062226df0c6d84b6228b41e97bb76e4c48c1f58d29dead99977b9bde19eb3d139306ddb180051dcd38  -
--- stderr
--- status: 0

=== files, binary and tag formats
--- file a.txt
hello
--- file b.txt
world
--- script
md5sum a.txt b.txt
sha1sum -b a.txt
sha256sum --tag a.txt
sha512sum --tag b.txt
--- stdout
b1946ac92492d2347c6235b4d2611184  a.txt
591785b794601e212b260e25925636fd  b.txt
f572d396fae9206628714fb2ce00f72e94f2258f *a.txt
SHA256 (a.txt) = 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
SHA512 (b.txt) = e0494295cc1dfdd443d09f81913881a112745174778cc0c224ccc7137024fe41ddc73d909a7ea0f590f253a6a3c470cb9872b9e1ba06e61fbb7a5e9455eba6bb
--- stderr
--- status: 0

=== check mode
--- file a.txt
hello
--- file b.txt
world
--- script
md5sum a.txt b.txt > sums
md5sum -c sums
sha256sum --tag a.txt > tagged
sha256sum -c tagged
--- stdout
a.txt: OK
b.txt: OK
a.txt: OK
--- stderr
--- status: 0

=== check failures and warnings
--- file a.txt
hello
--- script
md5sum a.txt > sums
echo garbage >> sums
echo "00000000000000000000000000000000  a.txt" >> sums
echo "d41d8cd98f00b204e9800998ecf8427e  missing" >> sums
md5sum -c sums; echo rc=$?
md5sum -c --quiet sums; echo rc=$?
md5sum -c --status sums; echo rc=$?
--- stdout
a.txt: OK
a.txt: FAILED
missing: FAILED open or read
rc=1
a.txt: FAILED
missing: FAILED open or read
rc=1
rc=1
--- stderr
md5sum: missing: No such file or directory
md5sum: WARNING: 1 line is improperly formatted
md5sum: WARNING: 1 listed file could not be read
md5sum: WARNING: 1 computed checksum did NOT match
md5sum: missing: No such file or directory
md5sum: WARNING: 1 line is improperly formatted
md5sum: WARNING: 1 listed file could not be read
md5sum: WARNING: 1 computed checksum did NOT match
md5sum: missing: No such file or directory
--- status: 0

=== no properly formatted lines
--- script
echo junk > j
md5sum -c j; echo rc=$?
--- stdout
rc=1
--- stderr
md5sum: j: no properly formatted checksum lines found
--- status: 0

=== missing file
--- script
sha1sum nofile; echo rc=$?
--- stdout
rc=1
--- stderr
sha1sum: nofile: No such file or directory
--- status: 0

=== escaped names
--- script
: > 'we\ird'
md5sum 'we\ird' > s; cat s
md5sum -c s
--- stdout
\d41d8cd98f00b204e9800998ecf8427e  we\\ird
we\ird: OK
--- stderr
--- status: 0

=== -c: one space before the name (the reversed form) is accepted; after it a second space belongs to the name; stdin is 'standard input'
--- script
: > EMPTY
echo "da39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY" | sha1sum -c; echo "st=$?"
printf '%s\n' "da39a3ee5e6b4b0d3255bfef95601890afd80709  EMPTY" "da39a3ee5e6b4b0d3255bfef95601890afd80709 EMPTY" | sha1sum -c 2>&1; echo "st=$?"
echo x | sha1sum -c 2>&1; echo "st=$?"
--- stdout
EMPTY: OK
st=0
EMPTY: OK
sha1sum: WARNING: 1 line is improperly formatted
st=0
sha1sum: 'standard input': no properly formatted checksum lines found
st=1
--- status: 0
=== sha224sum and sha384sum
--- file f
hi
--- script
sha224sum f; sha384sum f; printf '' | sha224sum; printf '%0200d' 0 | sha384sum
sha224sum --tag f; sha384sum --tag f
sha224sum f > s; sha224sum -c s; sha384sum f | sha384sum -c
--- stdout
0689e590864cee67b037c8f4c390a75a192bb01160cc9c21374afb12  f
4284b5694ca6c0d2cf4789a0b95ac8025c818de52304364be7cd2981b2d2edc685b322277ec25819962413d8c9b2c1f5  f
d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f  -
2abbd901178b87954712871254d9b91b7215c777621a607ad38b1e715bd6d1be2140c823ae8044104a8b5c6a9e266b93  -
SHA224 (f) = 0689e590864cee67b037c8f4c390a75a192bb01160cc9c21374afb12
SHA384 (f) = 4284b5694ca6c0d2cf4789a0b95ac8025c818de52304364be7cd2981b2d2edc685b322277ec25819962413d8c9b2c1f5
f: OK
f: OK
--- status: 0

=== b2sum: BLAKE2b-512 and block edges
--- file f
hi
--- script
b2sum f; printf '' | b2sum; printf '%0128d' 0 | b2sum; printf '%0129d' 0 | b2sum; printf '%0256d' 0 | b2sum
--- stdout
7ea59e7a000ec003846b6607dfd5f9217b681dc1a81b0789b464c3995105d93083f7f0a86fca01a1bed27e9f9303ae58d01746e3b20443480bea56198e65bfc5  f
786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce  -
764948441d14c352cd1c56e40574f1b223cfb5f2e6ae8ef29218774dc551ca643dce3e4bd859bc5e939b6f70532fd2807afd125ace184063edfc71f315e64df6  -
e0d3baf4e3b2a179751c25bfe6ef3c22d3a823d081fb5dd68b2111f5ff68baf27659b0c800176d4c196c15c474d91143848e41ab8bf572185cea832905dc9a6d  -
ea43ad19f96b938761775f4b664280dcde5ff4c9f9314b3779a40a1be4fcedf728df889e041a02a1fddea9b58f79fb32d27f8c4180ec6766df674921b576c6dd  -
--- status: 0

=== b2sum: -l BITS and --tag
--- file f
hi
--- script
b2sum -l 256 f; b2sum --tag -l 128 f; b2sum --tag f; b2sum -l 8 f; b2sum -l 0 f
--- stdout
de9543b2ae1b2b87434a730727db17f5ac8b8c020b84a5cb8c5fbcc1423443ba  f
BLAKE2b-128 (f) = d34d45c68b57eca5c771e244c320c794
BLAKE2b (f) = 7ea59e7a000ec003846b6607dfd5f9217b681dc1a81b0789b464c3995105d93083f7f0a86fca01a1bed27e9f9303ae58d01746e3b20443480bea56198e65bfc5
2c  f
7ea59e7a000ec003846b6607dfd5f9217b681dc1a81b0789b464c3995105d93083f7f0a86fca01a1bed27e9f9303ae58d01746e3b20443480bea56198e65bfc5  f
--- status: 0

=== b2sum: -c takes the length from each line
--- file f
hi
--- script
b2sum -l 256 f > s; b2sum --tag -l 64 f >> s; b2sum f >> s; b2sum -c s; b2sum -l 128 -c s; echo "[$?]"
--- stdout
f: OK
f: OK
f: OK
f: OK
f: OK
f: OK
[0]
--- status: 0

=== b2sum: bad lengths
--- file f
hi
--- script
b2sum -l 7 f; echo "[$?]"; b2sum -l 1024 f; echo "[$?]"; b2sum -l x f; echo "[$?]"
--- stdout
[1]
[1]
[1]
--- stderr
b2sum: invalid length: ‘7’
b2sum: length is not a multiple of 8
b2sum: invalid length: ‘1024’
b2sum: maximum digest length for ‘BLAKE2b’ is 512 bits
b2sum: invalid length: ‘x’
--- status: 0

=== md5sum -c --ignore-missing names standard input as GNU does
--- script
echo 'd41d8cd98f00b204e9800998ecf8427e  gone' | md5sum -c --ignore-missing; echo $?
echo 'd41d8cd98f00b204e9800998ecf8427e  gone' > list
md5sum -c --ignore-missing list; echo $?
--- stdout
1
1
--- stderr
md5sum: 'standard input': no file was verified
md5sum: list: no file was verified
