#!/bin/sh
# Runs Debian's nginx as the TLS peer of the port suites, one listener per certificate
# case, all on 127.0.0.1 (clients connect to "localhost": no IP SAN matching in BearSSL
# or mbedTLS 2.28).
#   nginx-tls.sh start DIR    writes DIR/nginx/nginx.conf, starts nginx, prints the ports
#                             as lines "good P", "rsa P", ...; DIR holds mkcerts.sh output.
#                             Sessions resume by ID (shared cache, tickets off), except on
#                             "tickets" (good certificate, tickets only)
#   nginx-tls.sh setup DIR    the same, after copying the test PKI of mkcerts.sh into DIR (run
#                             from the top of the checkout) and emptying the access log
#   nginx-tls.sh restart DIR  stops and starts it again on the same ports (cache emptied)
#   nginx-tls.sh stop DIR
# The access log (DIR/nginx/access.log) has one line per request:
#   <server port> <connection serial> <ssl_session_reused r or .> <request>
# so a suite can count full handshakes (new connections with ".") and check that no
# request ever reached a listener whose certificate the client must refuse.
set -eu
cmd=$1; d=$(cd "$2" && pwd); n=$d/nginx
stop() {
  if [ -f "$n/nginx.pid" ]; then
    pid=$(cat "$n/nginx.pid")
    kill "$pid" 2>/dev/null || true
    # (a daemonized master whose parent does not reap it lingers as a zombie: gone enough)
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ] &&
          ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$pid/stat" 2>/dev/null; do sleep 0.05; i=$((i+1)); done
    rm -f "$n/nginx.pid"
  fi
}
start() {
  mkdir -p "$n/tmp" "$n/www"
  if [ ! -f "$n/ports" ]; then
    python3 - "$n/ports" <<'PY'
import socket, sys
names = ["good", "rsa", "wrongname", "expired", "untrusted", "tickets"]
socks = []
for _ in names:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s)
with open(sys.argv[1], "w") as f:
    for name, s in zip(names, socks):
        f.write("%s %d\n" % (name, s.getsockname()[1]))
PY
  fi
  head -c 100000 /dev/zero | tr '\0' 'x' > "$n/www/big"
  chmod -R a+rX "$n/www"
  {
    echo "daemon on; worker_processes 1; pid $n/nginx.pid; error_log $n/error.log info;"
    echo "events { worker_connections 64; }"
    echo "http {"
    echo "  log_format t '\$server_port \$connection \$ssl_session_reused \$request';"
    echo "  access_log $n/access.log t;"
    echo "  client_body_temp_path $n/tmp; proxy_temp_path $n/tmp; fastcgi_temp_path $n/tmp;"
    echo "  uwsgi_temp_path $n/tmp; scgi_temp_path $n/tmp;"
    echo "  ssl_protocols TLSv1.2 TLSv1.3; ssl_session_cache shared:tlstest:1m; ssl_session_tickets off;"
    echo "  keepalive_requests 10000; keepalive_timeout 60s;"
    while read -r name port; do
      cert=$name; extra=
      # "tickets": the good certificate, resumption by session ticket only (no ID cache)
      [ "$name" = tickets ] && { cert=good; extra="ssl_session_cache off; ssl_session_tickets on;"; }
      echo "  server { listen 127.0.0.1:$port ssl; server_name localhost; $extra"
      echo "    ssl_certificate $d/$cert.pem; ssl_certificate_key $d/$cert.key; root $n/www;"
      echo "    location = /hello { default_type application/json; return 200 '{\"hello\":\"world\"}'; }"
      echo "  }"
    done < "$n/ports"
    echo "}"
  } > "$n/nginx.conf"
  nginx -q -p "$n" -c "$n/nginx.conf" -e "$n/error.log"
  i=0; while [ ! -s "$n/nginx.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
  cat "$n/ports"
}
# setup: the test PKI (mkcerts.sh, shared in build/tls-test) copied into DIR, a fresh log, nginx.
setup() {
  tests/tls/mkcerts.sh build/tls-test >/dev/null || { echo "nginx-tls: test certificates (openssl) failed" >&2; exit 1; }
  for f in ca.pem other.pem good.pem good.key rsa.pem rsa.key wrongname.pem wrongname.key \
           expired.pem expired.key untrusted.pem untrusted.key; do cp build/tls-test/$f "$d/"; done
  rm -f "$n/access.log"
}
case "$cmd" in
  start) stop; start ;;
  setup) stop; setup; start ;;
  restart) stop; start >/dev/null ;;
  stop) stop ;;
  *) echo "usage: $0 start|setup|restart|stop DIR" >&2; exit 2 ;;
esac
