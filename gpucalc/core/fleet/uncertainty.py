"""Low / expected / high bands of the key results from the ranges of the uncertain constants.

Each uncertain constant of the engine profile (activation peak, non-torch memory, CUDA-graph
memory, the efficiency factors) has a range, written as factors on its value, with the reason.
A band evaluates the model three times: with every constant at its value (expected, the same
numbers ``calculate()`` gives), with every constant at the end that hurts (the pessimistic
corner) and at the end that helps (the optimistic corner). Low and high are the smaller and the
larger of the three results, so low ≤ expected ≤ high always holds. Corners bound one-at-a-time
changes for these monotone results; they are a planning range, not a confidence interval.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.capacity.ceilings import three_ceilings
from gpucalc.core.capacity.perf_model import build_context, plan_efficiency
from gpucalc.core.capacity.weak_regimes import REGIME_REASONS, REGIME_WIDENING, WeakRegime, weak_regimes
from gpucalc.core.common.errors import PlanError
from gpucalc.core.common.explain import FormulaTemplate, InputValue, Term, template, term
from gpucalc.core.common.revise import revised
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.sizing import SizingRequest, size_option
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.efficiency import Efficiency, as_override
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.kernel_surfaces import kernel_profile

THROUGHPUT_SOURCE = QT_TRANSLATE_NOOP(
    "Sources", "specs/validation/throughput.jsonl: gpucalc over-predicts throughput by up to 29 % and "
    "under-predicts by up to 8 % (python -m benchmarks.throughput_accuracy)")


class Hurts(StrEnum):
    """Which end of a constant's range lowers capacity."""

    HIGH = "high"
    LOW = "low"


class ConstantRange(BaseModel):
    """The range of one uncertain constant, as factors on its value, with the reason."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    low_factor: float = Field(gt=0, le=1)
    high_factor: float = Field(ge=1)
    hurts: Hurts
    reason: str = Field(description="Why the range is this wide (a marked \"Sources\" sentence).")
    mapped_system: str = Field(
        default="", description="The measured system a GPU without kernel tables borrows its fractions "
                                "from; the range is widened for it (MAPPED_REASON).")
    widened_for: tuple[WeakRegime, ...] = Field(
        default=(), description="The weakly validated regimes the range is widened for.")

    @property
    def widening_reasons(self) -> tuple[tuple[str, dict[str, str]], ...]:
        """Why the range is wider here: each regime's marked sentence with its values."""
        reasons: list[tuple[str, dict[str, str]]] = []
        for regime in self.widened_for:
            if regime is WeakRegime.MAPPED_KERNELS:
                reasons.append((MAPPED_REASON, {"system": self.mapped_system}))
            else:
                reasons.append((REGIME_REASONS[regime], {}))
        return tuple(reasons)

    @property
    def full_reason(self) -> str:
        """The reason in English, with each widening for a weakly validated regime."""
        return "; ".join([self.reason, *(text.format(**values)
                                         for text, values in self.widening_reasons)])

    def factor(self, pessimistic: bool) -> float:
        """The factor at the pessimistic (True) or optimistic (False) end."""
        worse_is_high = self.hurts is Hurts.HIGH
        return self.high_factor if pessimistic == worse_is_high else self.low_factor


_EFF_RANGE = (0.78, 1.09)  # 1 ÷ (1 + 29 %), 1 ÷ (1 − 8 %)
UNCERTAIN_CONSTANTS: tuple[ConstantRange, ...] = (
    ConstantRange(key="activation_peak", low_factor=0.9, high_factor=1.1, hurts=Hurts.HIGH,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "the 13 single-stage text-model logs give measured ÷ estimated 0.97–1.04; "
                      "widened to ±10 % for engine versions outside the set; specs/validation/"
                      "kv_capacity.jsonl: measured ÷ estimated over the 16 vLLM start-up logs "
                      "(python -m benchmarks.kv_accuracy)")),
    ConstantRange(key="non_torch_memory", low_factor=0.5, high_factor=1.2, hurts=Hurts.HIGH,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "measured ÷ estimated non-torch memory spans 0.53–1.17 over the "
                      "single-stage logs; specs/validation/kv_capacity.jsonl: measured ÷ estimated over "
                      "the 16 vLLM start-up logs (python -m benchmarks.kv_accuracy)")),
    ConstantRange(key="cuda_graph_memory", low_factor=0.5, high_factor=2.5, hurts=Hurts.HIGH,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "0.6 GiB assumed; vLLM logs 'Graph capturing … took 0.3–1.5 GiB' "
                      "(specs/engines/vllm.json)")),
    ConstantRange(key="gemm_compute", low_factor=_EFF_RANGE[0], high_factor=_EFF_RANGE[1],
                  hurts=Hurts.LOW, reason=THROUGHPUT_SOURCE),
    ConstantRange(key="attention_compute", low_factor=_EFF_RANGE[0], high_factor=_EFF_RANGE[1],
                  hurts=Hurts.LOW, reason=THROUGHPUT_SOURCE),
    ConstantRange(key="memory_bandwidth", low_factor=_EFF_RANGE[0], high_factor=_EFF_RANGE[1],
                  hurts=Hurts.LOW, reason=THROUGHPUT_SOURCE),
    ConstantRange(key="comm_bandwidth", low_factor=0.6, high_factor=1.2, hurts=Hurts.LOW,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "the TP = 4 runs in specs/validation/throughput.jsonl miss TTFT/TPOT by "
                      "−59 % … +66 %; the link share is the least certain factor")),
    ConstantRange(key="comm_latency_us", low_factor=0.8, high_factor=1.5, hurts=Hurts.HIGH,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "same TP = 4 spread; fixed collective cost depends on NCCL version")),
    ConstantRange(key="step_overhead_ms", low_factor=0.7, high_factor=1.5, hurts=Hurts.HIGH,
                  reason=QT_TRANSLATE_NOOP(
                      "Sources", "TTFT errors −43 % … +15 % in specs/validation/throughput.jsonl "
                      "(python -m benchmarks.throughput_accuracy)")),
)
# A GPU without measured kernels borrows a measured system's fractions (specs/kernels/mapping.json);
# its widening is REGIME_WIDENING[MAPPED_KERNELS].
MAPPED_REASON = QT_TRANSLATE_NOOP(
    "Sources", "the GPU has no measured kernel tables and borrows {system}'s fractions; across the nine "
    "measured systems one engine's BF16 GEMM asymptote spans 0.57–0.90 of peak (specs/kernels, python "
    "-m benchmarks.kernel_fit), so the range is widened by ±15 %")
