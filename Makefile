# Two commands are all a fresh clone needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAME ?= dobutsu

.PHONY: run run-terminal test test-slow lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/kiban sim $(GAME)

run-terminal: $(STAMP)
	$(BIN)/kiban sim $(GAME)

lint: $(STAMP)
	$(BIN)/ruff check engine drivers hardware firmware_host tests
	$(BIN)/ruff format --check engine drivers hardware firmware_host tests

typecheck: $(STAMP)
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest -q -n 2 -m "not slow"

test-slow: $(STAMP)
	$(BIN)/pytest -q -n 2 -m slow

bench: $(STAMP)
	$(BIN)/kiban bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
