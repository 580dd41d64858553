"""Robotory's moves said aloud: tokens placed, robots' chains, refills."""

from __future__ import annotations

from tests.engine.spoken_moves import said


def test_robotory_says_tokens_robots_and_refills() -> None:
    assert said(["b@B1", "b@B2", "w@D2", "R:B3-B2-B1"], "robotory") == [
        "light places a black token on B1",
        "dark places a black token on B2",
        "light places a white token on D2",
        "dark moves the red robot from B3 through B2 to B1",
    ]
    assert said(["b@D1", "w@E3", "refill 1w"], "robotory")[-1] == "light refills one white token"


def test_robotory_says_the_french_rule_books_terms() -> None:
    moves = ["b@B1", "b@B2", "w@D2", "R:B3-B2-B1"]
    assert said(moves, "robotory", language="fr") == [  # seeds/003
        "clair pose un pion d'énergie noire en B1",
        "foncé pose un pion d'énergie noire en B2",
        "clair pose un pion d'énergie blanche en D2",
        "foncé déplace le robot rouge de B3 par B2 à B1",
    ]
    assert said(["b@D1", "w@E3", "refill 1w"], "robotory", language="fr")[-1] == (
        "clair fait le plein d'énergie : blanc : 1"
    )
