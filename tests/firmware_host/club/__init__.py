"""Tests of the club room (firmware_host/club/)."""
