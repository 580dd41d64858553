"""What the Raspberry Pi's firmware reads before Linux starts: the model the device
tree names and ``config.txt`` as it applies to that model.

The doctor judges the Pi by these files rather than by asking the running system,
because ``config.txt`` is where every fix it names goes, and what the firmware set at
boot cannot be changed without a reboot anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

MODEL_FILTERS = frozenset(
    {"pi0", "pi0w", "pi02", "pi1", "pi2", "pi3", "pi3+", "pi4", "pi400", "cm4", "cm4s"}
    | {"pi5", "pi500", "cm5", "cm3", "cm1"}
)
"""The model sections ``config.txt`` knows; a line under another section's filter
(``[edid=...]``) is taken as if its condition held."""


def read_model(path: Path) -> str | None:
    """The model the firmware names (``Raspberry Pi 4 Model B Rev 1.4``), None off a Pi."""
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None
    model = text.rstrip("\x00").strip()
    return model if model.startswith("Raspberry Pi") else None


def model_filters(model: str) -> frozenset[str]:
    """The ``config.txt`` section filters (``[pi4]``, ``[cm4]`` ...) that match ``model``."""
    name = model.removeprefix("Raspberry Pi").strip()
    filters: set[str] = set()
    if name.startswith("Model "):  # the first Pi names no number: "Model B Rev 2"
        return frozenset({"pi1"})
    if name.startswith("Compute Module Rev"):
        return frozenset({"pi1", "cm1"})
    if name.startswith("Zero 2"):
        filters |= {"pi0", "pi02"}
    elif name.startswith("Zero"):
        filters |= {"pi0", "pi0w"} if "W" in name.split() else {"pi0"}
    for number in "54321":
        if name.startswith(number):
            filters.add(f"pi{number}")
            if name.startswith(f"{number}00"):
                filters.add(f"pi{number}00")  # the keyboard models: Pi 400, Pi 500
            if number == "3" and "Plus" in name:
                filters.add("pi3+")
        elif name.startswith(f"Compute Module {number}"):
            filters |= {f"pi{number}", f"cm{number}"}
            if name.startswith(f"Compute Module {number}S"):
                filters.add(f"cm{number}s")
        else:
            continue
        break
    return frozenset(filters)


@dataclass(frozen=True, slots=True)
class BootConfig:
    """What ``config.txt`` sets for this model: its settings, dtparams and overlays, each
    overlay with the parameters its own line gives it (``dtoverlay=i2c-gpio,bus=3``)."""

    path: Path
    settings: Mapping[str, str]
    dtparams: Mapping[str, str]
    overlays: tuple[str, ...]
    overlay_params: tuple[Mapping[str, str], ...] = ()
    """The parameters of each of ``overlays``, in the same order."""

    def enabled(self, *names: str) -> bool:
        return any(
            self.dtparams.get(name, "off").lower() in {"on", "true", "yes", "okay"}
            for name in names
        )

    def overlay_uses(self, name: str) -> tuple[Mapping[str, str], ...]:
        """The parameters of every line that loads overlay ``name`` (none: not loaded)."""
        params = self.overlay_params or tuple({} for _ in self.overlays)
        pairs = zip(self.overlays, params, strict=True)
        return tuple(given for overlay, given in pairs if overlay == name)

    def with_lines(self, *lines: str) -> BootConfig:
        """This file with settings lines (``core_freq=250``) added at its end, as the
        doctor's advice would have them: to work out what a fix leaves."""
        settings = dict(self.settings)
        for line in lines:
            key, _, value = line.partition("=")
            settings[key.strip()] = value.strip()
        return BootConfig(
            self.path, MappingProxyType(settings), self.dtparams, self.overlays, self.overlay_params
        )


def _params(items: Sequence[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for item in items:
        name, has_value, setting = item.partition("=")
        params[name.strip()] = setting.strip() if has_value else "on"
    return params


def parse_config(path: Path, text: str, filters: frozenset[str]) -> BootConfig:
    """The lines that apply to a model with these section filters: ``[all]`` and no
    section always, a model's section (``[pi4]``) only on that model, ``[none]`` never,
    other conditions (``[edid=...]``) as if they held. The last value of a key wins."""
    settings: dict[str, str] = {}
    dtparams: dict[str, str] = {}
    overlays: list[str] = []
    overlay_params: list[Mapping[str, str]] = []
    applies = True
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section == "all":
                applies = True
            elif section == "none":
                applies = False
            elif section in MODEL_FILTERS:
                applies = section in filters
            continue
        if not applies or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if key == "dtparam":
            dtparams.update(_params(value.split(",")))
        elif key == "dtoverlay":
            name, *params = value.split(",")
            if name.strip():
                overlays.append(name.strip())
                overlay_params.append(MappingProxyType(_params(params)))
        else:
            settings[key] = value
    return BootConfig(path, settings, dtparams, tuple(overlays), tuple(overlay_params))


def read_config(files: Sequence[Path], filters: frozenset[str]) -> BootConfig | None:
    """The first of ``files`` that exists (Bookworm's ``/boot/firmware/config.txt``
    before the older ``/boot/config.txt``)."""
    for path in files:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        return parse_config(path, text, filters)
    return None


def config_int(value: str | None, default: int) -> int:
    """A number ``config.txt`` gives, ``default`` where it gives none or no number."""
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default
