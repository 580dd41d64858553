"""The controller's collaborators decide without it: none imports the controller or
names it, so none can write its attributes or call its private steps; they return
decisions (``decisions.py``) that the controller applies."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SESSION = Path(__file__).resolve().parents[3] / "firmware_host" / "session"
COLLABORATORS = (
    "across_boards.py",
    "board_reading.py",
    "computer_turns.py",
    "presses.py",
    "prompts.py",
    "review.py",
    "decisions.py",
)


@pytest.mark.parametrize("name", COLLABORATORS)
def test_a_collaborator_knows_nothing_of_the_controller(name: str) -> None:
    tree = ast.parse((SESSION / name).read_text(), name)
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "firmware_host.session.controller" not in imported
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "Controller" not in names
    assert "controller" not in names | attributes
