# The sandbox network policy (vsh only: the host's curl has no policy).

=== no network by default
--- vsh-only: the policy
--- script
curl -sS http://127.0.0.1:$PORT/hello
echo "rc=$?"
curl -s http://127.0.0.1:$PORT/hello
echo "rc=$?"
--- stdout
rc=7
rc=7
--- stderr
curl: (7) URL not allowed by the sandbox network policy (this sandbox has no network access): http://127.0.0.1:$PORT/hello

=== an allowed prefix and a refused one
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/v1
--- script
curl -sS http://127.0.0.1:$PORT/v1/x
curl -sS http://127.0.0.1:$PORT/hello
echo "rc=$?"
curl -sS http://127.0.0.1:$PORT2/v1/x
echo "rc=$?"
--- stdout
path /v1/x
rc=7
rc=7
--- stderr
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT/hello
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT2/v1/x

=== a path prefix matches on segment boundaries only
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/v1
--- script
curl -s http://127.0.0.1:$PORT/v1
curl -s http://127.0.0.1:$PORT/v1/
curl -s 'http://127.0.0.1:$PORT/v1?x=/v10'
curl -s http://127.0.0.1:$PORT/v10 || echo "v10 refused $?"
curl -s http://127.0.0.1:$PORT/v1x || echo "v1x refused $?"
curl -s http://127.0.0.1:$PORT/V1 || echo "V1 refused $?"
--- stdout
path /v1
path /v1/
path /v1?x=/v10
v10 refused 7
v1x refused 7
V1 refused 7

=== a trailing slash on the prefix means the same folder
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/v1/
--- script
curl -s http://127.0.0.1:$PORT/v1
curl -s http://127.0.0.1:$PORT/v10 || echo "v10 refused $?"
--- stdout
path /v1
v10 refused 7

=== encoded separators and dot segments never leave a path prefix
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/v1
--- script
for p in '/v1/../hello' '/v1/..%2fhello' '/v1/%2e%2e/hello' '/v1/%2E%2E/hello' \
         '/v1/.%2e/hello' '/v1/..;/hello' '/v1/..%3b/hello' '/v1\..\hello' \
         '/v1/..%5chello' '/v1/%252e%252e/hello' '/v1%2f..%2fhello' \
         '/v1/x%00/../../hello'; do
  curl -s "http://127.0.0.1:$PORT$p" >/dev/null; echo "$p $?"
done
curl -s 'http://127.0.0.1:$PORT/v1/a%2fb'
curl -s 'http://127.0.0.1:$PORT/v1/a;b'
--- stdout
/v1/../hello 7
/v1/..%2fhello 7
/v1/%2e%2e/hello 7
/v1/%2E%2E/hello 7
/v1/.%2e/hello 7
/v1/..;/hello 7
/v1/..%3b/hello 7
/v1\..\hello 7
/v1/..%5chello 7
/v1/%252e%252e/hello 7
/v1%2f..%2fhello 7
/v1/x%00/../../hello 7
path /v1/a%2fb
path /v1/a;b

=== userinfo is not the host
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --net-resolve evil.test=127.0.0.1
--- script
curl -sS 'http://127.0.0.1:$PORT@evil.test:$PORT/hello'; echo "rc=$?"
curl -sS 'http://127.0.0.1:$PORT\@evil.test:$PORT/hello'; echo "rc=$?"
curl -sS 'http://127.0.0.1:$PORT%40evil.test:$PORT/hello'; echo "rc=$?"
curl -s 'http://user:pw@127.0.0.1:$PORT/echo' | grep authorization
--- stdout
rc=7
rc=7
rc=3
authorization: Basic dXNlcjpwdw==
--- stderr
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT@evil.test:$PORT/hello
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT\@evil.test:$PORT/hello
curl: (3) URL using bad/illegal format or missing URL

=== a host that merely starts with the allowed one
--- vsh-only: the policy
--- args: --allow-url http://allowed.test:$PORT/ --allow-private-hosts --net-resolve allowed.test=127.0.0.1 --net-resolve allowed.test.evil.test=127.0.0.1 --net-resolve evilallowed.test=127.0.0.1
--- script
curl -s http://allowed.test:$PORT/hello
curl -sS http://allowed.test.evil.test:$PORT/hello; echo "rc=$?"
curl -sS http://evilallowed.test:$PORT/hello; echo "rc=$?"
--- stdout
hello
rc=7
rc=7
--- stderr
curl: (7) URL not allowed by the sandbox network policy: http://allowed.test.evil.test:$PORT/hello
curl: (7) URL not allowed by the sandbox network policy: http://evilallowed.test:$PORT/hello

