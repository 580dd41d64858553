"""The page's own words (its labels, buttons, titles and placeholders), served in the
page's language.

index.html is written in English; static/words.js asks ``/words?language=pl`` for this
table and puts each English text, title, placeholder and aria-label it finds in the
page in its language, and gives the page's scripts theirs (``word("connected")``).
The words are msgids of the same catalogues as the notices (telling/language.py);
tests/firmware_host/telling/test_languages_page.py holds every English word of
index.html to one of them.
"""

from __future__ import annotations

from firmware_host.telling.language import N_, Language, translated

PAGE_WORDS: tuple[str, ...] = (
    N_("connecting…"),
    N_("connected"),
    N_("disconnected: trying again…"),
    N_("not connected: the page will reconnect"),
    N_("Play online"),
    N_("lishogi API token (scope board:play)"),
    N_(
        "a personal token from lishogi (Preferences, API access tokens); kept on this "
        "board for its user only, never shown again"
    ),
    N_("Keep the token"),
    N_("Replace the token"),
    N_("forget it here; revoke it on lishogi too"),
    N_("Forget the token"),
    N_("Offer a draw"),
    N_("Abort"),
    N_("Resign"),
    N_("the game's chat"),
    N_("a chat line"),
    N_("Say"),
    N_("the board"),
    N_("the board: drag a piece to move it"),
    N_("your hand"),
    N_("In your hand"),
    N_("then click a piece to turn it over"),
    N_("Turn a piece over"),
    N_("Drop a piece here to hold it. Click a piece, then a spot, to move it."),
    N_("the remote game"),
    N_("Tell the other player to join with this code:"),
    N_("Spectators follow it read-only with the watch code"),
    N_("(it cannot play a move)."),
    N_("Which move?"),
    N_("the board's buttons"),
    N_("the computer"),
    N_("light the move the computer would play"),
    N_("Hint"),
    N_("stop thinking and play"),
    N_("Move now"),
    N_("seats, scores and clocks"),
    N_("the dice"),
    N_("Roll the dice"),
    N_("the opening draw"),
    N_("Moves the board cannot show"),
    N_("Take back"),
    N_("Draw"),
    N_("claims"),
    N_("record format"),
    N_("Download the record"),
    N_("spoken moves"),
    N_("say each move, question, refusal and clock warning aloud"),
    N_("speak moves"),
    N_("the language the board's words are shown and said in"),
    N_("language"),
    N_("how pieces are drawn"),
    N_("pieces marked with the directions they move in, as beginners learn with, instead of kanji"),
    N_("international pieces"),
    N_("a move to play"),
    N_("Guide"),
    N_("Clear"),
    N_("New game"),
    N_("Game"),
    N_("Rules"),
    N_("Start position"),
    N_("the usual start"),
    N_("Board"),
    N_("Session"),
    N_("Clock"),
    N_("off, 10m, 5m+3, 90s"),
    N_("Dice"),
    N_("Who moves first"),
    N_("Seed"),
    N_("random"),
    N_("Players"),
    N_("Coach"),
    N_("colour a lifted piece's destinations: best, good, doubtful, losing"),
    N_("move quality on lift"),
    N_("after a move that throws the game away, offer to take it back"),
    N_("warn of blunders"),
    N_("Colours"),
    N_("Start"),
    N_("Play a remote opponent"),
    N_("Broker"),
    N_(
        "an MQTT broker both boards reach: mqtt://HOST[:PORT], mqtts:// for TLS, "
        "USER:PASSWORD@ before the host if it asks"
    ),
    N_("This board"),
    N_("hosts a new game of this game"),
    N_("joins a game by its code"),
    N_("watches a game by its code (read-only)"),
    N_("Game code"),
    N_("Seat played here"),
    N_("Host the game"),
    N_("Join the game"),
    N_("Watch the game"),
    N_("What the lights mean"),
    N_("Moves"),
    N_("the start"),
    N_("a move back"),
    N_("a move on"),
    N_("the last move"),
    N_("What happened"),
    N_("Paired devices"),
    N_("10m, 5m+3 (increment), 10m byo 30s x3 (byoyomi of 30 s, 3 periods)"),
    N_("Find"),
    N_("Find a game"),
    N_("Stop looking"),
    N_("accept a challenge"),
    N_("challenge a user"),
    N_("clock"),
    N_("rated"),
    N_("seek an opponent"),
    N_("user or challenge id"),
    N_("worst"),
    N_("next worst"),
    N_("the worst move, as the engine judged it"),
    N_("the next worse move"),
    N_("Puzzle"),
    N_("set up one of this game's puzzles: find the best move"),
)
"""Every English word of index.html and of the page's scripts that words.js tells."""


def page_words(language: Language) -> dict[str, str]:
    """The page's words in ``language``, by their English (empty for English)."""
    if language is Language.ENGLISH:
        return {}
    return {msgid: translated(msgid, language) for msgid in PAGE_WORDS}
