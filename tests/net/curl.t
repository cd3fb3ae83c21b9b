# curl against the local server: every case here is also run with the
# host's curl (run.py --shell host), which is where the expectations come
# from.  The allowlist names both local origins.

=== a GET to stdout
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s http://127.0.0.1:$PORT/hello
--- stdout
hello

=== the scheme is guessed as curl does
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s 127.0.0.1:$PORT/hello
--- stdout
hello

=== a JSON API piped to jq-like tools
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s http://127.0.0.1:$PORT/json | grep -o '"id":[0-9]*' | cut -d: -f2
--- stdout
1
2

=== -o writes a file, -w reports it
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -o out.txt -w '%{http_code} %{size_download} %{content_type}\n' http://127.0.0.1:$PORT/hello
cat out.txt
--- stdout
200 6 text/plain
hello

=== -O takes the URL's file name; --create-dirs with -o
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sO http://127.0.0.1:$PORT/hello && cat hello
curl -s --create-dirs -o a/b/c.txt http://127.0.0.1:$PORT/hello && cat a/b/c.txt
--- stdout
hello
hello

=== -O -J names the file from Content-Disposition
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -O -J http://127.0.0.1:$PORT/cd && cat report.txt
--- stdout
report

=== -O with no file name in the URL
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -O http://127.0.0.1:$PORT/
echo "rc=$?"
--- stdout
rc=23
--- stderr
curl: (23) Failed writing received data to disk/application

=== -I shows headers only
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sI http://127.0.0.1:$PORT/hello | grep -v '^Date' | tr -d '\r'
--- stdout
HTTP/1.1 200 OK
Server: BaseHTTP/0.6 Python/3.11.7
Content-Type: text/plain
Content-Length: 6


=== -i puts headers before the body
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -si http://127.0.0.1:$PORT/hello | grep -v '^Date' | tr -d '\r'
--- stdout
HTTP/1.1 200 OK
Server: BaseHTTP/0.6 Python/3.11.7
Content-Type: text/plain
Content-Length: 6

hello

=== -D - dumps headers; %header{} reads one
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -D hdrs.txt -w '%header{content-type}\n' -o /dev/null http://127.0.0.1:$PORT/json
head -1 hdrs.txt | tr -d '\r'
--- stdout
application/json
HTTP/1.1 200 OK

=== request headers, agent, referer and user
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -H 'X-One: 1' -H 'Accept:' -A 'agent/1' -e 'http://ref/' -u alice:secret http://127.0.0.1:$PORT/echo
--- stdout
GET /echo
authorization: Basic YWxpY2U6c2VjcmV0
referer: http://ref/
user-agent: agent/1
x-one: 1


=== -d posts form data, joined with &
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s -d a=1 -d 'b=2 3' http://127.0.0.1:$PORT/echo
--- stdout (no newline)
POST /echo
accept: */*
content-type: application/x-www-form-urlencoded
user-agent: curl/7.88.1

a=1&b=2 3
=== --data-urlencode and -G put the data in the query
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -G --data-urlencode 'q=a b&c' -d x=1 http://127.0.0.1:$PORT/echo
--- stdout
GET /echo?q=a+b%26c&x=1
accept: */*
user-agent: curl/7.88.1


=== -d @file strips newlines, --data-binary keeps them
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- file body.txt
one
two
--- script
curl -s -d @body.txt http://127.0.0.1:$PORT/echo | tail -1; echo
curl -s --data-binary @body.txt http://127.0.0.1:$PORT/echo | tail -2
--- stdout
onetwo
one
two

=== --data-raw does not read files
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s --data-raw @body.txt http://127.0.0.1:$PORT/echo | tail -1; echo
--- stdout
@body.txt

=== --json sets both headers
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s --json '{"a":1}' http://127.0.0.1:$PORT/echo
--- stdout (no newline)
POST /echo
accept: application/json
content-type: application/json
user-agent: curl/7.88.1

