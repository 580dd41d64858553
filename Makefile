# Two commands are all a fresh clone needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Running needs Kiban and its runtime dependencies only; the tests add the developer tools.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
GAME ?= dobutsu
CHROMIUM := /usr/bin/chromium
FAIRY_STOCKFISH := /usr/games/fairy-stockfish
ESPEAK_NG := /usr/bin/espeak-ng
MOSQUITTO := /usr/sbin/mosquitto
VALGRIND := /usr/bin/valgrind
NODE := /usr/bin/node
# The tools from npm (package.json, package-lock.json): MicroPython's WebAssembly port and ESLint.
NODE_STAMP := node_modules/.installed
ESLINT := node_modules/.bin/eslint

.PHONY: run run-terminal room cold-start browser engines speech-tools page-font broker micropython valgrind test test-slow test-install pi-check pi-vm lint typecheck hooks bench bench-hands soak-hands room-load room-round dist clean

PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

# Each step says what it does as it starts, so a first `make run` never looks hung
# (tools/cold_start.py times them on a fresh clone).
# A host with its own pip fills the new environment with it (seconds faster than the
# environment's own bootstrap); any other host bootstraps it as usual.
$(BIN)/python:
	@echo "kiban: step 1 of 3: creating the Python environment in $(VENV) (once)"
	($(PYTHON) -m venv --without-pip $(VENV) && \
		$(PYTHON) -m pip --python $(BIN)/python install --quiet \
		--disable-pip-version-check --upgrade pip 2>/dev/null) || \
	(rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) && $(PIP) --upgrade pip)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	@echo "kiban: step 2 of 3: installing Kiban and what it runs on (once, about ten seconds)"
	$(PIP) -e .
	touch $(RUN_STAMP)

# The developer tools include everything running needs: the run stamp is fresh too.
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "kiban: installing Kiban with the developer's tools (once, a minute or two)"
	$(PIP) -e '.[dev]'
	touch $(STAMP) $(RUN_STAMP)

# The games of tests/external/, each a package of its own, installed into the environment
# by a plain pip install, as a player installs a game beside Kiban: the whole suite runs
# with games from outside Kiban installed (tests/test_external_game.py). pip builds a
# package in its folder, so it builds copies; no index is asked (setuptools is a
# developer's tool), and the packages' dependency, Kiban, is the one installed here.
EXTERNAL_STAMP := $(VENV)/.installed-external
EXTERNAL_FILES := $(shell find tests/external -type f -not -path '*/__pycache__/*' -not -path '*.egg-info/*' -not -path '*/build/*')

$(EXTERNAL_STAMP): $(STAMP) $(EXTERNAL_FILES)
	@echo "kiban: installing the outside games of tests/external with pip"
	rm -rf $(VENV)/external && mkdir -p $(VENV)/external
	cp -R tests/external/*/ $(VENV)/external/
	$(PIP) --no-build-isolation --no-index $(VENV)/external/*/
	rm -rf $(VENV)/external
	touch $@

# The simulated board in the browser: prints its address, opens it where there is a display.
run: $(RUN_STAMP)
	@echo "kiban: step 3 of 3: starting the simulated board ($(GAME)); its address follows"
	$(BIN)/kiban sim $(GAME) --web

run-terminal: $(RUN_STAMP)
	@echo "kiban: starting the simulated board ($(GAME)) in this terminal"
	$(BIN)/kiban sim $(GAME)

# A club's room on this computer: its own Mosquitto, simulated boards playing each
# other, the spectator page and the organiser's page (docs/club.md, "Try it on a laptop").
room: $(RUN_STAMP) $(MOSQUITTO)
	$(BIN)/kiban room sim

# How long a fresh clone takes from `make run` to the page's address, step by step.
cold-start:
	$(PYTHON) tools/cold_start.py

# The same checks run before a commit (.pre-commit-config.yaml); docs/architecture.md, "Checks".
lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check kiban engine drivers hardware firmware_host tests
	$(BIN)/ruff format --check kiban engine drivers hardware firmware_host tests
	$(BIN)/lint-imports --no-cache --no-logo
	$(ESLINT) --max-warnings 0 .

typecheck: $(STAMP)
	$(BIN)/mypy

# Runs lint's and typecheck's checks before each commit in this checkout (git hooks).
hooks: $(STAMP) $(NODE_STAMP)
	$(BIN)/pre-commit install

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

# The page's own Japanese fonts, made again after the page's texts gain a kanji or kana
# (tests/firmware_host/web/static/test_font.py says when): subsets of Debian's Noto CJK
# fonts, which are needed only here (the subsets and their licence are committed).
NOTO_CJK := /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc

page-font: $(STAMP) $(NOTO_CJK)
	$(BIN)/kiban page-font

$(NOTO_CJK):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		fonts-noto-cjk

# The MQTT broker the remote-play tests start on a free loopback port (never as a service).
broker: $(MOSQUITTO)

$(MOSQUITTO):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		mosquitto

# What counts the service's instructions (kiban bench --service --counted, and its slow test).
valgrind: $(VALGRIND)

$(VALGRIND):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		valgrind

# MicroPython's WebAssembly port (npm, package.json), under node: the tests run the
# scanner firmware on it. The same install brings ESLint, which make lint runs.
micropython: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json | $(NODE)
	npm ci --no-audit --no-fund
	touch $@