_EFFICIENCY_FRACTIONS = {"gemm_compute", "attention_compute", "memory_bandwidth", "comm_bandwidth"}
_EFFICIENCY_KEYS = _EFFICIENCY_FRACTIONS | {"comm_latency_us", "step_overhead_ms"}


def _scaled_efficiency(eff: Efficiency, factors: Mapping[str, float]) -> Efficiency:
    """Efficiency with each named factor multiplied (shares of peak capped at 1)."""
    update: dict[str, float] = {}
    for key in _EFFICIENCY_KEYS & factors.keys():
        value = getattr(eff, key) * factors[key]
        update[key] = min(value, 1.0) if key in _EFFICIENCY_FRACTIONS else value
    return revised(eff, **update)


def with_constant_factors(inputs: PlanInputs, factors: Mapping[str, float]) -> PlanInputs:
    """Inputs whose engine constants are multiplied by ``factors`` (keys of the ranges).

    The GPU's efficiency override is folded in first, so the factors act on the values this
    GPU actually uses.
    """
    engine = inputs.engine
    act, run = engine.activation, engine.runtime
    a = factors.get("activation_peak", 1.0)
    n = factors.get("non_torch_memory", 1.0)
    activation = revised(act, forward_base_gib=act.forward_base_gib * a,
                         mlp_elements_per_token_factor=act.mlp_elements_per_token_factor * a,
                         sampler_bytes_per_logit=act.sampler_bytes_per_logit * a,
                         sampler_base_gib=act.sampler_base_gib * a)
    runtime = revised(run, non_torch_gib_single=run.non_torch_gib_single * n,
                      non_torch_gib_tp_extra=run.non_torch_gib_tp_extra * n,
                      cuda_graph_gib=run.cuda_graph_gib * factors.get("cuda_graph_memory", 1.0))
    scaled = _scaled_efficiency(plan_efficiency(inputs), factors)
    new_engine = revised(engine, activation=activation, runtime=runtime,  # as the GPU's override:
                         efficiency_by_gpu={inputs.gpu.id: as_override(scaled)})  # scales kernels too
    return revised(inputs, engine=new_engine)


def ranges_for(inputs: PlanInputs,
               ranges: tuple[ConstantRange, ...] = UNCERTAIN_CONSTANTS) -> tuple[ConstantRange, ...]:
    """``ranges``, the efficiency shares widened for each weakly validated regime of ``inputs``.

    The regimes (:mod:`gpucalc.core.capacity.weak_regimes`): a GPU whose kernels are mapped from another
    system, a large MoE model under DP + EP, speculative decoding. Their factors multiply.
    """
    regimes = weak_regimes(inputs)
    if not regimes:
        return ranges
    low = math.prod(REGIME_WIDENING[r][0] for r in regimes)
    high = math.prod(REGIME_WIDENING[r][1] for r in regimes)
    profile = kernel_profile(inputs.kernels, inputs.gpu.id, inputs.engine.id)
    system = profile.system.name if profile is not None and profile.mapped else ""
    return tuple(r.model_copy(update={"low_factor": r.low_factor * low,
                                      "high_factor": r.high_factor * high,
                                      "mapped_system": system, "widened_for": regimes})
                 if r.key in _EFFICIENCY_FRACTIONS else r for r in ranges)


def corner_factors(pessimistic: bool,
                   ranges: tuple[ConstantRange, ...] = UNCERTAIN_CONSTANTS) -> dict[str, float]:
    """Every constant at the end of its range that hurts (pessimistic) or helps."""
    return {r.key: r.factor(pessimistic) for r in ranges}