{"a":1}
=== -X sets the method, -T uploads with PUT
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method DELETE --allow-method PUT
--- file up.txt
data
--- script
curl -s -X DELETE http://127.0.0.1:$PORT/echo | head -1
curl -s -T up.txt http://127.0.0.1:$PORT/echo/ | head -1
curl -s -T up.txt http://127.0.0.1:$PORT/echo | tail -1
--- stdout
DELETE /echo
PUT /echo/up.txt
data

=== -F sends multipart with files from the filesystem
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- file note.txt
note body
--- script
curl -s -F name=val -F file=@note.txt http://127.0.0.1:$PORT/echo | grep -E '^(POST|content-type: multipart|Content-Disposition|Content-Type|note body|val)' | sed 's/boundary=.*/boundary=X/' | tr -d '\r'
--- stdout
POST /echo
content-type: multipart/form-data; boundary=X
Content-Disposition: form-data; name="name"
val
Content-Disposition: form-data; name="file"; filename="note.txt"
Content-Type: text/plain
note body

=== -f fails on 404 with 22 and no body
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -f http://127.0.0.1:$PORT/status/404
echo "rc=$?"
--- stdout
rc=22
--- stderr
curl: (22) The requested URL returned error: 404

=== --fail-with-body shows the body, then fails
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS --fail-with-body http://127.0.0.1:$PORT/status/500
echo "rc=$?"
--- stdout
status 500
rc=22
--- stderr
curl: (22) The requested URL returned error: 500

=== without -f an error page is a success
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -w ' %{http_code}\n' http://127.0.0.1:$PORT/status/404
--- stdout
status 404
 404

=== no redirect without -L
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -w '%{http_code} %{redirect_url}\n' 'http://127.0.0.1:$PORT/redirect/302?to=/hello'
--- stdout
moved
302 http://127.0.0.1:$PORT/hello

=== -L follows, the redirect's own body is not shown
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sL -w '%{num_redirects} %{url_effective}\n' 'http://127.0.0.1:$PORT/redirect/301?to=/hello'
--- stdout
hello
1 http://127.0.0.1:$PORT/hello

=== 302 turns a POST into a GET without the body
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -sL -d a=1 'http://127.0.0.1:$PORT/redirect/302?to=/echo'
--- stdout
GET /echo
accept: */*
user-agent: curl/7.88.1


=== 303 does too; 307 keeps the POST and its body
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -sL -d a=1 'http://127.0.0.1:$PORT/redirect/303?to=/echo' | head -1
curl -sL -d a=1 'http://127.0.0.1:$PORT/redirect/307?to=/echo' | sed -n '1p;$p'; echo
--- stdout
GET /echo
POST /echo
a=1

=== -X keeps its method across a 303
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method PUT
--- script
curl -sL -X PUT 'http://127.0.0.1:$PORT/redirect/303?to=/echo' | head -1
--- stdout
PUT /echo

=== a redirect loop stops at curl's limit
--- args: --allow-url http://127.0.0.1:$PORT/ --net-max-redirects 100
--- script
curl -sSL http://127.0.0.1:$PORT/loop
echo "rc=$?"
--- stdout
rc=47
--- stderr
curl: (47) Maximum (50) redirects followed

=== --max-redirs
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sSL --max-redirs 2 -w '%{num_redirects}\n' http://127.0.0.1:$PORT/chain/5
echo "rc=$?"
curl -sL --max-redirs 5 http://127.0.0.1:$PORT/chain/5
--- stdout
2
rc=47
done
--- stderr
curl: (47) Maximum (2) redirects followed

=== credentials and Authorization are not sent to another origin
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-url http://127.0.0.1:$PORT2/
--- script
curl -sL -u a:b -H 'Authorization: Bearer t' -H 'X-Keep: 1' 'http://127.0.0.1:$PORT/redirect/302?to=http://127.0.0.1:$PORT2/echo'
--- stdout
GET /echo
accept: */*
user-agent: curl/7.88.1
x-keep: 1


=== cookies: -c saves them, -b sends them back
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -c jar.txt http://127.0.0.1:$PORT/cookie/set
grep -c session jar.txt
curl -s -b jar.txt http://127.0.0.1:$PORT/cookie/show
curl -s -b 'a=1; b=2' http://127.0.0.1:$PORT/cookie/show
--- stdout
set
1
cookie: session=abc
cookie: a=1; b=2

