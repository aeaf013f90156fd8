"""Random actions on the window: nothing a user clicks or types may raise, and it still computes.

Run: ``python -m benchmarks.window_fuzz --actions 10000 --seed N`` (offscreen). Each action is a
direct widget or model operation, as a user would cause it: a spin box set to a value in or out
of its range or to typed garbage, a combo entry picked or a hostile model id typed, a check box
toggled, a result tab shown, the language or theme switched (the window is rebuilt), a tool
dialog opened and closed without waiting, the scenario reset, the result pinned as the baseline,
request classes added, removed or edited with garbage, a serve command pasted, a hostile scenario
file opened, sizing and simulation started and cancelled. The controller's debounce is shortened
so computations overlap the actions; every so often the run waits for the result.

Any exception that reaches the event loop is recorded (the test in
``tests/ui/test_random_actions.py`` runs the same actions with pytest-qt, which fails on them);
after the run, the default scenario must give a finite answer again.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TypeVar

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QSpinBox,
    QTableWidgetItem,
    QWidget,
)

from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.scenario_file import save_scenario
from gpucalc.ui.app import Shell
from gpucalc.ui.i18n import LANGUAGES
from gpucalc.ui.theme import THEMES

FieldWidget = TypeVar("FieldWidget", bound=QWidget)
FUZZ_DEBOUNCE_MS = 1
RESULT_TIMEOUT_MS = 20_000
TYPED_GARBAGE = ("", "abc", "-5", "1e400", "nan", "inf", "0", "99999999999999999999", "1,5", " 7 ",
                 "<b>9</b>", "٣")
MODEL_TEXTS = ("", "no-such-model", "x" * 300, "<img src=x>", "/dev/zero", "/", "../../etc",
               "llama-3.1-8b-instruct", "meta-llama/Llama-3.1-8B-Instruct")
SERVE_COMMANDS = ("vllm serve meta-llama/Llama-3.1-8B-Instruct -tp 2 --max-model-len 8192",
                  "vllm serve x --max-num-batched-tokens 16", "vllm serve", "sglang", "",
                  "python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --tp 1",
                  "trtllm-serve <b>x</b> --max_batch_size 99999999999999999999", "vllm serve m -tp abc",
                  # deep and long JSON in the JSON-valued flags (3,000 levels raised RecursionError)
                  "vllm serve m --kv-transfer-config '" + "[" * 3000 + "]" * 3000 + "'",
                  "vllm serve m --speculative-config '" + '{"a":' * 500 + "1" + "}" * 500 + "'",
                  "vllm serve m --eplb-config '[" + ",".join(["0"] * 5000) + "]'",
                  "vllm serve m --limit-mm-per-prompt '{\"image\": " + "9" * 40 + "}'",
                  "vllm serve m " + "--x " * 30_000,
                  # lengths past the context
                  "vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 1024")
CLASS_CELLS = ("", "abc", "-1", "0", "1e300", "0.5", "nan", "inf", "<b>x</b>", "4096")


@dataclass
class FuzzReport:
    """What a run did and what it found."""

    actions: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    results: int = 0
    failures: int = 0


def hostile_scenario_files(folder: Path) -> list[Path]:
    """Files a colleague could send: nested, huge numbers, a pipe, a folder, markup in names, valid."""
    folder.mkdir(parents=True, exist_ok=True)
    nested = folder / "nested.gpucalc.json"
    nested.write_text('{"format": "gpucalc-scenario", "schema_version": 1, "scenario": '
                      + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    digits = folder / "digits.gpucalc.json"
    digits.write_text('{"format": "gpucalc-scenario", "schema_version": 1, "scenario": '
                      '{"deployment": {"num_gpus": ' + "9" * 5000 + "}}}", encoding="utf-8")
    broken = folder / "broken.gpucalc.json"
    broken.write_text("{", encoding="utf-8")
    marked = folder / "marked.gpucalc.json"
    save_scenario(marked, Scenario(name="<b>✔ Fits — 9,999 requests</b><img src=x>"))
    paths = [nested, digits, broken, marked, folder, folder / "missing.gpucalc.json"]
    if hasattr(os, "mkfifo"):
        pipe = folder / "pipe.gpucalc.json"
        if not pipe.exists():
            os.mkfifo(pipe)
        paths.append(pipe)
    return paths


class WindowFuzzer:
    """Seeded random actions on ``shell``'s window (which may be rebuilt along the way)."""

    def __init__(self, shell: Shell, seed: int, files: list[Path]) -> None:
        self.shell = shell
        self.rng = random.Random(seed)
        self.files = files
        self.report = FuzzReport()
        self.dialog: QDialog | None = None
        shell.controller.set_debounce_ms(FUZZ_DEBOUNCE_MS)
        shell.controller.resultReady.connect(self._count_result)
        shell.controller.computeFailed.connect(self._count_failure)
        weighted: list[tuple[int, Callable[[], None]]] = [
            (30, self.set_spin), (12, self.type_into_spin), (14, self.pick_combo), (4, self.type_model),
            (6, self.toggle_check), (10, self.show_tab), (1, self.switch_language), (1, self.switch_theme),
            (3, self.toggle_dialog), (2, self.reset), (3, self.pin), (3, self.add_class),
            (4, self.remove_class), (6, self.edit_class), (2, self.paste_command), (2, self.open_file),
            (2, self.run_sizing), (2, self.run_simulation), (3, self.close_message_box),
            (6, self.wait_for_result), (6, self.process_events)]
        self.actions = [action for weight, action in weighted for _ in range(weight)]

    # -- the run ---------------------------------------------------------------------------
    def run(self, count: int) -> FuzzReport:
        """Do ``count`` random actions."""
        for _ in range(count):
            action = self.rng.choice(self.actions)
            name = action.__name__
            self.report.counts[name] = self.report.counts.get(name, 0) + 1
            started = time.perf_counter()
            try:
                action()
            except Exception:  # an action's own call raised: record it, keep going
                self.report.errors.append(f"{name}: {traceback.format_exc()}")
            self.report.seconds[name] = self.report.seconds.get(name, 0.0) + time.perf_counter() - started
            self.report.actions += 1
        self.close_dialog()
        return self.report

    def _count_result(self, *_: object) -> None:
        self.report.results += 1

    def _count_failure(self, *_: object) -> None:
        self.report.failures += 1

    def _fields(self, kind: type[FieldWidget]) -> list[FieldWidget]:
        binder = self.shell.window.inputs.binder
        return [w for path in binder.bindings if isinstance(w := binder.widget(path), kind)]

    # -- form fields -----------------------------------------------------------------------
    def set_spin(self) -> None:
        """A spin box set to its minimum, maximum, a value in range or one far outside it."""
        spin = self.rng.choice(self._fields(QAbstractSpinBox))
        if isinstance(spin, QSpinBox):
            low, high = spin.minimum(), spin.maximum()
            spin.setValue(self.rng.choice((low, high, self.rng.randint(low, min(high, low + 100_000)),
                                           self.rng.randint(low, high), low - 10, -(2**31))))
        elif isinstance(spin, QDoubleSpinBox):
            low_f, high_f = spin.minimum(), spin.maximum()
            spin.setValue(self.rng.choice((low_f, high_f, self.rng.uniform(low_f, high_f),
                                           self.rng.uniform(low_f, min(high_f, low_f + 10.0)), -1e308)))

    def type_into_spin(self) -> None:
        """Typed text, valid or not, then Enter (the spin box interprets it or keeps its value)."""
        spin = self.rng.choice(self._fields(QAbstractSpinBox))
        line = spin.lineEdit()
        if line is not None:
            line.setText(self.rng.choice(TYPED_GARBAGE))
        spin.interpretText()

    def pick_combo(self) -> None:
        """A combo entry picked, as a click would."""
        combos = [c for c in self._fields(QComboBox) if c.count()]
        combo = self.rng.choice(combos)
        index = self.rng.randrange(combo.count())
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def type_model(self) -> None:
        """A typed model id or path, as in the editable model box."""
        editable = [c for c in self._fields(QComboBox) if c.isEditable()]
        if not editable:
            return
        combo = self.rng.choice(editable)
        combo.setEditText(self.rng.choice(MODEL_TEXTS))
        line = combo.lineEdit()
        if line is not None:
            line.editingFinished.emit()

    def toggle_check(self) -> None:
        """A check box flipped."""
        boxes = self._fields(QCheckBox)
        if boxes:
            box = self.rng.choice(boxes)
            box.setChecked(not box.isChecked())

    # -- window ----------------------------------------------------------------------------
    def show_tab(self) -> None:
        """A result tab shown (built on first show)."""
        tabs = self.shell.window.tabs
        tabs.setCurrentIndex(self.rng.randrange(tabs.count()))

    def switch_language(self) -> None:
        """View → Language: the window is rebuilt."""
        self.close_dialog()
        self.shell.switch_language(self.rng.choice(list(LANGUAGES)))

    def switch_theme(self) -> None:
        """View → Theme: the window is rebuilt."""
        self.close_dialog()
        self.shell.switch_theme(self.rng.choice(list(THEMES)))

    def reset(self) -> None:
        """Edit → Reset to the default scenario."""
        self.shell.window.reset_scenario()

    def pin(self) -> None:
        """Compare → pin the current result as the baseline."""
        self.shell.window.baselines.pin()

    def paste_command(self) -> None:
        """A pasted serve command, valid or not."""
        self.shell.window.apply_serve_command(self.rng.choice(SERVE_COMMANDS))

    def open_file(self) -> None:
        """File → Open or Compare → open baseline, on a hostile or valid file."""
        path = self.rng.choice(self.files)
        if self.rng.random() < 0.5:
            self.shell.window.open_path(path)
        else:
            self.shell.window.baselines.open(path)

    def close_message_box(self) -> None:
        """OK on the open message box."""
        box = self.shell.window.message_box
        if box is not None and box.isVisible():
            box.close()

    # -- request classes -------------------------------------------------------------------
    def add_class(self) -> None:
        """Request classes → add."""
        self.shell.window.inputs.classes.add_class()

    def remove_class(self) -> None:
        """Request classes → remove the selected (or last) one."""
        self.shell.window.inputs.classes.remove_class()

    def edit_class(self) -> None:
        """A request-class cell typed with a value or garbage."""
        table = self.shell.window.inputs.classes.table
        if table.rowCount() == 0:
            return
        row, column = self.rng.randrange(table.rowCount()), self.rng.randrange(table.columnCount())
        table.setItem(row, column, QTableWidgetItem(self.rng.choice(CLASS_CELLS)))

    # -- long jobs -------------------------------------------------------------------------
    def run_sizing(self) -> None:
        """Sizing started, mostly cancelled at once."""
        tabs = self.shell.window.tabs
        tabs.show_tab("sizing")
        sizing = tabs.sizing_tab
        sizing.run()
        if self.rng.random() < 0.7:
            sizing.cancel()

    def run_simulation(self) -> None:
        """A small simulation started, mostly cancelled at once."""
        tabs = self.shell.window.tabs
        tabs.show_tab("simulate")
        simulate = tabs.simulate_tab
        simulate.requests.setValue(self.rng.choice((10, 200, 1000)))
        simulate.sweep_points.setValue(2)
        simulate.run()
        if self.rng.random() < 0.7:
            simulate.cancel()

    # -- dialogs ---------------------------------------------------------------------------
    def toggle_dialog(self) -> None:
        """Open a tool dialog without waiting (non-modal), or close the open one."""
        if self.dialog is not None:
            self.close_dialog()
            return
        self.dialog = self._new_dialog(self.rng.randrange(6))
        self.dialog.show()

    def _new_dialog(self, which: int) -> QDialog:
        window = self.shell.window
        controller, store = window.controller, window.session.catalogs().store
        if which == 0:
            from gpucalc.ui.dialogs.custom_gpu import CustomGpuDialog

            return CustomGpuDialog(controller.catalog, controller.scenario.gpu, store, window)
        if which == 1:
            from gpucalc.ui.dialogs.spec_tables import SpecTablesDialog

            return SpecTablesDialog(window.session.catalogs(), window)
        if which == 2:
            from gpucalc.ui.dialogs.bench_dialog import BenchDialog

            return BenchDialog(controller.catalog, controller.scenario, window)
        if which == 3:
            from gpucalc.ui.dialogs.lengths_dialog import LengthsDialog

            return LengthsDialog(window)
        if which == 4:
            from gpucalc.ui.dialogs.measurements import MeasurementsDialog

            return MeasurementsDialog(controller.catalog, controller.scenario, store, window)
        return window.tools.measurement_plan_dialog()

    def close_dialog(self) -> None:
        """Close the open tool dialog and wait for its worker."""
        dialog, self.dialog = self.dialog, None
        if dialog is None:
            return
        dialog.close()
        wait = getattr(dialog, "wait", None)
        if callable(wait):
            wait()
        dialog.deleteLater()

    # -- waiting ---------------------------------------------------------------------------
    def process_events(self) -> None:
        """Let queued events run for a few milliseconds."""
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)

    def wait_for_result(self) -> None:
        """Let the pending computation finish (result or failure) before the next action."""
        wait_for_answer(self.shell, RESULT_TIMEOUT_MS)


