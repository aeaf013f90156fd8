"""Report sections on how sure the numbers are: uncertainty bands, sensitivity, simulated traffic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.fleet.sensitivity import FACTOR_NAMES, Sensitivity, TornadoBar
from gpucalc.core.fleet.uncertainty import Band, Bands, ConstantRange
from gpucalc.core.simulation.capacity import SloCapacity
from gpucalc.core.simulation.metrics import SimulationResult
from gpucalc.core.simulation.sweep import KNEE_TTFT_GROWTH, SWEEP_TOP_OF_SATURATION
from gpucalc.plan.compute import PlanSimulation
from gpucalc.report.fleet_text import traffic_text
from gpucalc.report.layout import Block, Canvas, Cell, Drawing, Paragraph, TableRow, table
from gpucalc.report.numbers import count, percent, sig3
from gpucalc.report.plots_risk import SweepText, TornadoRow, TornadoText, draw_rate_sweep, draw_tornado
from gpucalc.report.reader_text import reader_text
from gpucalc.text.catalogue import list_separator, translate
from gpucalc.text.terms import source_text, term_name, unit_name

if TYPE_CHECKING:
    from gpucalc.report.writer import Writer

UNCERTAINTY_SECTION = 8  # index in SECTION_TITLES
SIMULATION_SECTION = 9
TORNADO_BARS_SHOWN = 6
BAND_UNITS = {"tokens": "tokens", "requests": "requests", "GPUs": "GPUs"}


def factor_name(w: Writer, key: str) -> str:
    """Translated name of a sensitivity factor (the key itself when unnamed)."""
    return translate("Formulas", FACTOR_NAMES[key], w.lang) if key in FACTOR_NAMES else key


def unit_text(w: Writer, unit: str) -> str:
    """A unit as the report prints it (token counts translated, symbols as they are)."""
    return unit_name(unit, w.lang) if unit in ("tokens", "requests", "GPUs") else unit


def band_cells(w: Writer, band: Band) -> tuple[Cell, ...]:
    """One row of the bands table: result, low, expected, high, unit."""
    return (Cell(term_name(band.key, w.lang), bold=True),
            Cell(count(band.low.value), align="right"), Cell(count(band.expected.value), align="right"),
            Cell(count(band.high.value), align="right"), Cell(unit_text(w, band.unit)))


def factor_range_text(w: Writer, bar: TornadoBar) -> str:
    """The range a factor was moved over, e.g. ``4,800–7,200 tokens``."""
    unit = unit_text(w, bar.unit)
    return f"{sig3(bar.low_value)}–{sig3(bar.high_value)}" + (f" {unit}" if unit else "")


def tornado_cells(w: Writer, rank: int, bar: TornadoBar) -> tuple[Cell, ...]:
    """One row of the sensitivity table: rank, factor, range, concurrency at low and at high."""
    return (Cell(str(rank), align="right"), Cell(factor_name(w, bar.key), bold=True),
            Cell(factor_range_text(w, bar)), Cell(count(bar.result_at_low), align="right"),
            Cell(count(bar.result_at_high), align="right"), Cell(count(bar.swing), align="right"))


def range_cells(w: Writer, r: ConstantRange) -> tuple[Cell, ...]:
    """One row of the ranges table: constant, factors on its value, reason and source."""
    return (Cell(factor_name(w, r.key), bold=True),
            Cell(f"×{r.low_factor:g} – ×{r.high_factor:g}", align="right"), Cell(range_reason(w, r)))


def range_reason(w: Writer, r: ConstantRange) -> str:
    """Why a constant's range is this wide, in the report's language, without repository pointers."""
    reason = source_text(r.reason, w.lang)
    for text, values in r.widening_reasons:
        reason += list_separator(w.lang) + source_text(text, w.lang).format(**values)
    return reader_text(reason)


def kept_together(blocks: list[Block], with_next: bool = False) -> list[Block]:
    """``blocks`` marked to stay on one page together (and with the block after them)."""
    for block in blocks if with_next else blocks[:-1]:
        if isinstance(block, Paragraph | TableRow):
            block.keep_with_next = True
    return blocks


def bands_blocks(w: Writer, bands: Bands) -> list[Block]:
    """The low / expected / high table with how low and high are obtained."""
    wl, fleet = w.data.inputs.workload, w.data.plan.fleet
    needed = count(fleet.gpus_needed.value) if fleet is not None else "—"
    return kept_together([
        w.note(w.t("Low and high: every uncertain constant at once at the pessimistic or the "
                   "optimistic end of its stated range (table below); low and high are the smallest "
                   "and largest of the three evaluations — a planning range, not a confidence "
                   "interval. The recommended concurrency's range also brackets both ends of every "
                   "sensitivity bar. GPUs needed for {traffic}, by the fleet verdict's rule (page "
                   "1): {needed} GPUs needed ({planned} planned).",
                   traffic=traffic_text(wl, w.lang), needed=needed,
                   planned=count(w.data.inputs.deployment.num_gpus))),
        *table([w.t("Result"), w.t("Low"), w.t("Expected"), w.t("High"), w.t("Unit")],
               [band_cells(w, b) for b in bands.bands], (3.0, 1.3, 1.3, 1.3, 1.6),
               aligns=["left", "right", "right", "right", "left"], size_pt=8.5)])


def sensitivity_blocks(w: Writer, sensitivity: Sensitivity) -> list[Block]:
    """The largest swings of the recommended concurrency: tornado figure and table."""
    shown = sensitivity.bars[:TORNADO_BARS_SHOWN]
    rows = [TornadoRow(factor_name(w, b.key), b.result_at_low, b.result_at_high) for b in shown]
    text = TornadoText(w.t("Recommended concurrency, one factor at a time"),
                       w.t("recommended concurrency (requests per replica)"), w.t("at low value"),
                       w.t("at high value"), w.t("expected"))

    def draw(canvas: Canvas, box: QRectF) -> None:
        draw_tornado(canvas, box, sensitivity.baseline, rows, text)

    intro = w.note(w.t("One factor at a time moved over its range, everything else at its value; the "
                       "{n} largest swings of the recommended concurrency ({base} requests per "
                       "replica). Workload lengths and targets move ±20 %, GPU figures and the memory "
                       "fraction ±5 %, the constants over the ranges below.", n=len(shown),
                       base=count(sensitivity.baseline)))
    title = Paragraph(w.t("Sensitivity"), bold=True, space_before_pt=6, space_after_pt=2)
    return [
        *kept_together([title, intro], with_next=True),
        Drawing(16 + 7 * len(shown), draw),
        *kept_together(table(
            ["#", w.t("Factor"), w.t("Range"), w.t("Conc. at low"), w.t("Conc. at high"), w.t("Swing")],
            [tornado_cells(w, i, b) for i, b in enumerate(shown, start=1)],
            (0.4, 2.8, 2.6, 1.3, 1.3, 1.0), aligns=["right", "left", "left", "right", "right", "right"]))]


def uncertainty_section(w: Writer) -> list[Block]:
    """Bands of KV tokens, concurrency and GPUs; the sensitivity ranking; the ranges' sources."""
    bands, sensitivity = w.data.bands, w.data.sensitivity
    heading = w.heading(UNCERTAINTY_SECTION)
    if bands is None or sensitivity is None:
        return [heading, Paragraph(w.t("Not evaluated: the model does not fit on this deployment."))]
    return [heading, *bands_blocks(w, bands), *sensitivity_blocks(w, sensitivity),
            Paragraph(w.t("Ranges of the uncertain constants"), bold=True, space_before_pt=6,
                      space_after_pt=2, keep_with_next=True),
            *table([w.t("Constant"), w.t("Range"), w.t("Reason and source")],
                   [range_cells(w, r) for r in bands.ranges], (2.2, 1.3, 6.5),
                   aligns=["left", "right", "left"], size_pt=7.0)]


