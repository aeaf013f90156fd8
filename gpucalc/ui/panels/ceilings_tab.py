"""The Bottleneck tab: three ceilings and the scheduler cap, advice, latency at key loads."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTableWidget, QVBoxLayout, QWidget

from gpucalc.core.capacity.perf_result import PerformanceResult, PointSummary
from gpucalc.core.common.explain import Term
from gpucalc.core.step.prefix_cache import prefix_cache_terms
from gpucalc.text.notices import notice_text
from gpucalc.text.palette import CEILING_COLOURS, readable_on
from gpucalc.text.speculative_text import speculative_line
from gpucalc.ui.format import count, kind_name, sig3, term_name, term_value
from gpucalc.ui.panels.term_table import fill_terms, fit_height_to_rows, selected_key, term_table
from gpucalc.ui.panels.titled_box import SideBySide, titled_box
from gpucalc.ui.plain_text import MarkupLabel
from gpucalc.ui.plots.ceiling_bars import CeilingBars

BARS_BESIDE_ADVICE_PX = 680
"""Narrower than this (a 1366×768 laptop at 125 %), the bars sit above the advice."""
TABLES_SIDE_BY_SIDE_PX = 900
"""Narrower than this (any laptop), the latency table sits above the step times, so both show
their row names and every column whole."""


class CeilingsTab(QWidget):
    """Bottleneck bars on top; advice, operating points and the step-time breakdown below."""

    termSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars = CeilingBars()
        self.bars.setMinimumHeight(200)
        self.bars.setMaximumHeight(260)
        self.advice = MarkupLabel()
        self.advice.setWordWrap(True)
        self.advice.setObjectName("advice")
        self.points_table = term_table([self.tr("Load"), self.tr("Concurrency"), self.tr("TTFT ms"),
                                        self.tr("TPOT ms"), self.tr("Output tok/s"), self.tr("req/s")])
        self.step_table = term_table([self.tr("Figure"), self.tr("Value")])
        for table in (self.points_table, self.step_table):
            table.itemSelectionChanged.connect(lambda t=table: self._selected(t))
        self.bars_box = titled_box(
            self.tr("Ceilings and the scheduler cap: the smallest one sets the concurrency"), self.bars)
        self.advice_box = titled_box(self.tr("What moves the binding ceiling"), self.advice)
        self.advice.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.top_row = SideBySide([(self.bars_box, 3), (self.advice_box, 2)], BARS_BESIDE_ADVICE_PX)
        points = titled_box(self.tr("Latency and throughput per replica"), self.points_table)
        steps = titled_box(self.tr("Step time at the recommendation"), self.step_table)
        self.bottom_row = SideBySide([(points, 3), (steps, 2)], TABLES_SIDE_BY_SIDE_PX)
        layout = QVBoxLayout(self)
        layout.addWidget(self.top_row)
        layout.addWidget(self.bottom_row, 1)

    def set_result(self, performance: PerformanceResult, lang: str) -> None:
        """Show ``performance``; advice sentences in ``lang``."""
        self.bars.set_result(performance)
        binding = performance.bottleneck
        colour = readable_on(CEILING_COLOURS[binding], self.palette().window().color().name())
        head = self.tr("Binding: {name}").format(name=kind_name(binding))
        sentences = [notice_text(n, lang) for n in performance.advice]
        if performance.speculative is not None:
            sentences.append(speculative_line(performance.speculative, lang))
        lines = "".join(f"<li>{html.escape(text)}</li>" for text in sentences)
        self.advice.setText(f"<b style='color:{colour}'>{html.escape(head)}</b>"
                            f"<ul style='margin:2px'>{lines}</ul>")
        self._fill_points(performance)
        fill_terms(self.step_table, [(t, [term_name(t.key), term_value(t)]) for t in self.step_terms(
            performance)])

    @staticmethod
    def step_terms(performance: PerformanceResult) -> list[Term]:
        """The figures of the step-time table."""
        speculative = performance.speculative.terms if performance.speculative is not None else ()
        return [performance.recommended_concurrency, performance.online_capacity,
                performance.knee_concurrency, *performance.step_breakdown_ms, performance.comm_share,
                *prefix_cache_terms(performance.prefix_cache),
                *performance.expert_parallel, *speculative]

    def _fill_points(self, performance: PerformanceResult) -> None:
        names = {"at_recommended": self.tr("At the recommendation"),
                 "offline_max": self.tr("Offline maximum (batch full)"),
                 "at_concurrency": self.tr("At the chosen concurrency"),
                 "at_request_rate": self.tr("At the chosen request rate")}
        points: list[PointSummary] = [performance.at_recommended, performance.offline_max]
        rows = [(p.ttft_ms, [names.get(p.label, p.label), count(p.concurrency), sig3(p.ttft_ms.value),
                             sig3(p.tpot_ms.value), sig3(p.output_tokens_per_s.value),
                             sig3(p.requests_per_s.value)]) for p in points]
        fill_terms(self.points_table, rows)
        fit_height_to_rows(self.points_table)

    def _selected(self, table: QTableWidget) -> None:
        key = selected_key(table)
        if key:
            self.termSelected.emit(key)
