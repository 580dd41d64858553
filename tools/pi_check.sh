#!/usr/bin/env bash
# make pi-check: the README's Raspberry Pi install, as written, on arm64.
#
# An arm64 Debian bookworm root (debootstrap, from Debian's packages only) runs here
# under qemu-user (binfmt_misc), in its own PID, mount and host-name namespaces. On it:
#   1. what Raspberry Pi OS adds to Debian, as stand-ins (below, "The Raspberry Pi OS
#      layer"): a first user `pi` with sudo, the i2c/gpio/spi groups, config.txt,
#      raspi-config (only `nonint do_i2c`/`do_spi`), liblgpio-dev (an empty package in
#      a local archive), and a device tree naming a Raspberry Pi Zero 2 W;
#   2. the README's code blocks marked `<!-- pi-check: NAME -->`, read from it and run
#      as written by `pi` in a login shell: setup, then each install way (archive: the
#      `make dist` files; git: a clone of this checkout as it stands), each followed by
#      service;
#   3. after each way: the `pi` extra's C parts import on aarch64, `systemd-analyze
#      verify` says nothing about the unit, `kiban doctor` finds only what an emulated
#      Pi without buses or GPIO lacks (doctor_problems), and a whole simulated game
#      plays on the installed profile; after the last, a selection of the tests runs in
#      the root.
# What it cannot prove (timing, the real buses and chips, GPIO): docs/architecture.md,
# "Checks".
#
# Run as root (make pi-check installs the host's tools with apt-get). The debootstrapped
# root is kept in $KIBAN_PI_CACHE (/var/cache/kiban-pi-check), one per release; each
# run works on a fresh copy of it in $KIBAN_PI_WORK (/var/tmp/kiban-pi-check), left
# there afterwards to look into. `tools/pi_check.sh --steps` prints the README's steps
# as the check reads them (no root needed).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
readme="${KIBAN_PI_README:-$here/README.md}"
suite="${KIBAN_PI_SUITE:-bookworm}"
mirror="${KIBAN_PI_MIRROR:-http://deb.debian.org/debian}"
cache="${KIBAN_PI_CACHE:-/var/cache/kiban-pi-check}"
work="${KIBAN_PI_WORK:-/var/tmp/kiban-pi-check}"
ways="${KIBAN_PI_WAYS:-archive git}"
# What Raspberry Pi OS Lite has before the README's steps: systemd, sudo, Python 3.
includes="systemd-sysv,sudo,python3,ca-certificates"
model="Raspberry Pi Zero 2 W Rev 1.0"
revision="902120" # the Zero 2 W's revision code (/proc/cpuinfo, linux,revision)
root="$work/root"

# The problems `kiban doctor` finds on the faked Zero 2 W, each by its whole line, and
# it must find no other: the root has no /dev/i2c-1 and no /dev/spidev0.0 (no kernel
# driver runs under qemu-user; make pi-vm runs them on a kernel), and no GPIO chip: lgpio loads (its FIFO made in pi's home) but finds no
# /dev/gpiochip0 to open, and gpiozero's other factories find no GPIO either; nor is
# there a header chip to watch the buttons and INT lines on (drivers/gpio_lines.py), so
# they fall back to gpiozero. lgpio failing on its FIFO, or the installed unit leaving
# it no directory, would be another line: the faults of issue 61 this check must not let
# through. tests/test_pi_check.py holds these lines to the doctor's own words.
# shellcheck disable=SC2016 # the backquotes are the doctor's
doctor_problems=(
  '/dev/i2c-1 does not exist: I2C is not enabled on this Raspberry Pi: enable it with `sudo raspi-config nonint do_i2c 0`, then reboot'
  '/dev/spidev0.0 does not exist: SPI is not enabled on this Raspberry Pi: enable it with `sudo raspi-config nonint do_spi 0`, then reboot'
  "GPIO: no pin factory of gpiozero loaded (BadPinFactory: Unable to load any default pin factory!): the buttons and INT lines cannot be claimed; lgpio did not load ('can not open gpiochip')"
  'GPIO edges: the buttons and INT/ALERT lines are watched through gpiozero (/dev has no GPIO chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1 (there is no gpiochip in /dev)): on lgpio its alert thread wakes about 2,000 times a second while it watches them and holds each edge 0.5-1 ms; the /dev/gpiochip* of the header must be there and open to the gpio group, with the user in it (`sudo usermod -aG gpio $USER`; the unit of the service has SupplementaryGroups=gpio)'
)

