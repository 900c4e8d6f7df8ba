#!/bin/sh
# TLS in front of e2b-sim: Debian's nginx with a test CA generated at run time.
#
#   tests/sim/tls-proxy.sh start SIM_PORT [DIR]   generate certs (once per DIR), start nginx, print ports
#   tests/sim/tls-proxy.sh stop [DIR]             stop nginx (waits until it is gone)
#   tests/sim/tls-proxy.sh reload [DIR]           SIGHUP: new workers, idle keep-alive connections are closed
#   tests/sim/tls-proxy.sh restart [DIR]          stop + start on the same ports and upstream
#   tests/sim/tls-proxy.sh certs [DIR]            only generate the certificates
#   tests/sim/tls-proxy.sh status [DIR]           print the ports line if running (exit 1 otherwise)
#
# DIR defaults to $E2B_SIM_TLS_DIR, else build/tls.  Output on start/restart/status, also written to DIR/ports:
#   TLS good=<port> expired=<port> wrongname=<port> untrusted=<port>
# and DIR/ports.env (TLS_GOOD_PORT=... TLS_EXPIRED_PORT=... TLS_WRONGNAME_PORT=... TLS_UNTRUSTED_PORT=... SIM_PORT=...).
# Files in DIR: ca.pem (trust this one), good.pem/expired.pem/wrongname.pem/untrusted.pem (+ .key),
# untrusted-ca.pem, nginx.conf, nginx.pid, error.log, access.log.
# Every server listens on 127.0.0.1 only and proxies HTTP/1.1 with keep-alive to 127.0.0.1:SIM_PORT.
# access.log lines: "<msec> conn=<$connection> req=<$connection_requests> reused=<$ssl_session_reused>
#   proto=<$ssl_protocol> cipher=<$ssl_cipher> port=<$server_port> "<request>" <status> <bytes>"
# so a test counts TLS handshakes (distinct conn=) against requests (lines).  Keys never leave DIR.
set -eu