def sweep_cells(rate: float, result: SimulationResult) -> tuple[Cell, ...]:
    """One row of the simulation table: rate, TTFT and TPOT P50/P95, throughput, goodput."""
    values = (rate, result.ttft_ms.p50.value, result.ttft_ms.p95.value, result.tpot_ms.p50.value,
              result.tpot_ms.p95.value, result.output_tokens_per_s.value, result.goodput.value)
    return tuple(Cell(sig3(v), align="right") for v in values)


def capacity_sentence(w: Writer, perf: PerformanceResult, sim: PlanSimulation) -> str:
    """The swept capacity at the SLO per replica against the answer's rate capacity."""
    targets = w.data.inputs.targets
    analytic = perf.rate_capacity.requests_per_s_per_dp_rank if perf.rate_capacity else 0.0
    capacity = sim.sweep.slo_capacity.value
    values = {"p": f"{sim.sweep.percentile:g}", "ttft": sig3(targets.ttft_ms),
              "tpot": sig3(targets.tpot_ms), "analytic": sig3(analytic)}
    if capacity <= 0:
        return w.t("No simulated rate meets the targets at P{p} (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} ms); "
                   "the rate capacity of the answer is {analytic} req/s per replica.", **values)
    sentence = w.t("Capacity at the P{p} SLO among the swept rates (TTFT ≤ {ttft} ms, TPOT ≤ {tpot} "
                   "ms): {cap} req/s per replica, {share} of the answer's rate capacity ({analytic} "
                   "req/s).", cap=sig3(capacity),
                   share=percent(capacity / analytic) if analytic > 0 else "—", **values)
    space = w.space
    if capacity >= max(p.request_rate for p in sim.sweep.points):
        sentence += space + w.t("Every simulated rate meets the targets, so the capacity is at least "
                                "this.")
    if perf.replicas > 1:
        sentence += space + w.t("{r} replicas: {total} req/s in all.", r=perf.replicas,
                                total=sig3(capacity * perf.replicas))
    if sim.slo_capacity is not None:
        sentence += space + bisection_sentence(w, sim.slo_capacity)
    return sentence


