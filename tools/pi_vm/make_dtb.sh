#!/bin/sh
# make pi-vm's device tree: QEMU's own for the `virt` machine (dumped with the -cpu, -smp
# and -m the VM runs with), changed so that Kiban, lgpio and gpiozero see a Raspberry Pi
# Zero 2 W's header:
#   - model, compatible and /system/linux,revision as the Pi's firmware gives them
#     (kiban doctor reads /proc/device-tree/model, gpiozero the revision);
#   - QEMU's PL061 GPIO controller and its gpio-keys removed, so that the header's chip
#     is /dev/gpiochip0, as lgpio and gpiozero open it on a Zero 2 W;
#   - an i2c0 alias, so that the kernel numbers dynamic I2C buses from 1 and i2c-stub's
#     adapter (loaded at boot) is /dev/i2c-1, the profile's bus 1;
#   - the header's GPIO controller as a gpio-sim chip of 54 lines labelled
#     pinctrl-bcm2835 (the out-of-tree gpio-sim module binds it at boot), each line
#     pulled from the host's side through
#     /sys/devices/platform/gpio-header/gpiochip0/sim_gpioN/pull;
#   - SPI0 on the header's pins 8-11 (CE0, MISO, MOSI, SCLK), bit-banged by spi-gpio,
#     with spidev on chip select 0: /dev/spidev0.0. Every level spi-gpio sets on the
#     sim lines passes gpiolib's gpio_value trace event, which is how make pi-vm reads
#     the LED frames back.
# usage: make_dtb.sh OUT.dtb QEMU_MACHINE_ARGS...
set -eu
out=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
qemu-system-aarch64 -machine virt,dumpdtb="$work/virt.dtb" "$@" -nic none -nographic >/dev/null
dtc -q -I dtb -O dts -o "$work/virt.dts" "$work/virt.dtb"
# the nodes removed must exist (a QEMU that names them otherwise would leave a second
# GPIO chip as gpiochip0)
grep -q '^	pl061@9030000 {' "$work/virt.dts" || { echo "make_dtb: QEMU's virt has no pl061@9030000" >&2; exit 1; }
grep -q '^	gpio-keys {' "$work/virt.dts" || { echo "make_dtb: QEMU's virt has no gpio-keys" >&2; exit 1; }
cat >"$work/pi.dts" <<'DTS'
/include/ "virt.dts"
/ {
	model = "Raspberry Pi Zero 2 W Rev 1.0";
	compatible = "raspberrypi,model-zero-2-w", "brcm,bcm2837", "linux,dummy-virt";
	system {
		linux,revision = <0x902120>;
	};
	aliases {
		i2c0 = "/chosen";
		spi0 = &spi0;
	};
	gpio-header {
		compatible = "gpio-simulator";
		header: bank0 {
			gpio-controller;
			#gpio-cells = <2>;
			ngpios = <54>;
			gpio-sim,label = "pinctrl-bcm2835";
		};
	};
	spi0: spi-header {
		compatible = "spi-gpio";
		#address-cells = <1>;
		#size-cells = <0>;
		sck-gpios = <&header 11 0>;
		mosi-gpios = <&header 10 0>;
		miso-gpios = <&header 9 0>;
		cs-gpios = <&header 8 1>;
		num-chipselects = <1>;
		spidev@0 {
			compatible = "rohm,dh2228fv";
			reg = <0>;
			spi-max-frequency = <4000000>;
		};
	};
	/delete-node/ gpio-keys;
	/delete-node/ pl061@9030000;
};
DTS
dtc -q -I dts -O dtb -o "$out" "$work/pi.dts"
