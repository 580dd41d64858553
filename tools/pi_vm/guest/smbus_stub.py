"""smbus2 on i2c-stub: bus 1 (the DT's i2c0 alias), the register file at 0x20."""

import sys

from checks import Checks
from smbus2 import SMBus

check = Checks()

with SMBus(1) as bus:
    bus.write_byte_data(0x20, 0x00, 0xA5)
    value = bus.read_byte_data(0x20, 0x00)
    check("byte write then read of register 0x00 at 0x20", value == 0xA5, hex(value))
    bus.write_word_data(0x20, 0x12, 0xBEEF)
    value = bus.read_word_data(0x20, 0x12)
    check("word write then read of registers 0x12-0x13", value == 0xBEEF, hex(value))
    check("the word's low byte in 0x12 (SMBus order)", bus.read_byte_data(0x20, 0x12) == 0xEF)
    bus.write_i2c_block_data(0x20, 0x04, [1, 2, 3, 4])
    block = bus.read_i2c_block_data(0x20, 0x04, 4)
    check("I2C block write then read of 0x04-0x07", block == [1, 2, 3, 4], str(block))
    try:
        bus.read_byte_data(0x21, 0x00)
        check("no answer at 0x21", False, "0x21 answered")
    except OSError as error:
        check("no answer at 0x21", True, f"errno {error.errno}")
sys.exit(check.status)
