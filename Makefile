# gpucalc — the two commands of the README:
#   make run    install everything and start gpucalc
#   make test   install everything and run lint, type checks and the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench system-deps install lint package smoke

system-deps:
	bash packaging/install-system-deps.sh

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[gui,dev]"
	touch $(STAMP)

install: system-deps $(STAMP)

run: install
	$(BIN)/gpucalc

lint: install
	$(BIN)/ruff check gpucalc tests benchmarks
	$(BIN)/mypy

test: lint
	QT_QPA_PLATFORM=offscreen PYQTGRAPH_QT_LIB=PySide6 $(BIN)/python -m pytest

bench: install
	$(BIN)/python -m benchmarks
