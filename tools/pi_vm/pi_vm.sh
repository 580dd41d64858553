#!/bin/bash
# make pi-vm: the whole Raspberry Pi as a machine. Debian's own arm64 kernel boots under
# qemu-system-aarch64 (TCG, machine virt, Cortex-A53 cores) with real systemd, and the
# board under it is the kernel's: the header's GPIO chip is gpio-sim (its lines pulled
# from sysfs by the board's hand), SPI0 is spi-gpio on its pins (/dev/spidev0.0, every
# level traced), and I2C bus 1 is i2c-stub with a register file at 0x20 (the reference
# board's MCP23017). Debian's arm64 kernels build neither gpio-sim nor i2c-stub: both
# are built here, out of tree, from Debian's linux-source against Debian's headers,
# with Debian's cross compiler. Everything comes from Debian's archive.
#
# Steps (docs/pi-vm.md says what each proves):
#   host     the host's tools (apt-get), the arm64 architecture, the kernel's version
#            read from the archive's linux-image-arm64
#   base     the base image: debootstrap, Raspberry Pi OS's stand-ins, the kernel, the
#            two modules, the initramfs and the Pi-like device tree (cached)
#   install  the README's Pi install as `pi` over ssh, as written, the GPIO and I2C
#            libraries checked against the kernel, the shipped unit enabled (cached)
#   play     a whole game played through the kernel by the board's hand, a reboot
#            mid-game, the record read back, the LED frames, the figures
#   all      the four in turn (the default: what `make pi-vm` runs)
# and, to look around: boot BASE|INSTALLED, ssh [USER], stop.
#
# As root. KIBAN_VM_CACHE (/var/cache/kiban-pi-vm) keeps the debs, the debootstrapped
# tree, the base image and the installed image (a few GB; never in the checkout); each
# run works on a copy-on-write layer over them. The VM's ssh is forwarded from the host's
# 127.0.0.1 only (KIBAN_VM_SSH_PORT, 10022). A failure powers the machine off unless
# KIBAN_VM_KEEP is set.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
checkout="$(cd "$here/../.." && pwd)"
CACHE="${KIBAN_VM_CACHE:-/var/cache/kiban-pi-vm}"
MIRROR="${KIBAN_VM_MIRROR:-http://deb.debian.org/debian}"
SSH_PORT="${KIBAN_VM_SSH_PORT:-10022}"
SUITE=bookworm
# A Zero 2 W has four Cortex-A53 cores and 512 MB; two emulated cores on a 2-core host
QEMU_MACHINE=(-cpu cortex-a53 -smp 2 -m 1024)
# What the root has before the README's steps: Raspberry Pi OS Lite's systemd, sudo,
# Python and ssh; the kernel's tools the check uses (i2c-tools, gpiod); and the README's
# apt line ahead of time (its `apt install` then finds them: minutes saved under emulation)
INCLUDE=systemd-sysv,udev,kmod,sudo,python3,ca-certificates,openssh-server,dbus,iproute2,procps,netbase,i2c-tools,gpiod
INCLUDE=$INCLUDE,python3-venv,python3-dev,gcc,libc6-dev,swig,git
run="$CACHE/run"
say() { printf 'pi-vm: %s\n' "$*"; }
fail() {
  printf 'pi-vm: FAILED: %s\n' "$*" >&2
  # the machine powered off (its layer kept to look into: pi_vm.sh boot), unless asked
  [ -n "${KIBAN_VM_KEEP:-}" ] || stop >/dev/null 2>&1 || true
  exit 1
}
ssh_vm() {
  local user=$1
  shift
  ssh -i "$CACHE/ssh/id" -p "$SSH_PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o LogLevel=ERROR -o ConnectTimeout=10 -o ServerAliveInterval=15 -o ServerAliveCountMax=8 \
    "$user@127.0.0.1" "$@"
}
scp_vm() {  # scp_vm USER FILES... DEST
  local user=$1
  shift
  local files=("${@:1:$#-1}") dest="${*: -1}"
  scp -q -i "$CACHE/ssh/id" -P "$SSH_PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o LogLevel=ERROR "${files[@]}" "$user@127.0.0.1:$dest"
}

