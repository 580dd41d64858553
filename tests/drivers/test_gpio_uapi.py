"""drivers/gpio_lines.py's model of ``<linux/gpio.h>`` against the header itself.

Where a C compiler is installed, a program compiled against the system's header prints
every size, field offset, constant and ioctl number the driver uses, and each is
compared with the Python side; the header's text is read as well (its ioctl lines and
enums), which needs no compiler. Nothing here was written from the same memory as the
driver: the numbers come from the kernel's header.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from drivers import gpio_lines as uapi

HEADER = Path("/usr/include/linux/gpio.h")
COMPILER = shutil.which("cc") or shutil.which("gcc")

STRUCTS: dict[str, type[ctypes.Structure]] = {
    "gpiochip_info": uapi.ChipInfo,
    "gpio_v2_line_attribute": uapi.LineAttribute,
    "gpio_v2_line_config_attribute": uapi.LineConfigAttribute,
    "gpio_v2_line_config": uapi.LineConfig,
    "gpio_v2_line_request": uapi.LineRequestStruct,
    "gpio_v2_line_values": uapi.LineValues,
    "gpio_v2_line_event": uapi.LineEventStruct,
    "gpio_v2_line_info": uapi.LineInfoStruct,
}
IOCTLS = {
    "GPIO_GET_CHIPINFO_IOCTL": uapi.GPIO_GET_CHIPINFO_IOCTL,
    "GPIO_V2_GET_LINE_IOCTL": uapi.GPIO_V2_GET_LINE_IOCTL,
    "GPIO_V2_LINE_GET_VALUES_IOCTL": uapi.GPIO_V2_LINE_GET_VALUES_IOCTL,
    "GPIO_V2_GET_LINEINFO_IOCTL": uapi.GPIO_V2_GET_LINEINFO_IOCTL,
}


def python_side() -> dict[str, int]:
    """Every number the driver holds, named as the C program names it."""
    numbers: dict[str, int] = {}
    for c_name, struct in STRUCTS.items():
        numbers[f"sizeof {c_name}"] = ctypes.sizeof(struct)
        for name, kind, *_ in struct._fields_:
            if name in getattr(struct, "_anonymous_", ()):  # the union: C names its members
                assert isinstance(kind, type) and issubclass(kind, ctypes.Union)
                union = kind
                for member, *_rest in union._fields_:
                    numbers[f"offsetof {c_name}.{member}"] = getattr(struct, member).offset
                continue
            numbers[f"offsetof {c_name}.{name}"] = getattr(struct, name).offset
    numbers.update(IOCTLS)
    numbers["GPIO_MAX_NAME_SIZE"] = uapi.GPIO_MAX_NAME_SIZE
    numbers["GPIO_V2_LINES_MAX"] = uapi.GPIO_V2_LINES_MAX
    numbers["GPIO_V2_LINE_NUM_ATTRS_MAX"] = uapi.GPIO_V2_LINE_NUM_ATTRS_MAX
    for flag in uapi.LineFlag:
        numbers[f"GPIO_V2_LINE_FLAG_{flag.name}"] = flag.value
    for attr in uapi.AttrId:
        numbers[f"GPIO_V2_LINE_ATTR_ID_{attr.name}"] = attr.value
    for edge in uapi.Edge:
        numbers[f"GPIO_V2_LINE_EVENT_{edge.name}_EDGE"] = edge.value
    return numbers


def c_program(names: list[str]) -> str:
    lines = ["#include <stdio.h>", "#include <stddef.h>", "#include <linux/gpio.h>", ""]
    lines.append("int main(void) {")
    for name in names:
        if name.startswith("sizeof "):
            expression = f"sizeof(struct {name.removeprefix('sizeof ')})"
        elif name.startswith("offsetof "):
            struct, member = name.removeprefix("offsetof ").split(".")
            expression = f"offsetof(struct {struct}, {member})"
        else:
            expression = name
        lines.append(f'    printf("%s %llu\\n", "{name}", (unsigned long long)({expression}));')
    lines += ["    return 0;", "}", ""]
    return "\n".join(lines)


@pytest.mark.skipif(COMPILER is None or not HEADER.exists(), reason="no C compiler or header")
def test_every_size_offset_constant_and_ioctl_agrees_with_the_compiled_header(
    tmp_path: Path,
) -> None:
    ours = python_side()
    assert len(ours) >= 60  # every struct's fields, not a handful
    source = tmp_path / "uapi.c"
    source.write_text(c_program(sorted(ours)))
    program = tmp_path / "uapi"
    assert COMPILER is not None
    subprocess.run([COMPILER, "-o", str(program), str(source)], check=True)
    printed = subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout
    theirs = {
        name: int(value)
        for name, _, value in (line.rpartition(" ") for line in printed.splitlines())
    }
    assert theirs.keys() == ours.keys()
    assert {name: value for name, value in ours.items() if theirs[name] != value} == {}


@pytest.mark.skipif(not HEADER.exists(), reason="no <linux/gpio.h>")
def test_each_ioctl_as_the_header_writes_it() -> None:
    """Direction, type, number and struct of each ioctl line of the header, decoded from
    our numbers (the size field must be the struct's size)."""
    text = HEADER.read_text()
    directions = {"_IOR": 2, "_IOW": 1, "_IOWR": 3}
    for name, number in IOCTLS.items():
        match = re.search(
            rf"#define {name} (_IOW?R?)\((0x[0-9A-Fa-f]+), (0x[0-9A-Fa-f]+), struct (\w+)\)", text
        )
        assert match is not None, name
        macro, kind, nr, struct = match.groups()
        assert number >> 30 == directions[macro], name
        assert (number >> 8) & 0xFF == int(kind, 16), name
        assert number & 0xFF == int(nr, 16), name
        assert (number >> 16) & 0x3FFF == ctypes.sizeof(STRUCTS[struct]), name


@pytest.mark.skipif(not HEADER.exists(), reason="no <linux/gpio.h>")
def test_each_flag_and_enum_as_the_header_writes_it() -> None:
    text = HEADER.read_text()
    for flag in uapi.LineFlag:
        match = re.search(rf"GPIO_V2_LINE_FLAG_{flag.name}\s*= _BITULL\((\d+)\)", text)
        assert match is not None, flag
        assert flag.value == 1 << int(match[1]), flag
    for attr in uapi.AttrId:
        match = re.search(rf"GPIO_V2_LINE_ATTR_ID_{attr.name}\s*= (\d+)", text)
        assert match is not None and int(match[1]) == attr.value, attr
    for edge in uapi.Edge:
        match = re.search(rf"GPIO_V2_LINE_EVENT_{edge.name}_EDGE\s*= (\d+)", text)
        assert match is not None and int(match[1]) == edge.value, edge