cmd=${1:-}
[ -n "$cmd" ] || { sed -n '2,20p' "$0"; exit 2; }
shift
if [ "$cmd" = start ]; then
  sim_port=${1:-${E2B_SIM_PORT:-}}
  [ -n "$sim_port" ] || { echo "tls-proxy: start needs the simulator's port" >&2; exit 2; }
  [ $# -gt 0 ] && shift
fi
dir=${1:-${E2B_SIM_TLS_DIR:-build/tls}}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

NGINX=$(command -v nginx || echo /usr/sbin/nginx)

gen_certs() {
  [ -f "$dir/untrusted.pem" ] && [ -f "$dir/ca.pem" ] && return 0
  command -v openssl >/dev/null || { echo "tls-proxy: openssl missing (scripts/install-deps.sh tls)" >&2; exit 1; }
  umask 077
  d="$dir"
  rm -rf "$d/ca-db" && mkdir -p "$d/ca-db"
  : > "$d/ca-db/index.txt"
  echo 1000 > "$d/ca-db/serial"
  cat > "$d/ca.cnf" <<EOF
[ ca ]
default_ca = testca
[ testca ]
database = $d/ca-db/index.txt
new_certs_dir = $d/ca-db
serial = $d/ca-db/serial
default_md = sha256
policy = pol
unique_subject = no
copy_extensions = none
[ pol ]
commonName = supplied
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca_ext ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[ ext_localhost ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost
authorityKeyIdentifier = keyid
[ ext_wrong ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:wrong.example
authorityKeyIdentifier = keyid
EOF
  mkca() { # name cn
    openssl ecparam -name prime256v1 -genkey -noout -out "$d/$1.key" 2>/dev/null
    openssl req -x509 -new -key "$d/$1.key" -sha256 -days 3650 -subj "/CN=$2" -config "$d/ca.cnf" \
      -extensions ca_ext -out "$d/$1.pem" 2>/dev/null
  }
  leaf() { # name cn ca ext start end
    openssl ecparam -name prime256v1 -genkey -noout -out "$d/$1.key" 2>/dev/null
    openssl req -new -key "$d/$1.key" -subj "/CN=$2" -config "$d/ca.cnf" -out "$d/$1.csr" 2>/dev/null
    openssl ca -batch -config "$d/ca.cnf" -cert "$d/$3.pem" -keyfile "$d/$3.key" -in "$d/$1.csr" \
      -out "$d/$1.pem" -startdate "$5" -enddate "$6" -extensions "$4" -notext 2>/dev/null
    rm -f "$d/$1.csr"
  }
  mkca ca "e2b-sim test CA"
  mkca untrusted-ca "e2b-sim UNTRUSTED CA"
  leaf good localhost ca ext_localhost 20240101000000Z 20491231000000Z
  leaf expired localhost ca ext_localhost 20200101000000Z 20200201000000Z
  leaf wrongname wrong.example ca ext_wrong 20240101000000Z 20491231000000Z
  leaf untrusted localhost untrusted-ca ext_localhost 20240101000000Z 20491231000000Z
  chmod 644 "$d"/*.pem
}

free_ports() { # n
  python3 -c '
import socket, sys
ss = []
for _ in range(int(sys.argv[1])):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); ss.append(s)
print(" ".join(str(s.getsockname()[1]) for s in ss))' "$1"
}

running() {
  [ -f "$dir/nginx.pid" ] && kill -0 "$(cat "$dir/nginx.pid")" 2>/dev/null
}

write_conf() { # sim good expired wrong untrusted
  mkdir -p "$dir/tmp"
  chmod 1777 "$dir/tmp"
  srv() { # port name
    cat <<EOF
    server {
        listen 127.0.0.1:$1 ssl;
        server_name localhost;
        ssl_certificate     $dir/$2.pem;
        ssl_certificate_key $dir/$2.key;
        location / {
            proxy_pass http://e2b_sim;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_buffering off;
            proxy_request_buffering off;
            proxy_max_temp_file_size 0;
            proxy_read_timeout 120s;
        }
    }
EOF
  }
  {
    cat <<EOF
# generated by tests/sim/tls-proxy.sh
daemon off;
master_process on;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log info;
events { worker_connections 256; }
http {
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    log_format tls '\$msec conn=\$connection req=\$connection_requests reused=\$ssl_session_reused '
                   'proto=\$ssl_protocol cipher=\$ssl_cipher port=\$server_port "\$request" \$status \$body_bytes_sent';
    access_log $dir/access.log tls;
    keepalive_timeout 60s;
    keepalive_requests 1000;
    client_max_body_size 32m;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:e2bsim:1m;
    ssl_session_timeout 10m;
    upstream e2b_sim {
        server 127.0.0.1:$1;
        keepalive 16;
    }
EOF
    srv "$2" good
    srv "$3" expired
    srv "$4" wrongname
    srv "$5" untrusted
    echo "}"
  } > "$dir/nginx.conf"
  echo "TLS good=$2 expired=$3 wrongname=$4 untrusted=$5" > "$dir/ports"
  printf 'TLS_GOOD_PORT=%s\nTLS_EXPIRED_PORT=%s\nTLS_WRONGNAME_PORT=%s\nTLS_UNTRUSTED_PORT=%s\nSIM_PORT=%s\nTLS_CA=%s\n' \
    "$2" "$3" "$4" "$5" "$1" "$dir/ca.pem" > "$dir/ports.env"
}

wait_listening() { # ports...
  python3 - "$@" <<'EOF'
import socket, sys, time
end = time.time() + 10
for p in sys.argv[1:]:
    while True:
        try:
            socket.create_connection(("127.0.0.1", int(p)), timeout=1).close()
            break
        except OSError:
            if time.time() > end:
                sys.exit(1)
            time.sleep(0.05)
EOF
}

launch() { # sim good expired wrong untrusted
  write_conf "$@"
  "$NGINX" -t -q -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >/dev/null 2>&1 || {
    echo "tls-proxy: nginx config test failed:" >&2
    "$NGINX" -t -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >&2 || true
    exit 1
  }
  # own prefix, own config, not a system daemon; output to the build dir
  nohup "$NGINX" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" >>"$dir/nginx.out" 2>&1 </dev/null &
  echo $! > "$dir/nginx.launch.pid"
  if ! wait_listening "$2" "$3" "$4" "$5"; then
    echo "tls-proxy: nginx did not start; see $dir/error.log" >&2
    tail -n 5 "$dir/error.log" >&2 || true
    exit 1
  fi
  cat "$dir/ports"
}

do_stop() {
  if running; then
    pid=$(cat "$dir/nginx.pid")
    kill -QUIT "$pid" 2>/dev/null || true
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/nginx.pid" "$dir/nginx.launch.pid"
}

case "$cmd" in
  certs)
    gen_certs; echo "$dir/ca.pem" ;;
  start)
    [ -x "$NGINX" ] || { echo "tls-proxy: nginx missing (scripts/install-deps.sh tls)" >&2; exit 1; }
    do_stop
    gen_certs
    : > "$dir/access.log"
    # shellcheck disable=SC2046
    launch "$sim_port" $(free_ports 4) ;;
  stop)
    do_stop ;;
  reload)
    running || { echo "tls-proxy: not running" >&2; exit 1; }
    kill -HUP "$(cat "$dir/nginx.pid")"
    sleep 0.3
    cat "$dir/ports" ;;
  restart)
    [ -f "$dir/ports.env" ] || { echo "tls-proxy: never started in $dir" >&2; exit 1; }
    . "$dir/ports.env"
    do_stop
    launch "$SIM_PORT" "$TLS_GOOD_PORT" "$TLS_EXPIRED_PORT" "$TLS_WRONGNAME_PORT" "$TLS_UNTRUSTED_PORT" ;;
  status)
    running && cat "$dir/ports" ;;
  *)
    echo "tls-proxy: unknown command '$cmd' (start|stop|reload|restart|certs|status)" >&2; exit 2 ;;
esac
