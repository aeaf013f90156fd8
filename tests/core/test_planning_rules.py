"""The scheduler cap as its own limit, worked by hand on Llama-3.1-8B (131,072 KV bytes per
token: 2 × 8 KV heads × 128 dims × 2 bytes × 32 layers; vLLM blocks of 16 tokens = 2 MiB)."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.calculate import LoadRequest, Result, calculate
from gpucalc.core.inputs import Deployment, Targets, Workload
from gpucalc.core.perf_result import CeilingKind, PerformanceResult

MODEL = "llama-3.1-8b-instruct"


def _calc(catalog: Catalog, workload: Workload, gpu: str = "h100-sxm-80gb",
          load: LoadRequest | None = None, **deployment: object) -> Result:
    dep = Deployment.model_validate({"max_model_len": 16384, **deployment})
    return calculate(resolve_inputs(catalog, MODEL, gpu, dep, workload, Targets()), load)


def _perf(result: Result) -> PerformanceResult:
    assert result.performance is not None
    return result.performance


def test_scheduler_cap_is_its_own_limit(catalog: Catalog) -> None:
    short = Workload(input_len_p50=500, output_len_p50=100)  # 600 tokens → 38 blocks
    small = _perf(_calc(catalog, short, kv_cache_memory_gib=10, max_num_seqs=256))
    large = _perf(_calc(catalog, short, kv_cache_memory_gib=20, max_num_seqs=256))
    # 10 GiB ÷ 2 MiB = 5,120 blocks ÷ 38 = 134 requests; twice the KV → 10,240 ÷ 38 = 269
    assert small.ceiling(CeilingKind.MEMORY).value.value == 134
    assert large.ceiling(CeilingKind.MEMORY).value.value == 269
    assert small.ceiling(CeilingKind.SCHEDULER).value.value == 256
    assert large.ceiling(CeilingKind.SCHEDULER).value.value == 256
    assert small.bottleneck == CeilingKind.MEMORY
    assert large.bottleneck == CeilingKind.SCHEDULER
    assert large.recommended_concurrency.value == 256
    assert [a.code for a in large.advice] == ["raise_max_num_seqs"]
    assert large.advice[0].params == {"max_num_seqs": 256, "kv_requests": 269}
