"""Accelerator specifications as the planner uses them (decimal GB/s and TFLOPS, GiB memory)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.precision import ComputeDtype


class InterconnectKind(StrEnum):
    """Kind of GPU-to-GPU link inside one server."""

    NVLINK = "nvlink"
    NVLINK_BRIDGE = "nvlink-bridge"
    PCIE = "pcie"
    XGMI = "xgmi"
    HCCS = "hccs"
    ROCE = "roce"


class DenseTflops(BaseModel):
    """Dense (no 2:4 sparsity) peak TFLOPS per math precision; None where unsupported/unknown."""

    model_config = ConfigDict(frozen=True)

    fp32: float | None = Field(default=None, ge=0)
    tf32: float | None = Field(default=None, ge=0)
    fp16: float | None = Field(default=None, ge=0)
    bf16: float | None = Field(default=None, ge=0)
    fp8: float | None = Field(default=None, ge=0)
    int8: float | None = Field(default=None, ge=0)
    fp4: float | None = Field(default=None, ge=0)
    int4: float | None = Field(default=None, ge=0)

    def peak_for(self, dtype: ComputeDtype) -> tuple[float, ComputeDtype]:
        """Peak TFLOPS for ``dtype`` and the dtype actually used.

        Falls back to the next wider format the GPU supports (e.g. FP8 weights on an A100 run
        as FP16 math after dequantisation, as Marlin/W8A16 kernels do).
        """
        order = [ComputeDtype.FP4, ComputeDtype.FP8, ComputeDtype.INT8, ComputeDtype.BF16,
                 ComputeDtype.FP16, ComputeDtype.FP32]
        start = order.index(dtype)
        for candidate in order[start:]:
            value = getattr(self, candidate.value)
            if value:
                return float(value), candidate
        for candidate in (ComputeDtype.BF16, ComputeDtype.FP16, ComputeDtype.FP32):
            value = getattr(self, candidate.value)
            if value:
                return float(value), candidate
        raise ValueError("GPU has no dense TFLOPS figure")


class Interconnect(BaseModel):
    """Scale-up link: per-GPU aggregate bidirectional GB/s (NVIDIA convention)."""

    model_config = ConfigDict(frozen=True)

    kind: InterconnectKind
    name: str | None = None
    bidir_gb_per_s: float | None = Field(default=None, ge=0)
    max_gpus_per_domain: int | None = Field(default=None, ge=1)


class Pcie(BaseModel):
    """PCIe generation and x16 bidirectional GB/s."""

    model_config = ConfigDict(frozen=True)

    gen: int | None = None
    x16_bidir_gb_per_s: float | None = Field(default=None, ge=0)


class Price(BaseModel):
    """Indicative rental price per GPU-hour with its date."""

    model_config = ConfigDict(frozen=True)

    usd_per_gpu_hour: float | None = Field(default=None, ge=0)
    range_usd_per_gpu_hour: tuple[float, float] | None = None
    date: str | None = None
    basis: str | None = None


class SourceRef(BaseModel):
    """A citation for a spec entry."""

    model_config = ConfigDict(frozen=True)

    id: str
    citation: str


class GpuSpec(BaseModel):
    """One accelerator type."""

    model_config = ConfigDict(frozen=True)

    schema_version: int = 1
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str
    vendor: str | None = None
    architecture: str | None = None
    form_factor: str | None = None
    launch_year: int | None = None
    aliases: tuple[str, ...] = ()
    memory_gb: float = Field(gt=0, description="Marketing capacity in GB.")
    memory_type: str | None = None
    usable_memory_gib: float = Field(gt=0, description="Total memory as the driver reports it.")
    usable_memory_basis: str = ""
    hbm_bandwidth_gb_per_s: float | None = Field(default=None, gt=0)
    dense_tflops: DenseTflops
    interconnect: Interconnect
    pcie: Pcie = Pcie()
    tdp_w: float | None = Field(default=None, ge=0)
    price: Price | None = None
    confidence: str = "medium"
    sources: tuple[SourceRef, ...] = ()
    notes: str | None = None

    @property
    def usable_price_usd_per_hour(self) -> float | None:
        """Indicative price, or the middle of the range when only a range is known."""
        if self.price is None:
            return None
        if self.price.usd_per_gpu_hour is not None:
            return self.price.usd_per_gpu_hour
        if self.price.range_usd_per_gpu_hour:
            low, high = self.price.range_usd_per_gpu_hour
            return (low + high) / 2
        return None

    @property
    def link_unidir_gb_per_s(self) -> float:
        """One-direction GPU-to-GPU bandwidth a ring all-reduce can use (GB/s)."""
        bidir = self.interconnect.bidir_gb_per_s or self.pcie.x16_bidir_gb_per_s or 32.0
        return bidir / 2
