"""The engine constants that were tuned on validation rows, and how to put other values in.

These are what the accuracy benchmark refits (in sample on every source group, out of sample on
all groups but one). Found from the specs' own sources:

- per engine profile (``specs/engines/*.json``, ``efficiency``): the step overhead and the fixed
  cost of one collective ("Tuned once against the published runs in
  specs/validation/throughput.jsonl"), and the achieved shares of the GEMM, attention and HBM
  peaks. On GPUs with kernel tables (all of them, measured or mapped) the shares are the
  measured kernel levels; the fitted quantity is then a scale on those levels (1 = the kernel
  tables as measured), as a calibration applies it.
- vLLM V1 and V0 memory (``activation`` and ``runtime``): the profiling-pass constants "fitted to
  the 'torch peak memory increase' lines of vLLM 0.19 start-up logs on H100" and the non-torch
  memory read from the same logs.

Fixed, because their sources are not validation rows: the kernel surfaces (fitted to
aiconfigurator-core kernel tables), the all-reduce bandwidth share (nccl-tests), the eager-mode
launch cost (an assumed figure), SGLang's and TensorRT-LLM's memory constants (their sources'
rules and assumptions), the CUDA-graph size (an assumption).

Only the memory constants are refitted by the accuracy benchmark's procedure. The step
constants can be (``fitted_constants(step=True)``), but fitted on the other source groups they
made the held-out groups' step figures worse than the shipped values do (median TTFT error 32 %
→ 50 %, TPOT 14 % → 31 %, request throughput of whole runs 27 % → 46 %; with the share scales
left out of the fit still TPOT 14 % → 33 %): the model's remaining errors differ by source, so a
fit on some sources moves the constants away from what the others need. The shipped step
constants (tuned once on the earlier public TensorRT-LLM rows) stand.

Values are keyed ``"<engine>:<constant>"`` (``"vllm:efficiency.step_overhead_ms"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.perf_model import plan_efficiency
from gpucalc.core.specs.efficiency import as_override
from gpucalc.core.specs.engine import EngineProfile
from gpucalc.core.specs.inputs import PlanInputs


@dataclass(frozen=True, slots=True)
class FittedConstant:
    """One constant the fit may move: where it lives, its unit and its bounds."""

    engine: str
    name: str  # "efficiency.step_overhead_ms", "share.gemm_compute", "activation.…", "runtime.…"
    unit: str
    lower: float
    upper: float

    @property
    def key(self) -> str:
        """``"<engine>:<name>"``."""
        return f"{self.engine}:{self.name}"

    @property
    def memory(self) -> bool:
        """A start-up memory constant (moves KV capacity), else a step-time one."""
        return self.name.startswith(("activation.", "runtime."))


ENGINES = ("vllm", "vllm-v0", "sglang", "sglang-0.4", "trtllm")
MEMORY_ENGINES = ("vllm", "vllm-v0")  # the profiles whose memory constants came from the logs
PERFORMANCE: tuple[tuple[str, str, float, float], ...] = (
    ("efficiency.step_overhead_ms", "ms", 0.05, 50.0),
    ("efficiency.comm_latency_us", "µs", 0.5, 500.0),
    ("share.gemm_compute", "× kernel level", 0.25, 2.0),
    ("share.attention_compute", "× kernel level", 0.25, 2.0),
    ("share.memory_bandwidth", "× kernel level", 0.25, 2.0),
)
MEMORY: tuple[tuple[str, str, float, float], ...] = (
    ("activation.forward_base_gib", "GiB", 0.02, 4.0),
    ("activation.mlp_elements_per_token_factor", "× hidden", 0.25, 12.0),
    ("activation.sampler_bytes_per_logit", "B", 1.0, 64.0),
    ("activation.sampler_base_gib", "GiB", 0.005, 2.0),
    ("runtime.non_torch_gib_single", "GiB", 0.02, 4.0),
    ("runtime.non_torch_gib_tp_extra", "GiB", 0.05, 8.0),
)
SHARES = ("gemm_compute", "attention_compute", "memory_bandwidth")


def fitted_constants(step: bool = False) -> tuple[FittedConstant, ...]:
    """The constants the fit moves, engine by engine: the memory ones, and the step ones if asked."""
    found = [FittedConstant(engine, name, unit, low, high)
             for engine in ENGINES for name, unit, low, high in PERFORMANCE] if step else []
    found += [FittedConstant(engine, name, unit, low, high)
              for engine in MEMORY_ENGINES for name, unit, low, high in MEMORY]
    return tuple(found)


def _section_value(engine: EngineProfile, name: str) -> float:
    section, field = name.split(".", 1)
    if section == "share":
        return 1.0
    return float(getattr(getattr(engine, section), field))


def shipped_values(catalog: Catalog) -> dict[str, float]:
    """The value of every fitted constant in the bundled specs (share scales: 1)."""
    return {c.key: _section_value(catalog.engine(c.engine), c.name)
            for c in fitted_constants(step=True)}


def _own(values: Mapping[str, float], engine: str) -> dict[str, float]:
    """``values`` of one engine, keyed by constant name."""
    prefix = f"{engine}:"
    return {k.removeprefix(prefix): v for k, v in values.items() if k.startswith(prefix)}


def with_memory_constants(inputs: PlanInputs, values: Mapping[str, float]) -> PlanInputs:
    """``inputs`` with its engine's memory constants from ``values`` (others unchanged)."""
    engine = inputs.engine
    own = {k: v for k, v in _own(values, engine.id).items()
           if k.startswith(("activation.", "runtime.")) and v != _section_value(engine, k)}
    if not own:
        return inputs
    update = {section: getattr(engine, section).model_copy(update={
        k.split(".", 1)[1]: v for k, v in own.items() if k.startswith(section + ".")})
        for section in ("activation", "runtime")}
    return inputs.model_copy(update={"engine": engine.model_copy(update=update)})


def with_step_constants(inputs: PlanInputs, values: Mapping[str, float]) -> PlanInputs:
    """``inputs`` with its engine's step overhead, collective cost and share scales from ``values``.

    The scales multiply the plan's efficiency levels (the measured kernel levels on GPUs with
    tables) and go in as the GPU's override, as a calibration does, so they scale the measured
    surfaces too; shares stay at most 1.
    """
    own = _own(values, inputs.engine.id)
    engine = inputs.engine
    fixed = {name: v for k, v in own.items() if k.startswith("efficiency.")
             and v != getattr(engine.efficiency, name := k.split(".", 1)[1])}
    scales = {k.split(".", 1)[1]: v for k, v in own.items() if k.startswith("share.")}
    if fixed:
        engine = engine.model_copy(update={"efficiency": engine.efficiency.model_copy(update=fixed)})
    if all(abs(v - 1.0) < 1e-12 for v in scales.values()):
        return inputs.model_copy(update={"engine": engine}) if fixed else inputs
    moved = inputs.model_copy(update={"engine": engine})
    levels = plan_efficiency(moved)
    scaled = levels.model_copy(update={
        name: min(float(getattr(levels, name)) * scales.get(name, 1.0), 1.0) for name in SHARES})
    engine = engine.model_copy(update={"efficiency_by_gpu": {inputs.gpu.id: as_override(scaled)}})
    return inputs.model_copy(update={"engine": engine})
