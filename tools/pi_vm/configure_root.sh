#!/bin/bash
# make pi-vm's root after debootstrap's second stage: what makes it boot as a machine
# (fstab, network, ssh from the host), Raspberry Pi OS's layer as make pi-check makes
# it (tools/pi_os/: the pi user and groups, config.txt, raspi-config and liblgpio-dev
# stand-ins; plus Raspberry Pi OS's udev rules for the gpio, i2c and spi groups), and
# the simulated board's power-on (i2c-stub at 0x20 on bus 1; the board's pull-ups on
# the header's lines; the hand's last state of the board, so that the pieces are still
# there after a reboot). No Kiban: the README's steps install it (pi_vm.sh install).
# usage: configure_root.sh ROOT CHECKOUT SSH_PUBLIC_KEY   (as root; arm64 binfmt registered)
set -euo pipefail
root=$1
checkout=$2
pubkey=$3
in_root() { chroot "$root" /bin/sh -euc "$1"; }

echo raspberrypi >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n' >"$root/etc/hosts"
printf '/dev/vda\t/\text4\trw,errors=remount-ro\t0\t1\n' >"$root/etc/fstab"
# the network: QEMU's user-mode NAT (10.0.2.0/24, its DNS at 10.0.2.3), by networkd
mkdir -p "$root/etc/systemd/network"
printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=ipv4\n' >"$root/etc/systemd/network/10-nat.network"
rm -f "$root/etc/resolv.conf"
echo 'nameserver 10.0.2.3' >"$root/etc/resolv.conf"
in_root 'systemctl enable systemd-networkd.service >/dev/null 2>&1'
# timers that would wake the emulated CPU while the service's idle load is measured
in_root 'systemctl mask apt-daily.timer apt-daily-upgrade.timer man-db.timer e2scrub_all.timer fstrim.timer >/dev/null 2>&1 || true'
# the journal kept across reboots (the check reads the boot before a reboot)
mkdir -p "$root/var/log/journal"
# a host behind a TLS-inspecting proxy: pip in the VM trusts the host's certificates
bundle="${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}"
if [ -f "$bundle" ]; then
  cp "$bundle" "$root/etc/ssl/vm-host-ca.crt"
  printf '[global]\ncert = /etc/ssl/vm-host-ca.crt\n' >"$root/etc/pip.conf"
fi
mkdir -p "$root/root/.ssh"
cp "$pubkey" "$root/root/.ssh/authorized_keys"
chmod 700 "$root/root/.ssh"
chmod 600 "$root/root/.ssh/authorized_keys"
# the VM's sshd answers through QEMU's forward only, which listens on the host's
# 127.0.0.1; no passwords
printf 'PasswordAuthentication no\nKbdInteractiveAuthentication no\n' >"$root/etc/ssh/sshd_config.d/kiban-vm.conf"

# --- the Raspberry Pi OS layer (tools/pi_os/, as make pi-check makes it) -----------------
in_root '
  for group in gpio i2c spi; do groupadd -f --system "$group"; done
  id pi >/dev/null 2>&1 || useradd --create-home --shell /bin/bash --groups sudo,adm,dialout,video,plugdev,users,gpio,i2c,spi pi
  echo "pi ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/010_pi-nopasswd
  chmod 440 /etc/sudoers.d/010_pi-nopasswd
  mkdir -p /home/pi/.ssh'