=== host case, a trailing dot and IDN are normalised
--- vsh-only: the policy
--- args: --allow-url http://API.Example.TEST:$PORT/V1 --allow-url http://xn--bcher-kva.test:$PORT/ --allow-private-hosts --net-resolve api.example.test=127.0.0.1 --net-resolve xn--bcher-kva.test=127.0.0.1
--- script
curl -s HTTP://api.EXAMPLE.test.:$PORT/V1/a
curl -s http://bücher.test:$PORT/idn
curl -s http://api.example.test:$PORT/v1/a || echo "path case matters $?"
--- stdout
path /V1/a
path /idn
path case matters 7

=== default ports are normalised
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:80/a --allow-url https://127.0.0.1/b
--- script
curl -sS http://127.0.0.1/a; echo "rc=$?"
curl -sS https://127.0.0.1:443/b; echo "rc=$?"
curl -sS http://127.0.0.1:443/b; echo "rc=$?"
curl -sS http://127.0.0.1:$PORT/a; echo "rc=$?"
--- stdout
rc=7
rc=7
rc=7
rc=7
--- stderr-re
curl: \(7\) Failed to connect to 127\.0\.0\.1 port 80 after \d+ ms: Couldn't connect to server
curl: \(7\) Failed to connect to 127\.0\.0\.1 port 443 after \d+ ms: Couldn't connect to server
curl: \(7\) URL not allowed by the sandbox network policy: http://127\.0\.0\.1:443/b
curl: \(7\) URL not allowed by the sandbox network policy: http://127\.0\.0\.1:\d+/a

=== only http and https
--- vsh-only: the policy
--- args: --network-full
--- script
curl -sS file:///etc/passwd; echo "rc=$?"
curl -sS ftp://127.0.0.1/; echo "rc=$?"
curl -sS gopher://127.0.0.1/; echo "rc=$?"
--- stdout
rc=1
rc=1
rc=1
--- stderr
curl: (1) Protocol "file" not allowed by the sandbox network policy: file:///etc/passwd
curl: (1) Protocol "ftp" not allowed by the sandbox network policy: ftp://127.0.0.1/
curl: (1) Protocol "gopher" not allowed by the sandbox network policy: gopher://127.0.0.1/

=== a redirect to a refused host is refused at that hop
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sSL 'http://127.0.0.1:$PORT/redirect/302?to=http://127.0.0.1:$PORT2/hello'; echo "rc=$?"
curl -sSL 'http://127.0.0.1:$PORT/redirect/301?to=file:///etc/passwd'; echo "rc=$?"
curl -sSL 'http://127.0.0.1:$PORT/redirect/302?to=//127.0.0.1:$PORT2/x'; echo "rc=$?"
--- stdout
rc=7
rc=1
rc=7
--- stderr
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT2/hello
curl: (1) Protocol "file" not allowed by the sandbox network policy: file:///etc/passwd
curl: (7) URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT2/x

