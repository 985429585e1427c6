# Two commands do everything: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean setup

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "boardlab needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,lab,ray,postgres,rl,openspiel]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/boardlab serve

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/pytest -n 2 --dist loadfile -q
	$(BIN)/boardlab replay scenarios

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache
