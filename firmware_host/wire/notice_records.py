"""Notices as JSON records: one line each for logs, replays and the web page.

The same records come out of ``kiban replay``, the service's log and the page's
``notice`` messages, so a game reads the same whichever way it was watched.
"""

from __future__ import annotations

from typing import Any

from engine.outcome import Outcome
from firmware_host.notices.declared import (
    BlunderWarned,
    BoardReady,
    BoardTurned,
    ComputerMoved,
    FaultCleared,
    FaultShown,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    HintShown,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PromptOpened,
    ProposalAnswered,
    ProposalMade,
    Refused,
    RemoteMoved,
    ReviewShown,
    StoreReplaced,
)


def notice_record(notice: Notice) -> dict[str, Any] | None:
    """A notice as a JSON-ready dict (None for the ones a replay does not report)."""
    at = round(notice.at, 3)
    match notice:
        case MoveCommitted(ply, move, _):
            return {"t": at, "event": "move", "move": move, "ply": ply}
        case PromptOpened(choices, _):
            return {"t": at, "event": "prompt", "choices": list(choices)}
        case MovesTakenBack(plies, _):
            return {"t": at, "event": "takeback", "plies": plies}
        case IllegalShown(move, reason, _):
            return {"t": at, "event": "illegal", "move": move, "reason": reason}
        case OffGuideShown(moves, guide, _):
            return {"t": at, "event": "off_guide", "moves": list(moves), "guide": guide}
        case OutOfStepShown(c, _):
            return {
                "t": at,
                "event": "out_of_step",
                "take_from": c.take_from,
                "put_on": c.put_on,
                "remaining": c.remaining,
            }
        case GameEnded(outcome, description, _):
            return {"t": at, "event": "game_over", **outcome_record(outcome), "result": description}
        case FirstPlayerDrawn(description, _):
            return {"t": at, "event": "first_player", "description": description}
        case Refused(reason, _):
            return {"t": at, "event": "error", "message": reason}
        case FaultShown(message, _, source):
            return {"t": at, "event": "fault", "message": message, "source": source.value}
        case FaultCleared(_, source):
            return {"t": at, "event": "fault_cleared", "source": source.value}
        case StoreReplaced(message, _):
            return {"t": at, "event": "store_replaced", "message": message}
        case BoardTurned(turned, _):
            return {"t": at, "event": "board_turned", "turned": turned}
        case ComputerMoved(seat, move, note, _):
            record = {"t": at, "event": "computer_move", "seat": seat, "move": move}
            return record | ({"note": note} if note else {})
        case RemoteMoved(seat, move, _):
            return {"t": at, "event": "remote_move", "seat": seat, "move": move}
        case ProposalMade(kind, _):
            return {"t": at, "event": "proposal", "kind": kind.value}
        case ProposalAnswered(kind, accepted, ours, _):
            return {
                "t": at,
                "event": "proposal_answered",
                "kind": kind.value,
                "accepted": accepted,
                "ours": ours,
            }
        case HintShown(move, _):
            return {"t": at, "event": "hint", "move": move}
        case BlunderWarned(move, reason, _):
            return {"t": at, "event": "blunder", "move": move, "reason": reason}
        case ReviewShown(game_id, ply, plies, move, _):
            return {
                "t": at,
                "event": "review",
                "game_id": game_id,
                "ply": ply,
                "plies": plies,
                "move": move,
            }
        case BoardReady() | GameStarted():
            return None


def outcome_record(outcome: Outcome) -> dict[str, Any]:
    return {"termination": outcome.termination.name.lower(), "winners": sorted(outcome.winners)}
