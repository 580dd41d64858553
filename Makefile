# Two commands are all a fresh clone needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAME ?= dobutsu
CHROMIUM := /usr/bin/chromium
FAIRY_STOCKFISH := /usr/games/fairy-stockfish
ESPEAK_NG := /usr/bin/espeak-ng

.PHONY: run run-terminal browser engines speech-tools test test-slow lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The simulated board in the browser: prints its address, opens it where there is a display.
run: $(STAMP)
	$(BIN)/kiban sim $(GAME) --web

run-terminal: $(STAMP)
	$(BIN)/kiban sim $(GAME)

lint: $(STAMP)
	$(BIN)/ruff check engine drivers hardware firmware_host tests
	$(BIN)/ruff format --check engine drivers hardware firmware_host tests

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser tests drive Debian's chromium through Playwright; never `playwright install`.
browser: $(CHROMIUM)

$(CHROMIUM):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		chromium fonts-liberation

# The outside engine the USI seats are tested against (GPL-3: run as a process, never linked).
engines: $(FAIRY_STOCKFISH)

$(FAIRY_STOCKFISH):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		fairy-stockfish

# What a board with a speaker says its moves through (the tests speak into a WAV file).
speech-tools: $(ESPEAK_NG)

$(ESPEAK_NG):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		espeak-ng

test: lint typecheck browser engines speech-tools
	$(BIN)/pytest -q -n 2 --dist loadgroup -m "not slow"

test-slow: $(STAMP) engines speech-tools
	$(BIN)/pytest -q -n 2 -m slow

bench: $(STAMP)
	$(BIN)/kiban bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
