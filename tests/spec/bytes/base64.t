=== encode a short string
--- script
printf hello | base64
--- stdout
aGVsbG8=
--- stderr
--- status: 0

=== encode wraps at 76 columns
--- script
printf '%0100d' 7 | base64
--- stdout
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAw
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwNw==
--- stderr
--- status: 0

=== wrap width and no wrap
--- script
printf 'abcdefghijklmnop' | base64 -w 8
printf 'abcdefghijklmnop' | base64 -w0; echo '|'
--- stdout
YWJjZGVm
Z2hpamts
bW5vcA==
YWJjZGVmZ2hpamtsbW5vcA==|
--- stderr
--- status: 0

=== decode
--- file in.b64
aGVsbG8g
d29ybGQK
--- script
base64 -d in.b64
base64 --decode < in.b64
--- stdout
hello world
hello world
--- stderr
--- status: 0

=== round trip of bytes
--- script
printf '\000\001\377\376abc' | base64 | base64 -d | od -An -tx1
--- stdout
 00 01 ff fe 61 62 63
--- stderr
--- status: 0

=== decode rejects garbage
--- script
printf 'aGk*' | base64 -d; echo " rc=$?"
--- stdout
hi rc=1
--- stderr
base64: invalid input
--- status: 0

=== ignore garbage
--- script
printf 'a*G*k=' | base64 -di; echo; printf 'aGk=' | base64 -d -i
--- stdout (no newline)
hi
hi
--- stderr
--- status: 0

=== missing padding decodes then fails
--- script
printf 'YQ' | base64 -d; echo " rc=$?"
--- stdout
a rc=1
--- stderr
base64: invalid input
--- status: 0

=== empty input
--- script
printf '' | base64 | od -c
--- stdout
0000000
--- stderr
--- status: 0

=== errors
--- script
base64 nofile; echo rc=$?
base64 a b; echo rc=$?
base64 -w x </dev/null; echo rc=$?
--- stdout
rc=1
rc=1
rc=1
--- stderr
base64: nofile: No such file or directory
base64: extra operand ‘b’
Try 'base64 --help' for more information.
base64: invalid wrap size: ‘x’
--- status: 0
=== base32: encode, wrap and decode
--- script
printf 'hello' | base32; printf '%050d' 0 | base32 -w 20; printf '' | base32; printf 'abcdefghij' | base32 -w 0; echo
printf 'hi' | base32 | base32 -d; echo; printf 'MZXW6===\nMZXW6===' | base32 -d; echo "[$?]"
printf 'NB!UQ====' | base32 -di; echo "[$?]"
--- stdout
NBSWY3DP
GAYDAMBQGAYDAMBQGAYD
AMBQGAYDAMBQGAYDAMBQ
GAYDAMBQGAYDAMBQGAYD
AMBQGAYDAMBQGAYDAMBQ
MFRGGZDFMZTWQ2LK
hi
foofoo[0]
hi[0]
--- status: 0

=== base32: invalid and truncated input
--- script
printf 'NBUQ=' | base32 -d; echo "[$?]"; printf 'MZXW6===MZ' | base32 -d; echo "[$?]"
printf 'NB!UQ====' | base32 -d; echo "[$?]"; printf 'M=======' | base32 -d; echo "[$?]"
base32 -w x; echo "[$?]"; base32 a b; echo "[$?]"
--- stdout
[1]
foo[1]
h[1]
[1]
[1]
[1]
--- stderr
base32: invalid input
base32: invalid input
base32: invalid input
base32: invalid input
base32: invalid wrap size: ‘x’
base32: extra operand ‘b’
Try 'base32 --help' for more information.
--- status: 0
