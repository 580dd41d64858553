"""Magnets and the sensors that read them, computed as fields: what a board's build reads.

A sensor under a cell reads the field of every magnet near it, added, along its own
axis; a piece carries its magnet at an orientation that turns as the piece rolls, is
set down rotated, or is turned over. ``vectors`` holds the small linear algebra,
``fields`` the exact fields of the magnets' shapes, ``magnets`` the magnets of real
pieces, ``sensing`` what each kind of sensor makes of a field, ``build`` a whole board's
build, ``response`` the fast maps the simulations read, and ``check`` the build check a
board maker runs (``kiban build-check``).
"""
