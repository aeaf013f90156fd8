"""The planning rules on the command line: the scheduler cap beside the three ceilings."""

from __future__ import annotations

import pytest

from tests.cli.test_cli import run_json as _json


def test_scheduler_cap_beside_the_three_ceilings(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "llama-3.1-8b-instruct", "--gpu", "h100-sxm-80gb", "--max-model-len",
                 "8192", "--input-len", "500", "--output-len", "100", "--kv-cache-memory", "20",
                 "--max-num-seqs", "256")
    ceilings = data["ceilings"]
    assert isinstance(ceilings, dict)
    assert set(ceilings) == {"memory", "compute", "interconnect", "scheduler"}
    assert ceilings["memory"] == 269  # 10,240 blocks ÷ 38 blocks per 600-token request
    assert ceilings["scheduler"] == 256
    assert data["bottleneck"] == "scheduler"
