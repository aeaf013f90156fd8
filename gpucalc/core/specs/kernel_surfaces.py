"""Kernel-efficiency surfaces fitted from measured kernel latencies, and how to evaluate them.

``tools/fit_kernels.py`` (``make kernels``) fits aiconfigurator-core's measured tables into
``specs/kernels/<system>.json``; the catalog loads them into a :class:`KernelCatalog`. Each
surface gives the achieved fraction of a datasheet peak as a smooth function of the kernel's
shape, so the same fraction on another GPU's own peaks describes a GPU without measurements (a
stated mapping to the nearest measured architecture). Pure functions on plain floats: the step
model evaluates them thousands of times per sweep.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gpucalc.core.common.memo import PerObject
from gpucalc.core.specs.efficiency import Efficiency


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class FitResidual(_Frozen):
    """Median and P90 of |predicted ÷ measured − 1| of time over the rows fitted."""

    median: float = Field(ge=0)
    p90: float = Field(ge=0)
    rows: int = Field(ge=0)


class GemmSurface(_Frozen):
    """time = max(FLOPs ÷ (peak × e_c), bytes ÷ (HBM × e_mem)) + t₀.

    e_c = e_max · M/(M + M½) · NK/(NK + NK½): small batches (M) and small weight matrices (N·K)
    reach a smaller share of the peak.
    """

    e_max: float = Field(gt=0, le=1)
    m_half: float = Field(gt=0)
    nk_half: float = Field(gt=0)
    e_mem: float = Field(gt=0, le=1)
    t0_us: float = Field(ge=0)
    residual: FitResidual

    def compute_fraction(self, m: float, nk: float) -> float:
        """Share of the dtype's dense peak a GEMM of M rows and N·K weights reaches."""
        return self.e_max * m / (m + self.m_half) * nk / (nk + self.nk_half)


class ContextAttentionSurface(_Frozen):
    """Prefill attention: time = t₀ + causal FLOPs ÷ (BF16 peak × e_max · s/(s + s½))."""

    e_max: float = Field(gt=0, le=1)
    s_half: float = Field(gt=0)
    t0_us: float = Field(ge=0)
    residual: FitResidual

    def compute_fraction(self, length: float) -> float:
        """Share of BF16 peak prefill attention reaches over prompts of ``length`` tokens."""
        return self.e_max * length / (length + self.s_half)


class GenerationAttentionSurface(_Frozen):
    """Decode attention: time = t₀ + t_seq × batch + KV bytes ÷ (HBM × e_mem)."""

    e_mem: float = Field(gt=0, le=1)
    t0_us: float = Field(ge=0)
    t_seq_us: float = Field(ge=0)
    residual: FitResidual


class MoeSurface(_Frozen):
    """Grouped GEMM: max(FLOPs ÷ (peak × e_max · T/(T + T½)), bytes ÷ (HBM × e_mem)) + t₀.

    T is tokens per expert; bytes are the weights of the experts the batch touches.
    """

    e_max: float = Field(gt=0, le=1)
    tpe_half: float = Field(gt=0)
    e_mem: float = Field(gt=0, le=1)
    t0_us: float = Field(ge=0)
    residual: FitResidual

    def compute_fraction(self, tokens_per_expert: float) -> float:
        """Share of peak the grouped GEMM reaches at ``tokens_per_expert``."""
        return self.e_max * tokens_per_expert / (tokens_per_expert + self.tpe_half)


class AllReduceFit(_Frozen):
    """All-reduce of one message: α + bytes ÷ β."""

    alpha_us: float = Field(ge=0)
    beta_gb_per_s: float = Field(gt=0)
    residual: FitResidual


class EngineSurfaces(_Frozen):
    """The surfaces of one engine family (latest measured version) on one system."""

    version: str
    gemm: dict[str, GemmSurface] = Field(default_factory=dict)
    context_attention: ContextAttentionSurface | None = None
    generation_attention: GenerationAttentionSurface | None = None
    moe: dict[str, MoeSurface] = Field(default_factory=dict)
    allreduce: dict[str, AllReduceFit] = Field(default_factory=dict)


class KernelSource(_Frozen):
    """Where the measurements come from."""

    package: str
    licence: str
    note: str = ""
    tables: tuple[str, ...] = ()


class KernelSystem(_Frozen):
    """Fitted surfaces of one measured system (``specs/kernels/<system>.json``)."""

    schema_version: int = Field(ge=1, le=1)
    system: str
    gpu: str = Field(description="gpucalc GPU id whose datasheet peaks the fractions refer to.")
    name: str
    package: str
    package_version: str
    source: KernelSource
    peaks: dict[str, object]
    engines: dict[str, EngineSurfaces]
    nccl_allreduce: dict[str, AllReduceFit] = Field(default_factory=dict)


class GpuMapping(_Frozen):
    """A GPU without measurements borrows the fractions of a measured system."""

    gpu_prefix: str
    system: str
    reason: str


class KernelCatalog(_Frozen):
    """Every measured system and the mapping of the GPUs without measurements."""

    systems: dict[str, KernelSystem]
    mappings: tuple[GpuMapping, ...] = ()


