#!/usr/bin/env python3
"""A small HTTPS/1.1 keep-alive server for the TLS port suites (stdlib only).

tls-server.py --cert C --key K --log FILE [--port P]   prints "READY <port>"

GET /hello          a short JSON body (Content-Length)
GET /big?n=N        N bytes (several full TLS records)
Every finished handshake is logged as "HS <conn> reused=<0|1> <version>", every request
as "REQ <conn> <path>", every failed handshake as "HSFAIL <reason>": the suites read the
log to count full vs resumed handshakes and to prove that a refused certificate is
followed by no request at all. TLS 1.2 is the ceiling BearSSL and mbedTLS 2.28 speak;
the server keeps OpenSSL's default session-ID cache so sessions can be resumed.
"""
import argparse, itertools, socket, ssl, sys, threading

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cert", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--port", type=int, default=0)
    a = ap.parse_args()
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(a.cert, a.key)
    ctx.options |= ssl.OP_NO_TICKET          # session IDs: what both ports resume with
    log = open(a.log, "a", buffering=1)
    lock = threading.Lock()
    def say(line):
        with lock:
            log.write(line + "\n")
    ids = itertools.count(1)

    def serve(raw):
        cid = next(ids)
        raw.settimeout(10)
        try:
            s = ctx.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError) as e:
            say("HSFAIL %s" % getattr(e, "reason", None) or e)
            raw.close()
            return
        say("HS %d reused=%d %s" % (cid, 1 if s.session_reused else 0, s.version()))
        f = s.makefile("rb")
        try:
            while True:
                line = f.readline(4096)
                if not line:
                    break
                parts = line.decode("latin-1").split()
                while True:
                    h = f.readline(4096)
                    if h in (b"\r\n", b"\n", b""):
                        break
                path = parts[1] if len(parts) > 1 else "/"
                say("REQ %d %s" % (cid, path))
                if path.startswith("/big"):
                    n = int(path.split("n=")[1]) if "n=" in path else 100000
                    body = bytes((i * 7) & 0xff for i in range(n))
                    ctype = "application/octet-stream"
                else:
                    body = b'{"hello":"world"}'
                    ctype = "application/json"
                s.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n"
                          % (ctype.encode(), len(body)) + body)
        except (OSError, ssl.SSLError, ValueError):
            pass
        finally:
            try:
                s.close()
            except OSError:
                pass

    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", a.port))
    ls.listen(16)
    print("READY %d" % ls.getsockname()[1], flush=True)
    while True:
        c, _ = ls.accept()
        threading.Thread(target=serve, args=(c,), daemon=True).start()

if __name__ == "__main__":
    main()
