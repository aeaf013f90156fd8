"""Efficiency factors: how much of the datasheet peaks an engine reaches on a GPU."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Efficiency(BaseModel):
    """Achieved fractions of peak and fixed overheads, each editable and sourced."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    gemm_compute: float = Field(gt=0, le=1, description="Share of dense peak TFLOPS large GEMMs reach.")
    attention_compute: float = Field(gt=0, le=1, description="Share of peak attention kernels reach.")
    memory_bandwidth: float = Field(gt=0, le=1, description="Share of HBM bandwidth decode reaches.")
    comm_bandwidth: float = Field(gt=0, le=1, description="Share of link bandwidth all-reduce reaches.")
    comm_latency_us: float = Field(ge=0, le=10_000, description="Fixed cost of one collective (µs).")
    step_overhead_ms: float = Field(ge=0, le=1000, description="Fixed cost of one engine step (ms).")
    fp8_gemm_relative: float = Field(
        default=0.883, gt=0, le=1.5,
        description="FP8 GEMMs reach this fraction of the BF16 share of peak (H100 MAMF: "
        "FP8 1402.6 of 1978.9 TFLOPS = 70.9 % vs BF16 794.5 of 989.4 = 80.3 %).",
    )
    source: str = ""


class EfficiencyOverride(BaseModel):
    """Per-GPU adjustments of an engine's efficiency factors (only the fields given change)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    gemm_compute: float | None = Field(default=None, gt=0, le=1)
    attention_compute: float | None = Field(default=None, gt=0, le=1)
    memory_bandwidth: float | None = Field(default=None, gt=0, le=1)
    comm_bandwidth: float | None = Field(default=None, gt=0, le=1)
    comm_latency_us: float | None = Field(default=None, ge=0)
    step_overhead_ms: float | None = Field(default=None, ge=0)
    source: str = ""


def as_override(eff: Efficiency) -> EfficiencyOverride:
    """Every field of ``eff`` as a per-GPU override (it then wins over measured levels too)."""
    return EfficiencyOverride(**eff.model_dump(exclude={"fp8_gemm_relative"}))


def efficiency_for_gpu(
    base: Efficiency, overrides: dict[str, EfficiencyOverride], gpu_id: str
) -> Efficiency:
    """The engine's efficiency with the GPU's override (matched by id prefix) applied."""
    match = next((o for key, o in overrides.items() if gpu_id.startswith(key)), None)
    if match is None:
        return base
    changes = match.model_dump(exclude_none=True, exclude={"source"})
    note = f"{base.source} GPU override: {match.source}".strip()
    return base.model_copy(update={**changes, "source": note})
