# The two commands a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install run test bench clean

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

test: $(STAMP)
	$(PY) -m pytest

# Benchmarks (not part of `make test`): `make bench`, or `make bench BENCH_ARGS=--quick`.
bench: $(STAMP)
	$(PY) -m bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
