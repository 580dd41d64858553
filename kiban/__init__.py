"""Kiban's front door for game authors: the names a game's package may import.

A game played on a Kiban board lives in a package of its own and imports from two
modules only, as a python-chess user imports ``chess``:

- ``kiban.game``: the game and position contract, and what its declarations are made
  of (geometry, pieces, options, outcomes, words, bench plans, puzzles, looks);
- ``kiban.testing``: the conformance kit its own tests run, also a pytest plugin
  (``--kiban-sims``, the number of random games each check plays).

Every other module of Kiban (``engine``, ``hardware``, ``firmware_host``) may be split,
renamed or moved in any release; the names of these two are kept, and a change of them
is announced as docs/games.md ("The public names") says.
"""
