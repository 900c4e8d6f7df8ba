#!/bin/sh
# Fetches and unpacks a Debian source package, for the builds that need a library's
# source rather than its binary package (lwIP for the board; Debian ships its headers only).
#
# Usage: scripts/fetch-debian-source.sh <package> <work dir>
#   Prints the unpacked source directory. Idempotent: an already unpacked source is reused.
#
# The deb-src lines are derived from the system's own apt sources (the same mirrors,
# suites, components and keys as its binary packages), written into a private sources
# directory with private lists and cache, so /etc and /var/lib/apt are never touched and
# no mirror or distribution name is written here.
set -eu
pkg=$1
work=$2
src=$(ls -d "$work/$pkg"-[0-9]* 2>/dev/null | head -n 1 || true)
if [ -n "$src" ] && [ -f "$src/.unpacked" ]; then echo "$src"; exit 0; fi
command -v dpkg-source >/dev/null || { echo "fetch-debian-source: dpkg-source missing (dpkg-dev)" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial"
work=$(cd "$work" && pwd)
eval "$(apt-config shell ETC Dir::Etc/d LIST Dir::Etc::sourcelist/f PARTS Dir::Etc::sourceparts/d)"
n=0
# one-line format: "deb [opts] uri suite comp..." -> "deb-src ..."
for f in "$LIST" "$PARTS"/*.list; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >"$work/parts/src$n.list"
done
# deb822 format: stanzas whose Types include deb get Types: deb-src
for f in "$PARTS"/*.sources; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  awk 'BEGIN{RS=""; ORS="\n\n"} /(^|\n)Types:[^\n]*(^|[[:space:]])deb([[:space:]]|$)/ {
         sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f" >"$work/parts/src$n.sources"
done
[ "$n" -gt 0 ] || { echo "fetch-debian-source: no apt sources found" >&2; exit 1; }
opts="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$work/parts \
      -o Dir::State::Lists=$work/lists -o Dir::Cache=$work/cache \
      -o Dir::State::status=/var/lib/dpkg/status -o Debug::NoLocking=1 -o APT::Sandbox::User=root"
# shellcheck disable=SC2086
apt-get -qq $opts update >/dev/null
# shellcheck disable=SC2086
(cd "$work" && apt-get -qq $opts source --download-only "$pkg" >/dev/null)
dsc=$(ls "$work/${pkg}"_*.dsc | head -n 1)
(cd "$work" && dpkg-source -q --no-check -x "$(basename "$dsc")" >/dev/null)
src=$(ls -d "$work/$pkg"-[0-9]* | head -n 1)
touch "$src/.unpacked"
echo "$src"