def wait_for_answer(shell: Shell, timeout_ms: int) -> bool:
    """Run the event loop until the controller answers (result or failure); whether it did."""
    controller = shell.controller
    loop = QEventLoop()
    answered: list[bool] = []

    def done(*_: object) -> None:
        answered.append(True)
        loop.quit()

    controller.resultReady.connect(done)
    controller.computeFailed.connect(done)
    QTimer.singleShot(timeout_ms, loop.quit)
    controller.compute_now()
    loop.exec()
    controller.resultReady.disconnect(done)
    controller.computeFailed.disconnect(done)
    return bool(answered)


def finite_answer(shell: Shell) -> str:
    """'' when the default scenario gives a finite answer in the window, else what is wrong."""
    shell.window.reset_scenario()
    if not wait_for_answer(shell, RESULT_TIMEOUT_MS):
        return "no answer to the default scenario"
    outcome = shell.controller.last_outcome
    if outcome is None or shell.controller.last_failure is not None:
        return f"the default scenario failed: {shell.controller.last_error}"
    tokens = outcome.memory.kv_cache_tokens.value
    if not (math.isfinite(tokens) and tokens > 0):
        return f"KV cache tokens {tokens}"
    headline = shell.window.banner.headline.text().lower()
    if any(word in headline.split() for word in ("nan", "inf", "-inf")):
        return f"headline shows a non-finite number: {headline}"
    return ""


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer in a fresh window; print what it found; 1 if anything."""
    import tempfile

    from gpucalc.catalog.bundled import Catalog
    from gpucalc.ui.app import application
    from gpucalc.ui.session import Session

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    app = application()
    errors: list[str] = []

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        errors.append("".join(traceback.format_exception(kind, exc, tb)))

    sys.excepthook = hook
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["GPUCALC_CONFIG_DIR"] = str(Path(scratch) / "config")
        shell = Shell(Catalog.load(), Scenario(), Session(language="en"))
        shell.window.show()
        fuzzer = WindowFuzzer(shell, args.seed, hostile_scenario_files(Path(scratch) / "files"))
        started = time.perf_counter()
        report = fuzzer.run(args.actions)
        elapsed = time.perf_counter() - started
        problem = finite_answer(shell)
        shell.shutdown()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    errors += report.errors
    print(f"{report.actions:,} actions (seed {args.seed}) in {elapsed:.1f} s; {report.results:,} results, "
          f"{report.failures:,} refusals shown; {len(errors)} exception(s) raised")
    print("actions (count, seconds): " + ", ".join(
        f"{k} {v} {report.seconds.get(k, 0.0):.1f}" for k, v in sorted(report.counts.items())))
    for text in errors[:5]:
        print(text)
    print(f"final answer: {problem or 'finite and valid'}")
    return 1 if errors or problem else 0


if __name__ == "__main__":
    raise SystemExit(main())