class KeyResults(BaseModel):
    """The results the bands cover, from one evaluation of the model."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kv_cache_tokens: float
    recommended_concurrency: int
    gpus_needed: int | None


def key_results(inputs: PlanInputs, sizing: SizingRequest | None = None) -> KeyResults:
    """KV tokens, recommended concurrency and (with a sizing request) GPUs needed.

    The same code path as ``calculate()``; a plan that does not fit has 0 concurrency and no
    GPU count.
    """
    try:
        memory = calculate_memory(inputs, single_gpu_check=False)
    except PlanError:
        return KeyResults(kv_cache_tokens=0.0, recommended_concurrency=0, gpus_needed=None)
    tokens = max(memory.kv_cache_tokens.value, 0.0)
    if not memory.fits:
        return KeyResults(kv_cache_tokens=tokens, recommended_concurrency=0, gpus_needed=None)
    ceilings = three_ceilings(build_context(inputs, memory), inputs)
    recommended = int(next(c for c in ceilings if c.binding).value.value)
    row = size_option(inputs, sizing, memory) if sizing is not None else None
    return KeyResults(kv_cache_tokens=tokens, recommended_concurrency=recommended,
                      gpus_needed=row.gpus_total if row is not None else None)


class Band(BaseModel):
    """Low, expected and high value of one key result (terms sharing key and unit)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    unit: str
    low: Term
    expected: Term
    high: Term

    @property
    def width(self) -> float:
        """High minus low, in the result's unit."""
        return self.high.value - self.low.value


class Bands(BaseModel):
    """Bands of the key results and the ranges behind them."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    bands: tuple[Band, ...]
    ranges: tuple[ConstantRange, ...]
    pessimistic: KeyResults
    expected: KeyResults
    optimistic: KeyResults

    def band(self, key: str) -> Band | None:
        """The band of ``key`` (None when it was not evaluated)."""
        return next((b for b in self.bands if b.key == key), None)


CORNER_NAMES = {"pessimistic": QT_TRANSLATE_NOOP("Formulas", "pessimistic"),
                "optimistic": QT_TRANSLATE_NOOP("Formulas", "optimistic"),
                "expected": QT_TRANSLATE_NOOP("Formulas", "expected")}
"""How a band's formula names the evaluation that gave its low or high."""
_BANDED = (("kv_cache_tokens", "tokens"), ("recommended_concurrency", "requests"),
           ("gpus_needed", "GPUs"))


def _band(key: str, unit: str, results: dict[str, KeyResults], facts: dict[str, InputValue],
          sources: tuple[str, ...]) -> Band | None:
    """One band from the three evaluations (None when a corner has no value)."""
    values = {name: getattr(r, key) for name, r in results.items()}
    if any(v is None for v in values.values()):
        return None
    low_name, low = min(values.items(), key=lambda item: item[1])  # ties name a corner first
    high_name, high = max(values.items(), key=lambda item: item[1])

    def make(label: str, value: float, formula: str | FormulaTemplate) -> Term:
        return term(f"{key}.{label}", value, unit, formula, facts, sources)

    return Band(key=key, unit=unit,
                low=make("low", low, template(QT_TRANSLATE_NOOP(
                    "Formulas", "smallest of the expected value and the pessimistic and optimistic "
                    "corners (here: {name})"), name=CORNER_NAMES[low_name])),
                expected=make("expected", values["expected"],
                              QT_TRANSLATE_NOOP("Formulas", "every constant at its value")),
                high=make("high", high, template(QT_TRANSLATE_NOOP(
                    "Formulas", "largest of the expected value and the pessimistic and optimistic "
                    "corners (here: {name})"), name=CORNER_NAMES[high_name])))


def uncertainty_bands(inputs: PlanInputs, sizing: SizingRequest | None = None,
                      ranges: tuple[ConstantRange, ...] = UNCERTAIN_CONSTANTS) -> Bands:
    """Bands of KV tokens, recommended concurrency and (with ``sizing``) GPUs needed.

    A GPU whose kernel surfaces are mapped from another architecture gets wider efficiency
    ranges (:func:`ranges_for`).
    """
    ranges = ranges_for(inputs, ranges)
    worst, best = corner_factors(True, ranges), corner_factors(False, ranges)
    results = {"pessimistic": key_results(with_constant_factors(inputs, worst), sizing),
               "optimistic": key_results(with_constant_factors(inputs, best), sizing),
               "expected": key_results(inputs, sizing)}
    facts: dict[str, InputValue] = {f"{r.key}_factor": f"{r.low_factor:g}–{r.high_factor:g}"
                                    for r in ranges}
    sources = tuple(f"{r.key}: {r.full_reason}" for r in ranges)
    bands = (_band(key, unit, results, facts, sources) for key, unit in _BANDED)
    return Bands(bands=tuple(b for b in bands if b is not None), ranges=ranges,
                 pessimistic=results["pessimistic"], expected=results["expected"],
                 optimistic=results["optimistic"])
