"""The default expert load imbalance is the figure derived from aiconfigurator-core's MoE data.

aiconfigurator-core 0.12.0 plans MoE routing as a power law with α = 1.01 (sdk/config.py
``workload_distribution = "power_law"``, sdk/models/deepseek.py ``_power_law_alpha``) and measured
its MoE kernels under "balanced", "power_law_1.01" and (TensorRT-LLM wide EP) "power_law_1.01_eplb"
routing (systems/data/<gpu>/moe/<engine>/<version>/). tools/derive_expert_imbalance.py turns
those tables into the two defaults; this test reruns it when the scratch venv exists.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from gpucalc.core.parallel.expert_parallel import IMBALANCE_SOURCE, expert_imbalance
from gpucalc.core.specs.inputs import Deployment
from gpucalc.core.specs.parallel_inputs import DEFAULT_IMBALANCE, EPLB_IMBALANCE
from gpucalc.text.catalogue import translate

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "derive_expert_imbalance.py"
PEER_PYTHON = Path(os.environ.get("PEER_VENV", ROOT / "build" / "peer-venv")) / "bin" / "python"
DERIVED_DEFAULT = 1.4  # tools/derive_expert_imbalance.py: median over 9 GPUs of power_law_1.01 ÷ balanced
DERIVED_EPLB = 1.08  # the same script: median over 6 GPUs of TensorRT-LLM wide-EP EPLB rank tokens


def test_defaults_are_the_derived_figures() -> None:
    assert (DEFAULT_IMBALANCE, EPLB_IMBALANCE) == (DERIVED_DEFAULT, DERIVED_EPLB)
    assert expert_imbalance(Deployment()) == DERIVED_DEFAULT
    assert expert_imbalance(Deployment(enable_eplb=True)) == DERIVED_EPLB
    assert expert_imbalance(Deployment(enable_eplb=True, expert_imbalance=2.0)) == 2.0


def test_term_source_names_the_figures_and_their_source() -> None:
    assert all(f"{f:g}" in IMBALANCE_SOURCE for f in (DEFAULT_IMBALANCE, EPLB_IMBALANCE))
    assert "aiconfigurator-core 0.12.0" in IMBALANCE_SOURCE
    assert "planning assumption" not in IMBALANCE_SOURCE


def test_source_text_is_in_the_catalogue_context_the_term_uses() -> None:
    """English falls back to itself; the Term shows the text under the "Sources" context."""
    assert translate("Sources", IMBALANCE_SOURCE, "en") == IMBALANCE_SOURCE


@pytest.mark.skipif(not PEER_PYTHON.exists(), reason="needs build/peer-venv (bash tools/peer_env.sh)")
def test_derivation_reproduces_the_defaults_from_the_measured_tables() -> None:
    """Rerun the derivation on aiconfigurator-core's parquet tables (read-only, no --write)."""
    out = subprocess.run([str(PEER_PYTHON), str(SCRIPT)], capture_output=True, text=True, check=True,
                         timeout=300)
    figures = json.loads(out.stdout)
    assert figures["source"] == "aiconfigurator-core 0.12.0 systems/data"
    assert (figures["default_imbalance"], figures["eplb_imbalance"]) == (DEFAULT_IMBALANCE, EPLB_IMBALANCE)
    assert len(figures["default_per_gpu"]) == 9
    assert len(figures["eplb_per_gpu"]) == 6
    assert all(v > 1.0 for v in figures["default_per_gpu"].values())
    assert all(1.0 < v < min(figures["default_per_gpu"].values()) for v in figures["eplb_per_gpu"].values())
