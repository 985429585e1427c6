# Two commands do everything: `make run` and `make test`.
#   make run [PORT=8000] [HOST=127.0.0.1]  the web app; installs only the base dependencies
#   make test                              installs every extra, then lint, tests, scenarios
#   make shell                             a shell with boardlab (and the venv) on the PATH
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
HOST   ?= 127.0.0.1
# Two installs, each with its own stamp: the web app's (base dependencies only: no Ray, no
# plotting or statistics stack, no RL libraries) and the full one (every extra, for the lab,
# the tests and the benchmarks). The full one includes the base one.
BASE_STAMP := $(VENV)/.installed-base
STAMP      := $(VENV)/.installed-full
EXTRAS     := dev,lab,ray,postgres,rl,openspiel

.PHONY: run test lint bench bench-web clean setup shell

setup: $(STAMP)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "boardlab needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(BASE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	@touch $(BASE_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[$(EXTRAS)]'
	@touch $(STAMP) $(BASE_STAMP)

run: $(BASE_STAMP)
	$(BIN)/boardlab serve --host $(HOST) --port $(PORT)

shell: $(BASE_STAMP)
	@echo "boardlab is on the PATH in this shell (exit to leave)"
	@PATH="$(CURDIR)/$(BIN):$$PATH" VIRTUAL_ENV="$(CURDIR)/$(VENV)" $${SHELL:-/bin/sh}

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/pytest -n 2 --dist loadfile -q
	$(BIN)/boardlab replay scenarios

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

# the engine, lab, bots and audit tables, then the RL envs against the engine and the same-run
# PettingZoo / OpenSpiel tic-tac-toe references (docs/rl.md's Speed section)
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/rl_speed.py --seconds 0.3 --rounds 7 --vector

# the web server under 100 live tables of scripted players and bots (about a minute)
bench-web: $(STAMP)
	$(BIN)/python benchmarks/web_load.py $(if $(DB),--db $(DB)) $(BENCH_WEB_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache
