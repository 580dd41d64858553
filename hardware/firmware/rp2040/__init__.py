"""The RP2040 scanner firmware (MicroPython). Copy ``kiban_link.py`` and ``main.py``
to the board; the host imports ``kiban_link`` to test it and to simulate it."""
