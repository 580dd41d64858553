"""A computer that thinks and never answers, for tests of what is shown meanwhile."""

from __future__ import annotations

from firmware_host.opponents.thinking import ThinkRequest, ThinkResult


class Pondering:
    """Takes every request and answers none: the session stays thinking."""

    busy = True

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        pass

    def results(self) -> list[ThinkResult]:
        return []

    def hurry(self) -> None:
        pass

    def close(self) -> None:
        pass
