"""Compare two scenarios side by side: a pinned (or opened) baseline against the current one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.plan.compute import Plan
from gpucalc.ui.format import count, kind_name, sig3
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP, catalog_display_name
from gpucalc.ui.plain_text import PlainLabel

BETTER = "#2e7d32"
WORSE = "#c62828"


@dataclass(frozen=True)
class Row:
    """One compared figure: its name, how to read it, and whether more is better."""

    name: str
    value: Callable[[Plan], float | str | None]
    higher_is_better: bool | None = None  # None: not a number to judge


def _perf(getter: Callable[[PerformanceResult], float | str]) -> Callable[[Plan], float | str | None]:
    """Read a performance figure; None when the model does not fit."""
    return lambda o: getter(o.performance) if o.performance is not None else None


ROWS = (
    Row(QT_TRANSLATE_NOOP("Compare", "Model"), lambda o: catalog_display_name(o.inputs.model.name)),
    Row(QT_TRANSLATE_NOOP("Compare", "GPU"),
        lambda o: f"{o.inputs.deployment.num_gpus}× {catalog_display_name(o.inputs.gpu.name)}"),
    Row(QT_TRANSLATE_NOOP("Compare", "Engine"), lambda o: o.inputs.engine.name),
    Row(QT_TRANSLATE_NOOP("Compare", "TP × PP"), lambda o: f"{o.inputs.deployment.tensor_parallel_size} × "
                                                          f"{o.inputs.deployment.pipeline_parallel_size}"),
    Row(QT_TRANSLATE_NOOP("Compare", "Weights / KV"), lambda o: f"{o.inputs.weight_format.id} / "
                                                               f"{o.inputs.kv_format.id}"),
    Row(QT_TRANSLATE_NOOP("Compare", "Context P95 (tokens)"),
        lambda o: o.inputs.workload.input_p95 + o.inputs.workload.output_p95, None),
    Row(QT_TRANSLATE_NOOP("Compare", "KV cache tokens"), lambda o: o.memory.kv_cache_tokens.value, True),
    Row(QT_TRANSLATE_NOOP("Compare", "Concurrency at P95 length (memory)"),
        lambda o: o.memory.concurrency_p95.value, True),
    Row(QT_TRANSLATE_NOOP("Compare", "Recommended concurrency"),
        _perf(lambda p: p.recommended_concurrency.value), True),
    Row(QT_TRANSLATE_NOOP("Compare", "Bottleneck"),
        _perf(lambda p: kind_name(p.bottleneck))),
    Row(QT_TRANSLATE_NOOP("Compare", "Online capacity (watermark)"),
        _perf(lambda p: p.online_capacity.value), True),
    Row(QT_TRANSLATE_NOOP("Compare", "TTFT at the recommendation (ms)"),
        _perf(lambda p: p.at_recommended.ttft_ms.value), False),
    Row(QT_TRANSLATE_NOOP("Compare", "TPOT at the recommendation (ms)"),
        _perf(lambda p: p.at_recommended.tpot_ms.value), False),
    Row(QT_TRANSLATE_NOOP("Compare", "Output tok/s at the recommendation"),
        _perf(lambda p: p.at_recommended.output_tokens_per_s.value),
        True),
    Row(QT_TRANSLATE_NOOP("Compare", "Offline maximum output tok/s"),
        _perf(lambda p: p.offline_max.output_tokens_per_s.value),
        True),
    Row(QT_TRANSLATE_NOOP("Compare", "GPUs needed for the QPS (N + k)"),
        lambda o: o.fleet.gpus_needed.value if o.fleet is not None else None, False),
    Row(QT_TRANSLATE_NOOP("Compare", "Requests/s, all replicas (watermark)"),
        lambda o: o.fleet.requests_per_s_total.value if o.fleet is not None else None, True),
)


def _text(value: float | str | None) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return count(value) if abs(value) >= 100 or float(value).is_integer() else sig3(value)


def change(before: float | str | None, after: float | str | None) -> float | None:
    """Relative change from ``before`` to ``after`` (None when not comparable)."""
    if not isinstance(before, int | float) or not isinstance(after, int | float) or before == 0:
        return None
    return (after - before) / abs(before)


class CompareTab(QWidget):
    """Baseline | current | change, coloured by whether the change is better or worse."""

    pinRequested = Signal()
    openRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.baseline: Plan | None = None
        self.current: Plan | None = None
        self.baseline_name = ""
        pin = QPushButton(self.tr("Pin the current result as baseline"))
        pin.clicked.connect(self.pinRequested)
        open_button = QPushButton(self.tr("Open a baseline scenario…"))
        open_button.clicked.connect(self.openRequested)
        self.caption = PlainLabel(self.tr("No baseline yet: pin the current result, change inputs, and "
                                      "compare."))
        self.caption.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(pin)
        buttons.addWidget(open_button)
        buttons.addStretch(1)
        self.table = QTableWidget(len(ROWS), 4)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # the figure, baseline and current share the width and wrap long values (a GPU's name),
        # so the change column stays in view on a narrow page
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        self._refresh()

    def set_baseline(self, outcome: Plan, name: str) -> None:
        """Compare against ``outcome`` from now on."""
        self.baseline, self.baseline_name = outcome, name
        self._refresh()

    def set_current(self, outcome: Plan) -> None:
        """A new current result."""
        self.current = outcome
        self._refresh()

    def _refresh(self) -> None:
        self.table.setHorizontalHeaderLabels([
            self.tr("Figure"), self.tr("Baseline: {name}").format(name=self.baseline_name or "—"),
            self.tr("Current"), self.tr("Change")])
        if self.baseline is not None:
            self.caption.setText(self.tr("Baseline: {name}. Green: better than the baseline; red: worse.")
                                 .format(name=self.baseline_name))
        for r, row in enumerate(ROWS):
            before = row.value(self.baseline) if self.baseline else None
            after = row.value(self.current) if self.current else None
            delta = change(before, after)
            cells = [QCoreApplication.translate("Compare", row.name), _text(before), _text(after),
                     "" if delta is None else f"{delta:+.0%}"]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c == 3 and delta and row.higher_is_better is not None:
                    better = (delta > 0) == row.higher_is_better
                    item.setForeground(QColor(BETTER if better else WORSE))
                self.table.setItem(r, c, item)

    def cell(self, name: str, column: int) -> str:
        """Text of the row named ``name`` (untranslated) in ``column`` (tests)."""
        index = next(i for i, row in enumerate(ROWS) if row.name == name)
        item = self.table.item(index, column)
        return item.text() if item else ""