say() { printf 'pi-check: %s\n' "$*"; }
fail() {
  printf 'pi-check: FAILED: %s\n' "$*" >&2
  exit 1
}

# The ```sh block right after `<!-- pi-check: NAME -->` in the README, as written.
readme_block() {
  local block
  block="$(awk -v marker="<!-- pi-check: $1 -->" '
    inside && /^```/ { done = 1; exit }
    inside { print; next }
    armed { if ($0 == "```sh") { inside = 1; next } exit }
    $0 == marker { armed = 1 }
    END { if (!done) exit 1 }
  ' "$readme")" || fail "README.md has no \`\`\`sh block right after <!-- pi-check: $1 --> (the check runs the README's Pi steps from those blocks)"
  [ -n "$block" ] || fail "README.md's block <!-- pi-check: $1 --> is empty"
  printf '%s\n' "$block"
}

# The README's prose step for the Zero 2 W's core clock (not a code block): its line.
core_clock_line() {
  # shellcheck disable=SC2016 # the backquotes are the README's
  grep -o 'Zero 2 W add `core_freq=[0-9]*` to `/boot/firmware/config.txt`' "$readme" |
    grep -o 'core_freq=[0-9]*' || fail "README.md no longer says what to add to config.txt on a Zero 2 W (core_freq)"
}

# The steps as run: the README's blocks, then the core clock line for the Zero 2 W.
if [ "${1:-}" = "--steps" ]; then
  for name in setup archive git service; do
    printf '# pi-check: %s (README.md, <!-- pi-check: %s -->)\n' "$name" "$name"
    readme_block "$name"
  done
  line="$(core_clock_line)"
  printf '# pi-check: core-clock (README.md, the prose on a Zero 2 W)\n'
  printf 'echo %s | sudo tee -a /boot/firmware/config.txt\n' "$line"
  exit 0
fi

for way in $ways; do
  case "$way" in
    archive | git) ;;
    *) fail "no install way '$way' (KIBAN_PI_WAYS: archive, git, or both)" ;;
  esac
done
[ -n "${ways// /}" ] || fail "KIBAN_PI_WAYS is empty (archive, git, or both)"

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot, namespaces): sudo make pi-check"

