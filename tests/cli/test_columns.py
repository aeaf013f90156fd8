"""Terminal columns count a wide (CJK) character as two cells, so Chinese tables stay aligned."""

from __future__ import annotations

from gpucalc.cli.columns import cells, left, right
from gpucalc.cli.perf_output import sizing_table
from gpucalc.core.fleet.sizing import SizingRow
from gpucalc.text.answer_text import short_limit_name
from gpucalc.text.catalogue import translate


def test_a_wide_character_takes_two_cells() -> None:
    assert cells("KV 缓存") == 7
    assert cells("GiB") == 3
    assert cells("（）") == 4


def test_padding_counts_cells_not_characters() -> None:
    assert left("显存", 6) == "显存  "
    assert right("显存", 6) == "  显存"
    assert left("memory", 8) == f"{'memory':<8}"
    assert right("ab", 1) == "ab"  # never cut


def _row() -> SizingRow:
    return SizingRow(gpu="h100-sxm-80gb", gpu_name="NVIDIA H100 SXM 80GB", precision="fp8", kv_format="fp8",
                     tensor_parallel_size=1, recommended_concurrency=512, online_capacity=358,
                     bottleneck="memory", requests_per_s_per_replica=20.5, replicas_needed=1,
                     replicas_total=2,
                     gpus_total=2, utilization=0.4, ttft_ms=300.0, tpot_ms=40.0, price_usd_per_gpu_hour=2.95,
                     cost_usd_per_hour=5.9, cost_usd_per_million_output_tokens=0.3,
                     offline_tokens_per_day_spare=0.0)


def test_the_chinese_sizing_table_lines_up_with_its_header() -> None:
    header, row = sizing_table([_row()], lang="zh").splitlines()[:2]
    bound, memory = translate("Cli", "bound", "zh"), short_limit_name("memory", "zh")
    assert memory != "memory"
    # the bound column ends in the same cell in the header and in the row
    assert cells(header[:header.index(bound) + len(bound)]) == cells(row[:row.index(memory) + len(memory)])
