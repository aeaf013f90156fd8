"""The explanation pane: every term of the current result, and the work behind the selected one."""

from __future__ import annotations

import html

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTextBrowser,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpucalc.core.capacity.perf_result import PerformanceResult, PointSummary
from gpucalc.core.common.explain import Term
from gpucalc.core.fleet.disaggregation import DisaggregatedPlan
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.parallel.topology import NodeSummary
from gpucalc.core.step.prefix_cache import prefix_cache_terms
from gpucalc.ui.disagg_view import disaggregated_groups
from gpucalc.ui.format import (
    formula_text,
    input_name,
    input_value,
    no_limit_text,
    source_text,
    term_name,
    term_value,
)
from gpucalc.ui.plain_text import plain_tooltip
from gpucalc.ui.screen_fit import EXPLAIN_DOCK_WIDTH
from gpucalc.ui.veil import Veil

translate = QCoreApplication.translate

KEY_ROLE = Qt.ItemDataRole.UserRole
WRAP_PROBE_HEIGHT_PX = 10_000  # room for any wrapped text while its height is measured
VALUE_SHARE = 0.42
"""Most of the Explanation tree's width the values take; longer ones wrap, the names keep the rest."""
INDENT_PX = 14  # per tree level: room for the branch mark, no more
CELL_PADDING_PX = 6  # beyond the style's margins, so a value that fits is not wrapped by rounding


def result_groups(memory: MemoryResult) -> list[tuple[str, tuple[Term, ...]]]:
    """Every term of ``memory`` in display groups (group titles translated)."""
    binding, settings, params = memory.binding, memory.settings, memory.params
    return [
        (translate("ExplainPane", "Memory per GPU"),
         (*memory.line_items, binding.budget, settings.total_gib)),
        (translate("ExplainPane", "Weights by tensor group"), binding.weights),
        (translate("ExplainPane", "Activation peak"), binding.activation_parts),
        (translate("ExplainPane", "KV cache and concurrency"), (
            memory.kv_bytes_per_token, memory.kv_bytes_per_token_per_gpu, *memory.state_terms,
            memory.kv_cache_tokens,
            memory.kv_cache_tokens_all_replicas, memory.max_concurrency, memory.concurrency_p50,
            memory.concurrency_p95, memory.fits_single_gpu, memory.kv_per_average_request,
            memory.planning_check, memory.alarm_check)),
        (translate("ExplainPane", "Effective settings"),
         (settings.memory_fraction, settings.max_model_len, settings.max_num_batched_tokens,
          settings.max_num_seqs)),
        (translate("ExplainPane", "Parameters"),
         (params.total, params.active, params.active_without_embedding)),
    ]


def _point_terms(point: PointSummary) -> tuple[Term, ...]:
    tail = tuple(t for t in (point.ttft_percentile_ms, point.tpot_percentile_ms) if t is not None)
    return (point.ttft_ms, *tail[:1], point.tpot_ms, *tail[1:], point.itl_ms,
            point.output_tokens_per_s, point.requests_per_s)


def _rate_terms(performance: PerformanceResult) -> tuple[Term, ...]:
    rate = performance.rate_capacity
    if rate is None:
        return ()
    return (rate.requests_per_s, rate.in_flight, rate.output_tokens_per_s, rate.ttft_ms, rate.tpot_ms)


def _unreachable_terms(performance: PerformanceResult) -> tuple[Term, ...]:
    reason = performance.unreachable
    return () if reason is None else (reason.ttft_ms_at_one, reason.tpot_ms_at_one)


def performance_groups(performance: PerformanceResult) -> list[tuple[str, tuple[Term, ...]]]:
    """Every term of the performance side in display groups (group titles translated)."""
    speculative = [] if performance.speculative is None else [
        (translate("ExplainPane", "Speculative decoding"), performance.speculative.terms)]
    return [
        (translate("ExplainPane", "Ceilings and the scheduler cap"),
         (*(c.value for c in performance.ceilings), performance.recommended_concurrency,
          performance.online_capacity, performance.knee_concurrency, *_unreachable_terms(performance))),
        (translate("ExplainPane", "Rate capacity (random arrivals)"), _rate_terms(performance)),
        (translate("ExplainPane", "Memory share at the planned concurrency"),
         () if performance.memory_share is None else (performance.memory_share,)),
        (translate("ExplainPane", "Step time at the recommendation"),
         (*performance.step_breakdown_ms, performance.comm_share, *performance.expert_parallel)),
        (translate("ExplainPane", "At the recommendation"), _point_terms(performance.at_recommended)),
        (translate("ExplainPane", "Offline maximum"), _point_terms(performance.offline_max)),
        (translate("ExplainPane", "Prefix cache"), prefix_cache_terms(performance.prefix_cache)),
        *speculative,
    ]


