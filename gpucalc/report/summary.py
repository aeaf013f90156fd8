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

from gpucalc.core.fleet import FleetVerdict
from gpucalc.core.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.sensitivity import TornadoBar
from gpucalc.core.translatable import QT_TRANSLATE_NOOP
from gpucalc.report.file_names import display_name
from gpucalc.report.fleet_text import yes_no
from gpucalc.report.layout import MUTED_COLOUR, Block, Cell, Heading, PageBreak, Paragraph, TableRow
from gpucalc.report.numbers import count, sig3
from gpucalc.report.reader_text import reader_text
from gpucalc.text.catalog_text import catalog_name

if TYPE_CHECKING:
    from gpucalc.report.sections import Writer

LIMIT_NAMES = {CeilingKind.MEMORY: QT_TRANSLATE_NOOP("Report", "GPU memory for the KV cache"),
               CeilingKind.COMPUTE: QT_TRANSLATE_NOOP("Report", "compute speed (the latency targets)"),
               CeilingKind.INTERCONNECT: QT_TRANSLATE_NOOP("Report", "the link between GPUs"),
               CeilingKind.SCHEDULER: QT_TRANSLATE_NOOP("Report", "the engine's cap on running requests")}
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
    """Carries the average and the peak or not, GPUs needed against planned, cost per month."""
    text = w.t("The {planned} GPUs planned carry the average of {avg} req/s: {avg_ok}; the peak of "
               "{peak} req/s: {peak_ok}. {needed} GPUs are needed, one spare replica included.",
               avg=sig3(fleet.qps_avg), avg_ok=yes_no(fleet.carries_average, w.lang),
               peak=sig3(fleet.qps_peak), peak_ok=yes_no(fleet.carries_peak, w.lang),
               needed=count(fleet.gpus_needed.value), planned=count(fleet.gpus_deployed.value))
    if fleet.cost_per_month_usd is not None:
        text += _space(w) + w.t("Cost of the GPUs needed: about ${month} per month.",
                                month=count(fleet.cost_per_month_usd.value))
    else:
        text += _space(w) + w.t("No GPU price is known, so no cost is given.")
    return text


def _space(w: Writer) -> str:
    """Between sentences: nothing in Chinese, a space in English."""
    return "" if w.lang == "zh" else " "


def concurrency_text(w: Writer, perf: PerformanceResult) -> str:
    """The recommendation per replica, its planning range and the online figure."""
    text = w.t("{n} requests at once per replica, served within the latency targets; plan online "
               "traffic at {online} (the safety watermark).",
               n=count(perf.recommended_concurrency.value), online=count(perf.online_capacity.value))
    band = w.data.bands.band("recommended_concurrency") if w.data.bands is not None else None
    if band is not None:
        text += _space(w) + w.t("Range {low}–{high} when the uncertain constants are at their "
                                "pessimistic or optimistic ends.", low=count(band.low.value),
                                high=count(band.high.value))
    return text


def limit_text(w: Writer, perf: PerformanceResult) -> str:
    """The binding ceiling in words, and the next one."""
    limited = sorted((c for c in perf.ceilings if c.limited), key=lambda c: c.value.value)
    text = w.t("{limit} sets the number.", limit=w.t(LIMIT_NAMES[perf.bottleneck]))
    text = text[:1].upper() + text[1:]
    following = [c for c in limited if c.kind != perf.bottleneck]
    if following:
        nxt = following[0]
        text += _space(w) + w.t("Next limit: {limit} at {n} requests.",
                                limit=w.t(LIMIT_NAMES[nxt.kind]), n=count(nxt.value.value))
    return text


def _factor_sentence(w: Writer, bar: TornadoBar) -> str:
    from gpucalc.report.risk_sections import factor_name, factor_range_text  # noqa: PLC0415 - cycle

    return w.t("{factor} within {range} moves the recommendation from {low} to {high} requests per "
               "replica.",
               factor=factor_name(w, bar.key), range=factor_range_text(w, bar),
               low=count(bar.result_at_low), high=count(bar.result_at_high))


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
                      n=count(c.context_tokens), a=w.t(LIMIT_NAMES[c.before]),
                      b=w.t(LIMIT_NAMES[c.after]))
                  for c in sorted(nearest, key=lambda c: c.context_tokens)]
    return _space(w).join(parts) if parts else w.t("Not evaluated.")


def fitting_rows(w: Writer, perf: PerformanceResult) -> list[Block]:
    """The summary table of a deployment that runs the model."""
    fleet = w.data.plan.fleet
    rows: list[Block] = []
    if fleet is not None:
        rows.append(_row(w.t("Verdict"), verdict_text(w, fleet),
                         OK_FILL if fleet.carries else SHORT_FILL))
    rows += [_row(w.t("Recommended concurrency"), concurrency_text(w, perf)),
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
