# Every target creates the virtualenv on its own the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench demo messages wheel clean

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

## make test: lint, type-check, then every test.
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/hadolint Dockerfile
	@# The scripts are plain ES modules: a syntax error would only show in a browser.
	@if command -v node >/dev/null 2>&1; then \
		find static/js -name '*.js' -print0 \
			| xargs -0 -n1 node --no-warnings --experimental-default-type=module --check; \
	else echo "node is not installed: the scripts' syntax is checked by the browser tests only"; fi

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

## make messages: extract every marked text and update the catalogs.
messages: $(STAMP)
	$(BIN)/python -m web.i18n

## make wheel: the installable package (assets inside) in dist/.
wheel: $(STAMP)
	$(BIN)/python -m build --wheel --no-isolation --outdir dist .

## make bench: the speed figures of the issues (medians and ratios).
bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
