"""Page 1 of the report: the answer in plain language, for the person who signs off.

Every figure is the plan's: the fleet verdict (carries the average and the peak, GPUs needed,
cost), the recommended concurrency with its planning range, the binding ceiling, the factor that
moves the answer most (the sensitivity ranking) and the lengths at which another limit binds
(the context sweep's crossovers).
"""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.sensitivity import TornadoBar
from gpucalc.report.file_names import display_name
from gpucalc.report.layout import MUTED_COLOUR, Block, Cell, Heading, PageBreak, Paragraph, TableRow
from gpucalc.report.numbers import count
from gpucalc.report.reader_text import reader_text
from gpucalc.text.answer_text import (
    WHY_THEY_DIFFER,
    alternative_sentence,
    concurrency_sentence,
    cost_sentence,
    fastest_sentence,
    fleet_sentence,
    no_qps_sentence,
    planned_sentence,
    rate_sentence,
    unreachable_sentence,
)
from gpucalc.text.answer_text import limit_text as answer_limit_text
from gpucalc.text.catalog_text import catalog_name
from gpucalc.text.catalogue import translate
from gpucalc.text.terms import ceiling_name

if TYPE_CHECKING:
    from gpucalc.report.writer import Writer

SUMMARY_TITLE = QT_TRANSLATE_NOOP("Report", "Summary")
APPENDIX_TITLE = QT_TRANSLATE_NOOP("Report", "Engineering appendices")
OK_FILL = "#d8f0dd"
SHORT_FILL = "#fde7c8"


def local_time_text(moment: dt.datetime) -> str:
    """``2026-12-01 20:45 CET (UTC+01:00)``: local wall time with the zone's name and offset."""
    local = moment if moment.tzinfo is not None else moment.astimezone()
    offset = local.utcoffset() or dt.timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "−"
    hours, mins = divmod(abs(minutes), 60)
    zone = local.tzname() or ""
    utc = f"UTC{sign}{hours:02d}:{mins:02d}"
    name = f" {zone}" if zone and not zone.startswith(("+", "-", "UTC+", "UTC-")) else ""
    return f"{local.strftime('%Y-%m-%d %H:%M')}{name} ({utc})"


def _row(label: str, text: str, fill: str | None = None) -> TableRow:
    """One row of the summary table: its label (already in the report's language) and its text."""
    return TableRow((Cell(label, bold=True, fill=fill), Cell(text)), (1.8, 4.0), size_pt=9.5,
                    keep_with_next=True)


def verdict_text(w: Writer, fleet: FleetVerdict) -> str:
    """Carries the traffic or not with the replicas it needs, and what the GPUs needed cost."""
    return fleet_sentence(fleet, w.lang) + w.space + cost_sentence(fleet, w.lang)


def concurrency_text(w: Writer, perf: PerformanceResult) -> str:
    """The concurrency a load test confirms, its range, and why the low end is where it is."""
    targets = w.data.inputs.targets
    text = concurrency_sentence(perf, targets.ttft_ms, targets.tpot_ms, w.lang)
    band = w.data.bands.band("recommended_concurrency") if w.data.bands is not None else None
    if band is not None and band.low.value != band.high.value:
        text += w.space + w.t("Range {low}–{high} when the uncertain constants are at their "
                                "pessimistic or optimistic ends.", low=count(band.low.value),
                                high=count(band.high.value))
        if band.low.value < 1:
            text += w.space + w.t("At the pessimistic end no request meets the targets: the "
                                    "answer depends on the measured speed, so measure it first.")
    return text


def rate_text(w: Writer, perf: PerformanceResult) -> str:
    """The rate capacity beside the concurrency, and the one sentence on why they differ."""
    if perf.rate_capacity is None:
        return w.t("Not evaluated.")
    return (rate_sentence(perf.rate_capacity, w.lang) + w.space
            + translate("Answer", WHY_THEY_DIFFER, w.lang) + w.space
            + planned_sentence(perf.rates, w.lang))


def limit_text(w: Writer, perf: PerformanceResult) -> str:
    """The binding limit in words, and the next ceiling."""
    targets = w.data.inputs.targets
    limited = sorted((c for c in perf.ceilings if c.limited), key=lambda c: c.value.value)
    text = w.t("{limit} sets the number.", limit=answer_limit_text(
        perf.binding_limit, perf.percentile, targets.ttft_ms, targets.tpot_ms, w.lang))
    text = text[:1].upper() + text[1:]
    following = [c for c in limited if c.kind != perf.bottleneck]
    if following:
        nxt = following[0]
        text += w.space + w.t("Next limit: {limit} at {n} requests.",
                                limit=ceiling_name(nxt.kind, w.lang, plain=True), n=count(nxt.value.value))
    return text


def unreachable_text(w: Writer, perf: PerformanceResult) -> str:
    """Why no request count meets the targets, and the layouts of the sizing search that do."""
    reason = perf.unreachable
    text = unreachable_sentence(reason, w.lang) if reason is not None else ""
    alternatives = w.data.plan.alternatives
    if alternatives:
        best = alternatives[0]
        text += w.space + alternative_sentence(best, w.lang)
    elif reason is not None:
        text += w.space + fastest_sentence(w.data.plan.fastest, w.lang)
    return text