class KernelProfile(_Frozen):
    """The surfaces a plan uses: one system, one engine family, and whether it was mapped."""

    system: KernelSystem
    family: str
    surfaces: EngineSurfaces
    mapped_reason: str | None = None

    @property
    def mapped(self) -> bool:
        """True when the plan's GPU has no measurements of its own."""
        return self.mapped_reason is not None

    def describe(self) -> str:
        """Where the fractions come from, in one sentence."""
        measured = (f"{self.system.package} {self.system.package_version} measured "
                    f"{self.system.name} {self.family} {self.surfaces.version} kernel tables")
        if self.mapped_reason is None:
            return f"{measured} (specs/kernels/{self.system.system}.json)"
        return (f"mapped from {self.system.name}, scaled by this GPU's datasheet peaks "
                f"({self.mapped_reason}); {measured}")


ENGINE_FAMILIES = ("vllm", "sglang", "trtllm")


def engine_family(engine_id: str) -> str | None:
    """The measured engine family of a profile id (``vllm-v0`` → ``vllm``)."""
    return next((f for f in ENGINE_FAMILIES if engine_id.startswith(f)), None)


def kernel_profile(kernels: KernelCatalog | None, gpu_id: str, engine_id: str) -> KernelProfile | None:
    """The surfaces for ``gpu_id`` and ``engine_id``: its own measurements, else its mapping.

    Looked up once per catalog, GPU and engine (an estimate asks twice, a sizing per layout).
    """
    if kernels is None:
        return None
    profiles = _profiles_by_catalog(kernels)
    key = (gpu_id, engine_id)
    if key not in profiles:
        profiles[key] = _find_kernel_profile(kernels, gpu_id, engine_id)
    return profiles[key]


def _new_profile_table(_: KernelCatalog) -> dict[tuple[str, str], KernelProfile | None]:
    return {}


_profiles_by_catalog = PerObject(_new_profile_table)


def _find_kernel_profile(kernels: KernelCatalog, gpu_id: str,
                         engine_id: str) -> KernelProfile | None:
    """:func:`kernel_profile` without the memo."""
    family = engine_family(engine_id)
    if family is None:
        return None
    system = next((s for s in kernels.systems.values() if s.gpu == gpu_id), None)
    reason: str | None = None
    if system is None:
        mapping = max((m for m in kernels.mappings if gpu_id.startswith(m.gpu_prefix)),
                      key=lambda m: len(m.gpu_prefix), default=None)
        if mapping is None or mapping.system not in kernels.systems:
            return None
        system, reason = kernels.systems[mapping.system], mapping.reason
    surfaces = system.engines.get(family)
    if surfaces is None or "bfloat16" not in surfaces.gemm:
        return None
    return KernelProfile(system=system, family=family, surfaces=surfaces, mapped_reason=reason)


def measured_levels(base: Efficiency, profile: KernelProfile | None) -> Efficiency:
    """The engine's efficiency with the measured asymptotes in place of the assumed ones.

    gemm_compute = the large-GEMM BF16 asymptote, memory_bandwidth = the BF16 GEMM's
    weight-streaming share, attention_compute = the long-prompt prefill asymptote. The surfaces
    give the shape around these levels; a calibrated or what-if efficiency scales them by its
    ratio to these values. Communication and step overhead stay the engine's. Made once per
    engine efficiency and profile (an estimate asks twice, a sizing per layout).
    """
    if profile is None:
        return base
    made = _levels_by_profile(profile)
    entry = made.get(id(base))
    if entry is None or entry[0] is not base:  # the entry holds ``base``: its id stays its own
        entry = made[id(base)] = (base, _replace_levels(base, profile))
    return entry[1]


def _new_levels_table(_: KernelProfile) -> dict[int, tuple[Efficiency, Efficiency]]:
    return {}


_levels_by_profile = PerObject(_new_levels_table)


def _replace_levels(base: Efficiency, profile: KernelProfile) -> Efficiency:
    """:func:`measured_levels` without the memo."""
    gemm = profile.surfaces.gemm["bfloat16"]
    update: dict[str, float | str] = {"gemm_compute": gemm.e_max, "memory_bandwidth": gemm.e_mem}
    if profile.surfaces.context_attention is not None:
        update["attention_compute"] = profile.surfaces.context_attention.e_max
    update["source"] = f"{profile.describe()}; {base.source}"
    return base.model_copy(update=update)


GEMM_DTYPE_KEYS = {"fp8": ("fp8", "fp8_block"), "int8": ("fp8", "fp8_block"),
                   "fp4": ("nvfp4", "fp8", "fp8_block")}


def gemm_surface(surfaces: EngineSurfaces, compute_dtype: str) -> tuple[str, GemmSurface]:
    """The measured GEMM surface for a compute dtype (BF16's when that dtype was not measured)."""
    for key in GEMM_DTYPE_KEYS.get(compute_dtype, ()):
        if key in surfaces.gemm:
            return key, surfaces.gemm[key]
    return "bfloat16", surfaces.gemm["bfloat16"]


def moe_surface(surfaces: EngineSurfaces, gemm_key: str) -> MoeSurface | None:
    """The grouped-GEMM surface matching the dense GEMM's dtype (BF16's as the fallback)."""
    for key in (gemm_key, "fp8_block", "fp8") if gemm_key != "bfloat16" else ():
        if key in surfaces.moe:
            return surfaces.moe[key]
    return surfaces.moe.get("bfloat16")


def allreduce_fits(profile: KernelProfile,
                   ranks: int) -> tuple[AllReduceFit | None, AllReduceFit | None]:
    """The engine's custom all-reduce and NCCL's at ``ranks`` (either None when not measured).

    A mapped GPU has its own links, so neither applies there (None, None).
    """
    if profile.mapped:
        return None, None
    key = str(ranks)
    nccl = profile.system.nccl_allreduce.get(key)
    return profile.surfaces.allreduce.get(key) or nccl, nccl
