#!/bin/sh
# The TLS port suite: one TLS port, driven by tests/tls/tls_client.c (the port alone,
# no HTTP client, no MCP), against Debian's nginx on 127.0.0.1 with the test PKI of
# mkcerts.sh. Prints one line per check and the closing "N passed, N failed".
#   port-suite.sh NAME CLIENT     NAME: bearssl | minimal | mbedtls | musl (for messages
#                                 and the BearSSL-only checks); CLIENT: the built harness
set -u
name=$1; bin=$2
d=build/tls-test/run-$name
. tests/lib/check.sh
at_finish='tests/tls/nginx-tls.sh stop "$d" >/dev/null 2>&1'
mkdir -p "$d"
tests/tls/nginx-tls.sh setup "$d" >/dev/null || { fail "nginx with the test certificates did not start (see $d/nginx/error.log)"; finish; }
# nginx logs a request after its response went out: let the log stop growing first.
settle() {
  last=-1; same=0; i=0
  while [ $i -lt 50 ] && [ $same -lt 3 ]; do
    n=$(wc -l < "$log" 2>/dev/null || echo 0)
    if [ "$n" = "$last" ]; then same=$((same+1)); else same=0; fi
    last=$n; i=$((i+1)); sleep 0.05
  done
}
port() { awk -v c="$1" '$1==c {print $2}' "$d/nginx/ports"; }
P=$(port good)
log=$d/nginx/access.log

# Trust anchors.
case "$name" in
  bearssl|minimal|musl) expect "system bundle decoded into the arena" "anchors 1" "$bin" trust - ;;
  *)                    expect "system bundle parsed" "anchors 1" "$bin" trust - ;;
esac
n=$("$bin" trust - | awk '{print $2}')
[ "${n:-0}" -ge 100 ] && pass "system bundle has $n anchors" || fail "system bundle: only ${n:-0} anchors"
expect "one CA file" "anchors 1" "$bin" trust "$d/ca.pem"
# The last certificate of a file need not end with a newline ($(...) strips it).
printf '%s' "$(cat "$d/ca.pem")" > "$d/ca-nonl.pem"
expect "one CA file without a final newline" "anchors 1" "$bin" trust "$d/ca-nonl.pem"
printf '%s' "$(cat "$d/ca.pem" "$d/other.pem")" > "$d/two-nonl.pem"
expect "two certificates, the last without a final newline: both" "anchors 2" "$bin" trust "$d/two-nonl.pem"
# Windows line ends: CRLF everywhere, and the last line without it.
sed 's/$/\r/' "$d/ca.pem" "$d/other.pem" > "$d/crlf.pem"
expect "CRLF file: both certificates" "anchors 2" "$bin" trust "$d/crlf.pem"
head -c -2 "$d/crlf.pem" > "$d/crlf-nonl.pem"
expect "CRLF file, the last line without its CRLF: both" "anchors 2" "$bin" trust "$d/crlf-nonl.pem"
expect "missing CA file is refused" "error -15 TLS_TRUST" "$bin" trust "$d/does-not-exist.pem"
printf 'not a certificate\n' > "$d/empty.pem"
expect "CA file without certificates is refused" "error -15 TLS_TRUST" "$bin" trust "$d/empty.pem"

# The good certificate: keep-alive, resumption, big bodies, an RSA chain.
expect "5 keep-alive requests x 3 connections: 1 full + 2 resumed handshakes" \
  "ok requests 15 handshakes 1 resumed 2" "$bin" get localhost "$P" "$d/ca.pem" /hello -n 5 -c 3
settle
full=$(awk -v p="$P" '$1==p && $3=="." {print $2}' "$log" | sort -u | wc -l)
reused=$(awk -v p="$P" '$1==p && $3=="r" {print $2}' "$log" | sort -u | wc -l)
[ "$full" -eq 1 ] && [ "$reused" -eq 2 ] && pass "nginx saw 1 new and 2 reused sessions" \
  || fail "nginx saw $full new and $reused reused sessions (want 1 and 2)"
expect "100 KB bodies (many full records) over 2 connections" \
  "ok requests 4 handshakes 1 resumed 1" "$bin" get localhost "$P" "$d/ca.pem" /big -n 2 -c 2
expect "RSA-2048 server certificate" "ok requests 1 handshakes 1" \
  "$bin" get localhost "$(port rsa)" "$d/ca.pem" /hello

# Session tickets (RFC 5077) only: mbedTLS resumes with them, BearSSL 0.6 has no
# ticket support and makes full handshakes (it still works).
T=$(port tickets)
case "$name" in
  mbedtls) expect "tickets-only server: 1 full + 2 resumed by ticket" "ok requests 3 handshakes 1 resumed 2" \
             "$bin" get localhost "$T" "$d/ca.pem" /hello -c 3 ;;
  *)       expect "tickets-only server: 3 full handshakes (BearSSL has no tickets)" "ok requests 3 handshakes 3 resumed 0" \
             "$bin" get localhost "$T" "$d/ca.pem" /hello -c 3 ;;
esac

# Refusals, each with its own reason.
expect "certificate for another name" "error -11 TLS_NAME" \
  "$bin" get localhost "$(port wrongname)" "$d/ca.pem" /hello
