"""Accelerator specifications as the planner uses them (decimal GB/s and TFLOPS, GiB memory)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.specs.precision import ComputeDtype
from gpucalc.core.specs.price import Price

# Physical ranges a GPU entry (bundled, a user's table, a scenario's custom GPU) must stay within.
# Each is a few hundred times the largest shipping figure, so no real or near-future part is
# refused while a typo such as 1e300 is, before it can overflow to infinity or NaN in a plan.
MAX_MEMORY_GB = 100_000.0
"""100 TB per GPU: ~350x NVIDIA B300 / AMD MI355X (288 GB HBM3e; NVIDIA and AMD datasheets)."""
MAX_BANDWIDTH_GB_PER_S = 1_000_000.0
"""1 PB/s for memory, scale-up link or PCIe: ~125x B200/B300 HBM3e (8 TB/s, NVIDIA datasheet)."""
MAX_TFLOPS = 1_000_000.0
"""1 EFLOPS dense per GPU: ~65x B300 dense FP4 (15 PFLOPS, NVIDIA Blackwell Ultra datasheet)."""
MAX_GPUS_PER_DOMAIN = 100_000
"""~170x the largest announced NVLink domain (Rubin Ultra NVL576, NVIDIA GTC 2025)."""
MAX_TDP_W = 100_000.0
"""100 kW per GPU: ~70x B300 (1,400 W, NVIDIA datasheet)."""
MAX_PCIE_GEN = 20
"""PCIe generations; 7 is the latest published (PCI-SIG, 2025)."""
LOW_PRECISION_MATH = frozenset({ComputeDtype.FP8, ComputeDtype.INT8, ComputeDtype.FP4})
"""Math dtypes a GPU runs only where its tensor cores have them; elsewhere a format runs weight-only."""
EARLIEST_LAUNCH_YEAR = 1990
LATEST_LAUNCH_YEAR = 2100


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

    model_config = ConfigDict(frozen=True, defer_build=True)

    fp32: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    tf32: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    fp16: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    bf16: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    fp8: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    int8: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    fp4: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)
    int4: float | None = Field(default=None, ge=0, le=MAX_TFLOPS)

    def has_peak(self, dtype: ComputeDtype) -> bool:
        """Whether the table gives a (non-zero) dense peak for ``dtype``."""
        return bool(getattr(self, dtype.value))

    def sixteen_bit_dtype(self) -> ComputeDtype:
        """The 16-bit math the GPU's tensor cores run: BF16, else FP16 (V100, T4, Ascend 910B).

        BF16 when neither figure is known (such a GPU cannot be estimated anyway).
        """
        return ComputeDtype.FP16 if not self.bf16 and self.fp16 else ComputeDtype.BF16

    def gemm_dtype(self, dtype: ComputeDtype) -> ComputeDtype:
        """The math a format that computes in ``dtype`` gets on this GPU (the weight-only rule).

        ``dtype`` itself where the tensor cores run it (the table has its peak). A low-precision
        format (FP8, INT8, FP4) on a GPU without that peak runs weight-only: the kernel
        dequantises the weights and multiplies in the GPU's 16-bit format, as vLLM's FP8 and
        FP4 Marlin kernels do below compute capability 8.9 / 10.0
        (:mod:`gpucalc.core.specs.weight_only`). A 16-bit or FP32 format keeps its own dtype.
        """
        if dtype in LOW_PRECISION_MATH and not self.has_peak(dtype):
            return self.sixteen_bit_dtype()
        return dtype

    def peak_for(self, dtype: ComputeDtype) -> tuple[float, ComputeDtype]:
        """Peak TFLOPS for ``dtype`` and the dtype actually used.

        The dtype of :meth:`gemm_dtype` (FP8 weights on an A100 run as BF16 math after
        dequantisation, at the BF16 peak, never at the INT8 one); a 16-bit or FP32 figure the
        table lacks falls back to the next one it has (BF16, FP16, FP32).
        """
        used = self.gemm_dtype(dtype)
        for candidate in (used, ComputeDtype.BF16, ComputeDtype.FP16, ComputeDtype.FP32):
            value = getattr(self, candidate.value)
            if value:
                return float(value), candidate
        raise ValueError("GPU has no dense TFLOPS figure")


class Interconnect(BaseModel):
    """Scale-up link: per-GPU aggregate bidirectional GB/s (NVIDIA convention)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: InterconnectKind
    name: str | None = None
    bidir_gb_per_s: float | None = Field(default=None, ge=0, le=MAX_BANDWIDTH_GB_PER_S)
    max_gpus_per_domain: int | None = Field(default=None, ge=1, le=MAX_GPUS_PER_DOMAIN)


class Pcie(BaseModel):
    """PCIe generation and x16 bidirectional GB/s."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    gen: int | None = Field(default=None, ge=1, le=MAX_PCIE_GEN)
    x16_bidir_gb_per_s: float | None = Field(default=None, ge=0, le=MAX_BANDWIDTH_GB_PER_S)


class SourceRef(BaseModel):
    """A citation for a spec entry."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    citation: str


class GpuSpec(BaseModel):
    """One accelerator type."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    schema_version: int = 1
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str
    vendor: str | None = None
    architecture: str | None = None
    form_factor: str | None = None
    launch_year: int | None = Field(default=None, ge=EARLIEST_LAUNCH_YEAR, le=LATEST_LAUNCH_YEAR)
    aliases: tuple[str, ...] = ()
    memory_gb: float = Field(gt=0, le=MAX_MEMORY_GB, description="Marketing capacity in GB.")
    memory_type: str | None = None
    usable_memory_gib: float = Field(gt=0, le=MAX_MEMORY_GB,
                                     description="Total memory as the driver reports it.")
    usable_memory_basis: str = ""
    hbm_bandwidth_gb_per_s: float | None = Field(default=None, gt=0, le=MAX_BANDWIDTH_GB_PER_S)
    dense_tflops: DenseTflops
    interconnect: Interconnect
    pcie: Pcie = Pcie()
    tdp_w: float | None = Field(default=None, ge=0, le=MAX_TDP_W)
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
