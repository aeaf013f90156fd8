# gpucalc — the two commands of the README:
#   make run    install everything and start gpucalc
#   make test   install everything and run lint, type checks and the test suite
#   make test-fast   the fast subset of the suite (every package, no lint): while changing code
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast bench fuzz system-deps install lint package smoke translations peer kernels

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

# Every test but those tests/slow_tests.txt marks slow; the full suite (make test) runs them all.
test-fast: install
	QT_QPA_PLATFORM=offscreen PYQTGRAPH_QT_LIB=PySide6 $(BIN)/python -m pytest -m "not slow" -q

bench: install
	$(BIN)/python -m benchmarks

# Hostile inputs, larger than the suite runs them: crafted logs and headers at the caps, every
# CLI command fuzzed (deep JSON in every JSON flag and paste, extreme floats, lengths past the
# context, narrow output encodings, a shared config folder with newer and linked tables), many
# processes saving into one config folder, and random actions in the window (all offscreen, no
# timing in pass/fail).
fuzz: install
	$(BIN)/python -m benchmarks.hostile_logs
	$(BIN)/python -m benchmarks.model_import_speed
	$(BIN)/python -m benchmarks.cli_fuzz --examples 120
	$(BIN)/python -m benchmarks.shared_config_fuzz --processes 8 --saves 40 --rounds 5
	QT_QPA_PLATFORM=offscreen PYQTGRAPH_QT_LIB=PySide6 $(BIN)/python -m benchmarks.window_fuzz --actions 3000 --seed 1

# Linux bundle: packaging/dist/gpucalc/ and gpucalc-<version>-linux-<arch>.tar.gz
package: install
	$(BIN)/python -m pip install --quiet -e ".[gui,packaging]"
	PYTHON=$(BIN)/python bash packaging/build-linux.sh

# Run the frozen app headless: checks, sizes and timings
smoke:
	bash packaging/smoke-test.sh

# Refresh the one catalogue (resources/translations/gpucalc_zh_CN.ts) from the marked texts in the
# sources: new texts arrive "unfinished", texts gone from the sources are dropped.
translations: install
	$(BIN)/python -m gpucalc.text.extract_messages

# Side by side with NVIDIA's planner aiconfigurator on the public validation rows: builds its
# scratch venv build/peer-venv (never a dependency of gpucalc), then scores both on the same rows.
peer: install
	PYTHON=$(PYTHON) bash tools/peer_env.sh
	$(BIN)/python -m benchmarks.peer_comparison

# Refit specs/kernels/*.json from aiconfigurator-core's measured kernel tables (Apache-2.0).
# The package lives only in a scratch venv under build/; gpucalc ships the JSON, never the package.
KERNELS_VENV := build/kernels-venv
kernels:
	$(PYTHON) -m venv $(KERNELS_VENV)
	$(KERNELS_VENV)/bin/python -m pip install --quiet "aiconfigurator-core==0.12.0" pandas pyarrow scipy
	$(KERNELS_VENV)/bin/python tools/fit_kernels.py --out specs/kernels --gpus specs/gpus