def fleet_groups(fleet: FleetVerdict) -> list[tuple[str, tuple[Term, ...]]]:
    """The fleet verdict's terms: replicas and GPUs needed, totals over all replicas, cost, layouts."""
    money = (fleet.cost_per_hour_usd, fleet.cost_per_month_usd, fleet.cost_per_hour_deployed_usd)
    backfill = (fleet.backfill_tokens_per_day,) if fleet.backfill_tokens_per_day is not None else ()
    layouts = [(translate("ExplainPane", "Layout TP {tp} × PP {pp}: {n} replicas").format(
                    tp=x.tensor_parallel_size, pp=x.pipeline_parallel_size, n=x.replicas),
                (x.concurrency_total, x.requests_per_s_total, x.output_tokens_per_s_total))
               for x in fleet.layouts]
    return [
        (translate("ExplainPane", "Fleet: does it carry the QPS"),
         (fleet.requests_per_s_per_replica_planned, fleet.requests_per_s_per_replica_capacity,
          fleet.replicas_for_average, fleet.replicas_for_peak, fleet.replicas, fleet.spare_replicas,
          fleet.replicas_needed, fleet.gpus_needed, fleet.replicas_deployed, fleet.gpus_deployed,
          *(t for t in money if t is not None),
          *((fleet.cost_per_million_output_tokens_usd,)
            if fleet.cost_per_million_output_tokens_usd is not None else ()))),
        (translate("ExplainPane", "Fleet: all replicas deployed"),
         (fleet.total_concurrency, fleet.total_concurrency_max, fleet.requests_per_s_total,
          fleet.output_tokens_per_s_total, fleet.output_tokens_per_day,
          fleet.output_tokens_per_gpu_hour, *backfill)),
        *layouts,
    ]


def term_html(term: Term, value: str | None = None) -> str:
    """The explanation of ``term`` as rich text (``value``: its value as shown, if not its own)."""
    esc = html.escape
    formula = translate("ExplainPane", "Formula")
    inputs = translate("ExplainPane", "Inputs")
    sources_title = translate("ExplainPane", "Sources")
    parts = [f"<h3>{esc(term_name(term.key))}</h3>",
             f"<p style='font-size:large'><b>{esc(value or term_value(term))}</b></p>",
             f"<p><b>{esc(formula)}</b><br><code>{esc(formula_text(term))}</code></p>"]
    if term.inputs:
        rows = "".join(f"<tr><td>{esc(input_name(k))}</td>"
                       f"<td align='right'>{esc(input_value(v))}</td></tr>" for k, v in term.inputs.items())
        parts.append(f"<p><b>{esc(inputs)}</b></p><table cellspacing='4'>{rows}</table>")
    sources = [source_text(s) for s in term.sources if s]
    if sources:
        items = "".join(f"<li>{esc(s)}</li>" for s in sources)
        parts.append(f"<p><b>{esc(sources_title)}</b></p><ul>{items}</ul>")
    json_key = translate("ExplainPane", "JSON key")
    parts.append(f"<p style='color:gray'>{esc(json_key)}: <code>{esc(term.key)}</code></p>")
    return "".join(parts)


def term_tooltip(term: Term, value: str | None = None) -> str:
    """A short plain-text explanation for tooltips (``value``: the value as shown, if not its own)."""
    formula = translate("ExplainPane", "Formula")
    lines = [f"{term_name(term.key)}: {value or term_value(term)}", f"{formula}: {formula_text(term)}"]
    if term.inputs:
        lines.append(", ".join(f"{input_name(k)} = {input_value(v)}" for k, v in term.inputs.items()))
    sources = [source_text(s) for s in term.sources if s]
    if sources:
        lines.append(translate("ExplainPane", "Sources") + ": " + "; ".join(sources))
    return "\n".join(lines)


def cell_width(tree: QTreeView, index: QModelIndex | QPersistentModelIndex) -> int:
    """Pixels the text at ``index`` has to wrap in.

    Its column, or the row when a name spans it; in the first column less the indentation of its
    level and the branch mark.
    """
    if index.column() != 0:
        return max(tree.header().sectionSize(index.column()), 1)
    depth, parent = 0, index.parent()
    while parent.isValid():
        depth, parent = depth + 1, parent.parent()
    spanned = tree.isFirstColumnSpanned(index.row(), index.parent())
    width = tree.viewport().width() if spanned else tree.header().sectionSize(0)
    levels = depth + (1 if tree.rootIsDecorated() else 0)
    return max(width - levels * tree.indentation(), 1)


class WrappingCells(QStyledItemDelegate):
    """Names and values wrap onto as many lines as they need instead of being cut.

    A row is as tall as its wrapped texts at their columns' widths; the view lays its rows out
    again whenever a column is resized.
    """

    def __init__(self, tree: QTreeView) -> None:
        super().__init__(tree)
        self.tree = tree
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(tree.doItemsLayout)
        tree.header().sectionResized.connect(lambda *_: self._relayout.start())

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """The size of the text wrapped at the width its column gives it."""
        wrapped = QStyleOptionViewItem(option)
        self.initStyleOption(wrapped, index)
        wrapped.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        # the style wraps only within a valid rectangle: the width given, any height
        wrapped.rect = QRect(0, 0, cell_width(self.tree, index), WRAP_PROBE_HEIGHT_PX)
        style = self.tree.style()
        return style.sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, wrapped, QSize(), self.tree)


