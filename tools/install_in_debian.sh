#!/usr/bin/env bash
# The README's Raspberry Pi install, as written, in a fresh Debian (bookworm) made by
# debootstrap: the apt packages the README names, a wheel built by `make dist`, then
# `pip install '<wheel>[pi]'` as far as a machine that is not a Pi allows (the `pi`
# extra's C parts build from source here too; only lgpio needs Raspberry Pi OS's
# liblgpio-dev, so it is installed without that extra and named). Run as root:
#   make test-install
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="${KIBAN_CHROOT:-/tmp/kiban-debian}"
suite="${KIBAN_SUITE:-bookworm}"
if [ ! -x "$root/usr/bin/python3" ]; then
  rm -rf "$root"
  debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian
fi
mount --bind /proc "$root/proc" 2>/dev/null || true
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
# a machine behind a TLS-inspecting proxy trusts its own certificates: so does the chroot
bundle="${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}"
if [ -f "$bundle" ]; then
  mkdir -p "$root/etc/ssl/certs"
  cp "$bundle" "$root/etc/ssl/kiban-host-ca.crt"
  export PIP_CERT=/etc/ssl/kiban-host-ca.crt
fi
# the apt line of the README, read from it so that the two cannot drift apart
packages="$(grep -m1 -o 'sudo apt install -y [a-z0-9 .+-]*' "$here/README.md" | sed 's/sudo apt install -y //')"
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -q
# liblgpio-dev is Raspberry Pi OS's, not Debian's
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
  $(echo "$packages" | tr ' ' '\n' | grep -v '^liblgpio-dev$') python3-pip
make -C "$here" dist >/dev/null
rm -rf "$root/opt/kiban" && mkdir -p "$root/opt/kiban"
cp "$here"/dist/*.whl "$root/opt/kiban/"
wheel="$(basename "$here"/dist/*.whl)"
chroot "$root" python3 -m venv /opt/kiban/venv
chroot "$root" env PIP_CERT="${PIP_CERT:-}" /opt/kiban/venv/bin/pip install -q "/opt/kiban/$wheel"
chroot "$root" env PIP_CERT="${PIP_CERT:-}" /opt/kiban/venv/bin/pip install -q spidev rpi-ws281x  # the pi extra's C parts
chroot "$root" /opt/kiban/venv/bin/kiban games
printf 'play 2c2b\nmoves\nquit\n' | chroot "$root" env HOME=/root /opt/kiban/venv/bin/kiban sim dobutsu --new --state-dir /tmp/kiban-state | grep -q "move 1: 2c2b"
echo "installed in $suite as the README says; lgpio (Raspberry Pi OS's liblgpio-dev) needs a Pi"
