"""The board as a USI engine (``kiban usi``): a shogi GUI's move is lit and played on
the board, and the move the person then plays is its ``bestmove`` (docs/usi.md)."""
