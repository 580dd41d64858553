"""No consumer names a game: what is particular to a game is declared by the game
(``engine/<game>/``) and read generically everywhere else.

Outside the game packages (the registry too: it finds them by their entry points), no
module of the product imports a game's package, checks an object against a game's class,
or holds a game's name (or alias) as a string literal, the way a table keyed by game or
a test ``game.name == "shogi"`` would. Comments and docstrings may name games. The few
files still allowed are listed with the helper whose room they are in and why.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine.registry import games, names

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("kiban", "engine", "firmware_host", "hardware", "drivers")

ALLOWED: dict[str, str] = {
    "firmware_host/tools/bench/room_boards.py": (
        "the room's load bench plays one game at every board, shogi, whose games last the"
        " whole run at blitz pace (docs/club.md, At scale)"
    ),
}
"""Files allowed to name a game, each with the reason (every other consumer reads the
game's own declarations)."""


def _game_packages() -> set[str]:
    return {f"engine.{name}" for name in names()}


def _game_words() -> set[str]:
    return set(names()) | {alias for game in games() for alias in game.aliases}


def _game_classes() -> set[str]:
    """Class names defined in the game packages and nowhere else in the product."""
    inside: set[str] = set()
    outside: set[str] = set()
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
            (inside if _in_a_game(path) else outside).update(found)
    return inside - outside


def _in_a_game(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return len(parts) > 2 and parts[0] == "engine" and parts[1] in names()


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (or bare strings: comments)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            found.add(id(node.value))
    return found


def _names_in(node: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def offences(
    path: Path, root: Path, packages: set[str], words: set[str], classes: set[str]
) -> list[str]:
    """Where ``path`` names a game: an import, an isinstance check, a string literal
    (shown relative to ``root``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found: list[str] = []

    def imported(module: str) -> bool:
        return any(module == p or module.startswith(p + ".") for p in packages)

    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            found += [f"{where} imports {a.name}" for a in node.names if imported(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(imported(module) for module in modules):
                found.append(f"{where} imports from {node.module}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
            and _names_in(node.args[1]) & classes
        ):
            found.append(f"{where} checks against {sorted(_names_in(node.args[1]) & classes)}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.lower() in words
            and id(node) not in skip
        ):
            found.append(f"{where} names the game {node.value!r}")
    return found


def _product_files() -> list[Path]:
    files = []
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if _in_a_game(path) or relative in ALLOWED:
                continue
            files.append(path)
    return files


def test_no_module_outside_the_games_names_a_game() -> None:
    packages, words, classes = _game_packages(), _game_words(), _game_classes()
    problems = [
        problem
        for path in _product_files()
        for problem in offences(path, ROOT, packages, words, classes)
    ]
    assert not problems, "\n".join(problems)


def test_every_allowed_file_exists_and_still_names_a_game() -> None:
    """The list shrinks as the rooms are fixed: an entry that names nothing goes."""
    packages, words, classes = _game_packages(), _game_words(), _game_classes()
    for relative in ALLOWED:
        path = ROOT / relative
        assert path.is_file(), relative
        assert offences(path, ROOT, packages, words, classes), f"{relative} names no game any more"


def test_the_checker_sees_each_kind_of_offence(tmp_path: Path) -> None:
    bad = tmp_path / "probe.py"
    bad.write_text(
        '"""A docstring may say shogi."""\n'
        "from engine.shogi.position import ShogiPosition\n"
        "import engine.dobutsu\n"
        "def f(game, position):\n"
        '    """Or robotory."""\n'
        '    if game.name == "chaturaji":\n'
        "        return isinstance(position, ShogiPosition)\n"
        '    return {"Abalone": 1}\n',
        encoding="utf-8",
    )
    found = offences(bad, tmp_path, _game_packages(), _game_words(), _game_classes())
    assert sorted(line.split(" ", 1)[1] for line in found) == [
        "checks against ['ShogiPosition']",
        "imports engine.dobutsu",
        "imports from engine.shogi.position",
        "names the game 'Abalone'",
        "names the game 'chaturaji'",
    ]


STATIC = ROOT / "firmware_host" / "web" / "static"
_COMMENTS = re.compile(r"/\*.*?\*/|(?<![:\"'`])//[^\n]*", re.S)


def page_offences(path: Path, root: Path, words: set[str]) -> list[str]:
    """Where a script or style of the page names a game outside its comments (a class
    such as ``game-shogi`` too)."""
    code = _COMMENTS.sub(" ", path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(root)} names the game {found.group(0)!r}"
        for word in sorted(words)
        for found in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", code, re.I)
    ]


def test_the_pages_scripts_and_styles_name_no_game() -> None:
    """A game's look is its own (``Game.look``): the page draws every game from it."""
    files = sorted([*STATIC.glob("*.js"), *STATIC.glob("*.css")])
    assert any(path.name == "pieces.js" for path in files)
    problems = [problem for path in files for problem in page_offences(path, ROOT, _game_words())]
    assert not problems, "\n".join(problems)


def test_the_page_checker_sees_a_game_named_in_code(tmp_path: Path) -> None:
    probe = tmp_path / "probe.css"
    probe.write_text("/* shogi, in a comment */\n.game-shogi .kanji { fill: red; } /* lishogi */\n")
    assert page_offences(probe, tmp_path, {"shogi"}) == ["probe.css names the game 'shogi'"]
