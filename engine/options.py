"""Rule options (variants) of a game, validated once and then read by name."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engine.errors import VariantError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: either a closed set of choices or an integer range."""

    name: str
    default: str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def validate(self, game: str, value: str) -> str:
        value = value.strip()
        if self.choices:
            if value not in self.choices:
                raise VariantError(
                    f"{game}: option {self.name}={value!r} is not one of {', '.join(self.choices)}"
                )
            return value
        try:
            number = int(value)
        except ValueError:
            raise VariantError(
                f"{game}: option {self.name}={value!r} must be a whole number"
            ) from None
        if self.minimum is not None and number < self.minimum:
            raise VariantError(f"{game}: option {self.name}={number} is below {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise VariantError(f"{game}: option {self.name}={number} is above {self.maximum}")
        return str(number)

    def examples(self) -> tuple[str, ...]:
        """Values worth trying, the default first: every choice, else the range's ends
        (an open end gives none); an option of another form names its own."""
        if self.choices:
            return (self.default, *(choice for choice in self.choices if choice != self.default))
        ends = (self.minimum, self.maximum)
        return (
            self.default,
            *(str(end) for end in ends if end is not None and str(end) != self.default),
        )

    def describe(self) -> str:
        allowed = "|".join(self.choices) if self.choices else self._range_text()
        return f"{self.name}={allowed} (default {self.default}): {self.help}"

    def _range_text(self) -> str:
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"{low}..{high}"


TOUCH = OptionSpec(
    "touch",
    "free",
    "a piece set down may still be moved on before the other side begins (the board "
    "follows the hand), or the first legal move set down counts (touch-move)",
    choices=("free", "strict"),
)
"""Whether the board follows a hand that goes on with the move it just set down
(``engine.recognition.rereading``): every game with pieces a hand can move on offers it."""


@dataclass(frozen=True, slots=True)
class Options(Mapping[str, str]):
    """The validated option values of one game session (every option present)."""

    game: str
    pairs: tuple[tuple[str, str], ...]

    def __getitem__(self, name: str) -> str:
        for key, value in self.pairs:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def integer(self, name: str) -> int:
        return int(self[name])

    def flag(self, name: str) -> bool:
        return self[name] in {"on", "yes", "true", "1"}

    def non_default(self, specs: tuple[OptionSpec, ...]) -> dict[str, str]:
        """Only the values that differ from the defaults: what a record needs to store."""
        defaults = {spec.name: spec.default for spec in specs}
        return {key: value for key, value in self.pairs if defaults.get(key) != value}


def parse_options(
    game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, str] | None
) -> Options:
    """Validate ``given`` against ``specs``; every unnamed option takes its default."""
    by_name = {spec.name: spec for spec in specs}
    chosen = {spec.name: spec.default for spec in specs}
    for key, value in (given or {}).items():
        spec = by_name.get(key)
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise VariantError(f"{game} has no option {key!r} (its options: {known})")
        chosen[key] = spec.validate(game, value)
    return Options(game, tuple(chosen.items()))


def parse_assignments(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Turn command-line ``K=V`` strings into a mapping, refusing anything else."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise VariantError(f"variant {pair!r} is not of the form NAME=VALUE")
        result[key.strip()] = value.strip()
    return result
