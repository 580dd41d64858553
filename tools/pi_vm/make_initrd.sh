#!/bin/sh
# make pi-vm's initramfs, made on the host without emulation: Debian's arm64
# busybox-static and the modules that reach the root disk (virtio-pci, virtio-blk,
# ext4), loaded in the order `modprobe --show-depends` gives, then switch_root to
# systemd. (initramfs-tools would run for minutes under qemu-user.)
# usage: make_initrd.sh ROOT KERNEL_VERSION BUSYBOX_DEB OUT
set -eu
root=$1
kv=$2
bbdeb=$3
out=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/x" "$work/i/bin" "$work/i/mods" "$work/i/proc" "$work/i/sys" "$work/i/dev" "$work/i/newroot"
dpkg-deb -x "$bbdeb" "$work/x"
cp "$work/x/bin/busybox" "$work/i/bin/busybox"
for m in virtio_pci virtio_mmio virtio_blk ext4; do
  modprobe -d "$root" -S "$kv" --show-depends "$m" | awk '$1 == "insmod" {print $2}'
done | awk '!seen[$0]++' | while read -r ko; do
  cp "$ko" "$work/i/mods/"
  basename "$ko" >>"$work/i/mods/order"
done
[ -s "$work/i/mods/order" ] || { echo "make_initrd: no module found for the root disk" >&2; exit 1; }
cat >"$work/i/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r ko; do insmod "/mods/$ko"; done </mods/order
i=0
while [ ! -b /dev/vda ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
mount -t ext4 -o rw /dev/vda /newroot || { echo "initrd: cannot mount /dev/vda"; exec sh; }
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
INIT
chmod 755 "$work/i/init"
(cd "$work/i" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
