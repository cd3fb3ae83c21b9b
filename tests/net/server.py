#!/usr/bin/env python3
"""server.py: the local HTTP server the net tests talk to.

Listens on 127.0.0.1 on two ports chosen by the kernel (two origins) and
prints "PORT PORT2" on its first line.  Paths:

  /hello               "hello\\n" (text/plain)
  /echo...             the request: method, path, sorted headers (minus
                       Host, Date and Content-Length), blank line, body
  /status/N            status N, body "status N\\n"
  /redirect/N?to=URL   status N with Location: URL (URL as given)
  /loop                302 to /loop
  /chain/N             302 to /chain/N-1 ... /chain/0 says "done\\n"
  /big/N               N bytes of 'x' with Content-Length
  /chunked/N           N bytes of 'x', chunked, no Content-Length
  /liar/N              claims Content-Length 10, sends N bytes (chunked)
  /headers/N           N extra 50-byte headers
  /slow/S              waits S seconds, then "slow\\n"
  /drip                one byte a second, forever
  /cookie/set          Set-Cookie: session=abc; Path=/
  /cookie/show         the Cookie header it got
  /cd                  Content-Disposition: attachment; filename="report.txt"
  /json                {"items":[{"id":1},{"id":2}]}
  anything else        "path <path>\\n"
"""
import http.server
import socket
import socketserver
import sys
import threading
import time
import urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *a):
        pass

    def setup(self):
        super().setup()
        # headers and body go out in separate writes: without this, Nagle
        # and the client's delayed ACK add 40 ms to every kept-alive reply
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, code, body, ctype='text/plain', extra=()):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(code)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(body)

    def chunked(self, data, extra=()):
        self.send_response(200)
        self.send_header('Content-Type', 'application/octet-stream')
        self.send_header('Transfer-Encoding', 'chunked')
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        step = 65536
        for i in range(0, len(data), step):
            piece = data[i:i + step]
            try:
                self.wfile.write(b'%x\r\n%s\r\n' % (len(piece), piece))
            except OSError:
                return
        self.wfile.write(b'0\r\n\r\n')

    def handle_any(self):
        u = urllib.parse.urlsplit(self.path)
        path, q = u.path, urllib.parse.parse_qs(u.query)
        n = self.headers.get('Content-Length')
        body = self.rfile.read(int(n)) if n else b''
        parts = path.split('/')
        if path == '/hello':
            return self.send(200, 'hello\n')
        if path.startswith('/echo'):
            lines = ['%s %s' % (self.command, self.path)]
            skip = ('host', 'date', 'content-length')
            hs = sorted((k.lower(), v) for k, v in self.headers.items()
                        if k.lower() not in skip)
            lines += ['%s: %s' % kv for kv in hs]
            return self.send(200, '\n'.join(lines) + '\n\n' +
                             body.decode('utf-8', 'replace'))
        if len(parts) == 3 and parts[1] == 'status':
            return self.send(int(parts[2]), 'status %s\n' % parts[2])
        if len(parts) == 3 and parts[1] == 'redirect':
            to = q.get('to', ['/hello'])[0]
            return self.send(int(parts[2]), 'moved\n',
                             extra=[('Location', to)])
        if path == '/loop':
            return self.send(302, 'again\n', extra=[('Location', '/loop')])
        if len(parts) == 3 and parts[1] == 'chain':
            k = int(parts[2])
            if k <= 0:
                return self.send(200, 'done\n')
            return self.send(302, '', extra=[('Location',
                                              '/chain/%d' % (k - 1))])
        if len(parts) == 3 and parts[1] == 'big':
            return self.send(200, b'x' * int(parts[2]),
                             'application/octet-stream')
        if len(parts) == 3 and parts[1] == 'chunked':
            return self.chunked(b'x' * int(parts[2]))
        if len(parts) == 3 and parts[1] == 'liar':
            return self.chunked(b'x' * int(parts[2]),
                                extra=[('X-Claimed-Length', '10')])
        if len(parts) == 3 and parts[1] == 'slow':
            time.sleep(float(parts[2]))
            return self.send(200, 'slow\n')
        if path == '/drip':
            self.send_response(200)
            self.send_header('Content-Type', 'text/plain')
            self.send_header('Transfer-Encoding', 'chunked')
            self.end_headers()
            try:
                for _ in range(600):
                    self.wfile.write(b'1\r\nx\r\n')
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
            return
        if len(parts) == 3 and parts[1] == 'headers':
            return self.send(200, 'many\n', extra=[
                ('X-Filler-%d' % i, 'y' * 40) for i in range(int(parts[2]))])
        if path == '/cookie/set':
            return self.send(200, 'set\n',
                             extra=[('Set-Cookie', 'session=abc; Path=/')])
        if path == '/cookie/show':
            return self.send(200, 'cookie: %s\n' %
                             self.headers.get('Cookie', '(none)'))
        if path == '/cd':
            return self.send(200, 'report\n', extra=[(
                'Content-Disposition', 'attachment; filename="report.txt"')])
        if path == '/json':
            return self.send(200, '{"items":[{"id":1},{"id":2}]}\n',
                             'application/json')
        return self.send(200, 'path %s\n' % self.path)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = handle_any
    do_OPTIONS = handle_any


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass  # a client that hung up early (timeouts) is expected


def main():
    servers = [Server(('127.0.0.1', 0), Handler) for _ in range(2)]
    for s in servers:
        threading.Thread(target=s.serve_forever, daemon=True).start()
    print('%d %d' % tuple(s.server_address[1] for s in servers), flush=True)
    try:
        sys.stdin.read()  # runs until the runner closes our stdin
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
