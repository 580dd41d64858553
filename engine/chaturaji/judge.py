"""When a game of Chaturaji is over, and who has won it."""

from __future__ import annotations

from engine.chaturaji.board import team_of_seat
from engine.chaturaji.state import Rules, State
from engine.outcome import Outcome, Termination


def by_points(state: State, rules: Rules, termination: Termination) -> Outcome:
    """The highest score wins (in teams, the partners' sum); equal top scores share the win."""
    if rules.teams:
        totals = [0, 0]
        for seat in rules.seats:
            totals[team_of_seat(seat)] += state.scores[seat]
        top = max(totals)
        winners = frozenset(s for s in rules.seats if totals[team_of_seat(s)] == top)
    else:
        top = max(state.scores[seat] for seat in rules.seats)
        winners = frozenset(s for s in rules.seats if state.scores[s] == top)
    return Outcome(termination, winners)


def team_totals(state: State, rules: Rules) -> tuple[int, int]:
    totals = [0, 0]
    for seat in rules.seats:
        totals[team_of_seat(seat)] += state.scores[seat]
    return totals[0], totals[1]


def judge(state: State, rules: Rules) -> Outcome | None:
    """The end of the game, or None while it goes on.

    A seat still plays while it is in the rotation (it has pieces and they are not
    frozen). Individual game: over when at most one seat plays, or only kings are
    left; highest score wins. Team game: over when at most one team plays (for
    points, the higher total wins; with goal=kings that team wins), or only kings
    are left (an honourable draw), or a player took their last king off.
    """
    if state.removed >= 0:
        return by_points(state, rules, Termination.ENDED_BY_PLAYERS)
    if state.pending is not None:
        return None
    playing = [seat for seat in rules.seats if state.in_rotation(seat, rules)]
    if rules.teams:
        teams = {team_of_seat(seat) for seat in playing}
        if len(teams) <= 1:
            if rules.kings_goal:
                if not teams:
                    return Outcome.draw(Termination.TEAM_VICTORY)
                (team,) = teams
                winners = frozenset(s for s in rules.seats if team_of_seat(s) == team)
                return Outcome(Termination.TEAM_VICTORY, winners)
            return by_points(state, rules, Termination.ARMIES_GONE)
    elif len(playing) <= 1:
        return by_points(state, rules, Termination.ARMIES_GONE)
    pieces = sum(state.pieces(seat) for seat in range(4))
    kings = sum(1 for seat in range(4) if state.has_king(seat))
    if pieces == kings:
        if rules.teams:
            return Outcome.draw(Termination.ONLY_KINGS)
        return by_points(state, rules, Termination.ONLY_KINGS)
    return None


def ended_by_agreement(state: State, rules: Rules) -> Outcome:
    """The outcome when the players end the game from the controls: by points, or a
    draw when the team game is played for the kings rather than for points."""
    if rules.kings_goal:
        return Outcome.draw(Termination.AGREEMENT)
    return by_points(state, rules, Termination.ENDED_BY_PLAYERS)
