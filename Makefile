# Ludothèque — two set-up commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test bench lint docs clean chromium wordnet

$(STAMP): pyproject.toml setup.py src/ludotheque/rl/_fast.c
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP) wordnet
	$(VENV)/bin/ludotheque serve $(if $(PORT),--port $(PORT),)

test: $(STAMP) chromium wordnet
	$(PY) -m pytest -q -n 2

# Debian's chromium for the browser tests (tests/web, Playwright never downloads a browser);
# installed once; without it (no root, no network) those tests skip and say why.
chromium:
	@test -x /usr/bin/chromium || apt-get install -y -q chromium >/dev/null 2>&1 \
	  || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1) \
	  || echo "chromium could not be installed: the browser tests (tests/web) will be skipped"

# Debian's FreeDict French–English dictionaries and WordNet 3.0 for Alkamo's theme judge (its
# sibling concepts, lexicon/wordnet.py), read as data; installed once; without them (no root,
# no network) the judge is judge v2 and its WordNet tests skip and say why.
WORDNET_FILES := /usr/share/wordnet/data.noun /usr/share/dictd/freedict-fra-eng.index \
	/usr/share/dictd/freedict-eng-fra.index
WORDNET_DEBS  := dict-freedict-fra-eng dict-freedict-eng-fra wordnet-base
wordnet:
	@(for f in $(WORDNET_FILES); do test -f $$f || exit 1; done) \
	  || apt-get install -y -q --no-install-recommends $(WORDNET_DEBS) >/dev/null 2>&1 \
	  || (apt-get update -q >/dev/null 2>&1 \
	      && apt-get install -y -q --no-install-recommends $(WORDNET_DEBS) >/dev/null 2>&1) \
	  || echo "WordNet could not be installed: Alkamo's judge runs without it (judge v2)"

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