=== a refused connection is curl's 7
--- args: --allow-url http://127.0.0.1:1/
--- script
curl -sS http://127.0.0.1:1/
echo "rc=$?"
--- stdout
rc=7
--- stderr-re
curl: \(7\) Failed to connect to 127\.0\.0\.1 port 1 after \d+ ms: Couldn't connect to server

=== -m ends a slow request with 28
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -m 1 http://127.0.0.1:$PORT/slow/3
echo "rc=$?"
--- stdout
rc=28
--- stderr-re
curl: \(28\) Operation timed out after 10\d\d milliseconds with 0 bytes received

=== -w on failure reports 000
--- args: --allow-url http://127.0.0.1:1/
--- script
curl -s -w '%{http_code} %{exitcode}\n' http://127.0.0.1:1/
echo "rc=$?"
--- stdout
000 7
rc=7

=== no URL
--- script
curl
echo "rc=$?"
--- stdout
rc=2
--- stderr
curl: try 'curl --help' or 'curl --manual' for more information

=== an error in a bundle of short options names the whole bundle
--- script
curl -s9; echo "rc=$?"
curl -sX; echo "rc=$?"
curl -sm x http://127.0.0.1:1/; echo "rc=$?"
--- stdout
rc=2
rc=2
rc=2
--- stderr
curl: option -s9: is unknown
curl: try 'curl --help' or 'curl --manual' for more information
curl: option -sX: requires parameter
curl: try 'curl --help' or 'curl --manual' for more information
curl: option -sm: expected a proper numerical parameter
curl: try 'curl --help' or 'curl --manual' for more information

=== options but no URL: curl names the problem
--- script
curl -s
echo "rc=$?"
--- stdout
rc=2
--- stderr
curl: no URL specified!
curl: try 'curl --help' or 'curl --manual' for more information

=== an unknown option
--- script
curl --frobnicate http://x/
echo "rc=$?"
--- stdout
rc=2
--- stderr
curl: option --frobnicate: is unknown
curl: try 'curl --help' or 'curl --manual' for more information

=== several URLs, each with its -o
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -o a.txt http://127.0.0.1:$PORT/hello -o b.txt http://127.0.0.1:$PORT/json
cat a.txt b.txt
--- stdout
hello
{"items":[{"id":1},{"id":2}]}

=== --retry retries a 503 a bounded number of times
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s --retry 2 --retry-delay 0 -w '%{http_code}\n' http://127.0.0.1:$PORT/status/503
--- stdout
status 503
status 503
status 503
503

=== -i -L shows every hop's headers
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -si -L 'http://127.0.0.1:$PORT/redirect/302?to=/hello' | grep -v Date | tr -d '\r'
--- stdout
HTTP/1.1 302 Found
Server: BaseHTTP/0.6 Python/3.11.7
Content-Type: text/plain
Content-Length: 6
Location: /hello

HTTP/1.1 200 OK
Server: BaseHTTP/0.6 Python/3.11.7
Content-Type: text/plain
Content-Length: 6

hello

=== -w variables after a redirect
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s -w '%{http_code} %{num_redirects} [%{redirect_url}] %{method} %{scheme} %{remote_ip}\n' -L 'http://127.0.0.1:$PORT/redirect/302?to=/hello'
--- stdout
hello
200 1 [] GET HTTP 127.0.0.1

=== -w sizes of a POST
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s -X POST -w '%{method} %{size_upload}\n' -d abc http://127.0.0.1:$PORT/hello
--- stdout
hello
POST 3

=== an output file in a missing folder
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS -o a/b.txt http://127.0.0.1:$PORT/hello; echo "rc=$?"
--- stdout
rc=23
--- stderr
curl: (23) Failure writing output to destination