# --- the host's tools ------------------------------------------------------------------
if [ "${1:-}" != "--inside" ]; then
  start=$SECONDS
  mkdir -p "$cache"
  exec 9>"$cache/.lock"
  flock -n 9 || fail "another pi-check is running (it holds $cache/.lock)"
  need=()
  command -v debootstrap >/dev/null || need+=(debootstrap)
  [ -x /usr/bin/qemu-aarch64-static ] || need+=(qemu-user-static)
  command -v update-binfmts >/dev/null || need+=(binfmt-support)
  command -v unshare >/dev/null || need+=(util-linux)
  command -v dpkg-deb >/dev/null || need+=(dpkg)
  if [ ${#need[@]} -gt 0 ]; then
    say "installing the host's tools: ${need[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
  fi
  # arm64 programs run under qemu through binfmt_misc; the F flag has the kernel open
  # the interpreter once, so the root needs no copy of it
  if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
      fail "binfmt_misc cannot be mounted here (/proc/sys/fs/binfmt_misc): arm64 programs cannot run under qemu-user"
  fi
  update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
  entry=/proc/sys/fs/binfmt_misc/qemu-aarch64
  grep -qx enabled "$entry" 2>/dev/null ||
    fail "qemu-aarch64 is not registered with binfmt_misc ($entry): \`update-binfmts --enable qemu-aarch64\` failed"
  grep -q '^flags:.*F' "$entry" ||
    fail "qemu-aarch64 is registered without the F flag ($entry): the chroot would need its own qemu"
  # sudo is set-uid: under qemu it takes root's rights only through the C flag (the
  # credentials of the program, not of qemu), which Debian's entry lacks. An entry of
  # the check's own with it comes first while the check runs.
  ours=/proc/sys/fs/binfmt_misc/kiban-pi-check-aarch64
  [ ! -e "$ours" ] || echo -1 >"$ours"
  if ! grep -q '^flags:.*C' "$entry"; then
    hex() { sed -n "s/^$1 //p" "$entry" | sed 's/../\\x&/g'; }
    flags="$(sed -n 's/^flags: //p' "$entry")"
    echo ":kiban-pi-check-aarch64:M:0:$(hex magic):$(hex mask):$(sed -n 's/^interpreter //p' "$entry"):${flags//[OC]/}OC" \
      >/proc/sys/fs/binfmt_misc/register ||
      fail "binfmt_misc refused the check's entry with the C flag (sudo cannot work in the root without it)"
    trap 'echo -1 >"$ours"' EXIT
  fi

  # --- the cached root ------------------------------------------------------------------
  base="$cache/$suite-arm64"
  key="$suite arm64 minbase $includes $mirror"
  if [ ! -f "$base/.kiban-pi-check" ] || [ "$(cat "$base/.kiban-pi-check")" != "$key" ]; then
    say "making the arm64 Debian $suite root in $base (once per release: about 20 minutes here, its second stage under emulation)"
    rm -rf "$base.new"
    debootstrap --arch=arm64 --variant=minbase --include="$includes" --foreign \
      "$suite" "$base.new" "$mirror"
    # its own namespaces: the second stage mounts /proc in the root, gone with them
    unshare --pid --fork --mount --propagation private \
      chroot "$base.new" /debootstrap/debootstrap --second-stage
    chroot "$base.new" apt-get clean
    printf '%s\n' "$key" >"$base.new/.kiban-pi-check"
    rm -rf "$base"
    mv "$base.new" "$base"
  else
    say "reusing the arm64 Debian $suite root in $base"
  fi
  mkdir -p "$work"
  rm -rf "$root"
  cp -a "$base" "$root"
  rm -f "$root/.kiban-pi-check"

  # --- what the root is given from the host -----------------------------------------------
  say "building the release files (make dist, as the README's archive way says)"
  make -C "$here" dist >"$work/make-dist.log" 2>&1 || fail "make dist failed (its output: $work/make-dist.log)"
  archive="$(basename "$(find "$here/dist" -name 'kiban-*.tar.gz' -print -quit)")"
  version="${archive#kiban-}"
  version="${version%.tar.gz}"
  # KIBAN_REPO for the git way: a clone of this checkout as it stands (uncommitted and
  # untracked files too, as one commit made in a scratch index; no ref of the checkout moves)
  index="$(mktemp -u)"
  GIT_INDEX_FILE="$index" git -C "$here" add -A
  tree="$(GIT_INDEX_FILE="$index" git -C "$here" write-tree)"
  rm -f "$index"
  snapshot="$(GIT_AUTHOR_NAME=pi-check GIT_AUTHOR_EMAIL=pi-check@localhost \
    GIT_COMMITTER_NAME=pi-check GIT_COMMITTER_EMAIL=pi-check@localhost \
    git -C "$here" commit-tree "$tree" -p HEAD -m "pi-check: this checkout as it stands")"
  git init -q --bare "$root/srv/kiban.git"
  git -C "$here" push -q "$root/srv/kiban.git" "$snapshot:refs/heads/main"
  git -C "$root/srv/kiban.git" symbolic-ref HEAD refs/heads/main
  mkdir -p "$root/var/lib/kiban-pi-check"
  cp "$here/dist/kiban-$version.tar.gz" "$here/dist/kiban-$version-py3-none-any.whl" \
    "$root/var/lib/kiban-pi-check/"

  # --- the Raspberry Pi OS layer: stand-ins for what it adds to Debian ------------------
  # liblgpio-dev is Raspberry Pi OS's: an empty package of that name in a local archive
  # (on bookworm's CPython 3.11 pip takes lgpio's aarch64 wheel and never links to it)
  repo="$root/var/lib/kiban-pi-check/archive"
  mkdir -p "$repo/pkg/DEBIAN"
  cat >"$repo/pkg/DEBIAN/control" <<'EOF'
Package: liblgpio-dev
Version: 0.2.2-1~pi-check
Architecture: all
Maintainer: Kiban pi-check <pi-check@localhost>
Description: stand-in for Raspberry Pi OS's liblgpio-dev (make pi-check)
 Empty: Debian has no liblgpio-dev. On bookworm's Python 3.11 pip installs
 lgpio's aarch64 wheel, which does not need it.
EOF
  dpkg-deb --build --root-owner-group "$repo/pkg" "$repo/liblgpio-dev_all.deb" >/dev/null
  rm -rf "$repo/pkg"
  {
    dpkg-deb --field "$repo/liblgpio-dev_all.deb"
    printf 'Filename: ./liblgpio-dev_all.deb\nSize: %s\nSHA256: %s\n\n' \
      "$(stat -c %s "$repo/liblgpio-dev_all.deb")" \
      "$(sha256sum "$repo/liblgpio-dev_all.deb" | cut -d' ' -f1)"
  } >"$repo/Packages"
  echo "deb [trusted=yes] file:/var/lib/kiban-pi-check/archive ./" \
    >"$root/etc/apt/sources.list.d/raspberrypi-stand-in.list"
  # a fresh image: the README's own `apt update` fetches the lists
  rm -rf "$root/var/lib/apt/lists/"*
  # a machine behind a TLS-inspecting proxy trusts its own certificates: so does pip in
  # the root, under sudo too (pip.conf, not the environment)
  bundle="${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}"
  if [ -f "$bundle" ]; then
    cp "$bundle" "$root/etc/ssl/pi-check-host-ca.crt"
    printf '[global]\ncert = /etc/ssl/pi-check-host-ca.crt\n' >"$root/etc/pip.conf"
  fi
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  echo raspberrypi >"$root/etc/hostname"
  printf '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n' >"$root/etc/hosts"
  # config.txt as Raspberry Pi OS bookworm ships it (the sections matter: a line
  # appended after a [cm4] section would apply to a CM4 only)
  mkdir -p "$root/boot/firmware"
  cp "$here/tools/pi_os/config.txt" "$root/boot/firmware/config.txt"
  # raspi-config: what `nonint do_i2c 0` and `nonint do_spi 0` change in config.txt
  install -m 755 "$here/tools/pi_os/raspi-config" "$root/usr/bin/raspi-config"
  # no systemd runs in the root: `enable --now` enables and leaves the start out, and
  # there is no journal to follow (both stand-ins come first on sudo's and pi's PATH)
  cat >"$root/usr/local/bin/systemctl" <<'EOF'
#!/bin/sh
# pi-check's stand-in: no systemd runs in the emulated root, so nothing starts.
set -eu
case " $* " in
  *" --now "*)
    /usr/bin/systemctl $(printf '%s\n' "$@" | grep -vx -- --now)
    echo "systemctl (pi-check): $*: enabled, not started (no systemd runs here)" >&2 ;;
  " start "* | " restart "* | " stop "*)
    echo "systemctl (pi-check): $*: nothing runs here" >&2 ;;
  *) exec /usr/bin/systemctl "$@" ;;
