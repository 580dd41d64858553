"""Sensor front ends: one module per family of sensor chips (base.py says what a front
end does; registry.py lists them)."""
