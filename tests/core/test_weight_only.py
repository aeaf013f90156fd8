"""Low-precision weights on GPUs without the matching tensor cores run weight-only (W8A16, W4A16).

vLLM serves an FP8 checkpoint below compute capability 8.9 (A100, A10, A40, RTX 3090 …) with
its FP8 Marlin kernel: 8-bit weights, dequantised in the GEMM, BF16/FP16 math. The plan must
say so (label, compute dtype, notice) and must not run those GEMMs at the INT8 peak.
"""

from __future__ import annotations

import json

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers
from gpucalc.cli.main import main
from gpucalc.core.capacity.perf_model import build_context
from gpucalc.core.capacity.sweep import per_card_grid
from gpucalc.core.common.explain import Notice
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.specs.inputs import Workload
from gpucalc.core.specs.precision import ComputeDtype
from gpucalc.core.specs.weight_only import (
    WEIGHT_ONLY_NOTICE,
    WeightOnlyFormat,
    engine_format,
    served_weight_format,
)
from gpucalc.plan.serve_line import serve_line
from gpucalc.text.catalog_text import weight_format_name
from gpucalc.text.notices import notice_text
from tests.helpers import plan

MODEL = "llama-3.1-8b-instruct"
NO_FP8 = ("a100-sxm-80gb", "a100-pcie-40gb", "a800-sxm-80gb", "a10-24gb", "a30-24gb", "a40-48gb",
          "rtx-3090-24gb", "rtx-a6000-48gb")


def test_fp8_on_a100_is_fp8_weight_only(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "a100-sxm-80gb", quantization="fp8")
    fmt = inputs.weight_format
    assert isinstance(fmt, WeightOnlyFormat)
    assert (fmt.id, fmt.label) == ("fp8-w8a16", "FP8 weight-only (W8A16)")
    assert fmt.compute_dtype == ComputeDtype.BF16
    assert fmt.bits_per_weight == catalog.weight_format("fp8").bits_per_weight  # memory as FP8's
    assert engine_format(fmt).id == "fp8"
    notices = calculate_memory(inputs).notices
    assert Notice(code=WEIGHT_ONLY_NOTICE, params={
        "gpu": "a100-sxm-80gb", "format": "FP8 (W8A8)", "scheme": "W8A16",
        "missing": "FP8", "math": "BF16"}) in notices


@pytest.mark.parametrize("gpu", ["h100-sxm-80gb", "h20-96gb", "h20-141gb", "l40s-48gb", "l20-48gb",
                                 "l4-24gb", "b200-180gb", "mi300x-192gb"])
def test_fp8_stays_w8a8_where_the_tensor_cores_have_it(catalog: Catalog, gpu: str) -> None:
    inputs = plan(catalog, MODEL, gpu, quantization="fp8")
    assert inputs.weight_format == catalog.weight_format("fp8")
    assert inputs.weight_format.compute_dtype == ComputeDtype.FP8
    assert all(n.code != WEIGHT_ONLY_NOTICE for n in calculate_memory(inputs).notices)


@pytest.mark.parametrize("gpu", NO_FP8)
def test_every_gpu_without_fp8_tensor_cores_serves_fp8_weight_only(catalog: Catalog, gpu: str) -> None:
    spec = catalog.gpu(gpu)
    assert spec.dense_tflops.fp8 is None, "an Ampere part: no FP8 tensor cores"
    served = served_weight_format(catalog.weight_format("fp8"), spec)
    assert served.id == "fp8-w8a16"
    assert spec.dense_tflops.peak_for(served.compute_dtype)[0] == spec.dense_tflops.bf16


def test_the_rule_follows_each_format_and_gpu(catalog: Catalog) -> None:
    nvfp4, int8 = catalog.weight_format("nvfp4"), catalog.weight_format("int8")
    on_h100 = served_weight_format(nvfp4, catalog.gpu("h100-sxm-80gb"))
    assert (on_h100.id, on_h100.label, on_h100.compute_dtype) == (
        "nvfp4-w4a16", "NVFP4 weight-only (W4A16)", ComputeDtype.BF16)
    assert served_weight_format(nvfp4, catalog.gpu("b200-180gb")) is nvfp4
    on_v100 = served_weight_format(int8, catalog.gpu("v100-sxm2-32gb"))  # Volta: no INT8, no BF16
    assert (on_v100.id, on_v100.compute_dtype) == ("int8-w8a16", ComputeDtype.FP16)
    assert served_weight_format(int8, catalog.gpu("a100-sxm-80gb")) is int8  # A100 has INT8 W8A8
    awq = catalog.weight_format("awq")  # W4A16 already computes in 16-bit everywhere
    assert served_weight_format(awq, catalog.gpu("t4-16gb")) is awq
    assert served_weight_format(on_h100, catalog.gpu("h100-sxm-80gb")) is on_h100  # idempotent


def test_a_new_gpu_re_resolves_the_format(catalog: Catalog) -> None:
    h100 = plan(catalog, MODEL, "h100-sxm-80gb", quantization="fp8")
    a100 = h100.model_copy(update={"gpu": catalog.gpu("a100-sxm-80gb")})
    assert a100.weight_format.id == "fp8-w8a16"
    back = a100.model_copy(update={"gpu": catalog.gpu("h100-sxm-80gb")})
    assert back.weight_format == catalog.weight_format("fp8")
    bf16 = a100.model_copy(update={"weight_format": catalog.weight_format("bf16")})
    assert bf16.weight_format.id == "bf16"


