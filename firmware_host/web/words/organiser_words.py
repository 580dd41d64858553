"""The organiser's page's own words (static/organiser.html and organiser.js), served in
the page's language as words.js asks for them (``words?language=ja``), with the games'
titles (the roster and the round name each table's game): the same catalogues as
every other page, no sentence written twice. What the room tells (a board's line, an
alert, a result) comes as a value and is told with the ``said`` words."""

from __future__ import annotations

from engine.registry import games
from firmware_host.telling.language import N_, Language, translated

ORGANISER_WORDS: tuple[str, ...] = (
    N_("The organiser's desk"),
    N_("round {round}"),
    N_("connected to the room's broker"),
    N_("the broker cannot be reached: trying again…"),
    N_("the page cannot reach the room: trying again…"),
    N_("Needs you now"),
    N_("nothing needs you"),
    N_("since {time}"),
    N_("Boards"),
    N_("no board has announced itself yet"),
    N_("board"),
    N_("game"),
    N_("power"),
    N_("health"),
    N_("table"),
    N_("online"),
    N_("offline"),
    N_("on mains"),
    N_("ok"),
    N_("out of step"),
    N_("a question is open"),
    N_("a fault"),
    N_("flag fallen"),
    N_("light"),
    N_("bind"),
    N_("unbind"),
    N_("not bound"),
    N_("The round"),
    N_("players"),
    N_("moves"),
    N_("state"),
    N_("no board bound"),
    N_("not started"),
    N_("{player} to move"),
    N_("export the round"),
    N_("asked: {what}"),
    N_("the pieces are not set as the game has them"),
    N_("bind all the same"),
    N_("leave it"),
    N_("What the room said"),
    N_("new game"),
    N_("abandon"),
    N_("start a new game at table {table}? its game so far is abandoned"),
    N_("abandon the game at table {table}? nobody scores"),
)
"""Every English word of the organiser's page (its HTML's and its script's)."""


def organiser_words(language: Language) -> dict[str, str]:
    """The organiser's page's words in ``language`` by their English, each game's
    title among them."""
    if language is Language.ENGLISH:
        return {}
    titles = tuple(game.title for game in games())
    return {msgid: translated(msgid, language) for msgid in (*ORGANISER_WORDS, *titles)}
