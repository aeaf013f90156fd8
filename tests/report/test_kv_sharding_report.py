"""The report and the CSV summary list decode context parallel and the layer state per request."""

from __future__ import annotations

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.specs.inputs import Deployment, StateDtype
from gpucalc.core.specs.scenario import Scenario
from gpucalc.report.csv_summary import summary_rows
from gpucalc.report.data import ReportData, build_report
from gpucalc.report.layout import TableRow
from gpucalc.report.sections import report_blocks

SCENARIO = Scenario(model="qwen3-next-80b-a3b-thinking", gpu="h200-sxm-141gb", deployment=Deployment(
    num_gpus=4, tensor_parallel_size=4, decode_context_parallel_size=2, max_model_len=32_768,
    mamba_ssm_cache_dtype=StateDtype.FLOAT32))


@pytest.fixture(scope="module")
def report() -> ReportData:
    return build_report(SCENARIO, Catalog.load(), "en")


def test_inputs_and_memory_tables_show_dcp_and_the_state(report: ReportData) -> None:
    blocks, _ = report_blocks(report)
    rows = [tuple(cell.text for cell in b.cells) for b in blocks if isinstance(b, TableRow)]
    assert ("Decode context parallel",
            "DCP 2: the KV cache is sharded along tokens over 2 of the TP 4 ranks") in rows
    state = report.result.memory.state_bytes_per_request
    assert state is not None
    assert any(row[0] == "Layer state per request per GPU" for row in rows)
    assert state.inputs["recurrent_state_dtype"] == "float32"


def test_csv_summary_has_the_inputs_and_the_state(report: ReportData) -> None:
    rows = {(r.section, r.field): r for r in summary_rows(report)}
    assert rows[("parallelism", "decode_context_parallel_size")].value == 2
    assert rows[("precision", "mamba_ssm_cache_dtype")].value == "float32"
    state = report.result.memory.state_bytes_per_request
    assert state is not None
    assert rows[("memory", "state_bytes_per_request_per_gpu")].value == state.value