def test_a100_fp8_computes_no_faster_than_bf16_only_the_weight_read_halves(catalog: Catalog) -> None:
    """Same GEMM peak and surface as BF16; a batch-1 decode step gains only from 8-bit weights."""
    steps = {}
    for q in ("bf16", "fp8"):
        inputs = plan(catalog, MODEL, "a100-sxm-80gb", quantization=q)
        steps[q] = build_context(inputs, calculate_memory(inputs)).step
    bf16, fp8 = steps["bf16"], steps["fp8"]
    assert bf16.kernels is not None  # measured A100 surfaces
    assert fp8.kernels is not None
    assert fp8.kernels.gemm_peak == bf16.kernels.gemm_peak == 312e12  # BF16 peak, not INT8's 624
    assert fp8.kernels.gemm_key == "bfloat16"
    prefill = fp8.step_seconds(0, 8192, 0) / bf16.step_seconds(0, 8192, 0)
    assert prefill == pytest.approx(1.0, abs=0.01)  # compute-bound: the same math
    decode = fp8.step_seconds(1, 0, 1000) / bf16.step_seconds(1, 0, 1000)
    assert 0.5 < decode < 0.9  # weight-bound: fewer bytes, never below half


def test_h100_fp8_runs_at_its_fp8_peak(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "h100-sxm-80gb", quantization="fp8")
    step = build_context(inputs, calculate_memory(inputs)).step
    assert step.kernels is not None
    assert step.kernels.gemm_peak == pytest.approx(1978.9e12)


def test_grid_tier_and_sizing_row_read_w8a16_on_a100(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "a100-sxm-80gb", workload=Workload(qps_avg=2.0))
    cells = per_card_grid(inputs, precision_tiers(catalog))
    assert {c.weight_format for c in cells if c.precision_tier == "fp8"} == {"fp8-w8a16"}
    assert {c.precision_tier for c in cells} == {"bf16", "fp8", "int4"}
    rows = size_fleet(inputs, [catalog.gpu("a100-sxm-80gb"), catalog.gpu("h100-sxm-80gb")],
                      list(precision_tiers(catalog).values()), SizingRequest(qps_avg=2.0))
    fp8_rows = {(r.gpu, r.precision) for r in rows if r.precision.startswith("fp8")}
    assert ("a100-sxm-80gb", "fp8-w8a16") in fp8_rows
    assert ("h100-sxm-80gb", "fp8") in fp8_rows
    assert ("a100-sxm-80gb", "fp8") not in fp8_rows


def test_an_fp8_scenario_on_a100_is_its_own_fp8_grid_column(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "a100-sxm-80gb", quantization="fp8", kv_cache_dtype="fp8")
    tiers = {c.precision_tier for c in per_card_grid(inputs, precision_tiers(catalog))}
    assert tiers == {"bf16", "fp8", "int4"}  # the scenario is the fp8 tier, not an extra column


def test_estimate_json_names_the_served_format(capsys: pytest.CaptureFixture[str]) -> None:
    def estimate(gpu: str) -> dict[str, object]:
        assert main(["estimate", MODEL, "--gpu", gpu, "-q", "fp8", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert isinstance(data, dict)
        return data

    a100 = estimate("a100-sxm-80gb")
    assert a100["weight_format"] == {
        "id": "fp8-w8a16", "label": "FP8 weight-only (W8A16)", "bits_per_weight": 8.002,
        "compute_dtype": "bf16", "weight_only": True, "engine_format": "fp8",
        "engine_compute_dtype": "fp8"}
    assert isinstance(a100["notices"], list)
    assert WEIGHT_ONLY_NOTICE in {n["code"] for n in a100["notices"]}
    h100 = estimate("h100-sxm-80gb")
    assert isinstance(h100["weight_format"], dict)
    assert (h100["weight_format"]["id"], h100["weight_format"]["compute_dtype"]) == ("fp8", "fp8")
    assert isinstance(h100["notices"], list)
    assert WEIGHT_ONLY_NOTICE not in {n["code"] for n in h100["notices"]}


def test_the_serve_line_still_asks_vllm_for_fp8(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "a100-sxm-80gb", quantization="fp8")
    line = serve_line(inputs, calculate_memory(inputs).settings)
    assert "--quantization fp8 " in line + " "
    assert "w8a16" not in line


def test_label_and_notice_are_translated(catalog: Catalog) -> None:
    inputs = plan(catalog, MODEL, "a100-sxm-80gb", quantization="fp8")
    assert weight_format_name(inputs.weight_format, "en") == "FP8 weight-only (W8A16)"
    assert weight_format_name(inputs.weight_format, "zh") == "FP8 仅权重（W8A16）"
    notice = next(n for n in calculate_memory(inputs).notices if n.code == WEIGHT_ONLY_NOTICE)
    english, chinese = notice_text(notice, "en"), notice_text(notice, "zh")
    assert english.startswith("a100-sxm-80gb has no FP8 tensor cores")
    assert "张量核心" in chinese
    assert "仅权重方式（W8A16）" in chinese
