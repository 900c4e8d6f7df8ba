#!/usr/bin/env python3
"""A fake E2B API over TLS (Python's ssl, the test PKI of tests/tls/mkcerts.sh) for the
failures nginx cannot be made to produce. Loopback only; each connection is answered
according to the server's mode, which a test may change between calls:

  ok          a JSON answer with Content-Length, then close_notify
  badrecord   reads one request, then sends an application_data record that cannot be
              decrypted (after the request was sent: E2B may have acted on it)
  closedelim  "[]" with neither Content-Length nor chunked (the close ends the body),
              then close_notify: a complete close-delimited answer
  cut         the same head and "[]", then a TCP FIN without close_notify: the answer
              may have been cut short (RFC 9112 9.8), it must not be taken as complete

  srv = FakeE2B(certdir, "badrecord"); srv.port; srv.requests (request lines); srv.close()
  python3 fake_e2b.py CERTDIR MODE     serves until killed (prints "READY port")
"""
import os
import socket
import ssl
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from sim import Listener  # noqa: E402

SANDBOX = (b'{"sandboxID":"sbx1","templateID":"base","clientID":"c","envdVersion":"0.1",'
           b'"startedAt":"2026-01-01T00:00:00Z","endAt":"2026-01-01T00:05:00Z","cpuCount":2,'
           b'"memoryMB":512,"diskSizeMB":1024,"state":"running","metadata":{}}')


class FakeE2B:
    def __init__(self, certdir, mode, cert="good"):
        self.mode = mode
        self.requests = []
        self.ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.ctx.maximum_version = ssl.TLSVersion.TLSv1_2     # both ports speak 1.2
        self.ctx.load_cert_chain(os.path.join(certdir, cert + ".pem"), os.path.join(certdir, cert + ".key"))
        self.listener = Listener(self._serve, backlog=8)
        self.port = self.listener.port

    def close(self):
        self.listener.close()

    @staticmethod
    def _cut(s):
        """Ends the connection with a bare TCP FIN: no close_notify."""
        raw = socket.socket(fileno=s.detach())
        try:
            raw.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        raw.close()

    def _serve(self, c):
        c.settimeout(10)
        try:
            s = self.ctx.wrap_socket(c, server_side=True)
        except (OSError, ssl.SSLError):
            c.close()
            return
        try:
            while True:                   # keep-alive: one request after another
                data = b""
                while b"\r\n\r\n" not in data:
                    d = s.recv(65536)
                    if not d:
                        s.close()
                        return
                    data += d
                head, body = data.split(b"\r\n\r\n", 1)
                lines = head.decode("latin-1").split("\r\n")
                self.requests.append(lines[0])
                cl = 0
                for l in lines[1:]:
                    if l.lower().startswith("content-length:"):
                        cl = int(l.split(":", 1)[1])
                while len(body) < cl:
                    d = s.recv(65536)
                    if not d:
                        break
                    body += d
                mode = self.mode
                if mode == "badrecord":
                    # An application_data record (TLS 1.2) whose tag cannot match.
                    raw = socket.socket(fileno=s.detach())
                    raw.sendall(b"\x17\x03\x03\x00\x20" + b"X" * 32)
                    raw.close()
                    return
                if mode in ("closedelim", "cut"):
                    s.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[]")
                    if mode == "cut":
                        self._cut(s)
                        return
                    try:
                        s.unwrap()            # close_notify: the body is complete
                    except (OSError, ssl.SSLError):
                        pass
                    c.close()
                    return
                s.sendall(b"HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                          % len(SANDBOX) + SANDBOX)
        except (OSError, ssl.SSLError):
            try:
                s.close()
            except OSError:
                pass


if __name__ == "__main__":
    srv = FakeE2B(sys.argv[1], sys.argv[2])
    print("READY", srv.port, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        srv.close()
