#!/bin/sh
# Test PKI for the TLS port suites, in $1 (default build/tls-test): two CAs (a trusted
# test CA and an unknown one) and server certificates for the cases the ports must
# tell apart. Idempotent. Private keys stay under build/ (never committed).
#   ca.pem            the test CA (the suites' trust anchor)
#   good.pem/.key     localhost, EC P-256, signed by the test CA
#   rsa.pem/.key      localhost, RSA-2048, signed by the test CA (an RSA chain)
#   wrongname.pem     wrong.example (+ localhost in CN only), signed by the test CA
#   expired.pem       localhost, valid 2020-01-01 .. 2021-01-01, signed by the test CA
#   untrusted.pem     localhost, signed by the unknown CA
set -eu
d=${1:-build/tls-test}
mkdir -p "$d"
cd "$d"
[ -f untrusted.pem ] && [ -f expired.pem ] && exit 0
umask 077
ec() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
for ca in ca other; do
  ec $ca.key
  openssl req -x509 -new -key $ca.key -sha256 -days 3650 -subj "/CN=e2b-mcp test $ca CA" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
    -out $ca.pem 2>/dev/null
done
sign() { # name ca san [extra x509 args]
  n=$1; ca=$2; san=$3; shift 3
  openssl req -new -key $n.key -subj "/CN=localhost" -out $n.csr 2>/dev/null
  printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' "$san" > $n.ext
  openssl x509 -req -in $n.csr -CA $ca.pem -CAkey $ca.key -CAcreateserial -sha256 \
    -extfile $n.ext "$@" -out $n.pem 2>/dev/null
  rm -f $n.csr $n.ext
}
ec good.key;      sign good ca DNS:localhost -days 825
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa.key 2>/dev/null
sign rsa ca DNS:localhost -days 825
ec wrongname.key; sign wrongname ca DNS:wrong.example -days 825
ec untrusted.key; sign untrusted other DNS:localhost -days 825
# An expired certificate needs explicit dates: openssl 3.0's `x509 -req` has no
# -not_before/-not_after, `ca` has -startdate/-enddate.
ec expired.key
openssl req -new -key expired.key -subj "/CN=localhost" -out expired.csr 2>/dev/null
mkdir -p ca-db; : > ca-db/index.txt; echo 1000 > ca-db/serial
cat > ca-db/ca.cnf <<CNF
[ca]
default_ca = test
[test]
dir = ca-db
database = ca-db/index.txt
serial = ca-db/serial
new_certs_dir = ca-db
default_md = sha256
policy = anything
copy_extensions = none
x509_extensions = srv
unique_subject = no
[anything]
commonName = supplied
[srv]
subjectAltName = DNS:localhost
basicConstraints = CA:FALSE
extendedKeyUsage = serverAuth
CNF
openssl ca -batch -config ca-db/ca.cnf -cert ca.pem -keyfile ca.key -in expired.csr \
  -startdate 20200101000000Z -enddate 20210101000000Z -notext -out expired.pem 2>/dev/null
rm -f expired.csr