esac
EOF
  cat >"$root/usr/local/bin/journalctl" <<'EOF'
#!/bin/sh
echo "journalctl (pi-check): $*: no journal here (the service does not run)" >&2
EOF
  chmod 755 "$root/usr/local/bin/systemctl" "$root/usr/local/bin/journalctl"
  # the device tree of a Zero 2 W: /proc/device-tree is the kernel's link to it
  dt="$root/sys/firmware/devicetree/base"
  mkdir -p "$dt/system"
  printf '%s\0' "$model" >"$dt/model"
  printf 'raspberrypi,model-zero-2-w\0brcm,bcm2837\0' >"$dt/compatible"
  printf '%b' "\\x00\\x${revision:0:2}\\x${revision:2:2}\\x${revision:4:2}" >"$dt/system/linux,revision"
  ln -sfn /sys/firmware/devicetree/base "$root/proc/device-tree"
  printf 'processor\t: 0\nBogoMIPS\t: 38.40\nHardware\t: BCM2835\nRevision\t: %s\nModel\t\t: %s\n' \
    "$revision" "$model" >"$root/proc/cpuinfo"
  # the groups and the first user Raspberry Pi OS makes
  # shellcheck disable=SC2016 # expanded by the root's shell
  chroot "$root" sh -eu -c '
    for group in gpio i2c spi; do groupadd --system "$group"; done
    useradd --create-home --shell /bin/bash --groups sudo,adm,dialout,video,plugdev,users,gpio,i2c,spi pi
    echo "pi ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/010_pi-nopasswd
    chmod 440 /etc/sudoers.d/010_pi-nopasswd'
  cp "$root"/var/lib/kiban-pi-check/kiban-* "$root/home/pi/"
  chroot "$root" chown pi:pi /home/pi/kiban-"$version".tar.gz /home/pi/kiban-"$version"-py3-none-any.whl
  say "the root is ready in $root ($((SECONDS - start)) s)"
  unshare --pid --fork --mount --uts --propagation private "$0" --inside 9>&-
  say "took $((SECONDS - start)) s in all"
  exit 0
