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