class ExplainTree(QTreeWidget):
    """Figures and their values in two columns, neither cut at the dock's narrowest.

    The value column is as wide as its longest value up to :data:`VALUE_SHARE` of the width; the
    names take the rest. What does not fit wraps.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.setIndentation(INDENT_PX)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setItemDelegate(WrappingCells(self))

    def value_width(self) -> int:
        """The value column's width: its longest value, at most its share of the view."""
        metrics = self.fontMetrics()
        margin = 2 * (self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1)
        header = self.headerItem()
        texts = [header.text(1)] if header is not None else []
        groups = (self.topLevelItem(top) for top in range(self.topLevelItemCount()))
        for group in (g for g in groups if g is not None):
            children = (group.child(i) for i in range(group.childCount()))
            texts += [child.text(1) for child in children if child is not None]
        widest = max((metrics.horizontalAdvance(t) for t in texts), default=0) + margin + CELL_PADDING_PX
        return min(widest, round(self.viewport().width() * VALUE_SHARE))

    def fit_columns(self) -> None:
        """Give the values their width; the names get the rest."""
        self.header().resizeSection(1, self.value_width())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Share the new width between names and values."""
        super().resizeEvent(event)
        self.fit_columns()


class ExplainPane(QWidget):
    """Tree of all terms and the explanation of the selected one."""

    termSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = ExplainTree()
        self.tree.setHeaderLabels([self.tr("Figure"), self.tr("Value")])
        self.setMinimumWidth(EXPLAIN_DOCK_WIDTH[0])
        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)
        self.detail.setPlaceholderText(self.tr("Select a figure to see how it is computed."))
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.detail)
        splitter.setSizes([360, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.veil = Veil(self)  # over figures the current inputs no longer give
        self._terms: dict[str, Term] = {}
        self._items: dict[str, QTreeWidgetItem] = {}
        self._shown: dict[str, str] = {}  # term key → its value as shown, where not its own
        self.tree.currentItemChanged.connect(self._on_current)

    @property
    def stale(self) -> bool:
        """Whether the figures shown are an earlier result's."""
        return self.veil.isVisibleTo(self)

    def set_stale(self, stale: bool) -> None:
        """Grey the figures (an invalid value or a failed plan), or show them fresh."""
        self.veil.setGeometry(self.rect())
        self.veil.raise_()
        self.veil.setVisible(stale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the veil over the pane."""
        super().resizeEvent(event)
        self.veil.setGeometry(self.rect())

    def set_result(self, memory: MemoryResult, performance: PerformanceResult | None = None,
                   fleet: FleetVerdict | None = None,
                   disaggregated: DisaggregatedPlan | None = None,
                   nodes: NodeSummary | None = None) -> None:
        """List every term of ``memory`` (``performance``, ``fleet``), keeping the selection."""
        current = self.current_key()
        self.tree.blockSignals(True)
        self.tree.clear()
        self._terms.clear()
        self._items.clear()
        # a ceiling that sets no limit says so, as in the bars, the CLI and the PDF
        self._shown = {c.value.key: no_limit_text() for c in (performance.ceilings if performance else ())
                       if c.sets_no_limit}
        groups = result_groups(memory)
        if performance is not None:
            groups = performance_groups(performance) + groups
        if fleet is not None:
            groups = fleet_groups(fleet) + groups
        if disaggregated is not None:
            groups = disaggregated_groups(disaggregated) + groups
        if nodes is not None:
            groups.append((translate("ExplainPane", "Nodes and network"), (nodes.scale_out,)))
        for title, terms in groups:
            group = QTreeWidgetItem([title])
            self.tree.addTopLevelItem(group)
            group.setFirstColumnSpanned(True)  # only once in the tree: the view keeps the span
            for term in terms:
                shown = self._shown.get(term.key)
                item = QTreeWidgetItem([term_name(term.key), shown or term_value(term)])
                item.setData(0, KEY_ROLE, term.key)
                item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(0, plain_tooltip(term_tooltip(term, shown)))
                group.addChild(item)
                self._terms.setdefault(term.key, term)
                self._items.setdefault(term.key, item)
            group.setExpanded(True)
        self.tree.fit_columns()
        self.tree.blockSignals(False)
        if current:
            self.show_term(current)

    def current_key(self) -> str:
        """Key of the selected term ('' when none)."""
        item = self.tree.currentItem()
        return str(item.data(0, KEY_ROLE) or "") if item else ""

    def show_term(self, key: str) -> None:
        """Select ``key`` in the tree and show its explanation."""
        item = self._items.get(key)
        if item is None:
            return
        if self.tree.currentItem() is not item:
            self.tree.setCurrentItem(item)
        self.detail.setHtml(term_html(self._terms[key], self._shown.get(key)))

    def explain_term(self, term: object) -> None:
        """Show the work behind a term that is not part of the current result (e.g. a simulation)."""
        if isinstance(term, Term):
            self.tree.clearSelection()
            self.detail.setHtml(term_html(term))

    def _on_current(self, item: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        key = str(item.data(0, KEY_ROLE) or "") if item else ""
        if key in self._terms:
            self.detail.setHtml(term_html(self._terms[key], self._shown.get(key)))
            self.termSelected.emit(key)
