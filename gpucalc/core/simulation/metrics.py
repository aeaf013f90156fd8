"""What a simulated run reports: latency percentiles, throughput, goodput and preemptions.

Metric definitions follow ``vllm bench serve``: TTFT from arrival to the first output token,
TPOT = (end-to-end − TTFT) ÷ (output tokens − 1) over requests with more than one output token,
throughput over the run's duration (first arrival to last completion), and goodput as requests
per second meeting both the TTFT and the TPOT target.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.common.explain import InputValue, Term, template, term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.common.units import MS_PER_S
from gpucalc.core.simulation.traffic import TrafficSpec
from gpucalc.core.specs.inputs import Targets

PERCENTILES = (50.0, 95.0, 99.0)
SIM_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "gpucalc discrete-event simulation: continuous batching on the analytic step model")
BENCH_SOURCE = QT_TRANSLATE_NOOP("Sources", "metric definitions of vllm bench serve (TTFT, TPOT, goodput)")


class Percentiles(BaseModel):
    """Mean and P50/P95/P99 of one latency over the requests of a run."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    mean: Term
    p50: Term
    p95: Term
    p99: Term

    def at(self, percentile: float) -> float:
        """The value at 50, 95 or 99 (the nearest reported percentile below otherwise)."""
        if percentile >= 99:
            return self.p99.value
        return self.p95.value if percentile >= 95 else self.p50.value


