"""The page plays a game installed from a package of its own: run by
tests/test_external_game.py in a process that has the package on its path
(``python -m tests.external_page GAME PROFILE START FROM TO UNSEEN``; ``sim``: the board
its package ships), as a browser's tab sees a simulated board of that game: offered in the
page's menu, its board drawn from its own geometry and profile,
a move made by the simulated hands recorded, a roll asked for by the roll button, a move
the board cannot show chosen by name.

It prints each move the page's state recorded, one a line, and exits 0 when the page
answered as a page of any game must.
"""

from __future__ import annotations

import asyncio
import sys

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT, Json, opened


async def play(name: str, profile: str, start: str, hand: tuple[str, str], unseen: str) -> None:
    """From ``start``, where ``unseen`` is offered, the hands move a piece ``hand`` (from,
    to); then the roll button is pressed, and the move the board cannot show that the
    roll leaves (the game's to choose: ``start`` is one where every roll leaves one) is
    chosen by name."""
    game = find_game(name)
    session = SimSession(
        game,
        GameStore(":memory:"),
        profile=profile,
        position=start,
        resume=False,
        timing=PATIENT,
        settings={"roll": "button"},
    )
    async with opened(session) as (_, page):
        catalogue, board, state = page.messages
        offered = {entry["name"]: entry["profiles"] for entry in catalogue["games"]}
        assert offered.get(name), offered  # the page's menu has it, on its board
        assert board["title"] == game.title and state["game"] == name
        assert [cell["spot"] for cell in board["cells"]] == list(game.cells)
        assert board["game"] == name and board["sensed"] == sorted(game.cells)
        assert state["moves"] == [] and state["unseen"] == [unseen], state["unseen"]
        answer = await page.send(type="move", **{"from": hand[0], "to": hand[1]})
        assert answer["type"] == "ok", answer
        moved: Json = await page.state_where(lambda s: len(s["moves"]) == 1)
        assert moved["roll_due"] is True and moved["pieces"].get(hand[0]) is None, moved
        assert (await page.send(type="roll"))["type"] == "ok"
        rolled: Json = await page.state_where(lambda s: len(s["moves"]) == 2 and s["unseen"])
        chosen = rolled["unseen"][0]
        assert (await page.send(type="select", choice=chosen))["type"] == "ok"
        played: Json = await page.state_where(lambda s: len(s["moves"]) == 3)
        assert played["moves"][-1] == chosen and played["roll_due"] is True, played
        for move in played["moves"]:
            print(move)


def main(argv: list[str]) -> int:
    name, profile, start, origin, target, unseen = argv
    asyncio.run(play(name, profile, start, (origin, target), unseen))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
