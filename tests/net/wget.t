# wget against the local server; expectations from the host's wget.

=== -q -O - to stdout
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q -O - http://127.0.0.1:$PORT/hello
--- stdout
hello

=== a file named from the URL, then .1
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q http://127.0.0.1:$PORT/hello
wget -q http://127.0.0.1:$PORT/hello
cat hello hello.1
wget -q http://127.0.0.1:$PORT/ && cat index.html
--- stdout
hello
hello
path /

=== a 404 is status 8 and no file
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q http://127.0.0.1:$PORT/status/404
echo "rc=$?"
ls
--- stdout
rc=8

=== the error is reported without -q
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -O - http://127.0.0.1:$PORT/status/404 2>&1 | sed 's/^[0-9-]* [0-9:]* //; s/^--.*--  /-- /'
--- stdout
-- http://127.0.0.1:$PORT/status/404
Connecting to 127.0.0.1:$PORT... connected.
HTTP request sent, awaiting response... 404 Not Found
ERROR 404: Not Found.


=== --header, --post-data, and wget's own headers
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method POST
--- script
wget -q -O - --header 'X-A: 1' --post-data 'a=1' http://127.0.0.1:$PORT/echo
--- stdout (no newline)
POST /echo
accept: */*
accept-encoding: identity
connection: Keep-Alive
content-type: application/x-www-form-urlencoded
user-agent: Wget/1.21.3
x-a: 1

a=1
=== --method
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-method DELETE
--- script
wget -q -O - --method DELETE http://127.0.0.1:$PORT/echo | head -1
--- stdout
DELETE /echo

=== -S prints the server's headers even with -q
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q -S -O /dev/null http://127.0.0.1:$PORT/hello 2>&1 | grep -v Date
--- stdout
  HTTP/1.1 200 OK
  Server: BaseHTTP/0.6 Python/3.11.7
  Content-Type: text/plain
  Content-Length: 6

=== redirects are followed; a loop ends with 8
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q -O - 'http://127.0.0.1:$PORT/redirect/302?to=/hello'
wget -q -O - http://127.0.0.1:$PORT/loop; echo "rc=$?"
--- stdout
hello
rc=8

=== a refused connection and a timeout are 4
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-url http://127.0.0.1:1/
--- script
wget -q -O - http://127.0.0.1:1/; echo "rc=$?"
wget -q -T 1 --tries 1 -O - http://127.0.0.1:$PORT/slow/3; echo "rc=$?"
wget -O /dev/null http://127.0.0.1:1/ 2>&1 | tail -1
--- stdout
rc=4
rc=4
Connecting to 127.0.0.1:1... failed: Connection refused.

=== the policy refuses with status 4
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/v1
--- script
wget -q -O - http://127.0.0.1:$PORT/hello; echo "rc=$?"
wget -O - http://127.0.0.1:$PORT/hello; echo "rc=$?"
wget -O - 'http://127.0.0.1:$PORT/v1/../hello'; echo "rc=$?"
--- stdout
rc=4
rc=4
rc=4
--- stderr
wget: URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT/hello
wget: URL not allowed by the sandbox network policy: http://127.0.0.1:$PORT/hello

=== a redirect out of the allowlist is refused at that hop
--- vsh-only: the policy
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q -O - 'http://127.0.0.1:$PORT/redirect/302?to=http://127.0.0.1:$PORT2/hello'; echo "rc=$?"
--- stdout
rc=4

=== -nv lines, and an HTTP error is not retried
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -nv -O x http://127.0.0.1:$PORT/hello 2>&1 | sed 's/^[0-9-]* [0-9:]* //'
wget -nv -O x http://127.0.0.1:$PORT/status/503 2>&1 | sed 's/^[0-9-]* [0-9:]* //'
--- stdout
URL:http://127.0.0.1:$PORT/hello [6/6] -> "x" [1]
http://127.0.0.1:$PORT/status/503:
ERROR 503: Service Unavailable.

=== several URLs to one -O, and -P
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q -O - http://127.0.0.1:$PORT/hello http://127.0.0.1:$PORT/json
wget -q -P d http://127.0.0.1:$PORT/hello; cat d/hello
--- stdout
hello
{"items":[{"id":1},{"id":2}]}
hello

=== saved names: escapes decoded (not / or controls), the query kept
--- args: --allow-url http://127.0.0.1:$PORT/
--- script
wget -q 'http://127.0.0.1:$PORT/a%20b.txt?x=1'
wget -q 'http://127.0.0.1:$PORT/?x=1'
wget -q 'http://127.0.0.1:$PORT/d/a%2Fb%01c'
ls
--- stdout
a b.txt?x=1
a%2Fb%01c
index.html?x=1

=== -O makes its file before connecting, even when the request fails
--- args: --allow-url http://127.0.0.1:$PORT/ --allow-url http://127.0.0.1:1/
--- script
wget -q -O out.txt http://127.0.0.1:$PORT/status/404; echo "rc=$?"
wget -q -O out2.txt http://127.0.0.1:1/; echo "rc=$?"
wc -c out.txt out2.txt
wget -q -O /nonexist/x http://127.0.0.1:1/; echo "rc=$?"
--- stdout
rc=8
rc=4
0 out.txt
0 out2.txt
0 total
rc=1
--- stderr
/nonexist/x: No such file or directory
