"""How ``kiban`` reads an option's value: a bad one is refused in one line that names
the option and what is wrong with the value, with exit status 2, never argparse's
whole usage (which buries the one line that matters under twenty).

A value that begins with a dash (``--clock -5m``) is taken as the option's value, as
``--clock=-5m`` would be, unless it is an option itself: argparse would otherwise read
it as an unknown option and say only that ``--clock`` "expected one argument"."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn

from firmware_host.session.clock import TimeControl, TimeControlError
from firmware_host.telling.language import Language

LANGUAGE_CODES = tuple(language.value for language in Language)
"""The languages a command's ``--language`` takes."""

NO_CLOCK = ("off", "none")
"""What ``--clock`` also takes: no clock (as ``--setting clock=off``)."""


class KibanParser(argparse.ArgumentParser):
    """argparse, with a refusal in one line and a dashed value read as a value."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(joined_values(self, words), namespace)


def joined_values(parser: argparse.ArgumentParser, words: list[str]) -> list[str]:
    """``words`` with each dashed value glued to its option (``--clock=-5m``): a word
    after an option that takes one value, that begins with a dash and is no option of
    any of ``kiban``'s commands."""
    takes_value: set[str] = set()
    options: set[str] = {"--"}
    for action in _actions(parser):
        options.update(action.option_strings)
        if action.option_strings and action.nargs is None:
            takes_value.update(action.option_strings)
    result: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if (
            word in takes_value
            and following is not None
            and following.startswith("-")
            and following not in options
        ):
            result.append(f"{word}={following}")
            index += 2
            continue
        result.append(word)
        index += 1
    return result


def _actions(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    """Every action of ``parser`` and of its commands' parsers."""
    for action in parser._actions:
        yield action
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield from _actions(command)


def whole(least: int) -> Callable[[str], int]:
    """An option's whole number, ``least`` or more, refused in plain words."""

    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text}: not a whole number") from None
        if number < least:
            raise argparse.ArgumentTypeError(f"{text}: must be {least} or more")
        return number

    return read


def clock_text(text: str) -> str:
    """A ``--clock`` value as given, once it reads as a time control (or as none)."""
    if text.strip().lower() in NO_CLOCK:
        return text
    try:
        TimeControl.parse(text)
    except TimeControlError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text
