# Ludothèque — two set-up commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test bench lint docs clean chromium

$(STAMP): pyproject.toml setup.py src/ludotheque/rl/_fast.c
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/ludotheque serve $(if $(PORT),--port $(PORT),)

test: $(STAMP) chromium
	$(PY) -m pytest -q -n 2

# Debian's chromium for the browser tests (tests/web, Playwright never downloads a browser);
# installed once; without it (no root, no network) those tests skip and say why.
chromium:
	@test -x /usr/bin/chromium || apt-get install -y -q chromium >/dev/null 2>&1 \
	  || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1) \
	  || echo "chromium could not be installed: the browser tests (tests/web) will be skipped"

bench: $(STAMP)
	$(PY) bench/run_all.py

# docs/games/<game>.md, generated from the sources (a test checks they are up to date).
docs: $(STAMP)
	$(VENV)/bin/ludotheque docs

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy  # --strict on src/ ([tool.mypy] in pyproject.toml)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
