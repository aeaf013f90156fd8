"""Loading the shipped kernel surfaces: every system validates, broken or oversized files are refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.kernels import MAX_FILE_BYTES, KernelTableError, load_kernel_catalog
from gpucalc.catalog.paths import specs_dir


def test_every_shipped_system_loads_with_its_source_and_residuals() -> None:
    kernels = load_kernel_catalog(specs_dir() / "kernels")
    assert kernels is not None
    assert {"a100_sxm", "h100_sxm", "h200_sxm", "b200_sxm", "l40s"} <= set(kernels.systems)
    for system in kernels.systems.values():
        assert system.source.licence == "Apache-2.0"
        assert system.package == "aiconfigurator-core"
        assert set(system.engines) == {"vllm", "sglang", "trtllm"}
        for surfaces in system.engines.values():
            assert "bfloat16" in surfaces.gemm
            assert all(g.residual.rows > 0 for g in surfaces.gemm.values())
    assert all(m.system in kernels.systems and m.reason for m in kernels.mappings)


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "kernels"
    shutil.copytree(specs_dir() / "kernels", target)
    return target


def test_a_broken_file_is_refused(tmp_path: Path) -> None:
    target = _copy(tmp_path)
    data = json.loads((target / "h100_sxm.json").read_text(encoding="utf-8"))
    data["engines"]["vllm"]["gemm"]["bfloat16"]["e_max"] = 1.7  # more than the peak
    (target / "h100_sxm.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(KernelTableError, match="fail validation"):
        load_kernel_catalog(target)


def test_an_oversized_file_is_refused(tmp_path: Path) -> None:
    target = _copy(tmp_path)
    (target / "huge.json").write_text(" " * (MAX_FILE_BYTES + 1), encoding="utf-8")
    with pytest.raises(KernelTableError, match=r"a kernel-surface file is at most 0\.26 MB"):
        load_kernel_catalog(target)


def test_no_folder_means_no_surfaces(tmp_path: Path) -> None:
    assert load_kernel_catalog(tmp_path / "absent") is None


def test_fractions_refer_to_the_catalogs_own_peaks() -> None:
    """A GPU table edit that changes a measured GPU's peaks needs ``make kernels`` again."""
    kernels = load_kernel_catalog(specs_dir() / "kernels")
    assert kernels is not None
    catalog = Catalog.load()
    for system in kernels.systems.values():
        gpu = catalog.gpu(system.gpu)
        listed = {k: float(v) for k, v in gpu.dense_tflops.model_dump().items() if v}
        assert system.peaks["dense_tflops"] == listed, system.system
        assert system.peaks["hbm_gb_per_s"] == gpu.hbm_bandwidth_gb_per_s, system.system