=== too many redirects: the sandbox's limit
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sSL http://127.0.0.1:$PORT/loop; echo "rc=$?"
curl -sL http://127.0.0.1:$PORT/chain/20
--- stdout
rc=47
done
--- stderr
curl: (47) Maximum (20) redirects followed (the sandbox's limit)

=== injected headers: sent, not overridable, not removable, not shown
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --inject-header "Authorization: Bearer s3cret" --allow-url http://127.0.0.1:$PORT2/
--- script
curl -s http://127.0.0.1:$PORT/echo | grep -i authorization
curl -s -H 'Authorization: Bearer mine' http://127.0.0.1:$PORT/echo | grep -i authorization
curl -s -H 'authorization:' http://127.0.0.1:$PORT/echo | grep -i authorization
curl -sv http://127.0.0.1:$PORT/echo 2>&1 >/dev/null | grep -i '^> authorization'
--- stdout
authorization: Bearer s3cret
authorization: Bearer s3cret
authorization: Bearer s3cret
> Authorization: [set by the sandbox]

=== injected headers never follow a redirect to another origin
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --inject-header "X-Api-Key: k1" --allow-url http://127.0.0.1:$PORT2/
--- script
curl -sL 'http://127.0.0.1:$PORT/redirect/302?to=http://127.0.0.1:$PORT2/echo' | grep -ci api-key
curl -sL 'http://127.0.0.1:$PORT/redirect/302?to=/echo' | grep -i api-key
--- stdout
0
x-api-key: k1

=== a Host header naming another host is refused
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -H 'Host: internal.test' http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -s -H 'Host: 127.0.0.1:9' http://127.0.0.1:$PORT/echo | head -1
--- stdout
rc=7
GET /echo
--- stderr
curl: (7) A Host header naming another host is not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo

=== methods: GET and HEAD unless more are allowed
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -d a=1 http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -sS -X DELETE http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -sS -X 'GET http://evil.test/' http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -sI http://127.0.0.1:$PORT/hello | head -1 | tr -d '\r'
--- stdout
rc=7
rc=7
rc=7
HTTP/1.1 200 OK
--- stderr
curl: (7) Method POST not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo
curl: (7) Method DELETE not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo
curl: (7) Method GET http://evil.test/ not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo

=== the response size cap, with and without Content-Length
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --net-max-bytes 1000
--- script
curl -s http://127.0.0.1:$PORT/big/1000 | wc -c
curl -sS http://127.0.0.1:$PORT/big/1001 | wc -c
curl -sS http://127.0.0.1:$PORT/chunked/5000 >/dev/null; echo "rc=$?"
curl -sS http://127.0.0.1:$PORT/liar/300000 -o big.bin; echo "rc=$?"
curl -sS http://127.0.0.1:$PORT/headers/100; echo "rc=$?"
--- stdout
1000
0
rc=63
rc=63
rc=63
--- stderr
curl: (63) Maximum file size exceeded (the sandbox allows 1000 bytes per response)
curl: (63) Maximum file size exceeded (the sandbox allows 1000 bytes per response)
curl: (63) Maximum file size exceeded (the sandbox allows 1000 bytes per response)
curl: (63) Maximum file size exceeded (the sandbox allows 1000 bytes per response)

=== the sandbox's request timeout
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --net-timeout 1
--- script
curl -sS http://127.0.0.1:$PORT/slow/4; echo "rc=$?"
--- stdout
rc=28
--- stderr-re
curl: \(28\) Operation timed out after 1\d\d\d milliseconds with 0 bytes received

=== the exec deadline ends a transfer at once (124)
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --timeout 1
--- script
curl -s http://127.0.0.1:$PORT/drip
echo "not reached"
--- max-seconds: 2.5
--- status: 124

=== a private address reached by name is refused (DNS rebinding)
--- vsh-only: the policy
--- args: --allow-url http://rebind.test:$PORT/ --net-resolve rebind.test=127.0.0.1 --net-resolve multi.test=10.1.2.3,127.0.0.1 --allow-url http://multi.test:$PORT/ --net-resolve v6.test=::1 --allow-url http://v6.test:$PORT/ --net-resolve mapped.test=::ffff:127.0.0.1 --allow-url http://mapped.test:$PORT/ --net-resolve meta.test=169.254.169.254 --allow-url http://meta.test/
--- script
curl -sS http://rebind.test:$PORT/hello; echo "rc=$?"
curl -sS http://multi.test:$PORT/hello; echo "rc=$?"
curl -sS http://v6.test:$PORT/hello; echo "rc=$?"
curl -sS http://mapped.test:$PORT/hello; echo "rc=$?"
curl -sS http://meta.test/latest/meta-data/; echo "rc=$?"
curl -sS http://unknown.test:$PORT/hello; echo "rc=$?"
--- stdout
rc=7
rc=7
rc=7
rc=7
rc=7
rc=7
--- stderr
curl: (7) Address 127.0.0.1 of rebind.test is not allowed by the sandbox network policy: http://rebind.test:$PORT/hello
curl: (7) Address 127.0.0.1 of multi.test is not allowed by the sandbox network policy: http://multi.test:$PORT/hello
curl: (7) Address ::1 of v6.test is not allowed by the sandbox network policy: http://v6.test:$PORT/hello
curl: (7) Address ::ffff:127.0.0.1 of mapped.test is not allowed by the sandbox network policy: http://mapped.test:$PORT/hello
curl: (7) Address 169.254.169.254 of meta.test is not allowed by the sandbox network policy: http://meta.test/latest/meta-data/
curl: (7) URL not allowed by the sandbox network policy: http://unknown.test:$PORT/hello

=== a private address by name when the application allows it
--- vsh-only: the policy
--- args: --allow-url http://rebind.test:$PORT/ --net-resolve rebind.test=127.0.0.1 --allow-private-hosts
--- script
curl -sS http://rebind.test:$PORT/hello
--- stdout
hello

=== full access: any URL and method, private addresses still refused
--- vsh-only: the policy
--- args: --network-full
--- script
curl -sS http://127.0.0.1:$PORT/hello; echo "rc=$?"
--- stdout
rc=7
--- stderr
curl: (7) Address 127.0.0.1 of 127.0.0.1 is not allowed by the sandbox network policy: http://127.0.0.1:$PORT/hello

=== full access with private addresses allowed
--- vsh-only: the policy
--- args: --network-full --allow-private-hosts
--- script
curl -s http://127.0.0.1:$PORT/hello
curl -s -X PATCH -d x http://127.0.0.1:$PORT2/echo | head -1
--- stdout
hello
PATCH /echo

=== options naming host files, sockets, proxies or resolvers are refused
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
for o in '--proxy http://p:1' '-x http://p:1' '--resolve a:1:127.0.0.1' '--connect-to a:1:b:2' '--unix-socket /run/x' '--cacert /etc/ssl/x' '--capath /etc' '--doh-url https://d/' '-K cfg' '--netrc-file n'; do
  curl $o http://127.0.0.1:$PORT/hello; echo "rc=$?"
done 2>&1 | sed 's/ (it names.*//' | sort | uniq -c | sed 's/^ *//'
--- stdout
1 curl: option --cacert: is not allowed in this sandbox
1 curl: option --capath: is not allowed in this sandbox
1 curl: option --connect-to: is not allowed in this sandbox
1 curl: option --doh-url: is not allowed in this sandbox
1 curl: option --netrc-file: is not allowed in this sandbox
1 curl: option --proxy: is not allowed in this sandbox
1 curl: option --resolve: is not allowed in this sandbox
1 curl: option --unix-socket: is not allowed in this sandbox
1 curl: option -K: is not allowed in this sandbox
1 curl: option -x: is not allowed in this sandbox
10 rc=2

=== -k is accepted with a warning: TLS stays verified
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -k http://127.0.0.1:$PORT/hello
--- stdout
hello
--- stderr
Warning: -k/--insecure is ignored: this sandbox always verifies TLS certificates.

=== connections are reused within a curl run and across runs
--- vsh-only: the pool
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sv http://127.0.0.1:$PORT/hello http://127.0.0.1:$PORT/hello 2>&1 | grep -c 'Re-using existing connection'
--- stdout
1

=== line breaks cannot smuggle a header past the policy
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -A $'x\r\nHost: evil' http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -s -H $'X-A: 1\r\nHost: evil' http://127.0.0.1:$PORT/echo | grep -i '^host\|^x-a'
curl -s -H ' Host: evil' http://127.0.0.1:$PORT/echo | grep -ci evil
curl -sS -H 'Host : evil' http://127.0.0.1:$PORT/echo; echo "rc=$?"
wget -q -O - --header $'X-B: 1\r\nHost: evil' http://127.0.0.1:$PORT/echo | grep -ci 'evil\|x-b'
true
--- stdout
rc=7
x-a: 1
0
rc=7
0
--- stderr
curl: (7) A line break in a header value is not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo
curl: (7) A Host header naming another host is not allowed by the sandbox network policy: http://127.0.0.1:$PORT/echo

=== a request body from an endless file stops at 64 MiB
--- vsh-only: the sandbox's upload limit
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST --allow-method PUT
--- script
curl -s -d @/dev/urandom http://127.0.0.1:$PORT/echo; echo "rc=$?"
curl -sS -T /dev/zero http://127.0.0.1:$PORT/echo; echo "rc=$?"
--- stdout
rc=26
rc=26
--- stderr
curl: (26) Failed to open/read local data from file/application (more than the sandbox's 64 MiB)
curl: (26) Failed to open/read local data from file/application (more than the sandbox allows)

=== --trace hides injected headers too
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/ --inject-header "Authorization: Bearer s3cret"
--- script
curl -s --trace-ascii - -o /dev/null http://127.0.0.1:$PORT/hello | grep -i 'authorization\|s3cret' | cut -d' ' -f2-
--- stdout
Authorization: [set by the sandbox]