fi

# --- inside the namespaces ----------------------------------------------------------------
hostname raspberrypi
# /proc/device-tree and /proc/cpuinfo stay on the root's disk, under the mounted proc:
# the doctor, in a namespace of its own, sees them with proc unmounted
mount -t proc proc "$root/proc"
mkdir -p "$root/dev/pts"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
ln -sf pts/ptmx "$root/dev/ptmx"

# as_pi SCRIPT: a script run by `pi` in a login shell, stopping at the first failure
as_pi() {
  chroot "$root" runuser -l pi -c "bash -euo pipefail -c $(printf %q "$1")"
}

# run_block NAME: the README's block NAME, as written, traced line by line
run_block() {
  local file="/home/pi/pi-check-$1.sh"
  {
    echo "# README.md, <!-- pi-check: $1 -->"
    echo "export KIBAN_REPO=/srv/kiban.git  # the reader's clone of Kiban"
    echo "set -x"
    readme_block "$1"
  } >"$root$file"
  chroot "$root" chown pi:pi "$file"
  say "README: $1"
  local began=$SECONDS
  chroot "$root" runuser -l pi -c "bash -euo pipefail $file" ||
    fail "the README's block <!-- pi-check: $1 --> failed (above; the script is $root$file)"
  say "README: $1 done ($((SECONDS - began)) s)"
}