=== -r, --oauth2-bearer, --post302, -4 and --limit-rate
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s -r 0-2 http://127.0.0.1:$PORT/echo | grep range
curl -s --oauth2-bearer tok http://127.0.0.1:$PORT/echo | grep auth
curl -sL --post302 -d a=1 'http://127.0.0.1:$PORT/redirect/302?to=/echo' | sed -n '1p;$p'; echo
curl -s -4 --limit-rate 1M http://127.0.0.1:$PORT/hello
--- stdout
range: bytes=0-2
authorization: Bearer tok
POST /echo
a=1
hello

=== --max-filesize judges Content-Length, as curl 7.88
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -sS --max-filesize 100 http://127.0.0.1:$PORT/big/200; echo "rc=$?"
curl -sS --max-filesize 100 http://127.0.0.1:$PORT/chunked/200 | wc -c
curl -s --max-filesize 1k http://127.0.0.1:$PORT/big/200 | wc -c
--- stdout
rc=63
200
200
--- stderr
curl: (63) Maximum file size exceeded

=== -F without '=' is refused before any request
--- script
curl -F noequals http://127.0.0.1:1/; echo "rc=$?"
--- stdout
rc=2
--- stderr
Warning: Illegally formatted input field!
curl: option -F: is badly used here
curl: try 'curl --help' or 'curl --manual' for more information

=== URL globbing: sets, ranges, padding, steps and #N in -o
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
curl -s 'http://127.0.0.1:$PORT/{hello,json}'
curl -s 'http://127.0.0.1:$PORT/chain/[0-1]' -o 'c_#1.txt'; cat c_0.txt; ls c_*
curl -s -w '%{url_effective}\n' -o /dev/null 'http://127.0.0.1:$PORT/x/[01-02]/{a,b}'
curl -s -w '%{url_effective}\n' -o /dev/null 'http://127.0.0.1:$PORT/[a-e:2]'
curl -sg 'http://127.0.0.1:$PORT/{x}'
curl -s 'http://127.0.0.1:$PORT/\{y\}'
--- stdout
hello
{"items":[{"id":1},{"id":2}]}
done
c_0.txt
c_1.txt
http://127.0.0.1:$PORT/x/01/a
http://127.0.0.1:$PORT/x/01/b
http://127.0.0.1:$PORT/x/02/a
http://127.0.0.1:$PORT/x/02/b
http://127.0.0.1:$PORT/a
http://127.0.0.1:$PORT/c
http://127.0.0.1:$PORT/e
path /{x}
path /{y}

=== malformed globs are curl's error 3
--- script
curl -sS 'http://x/{a,b'; curl -sS 'http://x/[1-'; curl -sS 'http://x/{a,{b}}'; curl -sS 'http://x/{}'
curl -s 'http://x/{'; echo "rc=$?"
--- stdout
rc=3
--- stderr
curl: (3) unmatched brace in URL position 10:
http://x/{a,b
         ^
curl: (3) bad range in URL position 13:
http://x/[1-
            ^
curl: (3) nested brace in URL position 13:
http://x/{a,{b}}
            ^
curl: (3) empty string within braces in URL position 11:
http://x/{}
          ^

=== --trace-ascii and --trace as curl writes them
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
curl -s --trace-ascii - http://127.0.0.1:$PORT/hello | grep -v 'Date:\|Trying\|Connected\|Host:\|^0000: Server\|^002c\|^0045\|^0052'
curl -s --trace tr.txt -d abc -o /dev/null http://127.0.0.1:$PORT/hello; grep -A1 'Send data' tr.txt
--- stdout
=> Send header, 84 bytes (0x54)
0000: GET /hello HTTP/1.1
<= Recv header, 17 bytes (0x11)
0000: HTTP/1.1 200 OK
<= Recv header, 36 bytes (0x24)
<= Recv header, 37 bytes (0x25)
<= Recv header, 26 bytes (0x1a)
0000: Content-Type: text/plain
<= Recv header, 19 bytes (0x13)
0000: Content-Length: 6
<= Recv header, 2 bytes (0x2)
0000: 
<= Recv data, 6 bytes (0x6)
0000: hello.
hello
== Info: Connection #0 to host 127.0.0.1 left intact
=> Send data, 3 bytes (0x3)
0000: 61 62 63                                        abc
