"""Nothing outside the session writes the controller's attributes, and nothing
outside the session loop and the controller turns a board.

The controller's state is its own: the runtime, the simulation and the remote game
say what happens through its public methods (``board_opened``, ``network_waits``,
``handle``). A board's half turn is turned by the controller (its own copy) and by
the session loop (the board's, on the thread that scans and paints), never by a
scanner, a painter, a page or a tool.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("engine", "drivers", "hardware", "firmware_host")
SESSION = ROOT / "firmware_host" / "session"
TURNERS = {
    ROOT / "firmware_host" / "loops" / "session_loop.py",
    ROOT / "hardware" / "orientation.py",
}
TURNING = {"turn", "turn_to_match"}


def _product() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def _is_controller(node: ast.expr) -> bool:
    """``controller``, or ``<anything>.controller`` (``self.controller``, ``sim.controller``)."""
    if isinstance(node, ast.Name):
        return node.id == "controller"
    return isinstance(node, ast.Attribute) and node.attr == "controller"


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [part for target in node.targets for part in _flatten(target)]
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def _flatten(target: ast.expr) -> list[ast.expr]:
    if isinstance(target, ast.Tuple | ast.List):
        return [part for element in target.elts for part in _flatten(element)]
    return [target]


def controller_writes(source: str, name: str = "<source>") -> list[int]:
    """The lines of ``source`` that assign (or delete) an attribute of a controller."""
    lines = []
    for node in ast.walk(ast.parse(source, name)):
        for target in _targets(node):
            if isinstance(target, ast.Attribute) and _is_controller(target.value):
                lines.append(target.lineno)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"setattr", "delattr"}
            and node.args
            and _is_controller(node.args[0])
        ):
            lines.append(node.lineno)
    return sorted(lines)


def turnings(source: str, name: str = "<source>") -> list[int]:
    """The lines of ``source`` that turn a half turn: call ``turn``/``turn_to_match`` on
    something other than ``self``, or set ``turned``."""
    lines = []
    for node in ast.walk(ast.parse(source, name)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in TURNING
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")
        ):
            lines.append(node.lineno)
        for target in _targets(node):
            if isinstance(target, ast.Attribute) and target.attr == "turned":
                lines.append(target.lineno)
    return sorted(lines)


def test_the_checks_see_what_they_look_for() -> None:
    source = (
        "controller.remote_wait = 'x'\n"
        "self.controller.orientation = turn\n"
        "runtime.controller.frame, other = {}, 1\n"
        "setattr(controller, 'state', None)\n"
        "controller.consent.continue_from(1)\n"  # a call, not a write
        "board.orientation.turn()\n"
        "turn.turned = True\n"
        "self.turn()\n"  # an object turning itself (bench hands)
    )
    assert controller_writes(source) == [1, 2, 3, 4]
    assert turnings(source) == [6, 7]


def test_nothing_outside_the_session_writes_the_controllers_attributes() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _product()
        if not path.is_relative_to(SESSION)
        for line in controller_writes(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not problems, "a controller's attribute written from outside:\n" + "\n".join(problems)


def test_only_the_session_loop_and_the_controller_turn_a_board() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _product()
        if not path.is_relative_to(SESSION) and path not in TURNERS
        for line in turnings(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not problems, "a board turned from outside the loop:\n" + "\n".join(problems)
