# Every target creates the virtualenv on its own the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck jstest pytest bench demo messages puzzles wheel clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## make run: migrate the SQLite database and serve on http://127.0.0.1:8000.
run: $(STAMP)
	$(BIN)/chromino serve

## make demo: a bot tournament with the engine alone.
demo: $(STAMP)
	$(BIN)/chromino selfplay --players 4 --games 20 --seed 1 --bots greedy,greedy,random,random

## make test: lint, type-check, then every test (the scripts' unit tests, then pytest's).
test: lint typecheck jstest pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile
	@# The scripts are plain ES modules: a syntax error would only show in a browser.
	@# Each is checked as a copy named .mjs, which every Node reads as a module
	@# (Debian's Node 18 has no --experimental-default-type).
	@if command -v node >/dev/null 2>&1; then \
		scratch=$$(mktemp -d) && trap 'rm -rf "$$scratch"' EXIT && \
		for script in $$(find static/js -name '*.js'); do \
			cp "$$script" "$$scratch/script.mjs" && node --check "$$scratch/script.mjs" \
				|| { echo "$$script: not a valid ES module"; exit 1; }; \
		done; \
	else echo "node is not installed: the scripts' syntax is checked by the browser tests only"; fi

typecheck: $(STAMP)
	$(BIN)/mypy

## make jstest: the unit tests of the scripts' pure parts, with Node's own test runner.
jstest:
	@if command -v node >/dev/null 2>&1; then node --test --test-reporter=spec tests/js/*.test.mjs; \
	else echo "node is not installed: the scripts' unit tests (tests/js) do not run"; fi

## The suite runs on three workers on this two-core machine (with the whole chromium one
## worker took 33 minutes here, two 27, three 24, four no less: both cores were busy,
## chromium's pages more than half of it; its headless shell brought three to 19). Each worker takes whole test modules
## (--dist loadfile), so a module's live servers start once, longest first
## (tests/conftest.py; --no-loadscope-reorder keeps that order). WORKERS=0 runs it in one.
WORKERS ?= 3
pytest: $(STAMP)
	$(BIN)/pytest $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadfile --no-loadscope-reorder)

## make messages: extract every marked text and update the catalogs.
messages: $(STAMP)
	$(BIN)/python -m web.i18n

## make puzzles: find every game's shipped puzzles again from their kinds' fixed seeds and
## write their files (chromino/games/<game>/puzzles/*.jsonl.gz), the same bytes each time
## (docs/puzzles.md says how long it takes).
puzzles: $(STAMP)
	$(BIN)/python -m chromino puzzles ship

## make wheel: the installable package (assets inside) in dist/.
wheel: $(STAMP)
	$(BIN)/python -m build --wheel --no-isolation --outdir dist .

## make bench: the speed figures (medians and ratios).
bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
