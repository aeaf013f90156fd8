"""Bundled spec tables: required entries, unique aliases, sources kept."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog, CatalogError

REQUIRED_GPUS = [
    "h100-sxm-80gb", "h100-pcie-80gb", "h200-sxm-141gb", "h20-96gb", "h800-sxm-80gb",
    "a100-sxm-80gb", "a100-sxm-40gb", "a800-sxm-80gb", "b200-180gb", "l40s-48gb", "l20-48gb",
    "l4-24gb", "a10-24gb", "t4-16gb", "v100-sxm2-32gb", "rtx-4090-24gb", "rtx-3090-24gb",
    "rtx-5090-32gb", "mi300x-192gb", "ascend-910b-64gb",
]


@pytest.mark.parametrize("gpu_id", REQUIRED_GPUS)
def test_required_gpus(catalog: Catalog, gpu_id: str) -> None:
    gpu = catalog.gpu(gpu_id)
    assert gpu.usable_memory_gib > 0
    assert gpu.sources, "every GPU keeps its sources"


def test_driver_reported_memory(catalog: Catalog) -> None:
    assert catalog.gpu("h100-sxm-80gb").usable_memory_gib == pytest.approx(79.19)
    assert catalog.gpu("rtx-3090-24gb").usable_memory_gib == pytest.approx(23.58)


def test_aliases_are_unique(catalog: Catalog) -> None:
    for table in (catalog.gpus, catalog.models):
        seen: dict[str, str] = {}
        for entry_id, entry in table.items():
            for name in (entry_id, *entry.aliases):
                key = name.lower()
                assert seen.setdefault(key, entry_id) == entry_id, f"{name} is ambiguous"


def test_lookup_by_alias_and_hf_id(catalog: Catalog) -> None:
    assert catalog.gpu("NVIDIA H100 80GB HBM3").id == "h100-sxm-80gb"
    assert catalog.model_entry("meta-llama/Llama-3.1-8B-Instruct").id == "llama-3.1-8b-instruct"


def test_unknown_names_suggest(catalog: Catalog) -> None:
    with pytest.raises(CatalogError, match="did you mean"):
        catalog.gpu("h10")


def test_engines_and_formats(catalog: Catalog) -> None:
    assert {"vllm", "sglang", "trtllm"} <= set(catalog.engines)
    assert catalog.weight_format("awq").bits_per_weight > 4
    assert catalog.kv_format("fp8").bytes_per_element == 1