$(NODE):
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		nodejs npm

# The property tests draw their examples derandomized; the string hashes are fixed too, so
# that a run's examples (which follow what earlier ones did) are the same on every
# machine and a failure is one anyone reproduces. HASHSEED=random (or a number) searches
# elsewhere, as test-slow does.
test: lint typecheck browser engines speech-tools broker micropython $(EXTERNAL_STAMP)
	PYTHONHASHSEED=$(or $(HASHSEED),0) $(BIN)/pytest -q -n 2 --dist loadgroup -m "not slow" --toy-game

test-slow: $(STAMP) $(EXTERNAL_STAMP) engines speech-tools broker micropython valgrind
	$(BIN)/pytest -q -n 2 -m slow --toy-game
	$(MAKE) pi-check

bench: $(RUN_STAMP)
	$(BIN)/kiban bench

# The recognition spec sheet (docs/recognition.md): wrong commits, missed moves and prompts
# per 1,000 moves, per game, per bundled build, at the clean, brisk and blitz paces, the
# stones moved as bodies over the sensors, their fields added (MOVES=3000 SEED=1 by
# default: none in 3,000 bounds a rate below one per 1,000; GAMES="shogi robotory" to
# choose).
bench-hands: $(RUN_STAMP)
	$(BIN)/python -m firmware_host.tools.bench.spec_sheet $(GAMES) --moves $(or $(MOVES),3000) --seed $(or $(SEED),1)

# The heavy soak (issues 44 and 60): 4,000 moves of each game (20,000 in all), every stone
# moved as a body over the game's bundled build that blurs most (a rolled or slid piece
# read on two cells longest), in orders and paces drawn from every one a hand may use, with heavy
# noise; fails on a wrong move, a one-choice prompt, a prompt not offering the move
# played, a played move replaced unasked, or more than one missed move per 1,000 (not
# part of make test or make test-slow: see docs/recognition.md for its time).
# CAPTURE=FOLDER writes each failure there as a recorded stream that replays it exactly.
soak-hands: $(RUN_STAMP)
	$(BIN)/python -m firmware_host.tools.bench.hands $(GAMES) --moves $(or $(MOVES),4000) --seed $(or $(SEED),3) --drawn 1 --sensors widest --check $(if $(CAPTURE),--capture $(CAPTURE))

# The club room at scale (issue 64; docs/club.md, "At scale"): 200 simulated boards through
# Mosquitto, a broker restart and a bridge outage; prints the latencies and what was lost.
room-load: $(RUN_STAMP) broker
	$(BIN)/python -m firmware_host.tools.bench.room_load --boards $(or $(BOARDS),200) --seconds $(or $(LOAD_SECONDS),90)

# A round of club boards played whole through power cuts, restarts, a lost store and a
# wrong bind, exported and checked against the boards' stores (docs/club.md).
room-round: $(RUN_STAMP) broker
	$(BIN)/python -m firmware_host.tools.bench.room_round --boards $(or $(BOARDS),8) --seconds $(or $(ROUND_SECONDS),120)

# The README's Raspberry Pi install in a fresh Debian made by debootstrap (root; minutes,
# a few hundred MB; not part of make test).
test-install:
	tools/install_in_debian.sh

# The README's Raspberry Pi install, run as written on an arm64 Debian bookworm root under
# qemu-user (tools/pi_check.sh, as root; it installs debootstrap and qemu-user-static
# itself): both install ways, kiban doctor on a faked Zero 2 W, systemd-analyze verify
# of the unit (any warning fails), a simulated game and the driver tests on aarch64.
# What it cannot prove (timing, the real buses and chips, GPIO): docs/architecture.md,
# "Checks". Here (2 cores shared with other jobs, load 5 to 8) it took 18.5-20 minutes: the
# root's copy and make dist 2, the README's setup 3, the archive way 4, the git way 6, the
# checks and the tests 3. The first run makes the root before (20 minutes more, 41 in
# all; kept in /var/cache/kiban-pi-check for the next runs). KIBAN_PI_WAYS=git runs the git way only
# (about 13 minutes by the same phases).
pi-check: $(STAMP)
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO tools/pi_check.sh

# The whole Raspberry Pi as a machine (tools/pi_vm/pi_vm.sh, as root; docs/pi-vm.md):
# Debian's own arm64 kernel and systemd under qemu-system-aarch64 (TCG, Cortex-A53), the
# header's GPIO chip gpio-sim, SPI0 spi-gpio with spidev, I2C bus 1 i2c-stub (both built
# out of tree from Debian's linux-source), a Zero 2 W's device tree; the README's
# install as written over ssh (the host's 127.0.0.1 only), the shipped unit, a whole
# game played through the kernel with a reboot mid-game, the doctor, and the unit's
# figures. Not part of make test: see docs/pi-vm.md for its times, cold and cached (the
# images are kept in /var/cache/kiban-pi-vm).
pi-vm: $(STAMP)
	if [ "$$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO tools/pi_vm/pi_vm.sh

# The release files: dist/kiban-<version>.tar.gz (the source archive, with the service
# file, the profiles and the docs) and dist/kiban-<version>-py3-none-any.whl.
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache build dist *.egg-info
