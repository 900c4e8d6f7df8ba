#!/bin/sh
# Installs the Debian packages the project builds and tests with. Idempotent:
# packages already present are skipped, apt-get runs only when something is missing.
# Usage: scripts/install-deps.sh [group...]   groups: core tls sim check static cross mcu riscv bench fuzz windows browser ops cmake (default: core sim)
# With E2B_MCP_DEPS=check (what the Makefile sets unless the goal is deps, demo, test or
# bench) it installs nothing: it names what is missing and fails.
set -eu
groups=${*:-core sim}
pkgs=""
for g in $groups; do
  case "$g" in
    core)   pkgs="$pkgs build-essential libjsmn-dev python3 g++ pkg-config" ;;
    tls)    pkgs="$pkgs libbearssl-dev libmbedtls-dev openssl nginx-light" ;;
    sim)    pkgs="$pkgs python3 openssl" ;;
    check)  pkgs="$pkgs valgrind" ;;
    static) pkgs="$pkgs musl-tools musl-dev dpkg-dev" ;;
    cross)  pkgs="$pkgs gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-armhf-cross libc6-dev-s390x-cross qemu-user gcc-arm-none-eabi libnewlib-arm-none-eabi" ;;
    mcu)    pkgs="$pkgs qemu-system-arm gcc-arm-none-eabi libnewlib-arm-none-eabi dpkg-dev openssl nginx-light" ;;
    riscv)  pkgs="$pkgs qemu-system-misc gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf dpkg-dev openssl nginx-light" ;;
    bench)  pkgs="$pkgs valgrind hyperfine binutils" ;;
    fuzz)   pkgs="$pkgs clang libclang-rt-14-dev libfuzzer-14-dev" ;;
    windows) pkgs="$pkgs gcc-mingw-w64-x86-64-posix wine wine64 dpkg-dev openssl nginx-light" ;;
    browser) pkgs="$pkgs chromium fonts-liberation openssl nginx-light" ;;
    ops)    pkgs="$pkgs prometheus redis-server podman buildah nginx-light" ;;
    cmake)  pkgs="$pkgs cmake" ;;
    *) echo "install-deps: unknown group '$g'" >&2; exit 2 ;;
  esac
done
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "${E2B_MCP_DEPS:-install}" = check ]; then
  echo "install-deps: missing Debian packages:$missing (scripts/install-deps.sh $groups installs them, as \`make test\` does)" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: no apt-get here; install the equivalents of these Debian packages:$missing" >&2
  exit 1
fi
echo "install-deps: installing$missing" >&2
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
