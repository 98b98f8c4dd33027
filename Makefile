# The two commands a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install run test lint bench clean postgres browser

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# The first run creates an API key and prints it (once, with the address actually served);
# later runs only say that one exists. Extra options: make run SERVE_ARGS="--port 9000 --workers 2"
run: $(STAMP)
	$(VENV)/bin/advisor serve --create-key $(SERVE_ARGS)

# The store tests run on SQLite and on a real PostgreSQL server that they start themselves from the
# system's initdb/pg_ctl: Debian's postgresql package, installed here when no initdb is found.
postgres:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "installing PostgreSQL (Debian package postgresql) for the store tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    postgresql >/dev/null; }


# The console's browser tests drive Debian's Chromium through Playwright (Playwright's own browser
# download is not used). Installed once with apt-get when missing; needs root, as on CI.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing chromium (apt-get) for the console's browser tests"; \
	    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null; \
	  else echo "chromium is missing: run 'sudo apt-get install chromium' (the browser tests need it)" >&2; exit 1; fi; }

# Lint, format and types: the same checks for every change, before the tests.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

test: $(STAMP) postgres browser lint
	$(PY) -m pytest

# Benchmarks (not part of `make test`): `make bench`, or `make bench BENCH_ARGS=--quick`.
bench: $(STAMP)
	$(PY) -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