check_c_parts() {
  say "check: the pi extra's C parts import on aarch64"
  as_pi 'cd /tmp && /opt/kiban/.venv/bin/python -c "
import platform
from importlib.metadata import distribution
import lgpio, spidev, rpi_ws281x
assert platform.machine() == \"aarch64\", platform.machine()
for name in (\"lgpio\", \"spidev\", \"rpi-ws281x\"):
    found = distribution(name)
    tags = [line.split()[1] for line in (found.read_text(\"WHEEL\") or \"\").splitlines() if line.startswith(\"Tag:\")]
    how = \"its wheel: \" + \" \".join(tags) if tags else \"installed by its setup.py (no wheel)\"
    print(\"pi-check:\", name, found.version, \"imports;\", how)
"' || fail "lgpio, spidev or rpi_ws281x does not import in the installed environment"
}

check_unit() {
  say "check: systemd-analyze verify on the installed unit (any warning fails)"
  local out
  out="$(chroot "$root" systemd-analyze verify /etc/systemd/system/kiban.service 2>&1)" ||
    fail "systemd-analyze verify rejected the unit: $out"
  [ -z "$out" ] || fail "systemd-analyze verify warned about the unit: $out"
  [ -L "$root/etc/systemd/system/multi-user.target.wants/kiban.service" ] ||
    fail "systemctl enable did not link the unit into multi-user.target"
}

check_doctor() {
  say "check: kiban doctor on a faked $model"
  local report status
  # proc unmounted in a namespace of the doctor's own: the root's own /proc/device-tree
  # (linked to the faked device tree) and /proc/cpuinfo show through
  # shellcheck disable=SC2016 # $1 is the root, given to the inner shell
  report="$(unshare --mount --propagation private sh -c '
    umount "$1/proc"
    chroot "$1" runuser -l pi -c "/opt/kiban/.venv/bin/kiban doctor --profile /etc/kiban/board.toml"
  ' sh "$root" 2>&1)" && status=0 || status=$?
  printf '%s\n' "$report" | sed 's/^/  doctor: /'
  local line
  for line in \
    "system: $model" \
    "/boot/firmware/config.txt: dtparam=i2c_arm=on (I2C bus 1)" \
    "/boot/firmware/config.txt: dtparam=spi=on" \
    "/boot/firmware/config.txt: the core clock is fixed (the SPI LED timing)" \
    "groups: pi is in i2c (the I2C buses)" \
    "groups: pi is in spi (the SPI devices)" \
    "groups: pi is in gpio (the buttons and GPIO lines)" \
    "service: /etc/systemd/system/kiban.service gives lgpio /run/kiban (RuntimeDirectory=kiban)"; do
    printf '%s\n' "$report" | grep -qxF -- "$line" || fail "kiban doctor did not report: $line"
  done
  printf '%s\n' "$report" | grep -qE "^apt packages \($suite\): .* installed$" ||
    fail "kiban doctor did not find every apt package of the README installed"
  # the problems: exactly the ones named in doctor_problems, each once, and no other
  local found problem
  found="$(printf '%s\n' "$report" | sed -n 's/^doctor: \([0-9]*\) problems\{0,1\} found$/\1/p')"
  [ -n "$found" ] || fail "kiban doctor printed no count of its problems"
  for problem in "${doctor_problems[@]}"; do
    [ "$(printf '%s\n' "$report" | grep -cxF -- "$problem")" -eq 1 ] ||
      fail "kiban doctor did not report, once, the problem an emulated Pi has: $problem"
  done
  if [ "$found" != "${#doctor_problems[@]}" ] || [ "$status" -ne 1 ]; then
    fail "kiban doctor found $found problems (exit $status); only the ${#doctor_problems[@]} of an emulated Pi are expected (doctor_problems in $0)"
  fi
}

check_game() {
  say "check: a whole simulated game on the installed profile"
  local out
  out="$(as_pi "printf 'play 2c2b\nplay 3a3b\nplay 2b2a+\nquit\n' | /opt/kiban/.venv/bin/kiban sim dobutsu --new --profile /etc/kiban/board.toml --state-dir /tmp/pi-check-games" 2>&1)" ||
    fail "kiban sim failed: $out"
  printf '%s\n' "$out" | grep -qF "game over: A (sente) wins (king captured)" ||
    fail "the simulated game did not end as played: $out"
}

check_tests() {
  say "check: a selection of the tests on aarch64"
  local pins
  pins="$(grep -oE '"(pytest|hypothesis)==[0-9.]+"' "$here/pyproject.toml" | tr -d '"' | tr '\n' ' ')"
  as_pi "sudo /opt/kiban/.venv/bin/pip install --quiet $pins" || fail "the test tools did not install: $pins"
  as_pi "cd /opt/kiban && /opt/kiban/.venv/bin/python -m pytest -q -p no:cacheprovider tests/drivers" ||
    fail "the tests failed on aarch64"
}

run_block setup
core_clock="$(core_clock_line)"
say "README: on a Zero 2 W add $core_clock to config.txt"
as_pi "echo $core_clock | sudo tee -a /boot/firmware/config.txt >/dev/null"
last="${ways##* }"
for way in $ways; do
  if [ -e "$root/opt/kiban" ]; then
    say "removing the $previous way's install for the $way way"
    rm -rf "$root/opt/kiban" "$root/etc/kiban" "$root/etc/systemd/system/kiban.service" \
      "$root/etc/systemd/system/multi-user.target.wants/kiban.service"
  fi
  run_block "$way"
  run_block service
  check_c_parts
  check_unit
  check_doctor
  check_game
  if [ "$way" = "$last" ] && [ -d "$root/opt/kiban/tests" ]; then check_tests; fi
  previous="$way"
done
say "passed: the README's Pi install ($ways) on arm64 Debian $suite under emulation"
