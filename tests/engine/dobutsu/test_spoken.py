"""Robot Duel's moves said aloud with its pieces' names, in English, Japanese, Polish,
Czech and French."""

from __future__ import annotations

from tests.engine.spoken_moves import said


def test_robot_duel_names_its_animals() -> None:
    assert said(["2c2b", "2a2b", "C*2c", "3a3b"], "dobutsu") == [
        "A: chick to 2 b, takes chick",
        "B: lion to 2 b, takes chick",
        "A: drops chick on 2 c",
        "B: giraffe to 3 b",
    ]
    assert said(["2c2b", "2a2b", "C*2c"], "dobutsu", japanese=True) == [
        "せんて、に に ひよこ",
        "ごて、に に らいおん",
        "せんて、に さん ひよこ うつ",
    ]


def test_robot_duel_says_the_polish_rule_books_robots_and_their_translations() -> None:
    moves = ["2c2b", "2a2b", "C*2c", "3a3b"]
    assert said(moves, "dobutsu", language="pl") == [
        "gracz A: mały żółty robot na 2 b, zdobywa: mały żółty robot",
        "gracz B: czerwony robot na 2 b, zdobywa: mały żółty robot",
        "gracz A: wprowadza do gry: mały żółty robot, na 2 c",
        "gracz B: zielony robot na 3 b",
    ]
    assert said(moves[:1], "dobutsu", language="cs") == [
        "hráč A: malý žlutý robot na 2 b, zajímá: malý žlutý robot"
    ]
    assert said(moves[:1], "dobutsu", language="fr") == [
        "joueur A : petit robot jaune en 2 b, prend petit robot jaune"
    ]