# --- host ------------------------------------------------------------------------------------
host() {
  [ "$(id -u)" -eq 0 ] || fail "run as root (apt-get, debootstrap, chroot): sudo make pi-vm"
  mkdir -p "$CACHE" "$run"
  local need=()
  command -v qemu-system-aarch64 >/dev/null || need+=(qemu-system-arm)
  [ -x /usr/bin/qemu-aarch64-static ] || need+=(qemu-user-static)
  command -v update-binfmts >/dev/null || need+=(binfmt-support)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  command -v dtc >/dev/null || need+=(device-tree-compiler)
  command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu)
  command -v qemu-img >/dev/null || need+=(qemu-utils)
  command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
  command -v cpio >/dev/null || need+=(cpio)
  command -v ssh >/dev/null || need+=(openssh-client)
  command -v make >/dev/null || need+=(make)
  command -v depmod >/dev/null || need+=(kmod)
  local lists=0
  dpkg --print-foreign-architectures | grep -qx arm64 || { dpkg --add-architecture arm64 && lists=1; }
  apt-cache show linux-image-arm64:arm64 >/dev/null 2>&1 || lists=1
  if [ ${#need[@]} -gt 0 ] || [ $lists -eq 1 ]; then
    say "the host's tools: ${need[*]:-the arm64 package lists}"
    apt-get update -q
    [ ${#need[@]} -eq 0 ] ||
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
  fi
  KV="$(kernel_version)"
  SERIES="${KV%%-*}"   # 6.1.0-56-arm64 -> 6.1.0 -> the source series 6.1
  SERIES="${SERIES%.*}"
  [ -d "/usr/lib/linux-kbuild-$SERIES" ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "linux-kbuild-$SERIES"
  [ -f "$CACHE/ssh/id" ] || { mkdir -p "$CACHE/ssh" && ssh-keygen -q -t ed25519 -N '' -f "$CACHE/ssh/id" -C kiban-pi-vm; }
  say "kernel: Debian's linux-image-arm64 is linux-image-$KV"
}

# The kernel's ABI name Debian's arm64 meta-package points at now (never pinned here)
kernel_version() {
  apt-cache show --no-all-versions linux-image-arm64:arm64 |
    sed -n 's/^Depends:.*linux-image-\([0-9][^ ,]*-arm64\).*/\1/p' | head -1 |
    grep . || fail "the archive's linux-image-arm64 names no kernel (apt-cache show linux-image-arm64:arm64)"
}

# --- base --------------------------------------------------------------------------------------
base_key() {
  {
    echo "$SUITE $MIRROR $KV $INCLUDE ${QEMU_MACHINE[*]}"
    cat "$here/configure_root.sh" "$here/make_dtb.sh" "$here/make_initrd.sh" \
      "$checkout/tools/pi_os/config.txt" "$checkout/tools/pi_os/raspi-config" "$CACHE/ssh/id.pub"
    declare -f build_modules make_base
  } | sha256sum | cut -c1-16
}

base() {
  BASE="$CACHE/base-$(base_key)"
  if [ -f "$BASE/root.img" ]; then
    say "base image: cached ($BASE)"
    return
  fi
  local began=$SECONDS
  say "base image: making it in $BASE (once: debootstrap's second stage runs under emulation)"
  download
  build_modules
  make_base
  say "base image: made in $((SECONDS - began)) s"
}

download() {
  debs="$CACHE/debs/$KV"
  mkdir -p "$debs"
  local common kbuild
  common="$(apt-cache show --no-all-versions "linux-headers-$KV:arm64" |
    sed -n 's/^Depends:.*\(linux-headers-[^ ,]*-common\).*/\1/p')"
  [ -n "$common" ] || fail "linux-headers-$KV names no common headers"
  kbuild="linux-kbuild-$SERIES"
  (cd "$debs" && ls linux-image-"$KV"_*.deb linux-headers-"$KV"_*.deb "$common"_*.deb \
    linux-source-"$SERIES"_*.deb busybox-static_*_arm64.deb >/dev/null 2>&1) ||
    (cd "$debs" && apt-get download -q "linux-image-$KV:arm64" "linux-headers-$KV:arm64" \
      "$common" "linux-source-$SERIES" busybox-static:arm64)
  [ -d "/usr/lib/$kbuild" ] || fail "/usr/lib/$kbuild is missing (apt-get install $kbuild)"
}

# gpio-sim (with the kernel's irq_sim linked in: Debian's arm64 config has CONFIG_IRQ_SIM
# unset too) and i2c-stub, from Debian's linux-source, built against its headers
build_modules() {
  local src="$CACHE/build/modules" hdr="$CACHE/build/headers"
  rm -rf "$src" "$hdr" && mkdir -p "$src" "$hdr"
  local deb
  for deb in "$debs"/linux-headers-*.deb "$debs"/linux-image-"$KV"_*.deb; do dpkg-deb -x "$deb" "$hdr"; done
  say "the kernel's own configuration of the simulated chips (not set: built here):"
  grep -E '^(# )?CONFIG_(GPIO_SIM|I2C_STUB|IRQ_SIM|I2C_CHARDEV|GPIO_CDEV|SPI_GPIO|SPI_SPIDEV)[= ]' \
    "$hdr/boot/config-$KV" | sed 's/^/  /'
  ln -sfn "/usr/lib/linux-kbuild-$SERIES" "$hdr/usr/lib/linux-kbuild-$SERIES"  # the host's kbuild tools
  sed -i "s#^include /usr/src/#include $hdr/usr/src/#" "$hdr/usr/src/linux-headers-$KV/Makefile"
  dpkg-deb --fsys-tarfile "$debs"/linux-source-"$SERIES"_*.deb |
    tar -xO "./usr/src/linux-source-$SERIES.tar.xz" |
    tar -xJ -C "$src" --strip-components=3 --wildcards \
      "linux-source-$SERIES/drivers/gpio/gpio-sim.c" "linux-source-$SERIES/drivers/gpio/gpiolib.h" \
      "linux-source-$SERIES/kernel/irq/irq_sim.c" "linux-source-$SERIES/drivers/i2c/i2c-stub.c"
  mv "$src/gpio-sim.c" "$src/gpio-sim-main.c"
  # irq_to_desc() is not exported to modules: upstream's later form of the same call
  # (kernel/irq/irq_sim.c since 6.2: generic_handle_domain_irq)
  python3 - "$src/irq_sim.c" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = "\t\tirqnum = irq_find_mapping(work_ctx->domain, offset);\n\t\thandle_simple_irq(irq_to_desc(irqnum));"
if old not in text:
    sys.exit("irq_sim.c is not the 6.1 form this build changes: see pi_vm.sh, build_modules")
text = text.replace(old, "\t\tgeneric_handle_domain_irq(work_ctx->domain, offset);")
text = text.replace("\tint irqnum;\n", "", 1)
open(path, "w").write(text)
PY
  printf 'obj-m += gpio-sim.o i2c-stub.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' >"$src/Kbuild"
  local began=$SECONDS
  make -s -C "$hdr/usr/src/linux-headers-$KV" M="$src" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
    -j"$(nproc)" modules
  say "gpio-sim.ko and i2c-stub.ko built in $((SECONDS - began)) s"
}

binfmt() {
  [ -e /proc/sys/fs/binfmt_misc/status ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
  grep -qx enabled /proc/sys/fs/binfmt_misc/qemu-aarch64 ||
    fail "qemu-aarch64 is not registered with binfmt_misc: the root's second stage cannot run"
}

make_base() {
  local tree="$CACHE/build/root" tarball
  tarball="$CACHE/debootstrap-$SUITE-$(echo "$SUITE $MIRROR $INCLUDE" | sha256sum | cut -c1-12).tar"
  binfmt
  rm -rf "$tree" && mkdir -p "$tree"
  if [ -f "$tarball" ]; then
    say "debootstrap: cached ($tarball)"
    tar -xf "$tarball" -C "$tree"
  else
    local began=$SECONDS
    debootstrap --arch=arm64 --variant=minbase --include="$INCLUDE" --foreign "$SUITE" "$tree" "$MIRROR"
    nice -n 5 unshare --pid --fork --mount --propagation private \
      chroot "$tree" /debootstrap/debootstrap --second-stage
    chroot "$tree" apt-get clean
    tar -cf "$tarball.new" -C "$tree" . && mv "$tarball.new" "$tarball"
    say "debootstrap: $((SECONDS - began)) s (its second stage under qemu-user)"
  fi
  "$here/configure_root.sh" "$tree" "$checkout" "$CACHE/ssh/id.pub"
  # Debian's kernel and modules, unpacked (initramfs-tools is not run under emulation),
  # the two built modules in updates/, depmod run from the host; unpacked aside, since
  # dpkg-deb -x would replace the merged /usr's /lib link by a directory
  local kernel="$CACHE/build/kernel"
  rm -rf "$kernel" && dpkg-deb -x "$debs"/linux-image-"$KV"_*.deb "$kernel"
  mkdir -p "$tree/usr/lib/modules" "$tree/boot"
  rm -rf "$tree/usr/lib/modules/$KV"
  cp -a "$kernel/lib/modules/$KV" "$tree/usr/lib/modules/"
  cp -a "$kernel/boot/." "$tree/boot/"
  mkdir -p "$tree/usr/lib/modules/$KV/updates"
  cp "$CACHE/build/modules/gpio-sim.ko" "$CACHE/build/modules/i2c-stub.ko" "$tree/usr/lib/modules/$KV/updates/"
  depmod -b "$tree" "$KV"
  rm -rf "$BASE.new" && mkdir -p "$BASE.new"
  cp "$tree/boot/vmlinuz-$KV" "$BASE.new/vmlinuz"
  "$here/make_initrd.sh" "$tree" "$KV" "$debs"/busybox-static_*_arm64.deb "$BASE.new/initrd.img"
  "$here/make_dtb.sh" "$BASE.new/pi.dtb" "${QEMU_MACHINE[@]}"
  mkfs.ext4 -q -L root -d "$tree" "$BASE.new/root.img" 6G
  echo "$KV" >"$BASE.new/kernel-version"
  rm -rf "$BASE" "$tree" "$kernel" && mv "$BASE.new" "$BASE"
}

# --- boot, stop ---------------------------------------------------------------------------------
boot() {  # boot LAYER: a copy-on-write layer whose backing is the image to run
  local layer=$1
  [ ! -f "$run/qemu.pid" ] || ! kill -0 "$(cat "$run/qemu.pid")" 2>/dev/null ||
    fail "a VM already runs (pid $(cat "$run/qemu.pid")): tools/pi_vm/pi_vm.sh stop"
  rm -f "$run/console.log"
  local began=$SECONDS
  nice -n 5 qemu-system-aarch64 -machine virt "${QEMU_MACHINE[@]}" -accel tcg,thread=multi \
    -kernel "$BASE/vmlinuz" -initrd "$BASE/initrd.img" -dtb "$BASE/pi.dtb" \
    -append "console=ttyAMA0 root=/dev/vda rw" \
    -drive if=none,id=disk,file="$layer",format=qcow2 -device virtio-blk-pci,drive=disk \
    -netdev user,id=net,hostfwd=tcp:127.0.0.1:"$SSH_PORT"-:22 -device virtio-net-pci,netdev=net,romfile= \
    -device virtio-rng-pci -display none -serial file:"$run/console.log" \
    -monitor unix:"$run/monitor.sock",server,nowait -pidfile "$run/qemu.pid" -daemonize
  wait_ssh "$began" "qemu started"
}

wait_ssh() {  # wait_ssh SINCE WHAT
  until ssh_vm root true 2>/dev/null; do
    [ $((SECONDS - $1)) -lt 900 ] || fail "no ssh 900 s after $2 (the console: $run/console.log)"
    [ -f "$run/qemu.pid" ] && kill -0 "$(cat "$run/qemu.pid")" 2>/dev/null ||
      fail "QEMU stopped (the console: $run/console.log)"
    sleep 3
  done
  say "ssh answers $((SECONDS - $1)) s after $2"
}

stop() {
  [ -f "$run/qemu.pid" ] || return 0
  local pid
  pid="$(cat "$run/qemu.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    ssh_vm root 'systemctl poweroff' 2>/dev/null || true
    local _
    for _ in $(seq 120); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 10); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  fi
  rm -f "$run/qemu.pid"
}

reboot_vm() {
  local began=$SECONDS
  ssh_vm root 'systemctl reboot' 2>/dev/null || true
  sleep 10
  wait_ssh "$began" "the reboot was asked"
}

# --- install -----------------------------------------------------------------------------------
# The checkout as it stands (uncommitted and untracked files too, as one commit made in a
# scratch index; no ref of the checkout moves), as make pi-check's git way takes it
snapshot() {
  local index tree
  index="$(mktemp -u)"
  GIT_INDEX_FILE="$index" git -C "$checkout" add -A
  tree="$(GIT_INDEX_FILE="$index" git -C "$checkout" write-tree)"
  # what the install copies, builds or runs: the packages pip installs and their
  # pyproject, the unit, the profiles and the README's blocks (a change elsewhere, in
  # the docs, tests or tools, does not make the installed image again)
  INSTALL_KEY="$(GIT_INDEX_FILE="$index" git -C "$checkout" ls-files -s -- engine drivers hardware \
    firmware_host systemd pyproject.toml MANIFEST.in README.md | sha256sum | cut -c1-16)"
  rm -f "$index"
  SNAPSHOT="$(GIT_AUTHOR_NAME=pi-vm GIT_AUTHOR_EMAIL=pi-vm@localhost \
    GIT_COMMITTER_NAME=pi-vm GIT_COMMITTER_EMAIL=pi-vm@localhost \
    git -C "$checkout" commit-tree "$tree" -p HEAD -m "pi-vm: this checkout as it stands")"
}

readme_block() {  # make pi-check's reading: the ```sh block right after <!-- pi-check: NAME -->
  awk -v marker="<!-- pi-check: $1 -->" '
    inside && /^```/ { done = 1; exit }
    inside { print; next }
    armed { if ($0 == "```sh") { inside = 1; next } exit }
    $0 == marker { armed = 1 }
    END { if (!done) exit 1 }' "$checkout/README.md" || fail "README.md has no block <!-- pi-check: $1 -->"
}

run_block() {  # the README's block as pi in a login shell; `journalctl -f` never ends: left out
  local began=$SECONDS
  { echo "export KIBAN_REPO=/srv/kiban.git"; echo "set -x"; readme_block "$1" | grep -v '^journalctl .*-f'; } |
    ssh_vm pi 'bash -l -euo pipefail -s' >>"$run/install.log" 2>&1 ||
    fail "the README's block '$1' failed in the VM (its output: $run/install.log)"
  say "README $1: $((SECONDS - began)) s"
}

install() {
  snapshot
  INSTALLED="$BASE/installed-$INSTALL_KEY.qcow2"
  if [ -f "$INSTALLED" ]; then
    say "installed image: cached ($INSTALLED)"
    return
  fi
  local began=$SECONDS layer="$BASE/installing.qcow2"
  say "installed image: the README's install on the base image"
  rm -f "$layer" "$run/install.log"
  qemu-img create -q -f qcow2 -F raw -b "$BASE/root.img" "$layer"
  boot "$layer"
  # KIBAN_REPO: the snapshot, pushed to a bare repository in the VM over ssh
  ssh_vm root 'rm -rf /srv/kiban.git && git init -q --bare /srv/kiban.git && git -C /srv/kiban.git symbolic-ref HEAD refs/heads/main'
  GIT_SSH_COMMAND="ssh -i $CACHE/ssh/id -p $SSH_PORT -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR" \
    git -C "$checkout" push -q "root@127.0.0.1:/srv/kiban.git" "$SNAPSHOT:refs/heads/main"
  ssh_vm root 'git config --system --add safe.directory /srv/kiban.git'
  run_block setup
  # the README's prose for a Zero 2 W (as make pi-check reads it)
  local clock
  clock="$(grep -o 'Zero 2 W add `core_freq=[0-9]*` to `/boot/firmware/config.txt`' "$checkout/README.md" |
    grep -o 'core_freq=[0-9]*')" || fail "README.md no longer says what to add to config.txt on a Zero 2 W"
  ssh_vm pi "echo $clock | sudo tee -a /boot/firmware/config.txt >/dev/null"
  run_block git
  say "the libraries against the kernel: lgpio and gpiozero on gpio-sim, smbus2 on i2c-stub"
  scp_vm root "$here"/guest/*.py /root/
  ssh_vm root 'mkdir -p /home/pi/vm && cp /root/*.py /home/pi/vm/ && chown -R pi:pi /home/pi/vm'
  ssh_vm root 'uname -r; gpiodetect; i2cdetect -l; ls -l /dev/gpiochip0 /dev/i2c-1 /dev/spidev0.0' | sed 's/^/  /'
  ssh_vm pi 'cd ~/vm && /opt/kiban/.venv/bin/python lgpio_edges.py' | sed 's/^/  /' ||
    fail "lgpio or gpiozero missed an edge of gpio-sim"
  ssh_vm root '/opt/kiban/.venv/bin/python /root/smbus_stub.py && modprobe -r i2c-stub && modprobe i2c-stub' |
    sed 's/^/  /' || fail "smbus2 on i2c-stub"
  ssh_vm pi 'cd ~/vm && /opt/kiban/.venv/bin/python ws281x_refusal.py' | sed 's/^/  /' ||
    fail "rpi-ws281x's refusal on a kernel without /dev/gpiomem"
  run_block service
  expect_service_up "after the README's service block"
  say "README install in all: $((SECONDS - began)) s"
  stop
  mv "$layer" "$INSTALLED"
}

expect_service_up() {  # the unit active, never restarted, 20 s after it started
  local state began=$SECONDS
  # its start: Python's imports and the board's configuration, slow under emulation
  while [ "$(ssh_vm root 'systemctl is-active kiban' 2>/dev/null)" = activating ]; do
    [ $((SECONDS - began)) -lt 600 ] || break
    sleep 5
  done
  sleep 20
  state="$(ssh_vm root 'for p in ActiveState SubState NRestarts; do systemctl show kiban -p $p --value; done | paste -sd" "')"
  say "kiban.service $1: $state (ActiveState SubState NRestarts)"
  if [ "$state" != "active running 0" ]; then
    ssh_vm root 'journalctl -u kiban -b --no-pager -n 60' | sed 's/^/  /' >&2 || true
    fail "the shipped unit is not up $1"
  fi
}

# --- play -------------------------------------------------------------------------------------
play() {
  local layer="$run/play.qcow2" began=$SECONDS
  rm -f "$layer" "$run/play.log"
  qemu-img create -q -f qcow2 -F qcow2 -b "$INSTALLED" "$layer"
  boot "$layer"
  scp_vm root "$here"/guest/*.py "$here"/guest/*.json /root/
  expect_service_up "after boot"
  # the board's hand plays the first part of the game, the machine reboots, the hand
  # plays the rest: every move through the expander's registers, its INT line and the
  # buttons' lines; the record read back from the service's store
  hand 'play --until-reboot' "the first part of the game"
  local rebooted=$SECONDS
  reboot_vm
  expect_service_up "after the reboot mid-game"
  say "the reboot: the unit up again $((SECONDS - rebooted)) s after it was asked"
  hand 'play --after-reboot' "the rest of the game, resumed"
  say "the game through the kernel: $((SECONDS - began)) s"
  hand doctor "kiban doctor beside the service and unattended"
  expect_service_up "after the doctor"
  sleep 30  # the service at rest before its figures
  hand figures "the figures"
  reference_run
  stop
  say "the game, the doctor and the figures: $((SECONDS - began)) s"
}

hand() {  # hand ARGS WHAT: board_hand.py as root in the VM, its lines logged
  ssh_vm root "/opt/kiban/.venv/bin/python /root/board_hand.py $1" | tee -a "$run/play.log" | sed 's/^/  /'
  [ "${PIPESTATUS[0]}" -eq 0 ] || fail "$2 (the hand's log: $run/play.log)"
}

# The same code on both cores (guest/reference_run.py: Kiban's perft, the n-body step its
# Pi budgets are calibrated with), in the VM and on this host, right after the figures and
# under the same load: docs/speed.md reads the figures through it
reference_run() {
  local vm host
  vm="$(ssh_vm root 'install -m 644 /root/reference_run.py /tmp/reference_run.py && cd /tmp &&
    runuser -u pi -- /opt/kiban/.venv/bin/python /tmp/reference_run.py')"
  host="$(cd "$checkout" && .venv/bin/python "$here/guest/reference_run.py")"
  say "reference run on the emulated Cortex-A53: $vm"
  say "reference run on this host: $host ($(cut -d' ' -f1-3 /proc/loadavg), the load average)"
  printf '{"reference_vm": %s, "reference_host": %s}\n' "$vm" "$host" >>"$run/play.log"
}

case "${1:-all}" in
  host) host ;;
  base) host && base ;;
  install) host && base && install ;;
  play) host && base && install && play ;;
  all)
    began=$SECONDS
    host && base && install && play
    say "make pi-vm passed in $((SECONDS - began)) s"
    ;;
  boot)
    host && base && snapshot
    case "${2:-installed}" in
      base) layer="$run/look.qcow2" && qemu-img create -q -f qcow2 -F raw -b "$BASE/root.img" "$layer" ;;
      installed) layer="$run/look.qcow2" && qemu-img create -q -f qcow2 -F qcow2 -b "$BASE/installed-$INSTALL_KEY.qcow2" "$layer" ;;
      *) fail "boot base|installed" ;;
    esac
    boot "$layer"
    ;;
  ssh) shift && ssh_vm "${1:-root}" "${@:2}" ;;
  stop) stop ;;
  *) echo "usage: $0 [all|host|base|install|play|boot base|installed|ssh [USER]|stop]" >&2; exit 2 ;;
esac