expect "expired certificate" "error -10 TLS_EXPIRED" \
  "$bin" get localhost "$(port expired)" "$d/ca.pem" /hello
expect "certificate from an unknown CA" "error -9 TLS_UNTRUSTED" \
  "$bin" get localhost "$(port untrusted)" "$d/ca.pem" /hello
expect "good certificate, but another CA is trusted" "error -9 TLS_UNTRUSTED" \
  "$bin" get localhost "$P" "$d/other.pem" /hello
expect "connecting by IP address (the certificate names localhost)" "error -11 TLS_NAME" \
  "$bin" get 127.0.0.1 "$P" "$d/ca.pem" /hello
# Byte level: the refused connections carried no application_data record at all.
for c in wrongname expired untrusted; do
  out=$("$bin" get localhost "$(port $c)" "$d/ca.pem" /hello 2>&1 | tail -n 1)
  case "$out" in *"application records sent 0") pass "$c: no application_data record left the client";;
    *) fail "$c: $out";; esac
done
# No request ever reached a listener whose certificate had to be refused.
settle
leaked=0
for c in wrongname expired untrusted; do
  k=$(awk -v p="$(port $c)" '$1==p' "$log" | wc -l); leaked=$((leaked+k))
done
k=$(grep -c "GET /hello" "$log"); want=$((15 + 1 + 3))
[ "$leaked" -eq 0 ] && pass "no request reached a refused server" || fail "$leaked request(s) reached a refused server"
[ "$k" -eq "$want" ] && pass "no request sent on a refused connection to the good server (CA/IP cases)" \
  || fail "nginx logged $k /hello requests, want $want"

# The minimal build lends each handshake its X.509 context's memory (E2B_MCP_TLS_LEND)
# and the harness overwrites it as soon as the handshake ends: keep-alive, resumption and
# records of every size still work, and without a loan the handshake is refused.
case "$name" in minimal)
  expect "lent X.509 memory overwritten after each handshake: 3 connections x 3 requests" \
    "ok requests 9 handshakes 1 resumed 2" "$bin" get localhost "$P" "$d/ca.pem" /hello -n 3 -c 3
  expect "lent X.509 memory overwritten: 100 KB bodies" "ok requests 4 handshakes 1 resumed 1" \
    "$bin" get localhost "$P" "$d/ca.pem" /big -n 2 -c 2
  expect "lent X.509 memory overwritten: an RSA chain" "ok requests 2 handshakes 1" \
    "$bin" get localhost "$(port rsa)" "$d/ca.pem" /hello -n 2
  expect "no memory lent: the handshake is refused before any byte" "error -8 TLS, application records sent 0" \
    "$bin" get localhost "$P" "$d/ca.pem" /hello -nolend ;;
esac

# BearSSL takes certificate time from E2B_MCP_NOW_S(): the device clock hook.
case "$name" in bearssl|minimal|musl)
  expect "clock hook: 20 years ahead, the certificate has expired" "error -10 TLS_EXPIRED" \
    "$bin" get localhost "$P" "$d/ca.pem" /hello -t 631152000
  expect "clock hook: 20 years back, the certificate is not yet valid" "error -10 TLS_EXPIRED" \
    "$bin" get localhost "$P" "$d/ca.pem" /hello -t -631152000 ;;
esac

# A server restart between two connections: the offered session is unknown to the new
# nginx, so the second handshake is full again, and it works.
"$bin" get localhost "$P" "$d/ca.pem" /hello -n 2 -c 2 -hold 1500 > "$d/restart.out" 2>&1 &
cpid=$!
sleep 0.5
tests/tls/nginx-tls.sh restart "$d" >/dev/null 2>&1
wait $cpid
out=$(tail -n 1 "$d/restart.out")
case "$out" in "ok requests 4 handshakes 2 resumed 0"*) true;; *) false;; esac && pass "nginx restarted between connections ($out)" \
  || fail "nginx restart: got '$out'"

# Memory: valgrind finds no errors; BearSSL allocates nothing per connection or request.
if command -v valgrind >/dev/null && [ "$name" != musl ]; then
  if valgrind -q --error-exitcode=9 "$bin" get localhost "$P" "$d/ca.pem" /hello -n 3 -c 2 >/dev/null 2>"$d/vg.err"; then
    pass "valgrind memcheck clean"
  else
    fail "valgrind memcheck (see $d/vg.err)"
  fi
  allocs() { valgrind "$@" 2>&1 >/dev/null | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
  a1=$(allocs "$bin" get localhost "$P" "$d/ca.pem" /hello -n 1 -c 1)
  a2=$(allocs "$bin" get localhost "$P" "$d/ca.pem" /hello -n 10 -c 4)
  case "$name" in
    bearssl|minimal)
      [ -n "$a1" ] && [ "$a1" = "$a2" ] && pass "heap allocations do not grow with connections/requests ($a1 = $a2, all libc's)" \
        || fail "heap allocations: 1x1 -> $a1, 4x10 -> $a2" ;;
    *) echo "info mbedTLS heap allocations: 1 connection $a1, 4 connections x 10 requests $a2 (mbedTLS calloc()s)" ;;
  esac
fi
finish