class ClassPercentiles(BaseModel):
    """One request class of a simulated run: its own TTFT and TPOT percentiles."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    requests: int
    longest: bool  # most tokens per request: seed 000's line to watch, it breaks first
    ttft_ms: Percentiles
    tpot_ms: Percentiles


class SimulationResult(BaseModel):
    """Outcome of one simulated run (all replicas together)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    traffic: TrafficSpec
    completed: int
    duration_s: Term
    ttft_ms: Percentiles
    tpot_ms: Percentiles
    e2e_ms: Percentiles
    queue_ms: Percentiles
    request_throughput: Term
    output_tokens_per_s: Term
    goodput: Term
    slo_attainment: Term
    preemptions: Term
    steady_request_throughput: Term | None = None  # completions in the second half of arrivals
    steady_ttft_ms: Percentiles | None = Field(
        default=None, description="A closed loop's steady state: requests sent after the first "
        "wave completed and done before the last send (no ramp-up, no drain).")
    steady_tpot_ms: Percentiles | None = None
    per_class: tuple[ClassPercentiles, ...] = ()  # workload classes, in the workload's order
    prefix_hit_rate: Term | None = None  # prefix caching: share of prompt tokens served from cache

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every figure of the result, for explanation panes and tables."""
        stats = (self.ttft_ms, self.tpot_ms, self.e2e_ms, self.queue_ms)
        per_stat = tuple(t for s in stats for t in (s.mean, s.p50, s.p95, s.p99))
        return (*per_stat, self.request_throughput, self.output_tokens_per_s, self.goodput,
                self.slo_attainment, self.preemptions, self.duration_s)


STAT_NAMES = {"mean": QT_TRANSLATE_NOOP("Formulas", "mean"), "p50": QT_TRANSLATE_NOOP("Formulas", "p50"),
              "p95": QT_TRANSLATE_NOOP("Formulas", "p95"), "p99": QT_TRANSLATE_NOOP("Formulas", "p99")}
"""How a formula names each statistic of a simulated latency."""


def percentiles_ms(key: str, values_s: NDArray[np.float64], formula: str,
                   inputs: dict[str, InputValue]) -> Percentiles:
    """Mean and P50/P95/P99 of ``values_s`` (seconds) as millisecond terms (0 with no samples)."""
    samples = values_s * MS_PER_S
    marks = np.percentile(samples, PERCENTILES) if samples.size else np.zeros(len(PERCENTILES))
    mean = float(samples.mean()) if samples.size else 0.0
    info = {**inputs, "samples": int(samples.size)}
    sources = (SIM_SOURCE, BENCH_SOURCE)

    def one(label: str, value: float) -> Term:
        return term(f"sim.{key}.{label}", value, "ms",
                    template(QT_TRANSLATE_NOOP("Formulas", "{stat} of {what}"), stat=STAT_NAMES[label],
                             what=formula), info, sources)

    return Percentiles(mean=one("mean", mean), p50=one("p50", float(marks[0])),
                       p95=one("p95", float(marks[1])), p99=one("p99", float(marks[2])))


def steady_throughput(arrival_s: NDArray[np.float64], finish_s: NDArray[np.float64],
                      load: dict[str, InputValue]) -> Term:
    """Requests/s completed from one median end-to-end time after the first arrival to the last.

    Completions trail arrivals by about a median end-to-end time, so over that window a replica
    that keeps up completes about the arrival rate; past saturation it completes only its
    service rate (and the swelling batch stretches the end-to-end time, shrinking the window to
    nothing), however short the run is.
    """
    first, last = float(arrival_s.min()), float(arrival_s.max())
    start = first + float(np.median(finish_s - arrival_s))
    window = last - start
    done = int(((finish_s > start) & (finish_s <= last)).sum())
    value = done / window if window > 0 else 0.0
    return term("sim.steady_request_throughput", value, "req/s",
                QT_TRANSLATE_NOOP(
                    "Formulas", "requests completed between first arrival + median end-to-end and the "
                    "last arrival ÷ that time (0 when the window is empty)"),
                {**load, "window_s": round(max(window, 0.0), 4), "completed_in_window": done},
                (SIM_SOURCE,))


def class_percentiles(classes: tuple[tuple[str, int], ...], picks: NDArray[np.int64],
                      ttft_s: NDArray[np.float64], tpot_s: NDArray[np.float64],
                      multi: NDArray[np.bool_], load: dict[str, InputValue]) -> tuple[ClassPercentiles, ...]:
    """TTFT and TPOT percentiles of each (name, tokens per request) class, by request class."""
    longest = max(range(len(classes)), key=lambda i: classes[i][1]) if classes else -1
    rows = []
    for index, (name, _) in enumerate(classes):
        mine = picks == index
        info = {**load, "class": name}
        rows.append(ClassPercentiles(
            name=name, requests=int(mine.sum()), longest=index == longest,
            ttft_ms=percentiles_ms(f"class.{index}.ttft_ms", ttft_s[mine], QT_TRANSLATE_NOOP(
                "Formulas", "first token − arrival"),
                                   info),
            tpot_ms=percentiles_ms(f"class.{index}.tpot_ms", tpot_s[mine & multi],
                                   QT_TRANSLATE_NOOP(
                                       "Formulas", "(e2e − TTFT) ÷ (output tokens − 1)"), info)))
    return tuple(rows)


def request_latencies_s(arrival_s: NDArray[np.float64], first_token_s: NDArray[np.float64],
                        finish_s: NDArray[np.float64], outputs: NDArray[np.int64]
                        ) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                   NDArray[np.float64], NDArray[np.bool_]]:
    """Per request: TTFT and end-to-end latency (s), and TPOT (s) of those with > 1 token.

    TPOT = (end-to-end − TTFT) ÷ (output tokens − 1), as the benchmark clients compute it; the
    mask says which requests it covers.
    """
    ttft = first_token_s - arrival_s
    e2e = finish_s - arrival_s
    multi = outputs > 1
    return ttft, e2e, (e2e[multi] - ttft[multi]) / (outputs[multi] - 1), multi


def steady_state_mask(traffic: TrafficSpec, arrival_s: NDArray[np.float64],
                      finish_s: NDArray[np.float64]) -> NDArray[np.bool_] | None:
    """A closed loop's steady requests: sent once the first wave has completed, done by the last send.

    A ladder step starts with every client sending at once (a burst that queues in front of the
    prefill) and ends with the last requests draining an emptying batch; what a concurrency
    holds is the stretch in between. None for other traffic or a run too short to have one.
    """
    if traffic.concurrency is None or traffic.paced:
        return None
    wave = min(traffic.concurrency * traffic.replicas, arrival_s.size)
    first_wave_done = float(np.sort(finish_s)[wave - 1])
    steady = (arrival_s >= first_wave_done) & (finish_s <= float(arrival_s.max()))
    return steady if int(steady.sum()) >= STEADY_MIN_REQUESTS else None


STEADY_MIN_REQUESTS = 20  # fewer steady requests give no percentile worth stating


def summarise(traffic: TrafficSpec, targets: Targets, arrival_s: NDArray[np.float64],
              admitted_s: NDArray[np.float64], first_token_s: NDArray[np.float64],
              finish_s: NDArray[np.float64], outputs: NDArray[np.int64],
              preemptions: int, classes: tuple[tuple[str, int], ...] = (),
              picks: NDArray[np.int64] | None = None) -> SimulationResult:
    """Turn per-request times (seconds) into the run's figures.

    With ``classes`` ((name, tokens per request) each) and each request's class in ``picks``,
    every class gets its own TTFT and TPOT percentiles.
    """
    ttft, e2e, tpot, multi = request_latencies_s(arrival_s, first_token_s, finish_s, outputs)
    tpot_all = np.zeros_like(e2e)
    tpot_all[multi] = tpot
    duration = max(float(finish_s.max() - arrival_s.min()), 1e-12)
    count = int(arrival_s.size)
    load: dict[str, InputValue] = {"requests": count, "replicas": traffic.replicas,
                                   "seed": traffic.seed}
    if traffic.concurrency is not None:
        load["concurrency"] = traffic.concurrency
    else:
        load["request_rate"] = traffic.request_rate or float("inf")
        load["burstiness"] = traffic.burstiness
    good = (ttft * MS_PER_S <= targets.ttft_ms) & (tpot_all * MS_PER_S <= targets.tpot_ms)
    steady = steady_state_mask(traffic, arrival_s, finish_s)
    steady_load = {**load, "steady_state": True}
    good_count = int(good.sum())
    output_sum = int(outputs.sum())
    sources = (SIM_SOURCE, BENCH_SOURCE)
    return SimulationResult(
        traffic=traffic, completed=count,
        duration_s=term("sim.duration_s", duration, "s", QT_TRANSLATE_NOOP(
            "Formulas", "last completion − first arrival"), load,
                        (SIM_SOURCE,)),
        ttft_ms=percentiles_ms("ttft_ms", ttft, QT_TRANSLATE_NOOP("Formulas", "first token − arrival"), load),
        tpot_ms=percentiles_ms("tpot_ms", tpot, QT_TRANSLATE_NOOP(
            "Formulas", "(e2e − TTFT) ÷ (output tokens − 1)"), load),
        e2e_ms=percentiles_ms("e2e_ms", e2e, QT_TRANSLATE_NOOP("Formulas", "completion − arrival"), load),
        queue_ms=percentiles_ms("queue_ms", admitted_s - arrival_s, QT_TRANSLATE_NOOP(
            "Formulas", "first scheduled − arrival"),
                                load),
        request_throughput=term("sim.request_throughput", count / duration, "req/s",
                                QT_TRANSLATE_NOOP("Formulas", "completed requests ÷ duration"),
                                {**load, "duration_s": round(duration, 4)}, sources),
        output_tokens_per_s=term("sim.output_tokens_per_s", output_sum / duration, "tok/s",
                                 QT_TRANSLATE_NOOP("Formulas", "output tokens ÷ duration"),
                                 {**load, "output_tokens": output_sum,
                                  "duration_s": round(duration, 4)}, sources),
        goodput=term("sim.goodput", good_count / duration, "req/s",
                     QT_TRANSLATE_NOOP(
                         "Formulas", "requests with TTFT ≤ target and TPOT ≤ target ÷ duration"),
                     {**load, "ttft_target_ms": targets.ttft_ms, "tpot_target_ms": targets.tpot_ms,
                      "meeting_slo": good_count}, sources),
        slo_attainment=term("sim.slo_attainment", good_count / count if count else 0.0, "",
                            QT_TRANSLATE_NOOP("Formulas", "requests meeting both targets ÷ requests"),
                            {"meeting_slo": good_count, "requests": count}, sources),
        preemptions=term("sim.preemptions", preemptions, "preemptions",
                         QT_TRANSLATE_NOOP(
                             "Formulas", "newest running request preempted (recompute) when KV runs out"),
                         {**load}, (SIM_SOURCE,)),
        steady_request_throughput=steady_throughput(arrival_s, finish_s, load),
        per_class=(class_percentiles(classes, picks, ttft, tpot_all, multi, load)
                   if classes and picks is not None else ()),
        steady_ttft_ms=None if steady is None else percentiles_ms(
            "steady_ttft_ms", ttft[steady], QT_TRANSLATE_NOOP(
                "Formulas", "first token − send, steady state (after the first wave, before the drain)"),
            steady_load),
        steady_tpot_ms=None if steady is None else percentiles_ms(
            "steady_tpot_ms", tpot_all[steady & multi], QT_TRANSLATE_NOOP(
                "Formulas", "(e2e − TTFT) ÷ (output tokens − 1), steady state"), steady_load),
    )
