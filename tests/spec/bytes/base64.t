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
