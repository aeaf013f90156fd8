"""Calibrations saved as user engine profiles: selectable, never overwritten silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.calibration import (
    CalibrationConflictError,
    calibrated_engine_entry,
    save_calibration,
)
from gpucalc.catalog.layered import layer_catalog
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.efficiency import efficiency_for_gpu
from gpucalc.core.specs.engine import EngineProfile


@pytest.fixture
def store(tmp_path: Path) -> UserStore:
    return UserStore(tmp_path / "cfg")


def _fitted_entry(catalog: Catalog, gpu_id: str = "h100-sxm-80gb") -> EngineProfile:
    base = catalog.engine("vllm")
    fitted = base.efficiency.model_copy(update={"gemm_compute": 0.41, "step_overhead_ms": 3.3,
                                                "source": "fitted to my runs"})
    return calibrated_engine_entry(base, gpu_id, fitted, day="2026-11-29", version="0.10")


def _saved(store: UserStore, profile_id: str) -> EngineProfile:
    entry = store.get_entries("engines")[profile_id]
    assert isinstance(entry, EngineProfile)
    return entry


def test_entry_is_the_base_engine_with_the_fitted_gpu_override(catalog: Catalog) -> None:
    base = catalog.engine("vllm")
    fitted = base.efficiency.model_copy(update={"gemm_compute": 0.41, "source": "fit"})
    entry = calibrated_engine_entry(base, "a100-sxm-80gb", fitted, day="2026-11-29", version="0.10")
    assert entry.id == "vllm-0.10-a100-sxm-80gb-cal-2026-11-29"
    assert entry.name == "vllm-0.10 on a100-sxm-80gb (calibrated 2026-11-29)"
    assert entry.activation == base.activation
    assert next(iter(entry.efficiency_by_gpu)) == "a100-sxm-80gb"  # wins over the 'a100' prefix
    on_gpu = efficiency_for_gpu(entry.efficiency, entry.efficiency_by_gpu, "a100-sxm-80gb")
    assert on_gpu.gemm_compute == pytest.approx(0.41)
    elsewhere = efficiency_for_gpu(entry.efficiency, entry.efficiency_by_gpu, "h100-sxm-80gb")
    assert elsewhere.gemm_compute == base.efficiency.gemm_compute


def test_saved_profile_is_selectable_in_the_layered_catalog(catalog: Catalog,
                                                            store: UserStore) -> None:
    entry = _fitted_entry(catalog)
    assert store.get_entries("engines") == {}
    save_calibration(store, entry, bundled=catalog)
    layered, notices = layer_catalog(catalog, store)
    assert notices == []
    profile = layered.engine("vllm-0.10-h100-sxm-80gb-cal-2026-11-29")
    assert profile == entry
    assert "vllm" in layered.engines  # the bundled profile stays


def test_same_id_is_never_overwritten_silently(catalog: Catalog, store: UserStore) -> None:
    entry = _fitted_entry(catalog)
    save_calibration(store, entry, bundled=catalog)
    newer = entry.model_copy(update={"notes": "second fit"})
    with pytest.raises(CalibrationConflictError, match="already exists"):
        save_calibration(store, newer, bundled=catalog)
    assert _saved(store, newer.id).notes != "second fit"
    save_calibration(store, newer, overwrite=True, bundled=catalog)
    assert _saved(store, newer.id).notes == "second fit"


def test_a_bundled_id_needs_overwrite_too(catalog: Catalog, store: UserStore) -> None:
    clash = catalog.engine("sglang").model_copy(update={"notes": "mine"})
    with pytest.raises(CalibrationConflictError, match="bundled"):
        save_calibration(store, clash, bundled=catalog)
    assert store.get_entries("engines") == {}