def bisection_sentence(w: Writer, capacity: SloCapacity) -> str:
    """The percentile-aware analytic capacity against the simulator's bisection."""
    values = {"p": capacity.percentile, "sim": sig3(capacity.simulated.value),
              "analytic": sig3(capacity.analytic.value), "ratio": sig3(capacity.ratio)}
    if capacity.agrees:
        return w.t("Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the rate "
                   "capacity of the answer, {analytic} req/s, agrees within 10 %.", **values)
    return w.t("Bisection in the simulator: {sim} req/s per replica at the P{p} SLO; the rate "
               "capacity of the answer, {analytic} req/s, is off by more than 10 % (ratio "
               "{ratio}): measure before planning on it.", **values)


def simulation_section(w: Writer) -> list[Block]:
    """Simulated TTFT / TPOT percentiles against request rate, the knee and the SLO capacity."""
    heading = w.heading(SIMULATION_SECTION)
    sim, targets, perf = w.data.simulation, w.data.inputs.targets, w.data.result.performance
    if perf is None:
        return [heading, Paragraph(w.t("Not simulated: the model does not fit on this deployment."))]
    if sim is None:
        return [heading, Paragraph(w.t("Not simulated: the simulator cannot run this plan."))]
    sweep = sim.sweep
    text = SweepText(w.t("TTFT against request rate"), w.t("TPOT against request rate"),
                     w.t("request rate (req/s, one replica)"), w.t("ms (log scale)"), w.t("target"),
                     w.t("TTFT knee"), w.t("P{p} SLO", p=f"{sweep.percentile:g}"))

    def draw(canvas: Canvas, box: QRectF) -> None:
        draw_rate_sweep(canvas, box, sweep, targets.ttft_ms, targets.tpot_ms, text)

    intro = w.t("Discrete-event simulation of one replica (continuous batching on the same step-time "
                "model): Poisson arrivals at {k} rates up to {top}× the analytic saturation rate "
                "({sat} req/s), {n} requests per rate with lengths drawn from the workload, fixed "
                "seed {seed} (the same plan gives the same numbers). Solid: P50; dashed: P95.",
                k=len(sweep.points), top=f"{SWEEP_TOP_OF_SATURATION:g}", sat=sig3(sim.saturation_rate),
                n=count(sim.requests_per_rate), seed=sim.seed)
    knee = w.t("TTFT knee: {k} req/s (the highest request rate whose median TTFT stays within {g}× "
               "its value at the lowest rate; a rate, not the concurrency knee of the answer).",
               k=sig3(sweep.knee_rate.value), g=f"{KNEE_TTFT_GROWTH:g}")
    header = [w.t("Rate (req/s)"), "TTFT P50 (ms)", "TTFT P95 (ms)", "TPOT P50 (ms)", "TPOT P95 (ms)",
              w.t("Output (tok/s)"), w.t("Goodput (req/s)")]
    answer = Paragraph(capacity_sentence(w, perf, sim), bold=True)
    return [heading, *kept_together([answer, w.note(knee), w.note(intro)], with_next=True),
            Drawing(66, draw),
            *table(header, [sweep_cells(p.request_rate, p.result) for p in sweep.points],
                   (1.1, 1.1, 1.1, 1.1, 1.1, 1.2, 1.2), aligns=["right"] * 7, size_pt=7.5)]


__all__ = ["simulation_section", "sweep_cells", "uncertainty_section"]