cp "$pubkey" "$root/home/pi/.ssh/authorized_keys"
in_root 'chown -R pi:pi /home/pi/.ssh && chmod 700 /home/pi/.ssh && chmod 600 /home/pi/.ssh/authorized_keys'
# Raspberry Pi OS's udev rules for the device files' groups (raspberrypi-sys-mods'
# 99-com.rules, the lines for what this machine has)
cat >"$root/etc/udev/rules.d/99-com.rules" <<'RULES'
SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660"
SUBSYSTEM=="spidev", GROUP="spi", MODE="0660"
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
RULES
mkdir -p "$root/boot/firmware"
cp "$checkout/tools/pi_os/config.txt" "$root/boot/firmware/config.txt"
install -m 755 "$checkout/tools/pi_os/raspi-config" "$root/usr/bin/raspi-config"
# liblgpio-dev is Raspberry Pi OS's: an empty package of that name in a local archive
# (on bookworm's CPython 3.11 pip takes lgpio's aarch64 wheel and never links to it)
repo="$root/var/lib/kiban-vm/archive"
mkdir -p "$repo/pkg/DEBIAN"
cat >"$repo/pkg/DEBIAN/control" <<'CTL'
Package: liblgpio-dev
Version: 0.2.2-1~kiban-vm
Architecture: all
Maintainer: Kiban pi-vm <pi-vm@localhost>
Description: stand-in for Raspberry Pi OS's liblgpio-dev (make pi-vm)
 Empty: Debian has no liblgpio-dev. On bookworm's Python 3.11 pip installs
 lgpio's aarch64 wheel, which does not need it.
CTL
dpkg-deb --build --root-owner-group "$repo/pkg" "$repo/liblgpio-dev_all.deb" >/dev/null
rm -rf "$repo/pkg"
{
  dpkg-deb --field "$repo/liblgpio-dev_all.deb"
  printf 'Filename: ./liblgpio-dev_all.deb\nSize: %s\nSHA256: %s\n\n' \
    "$(stat -c %s "$repo/liblgpio-dev_all.deb")" "$(sha256sum "$repo/liblgpio-dev_all.deb" | cut -d' ' -f1)"
} >"$repo/Packages"
echo "deb [trusted=yes] file:/var/lib/kiban-vm/archive ./" >"$root/etc/apt/sources.list.d/raspberrypi-stand-in.list"

# --- the simulated board --------------------------------------------------------------------
# i2c-stub (out of tree, updates/): a register file answering at 0x20, the reference
# board's MCP23017, loaded at boot; the device tree's i2c0 alias makes it bus 1
echo i2c-stub >"$root/etc/modules-load.d/kiban-vm.conf"
echo 'options i2c-stub chip_addr=0x20' >"$root/etc/modprobe.d/kiban-vm.conf"
# the board at power-on, before the service: the pull-ups of the buttons and the
# expander's open-drain INT on the header's lines (all but SPI0's, which spi-gpio
# drives), then the pieces and lines as the hand last left them (guest/board_hand.py
# writes /var/lib/kiban-vm/board: "pull LINE pull-up|pull-down" and "reg ADDR REG VALUE")
cat >"$root/usr/local/sbin/kiban-vm-board" <<'SH'
#!/bin/sh
set -eu
sim=""
for _ in $(seq 300); do
  sim=$(ls -d /sys/devices/platform/*/gpiochip0 2>/dev/null | head -1)
  [ -n "$sim" ] && [ -e "$sim/sim_gpio0/pull" ] && break
  sleep 0.1
done
[ -n "$sim" ] || { echo "kiban-vm-board: no gpio-sim chip at gpiochip0" >&2; exit 1; }
for line in $(seq 0 27); do
  case $line in 8 | 9 | 10 | 11) continue ;; esac
  echo pull-up >"$sim/sim_gpio$line/pull"
done
for _ in $(seq 100); do [ -e /sys/bus/i2c/devices/i2c-1 ] && break; sleep 0.1; done
[ -f /var/lib/kiban-vm/board ] || exit 0
while read -r what a b c; do
  case $what in
    pull) echo "$b" >"$sim/sim_gpio$a/pull" ;;
    reg) i2cset -y -f 1 "$a" "$b" "$c" ;;
  esac
done </var/lib/kiban-vm/board
SH
chmod 755 "$root/usr/local/sbin/kiban-vm-board"
cat >"$root/etc/systemd/system/kiban-vm-board.service" <<'UNIT'
[Unit]
Description=make pi-vm's simulated board at power-on (pull-ups, the pieces where the hand left them)
After=systemd-modules-load.service systemd-udev-settle.service
Before=kiban.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/kiban-vm-board

[Install]
WantedBy=multi-user.target
UNIT
in_root 'systemctl enable kiban-vm-board.service >/dev/null 2>&1'
mkdir -p "$root/var/lib/kiban-vm"
rm -rf "$root/var/lib/apt/lists/"*
