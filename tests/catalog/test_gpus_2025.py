"""The 2025 accelerators: AMD MI355X, RTX PRO 6000 Server Edition, Intel Arc Pro B60, RTX 4080.

Figures are the datasheet values the entries cite (shared reference pack gpu_specs rows 45-47;
the NVIDIA Ada whitepaper for the RTX 4080); the tests pin them so an edit must be deliberate.
"""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.gpu_spec import InterconnectKind
from tests.helpers import plan


@pytest.mark.parametrize(("gpu_id", "memory_gb", "bandwidth", "bf16", "fp8", "confidence"), [
    ("mi355x-288gb", 288, 8000, 2500, 5000, "medium"),
    ("rtx-pro-6000-server-96gb", 96, 1792, 467.8, 935.6, "medium"),
    ("arc-pro-b60-24gb", 24, 456, 98.3, None, "medium"),
    ("rtx-4080-16gb", 16, 716.8, 97.5, 194.9, "low"),
])
def test_datasheet_figures(catalog: Catalog, gpu_id: str, memory_gb: float, bandwidth: float,
                           bf16: float, fp8: float | None, confidence: str) -> None:
    gpu = catalog.gpu(gpu_id)
    assert gpu.memory_gb == memory_gb
    assert gpu.hbm_bandwidth_gb_per_s == bandwidth
    assert gpu.dense_tflops.bf16 == bf16
    assert gpu.dense_tflops.fp8 == fp8
    assert gpu.confidence == confidence
    assert gpu.sources
    assert gpu.usable_memory_basis.startswith(("measured:", "estimated:"))


def test_names_resolve_to_their_own_edition(catalog: Catalog) -> None:
    assert catalog.gpu("NVIDIA RTX PRO 6000 Blackwell Server Edition").id == "rtx-pro-6000-server-96gb"
    assert catalog.gpu("NVIDIA RTX PRO 6000 Blackwell Workstation Edition").id == "rtx-pro-6000-96gb"
    assert catalog.gpu("mi355x").id == "mi355x-288gb"
    assert catalog.gpu("arc-pro-b60").id == "arc-pro-b60-24gb"
    assert catalog.gpu("rtx 4080").id == "rtx-4080-16gb"


def test_links(catalog: Catalog) -> None:
    mi355x = catalog.gpu("mi355x-288gb")
    assert mi355x.interconnect.kind == InterconnectKind.XGMI
    assert mi355x.link_unidir_gb_per_s == pytest.approx(535.5)  # 7 links × 76.5 GB/s
    b60 = catalog.gpu("arc-pro-b60-24gb")
    assert b60.link_unidir_gb_per_s == 32  # PCIe 5.0 x8, one direction


def test_single_source_gpu_is_flagged_in_the_plan(catalog: Catalog) -> None:
    codes = {n.code for n in calculate_memory(plan(catalog, "qwen2.5-7b-instruct", "rtx-4080-16gb")).notices}
    assert "gpu_spec_low_confidence" in codes
    codes = {n.code for n in calculate_memory(plan(catalog, "qwen2.5-7b-instruct", "mi355x-288gb")).notices}
    assert "gpu_spec_low_confidence" not in codes
