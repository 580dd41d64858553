"""Firmware for microcontrollers that work beside the Pi (the scanner link)."""