def _factor_sentence(w: Writer, bar: TornadoBar) -> str:
    from gpucalc.report.risk_sections import factor_name, factor_range_text  # noqa: PLC0415 - cycle

    low, high = sorted((bar.result_at_low, bar.result_at_high))
    return w.t("{factor} within {range}: the concurrency lies between {low} and {high} requests in "
               "flight per replica.",
               factor=factor_name(w, bar.key), range=factor_range_text(w, bar),
               low=count(low), high=count(high))


def risk_text(w: Writer) -> str:
    """The factor that moves the recommendation most (first of the sensitivity ranking)."""
    sensitivity = w.data.sensitivity
    if sensitivity is None or not sensitivity.bars:
        return w.t("Not evaluated.")
    return _factor_sentence(w, sensitivity.bars[0])


def change_text(w: Writer) -> str:
    """What would change the answer: the next factors and the lengths where another limit binds."""
    parts = []
    sensitivity = w.data.sensitivity
    if sensitivity is not None:
        parts += [_factor_sentence(w, bar) for bar in sensitivity.bars[1:3]]
    sweep = w.data.sweep
    if sweep is not None:
        nearest = sorted(sweep.crossovers,
                         key=lambda c: abs(math.log(c.context_tokens / sweep.planning_tokens)))[:2]
        parts += [w.t("At {n} tokens per request the limit changes from {a} to {b}.",
                      n=count(c.context_tokens), a=ceiling_name(c.before, w.lang, plain=True),
                      b=ceiling_name(c.after, w.lang, plain=True))
                  for c in sorted(nearest, key=lambda c: c.context_tokens)]
    return w.space.join(parts) if parts else w.t("Not evaluated.")


def fitting_rows(w: Writer, perf: PerformanceResult) -> list[Block]:
    """The summary table of a deployment that runs the model."""
    fleet = w.data.plan.fleet
    rows: list[Block] = []
    if fleet is not None:
        rows.append(_row(w.t("Verdict"), verdict_text(w, fleet),
                         OK_FILL if fleet.carries else SHORT_FILL))
    elif perf.unreachable is None:
        rows.append(_row(w.t("Verdict"), no_qps_sentence(perf.rates, w.lang)))
    rows.append(_row(w.t("Concurrency"), concurrency_text(w, perf),
                     SHORT_FILL if perf.unreachable is not None else None))
    if perf.unreachable is not None or w.data.plan.alternatives:
        rows.append(_row(w.t("What meets the targets"), unreachable_text(w, perf), SHORT_FILL))
    rows += [_row(w.t("Rate capacity"), rate_text(w, perf)),
             _row(w.t("Binding limit"), limit_text(w, perf)),
             _row(w.t("Top risk"), risk_text(w)),
             _row(w.t("What would change the answer"), change_text(w))]
    return rows


def no_fit_rows(w: Writer) -> list[Block]:
    """The summary of a deployment the model does not fit."""
    memory = w.data.result.memory
    reason = (w.notice(memory.blocking_notices[0]) if memory.blocking_notices
              else w.t("The model does not fit on this deployment."))
    return [_row(w.t("Verdict"), w.t("Does not run: the model does not fit in the GPUs' memory."),
                 SHORT_FILL),
            _row(w.t("Why"), reason),
            _row(w.t("What would change the answer"),
                 w.t("More GPUs per replica (tensor or pipeline parallel), GPUs with more memory, or "
                     "lower-precision weights."))]


def summary_blocks(w: Writer) -> list[Block]:
    """Title, subject, date and the one-page summary, then a page break before the appendices."""
    d = w.data
    inputs = d.inputs
    subject = w.t("{model} on {n}× {gpu} · {engine}", model=catalog_name(inputs.model.name, w.lang),
                  n=inputs.deployment.num_gpus, gpu=catalog_name(inputs.gpu.name, w.lang),
                  engine=catalog_name(inputs.engine.name, w.lang))
    meta = w.t("gpucalc {version} · created {date}", version=d.version, date=local_time_text(d.created))
    blocks: list[Block] = [Paragraph(w.t("GPU inference capacity report"), size_pt=18, bold=True,
                                     space_after_pt=2),
                           Paragraph(subject, size_pt=11, space_after_pt=2)]
    if d.scenario.name:
        name = display_name(reader_text(d.scenario.name))
        blocks.append(Paragraph(w.t("Scenario: {name}", name=name), size_pt=9))
    blocks.append(Paragraph(meta, size_pt=8.5, colour=MUTED_COLOUR, space_after_pt=6))
    perf = d.result.performance
    rows = fitting_rows(w, perf) if perf is not None else no_fit_rows(w)
    rows[-1].keep_with_next = False
    blocks += [Heading(w.t(SUMMARY_TITLE)), *rows,
               Paragraph(w.t("The appendices give the inputs, every deduction with its formula and "
                             "source, the curves, the fleet options and the measurement plan that "
                             "checks this estimate."), size_pt=8.5, colour=MUTED_COLOUR,
                         space_before_pt=8),
               PageBreak()]
    return blocks
