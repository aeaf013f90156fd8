"""Seed 001's 70 % check and 80 % alarm on the real traffic shape, the scheduler cap as its own
limit, and seed 002's length margin, worked by hand on Llama-3.1-8B (131,072 KV bytes per token:
2 × 8 KV heads × 128 dims × 2 bytes × 32 layers; vLLM blocks of 16 tokens = 2 MiB)."""

from __future__ import annotations

import math

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, Result, calculate
from gpucalc.core.capacity.perf_result import CeilingKind, PerformanceResult
from gpucalc.core.memory.memory_plan import MEMORY_ALARM_SHARE, fixed_margin_gib
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.inputs import Deployment, RequestClass, Targets, Workload
from gpucalc.core.specs.workload_shape import average_tokens, planning_tokens

MODEL = "llama-3.1-8b-instruct"
KV_BYTES_PER_TOKEN = 131_072
BLOCK_TOKENS = 16
GIB = 2**30


def _calc(catalog: Catalog, workload: Workload, gpu: str = "h100-sxm-80gb",
          load: LoadRequest | None = None, **deployment: object) -> Result:
    dep = Deployment.model_validate({"max_model_len": 16384, **deployment})
    return calculate(resolve_inputs(catalog, MODEL, gpu, dep, workload, Targets()), load)


def _perf(result: Result) -> PerformanceResult:
    assert result.performance is not None
    return result.performance


def _kv_gib(tokens: int) -> float:
    """KV GiB of one request of ``tokens``, rounded up to whole blocks."""
    return math.ceil(tokens / BLOCK_TOKENS) * BLOCK_TOKENS * KV_BYTES_PER_TOKEN / GIB


def _allowed(memory: MemoryResult, share: float, kv_gib: float) -> int:
    stage = memory.binding
    room = share * memory.settings.total_gib.value - stage.weights_total.value - fixed_margin_gib(stage)
    return math.floor(room / kv_gib)


MULTI_TURN = Workload(input_len_p50=1000, output_len_p50=200, max_turns=5, tokens_per_turn=500)


def test_seventy_percent_check_uses_the_grown_history(catalog: Catalog) -> None:
    memory = _calc(catalog, MULTI_TURN).memory
    # average context: 1,000 + (5 − 1) ÷ 2 × 500 of history + 200 out = 2,200 tokens → 138 blocks
    assert average_tokens(MULTI_TURN).value == 2200
    assert memory.kv_per_average_request.value == _kv_gib(2200) == 138 * 2 * 2**20 / GIB
    assert memory.planning_check.value == _allowed(memory, 0.7, _kv_gib(2200))
    # P50 in + out alone (1,200 tokens) would allow about 1.8× as many
    assert _allowed(memory, 0.7, _kv_gib(1200)) > 1.8 * memory.planning_check.value


def test_seventy_percent_check_uses_the_class_mixture(catalog: Catalog) -> None:
    mixed = Workload(classes=(RequestClass(name="chat", share=0.8, input_len=500, output_len=100),
                              RequestClass(name="docs", share=0.2, input_len=8000, output_len=500)))
    memory = _calc(catalog, mixed).memory
    # 0.8 × 600 + 0.2 × 8,500 = 2,180 tokens → 137 blocks
    assert memory.kv_per_average_request.inputs["average_tokens"] == 2180
    assert memory.kv_per_average_request.inputs["blocks_per_request"] == 137
    assert memory.planning_check.value == _allowed(memory, 0.7, _kv_gib(2180))


def test_memory_share_at_the_planned_concurrency(catalog: Catalog) -> None:
    result = _calc(catalog, MULTI_TURN)
    perf, stage = _perf(result), result.memory.binding
    planned = int(perf.online_capacity.value)
    used = stage.weights_total.value + fixed_margin_gib(stage) + planned * _kv_gib(2200)
    assert perf.memory_share is not None
    assert math.isclose(perf.memory_share.value, used / result.memory.settings.total_gib.value)
    assert perf.memory_share.inputs["concurrency"] == planned
    asked = _perf(_calc(catalog, MULTI_TURN, load=LoadRequest(concurrency=100)))
    assert asked.memory_share is not None
    assert asked.memory_share.inputs["concurrency"] == 100


def test_planning_line_and_alarm_at_their_concurrencies(catalog: Catalog) -> None:
    memory = _calc(catalog, MULTI_TURN).memory
    at70, at80 = int(memory.planning_check.value), int(memory.alarm_check.value)
    assert at80 == _allowed(memory, MEMORY_ALARM_SHARE, _kv_gib(2200)) > at70

    def codes(n: int) -> tuple[bool, bool, set[str]]:
        perf = _perf(_calc(catalog, MULTI_TURN, load=LoadRequest(concurrency=n)))
        return perf.memory_share_passes, perf.memory_alarm, {x.code for x in perf.notices}

    assert codes(at70) == (True, False, set())
    assert codes(at70 + 1) == (False, False, {"memory_above_planning_share"})
    assert codes(at80) == (False, False, {"memory_above_planning_share"})
    assert codes(at80 + 1) == (False, True, {"memory_alarm_average_length"})


def test_weights_alone_past_eighty_percent_raise_the_alarm(catalog: Catalog) -> None:
    # 8B at 16 bits on a 24 GB L4: 15 GiB of weights + margin already past 80 % of 22 GiB
    perf = _perf(_calc(catalog, Workload(input_len_p50=2000, output_len_p50=500), gpu="l4-24gb",
                       max_model_len=8192))
    assert perf.memory_alarm
    assert [n.code for n in perf.notices if not n.code.startswith("weak_")] == [
        "memory_alarm_average_length"]  # an L4 also borrows its kernel shares (weak_mapped_kernels)


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


def test_length_margin_lowers_the_memory_ceiling(catalog: Catalog) -> None:
    plain = Workload(input_len_p50=4000, output_len_p50=1000)
    margin = plain.model_copy(update={"length_margin": 0.25})
    assert planning_tokens(plain).value == 5000
    assert planning_tokens(margin).value == 6250
    before = _perf(_calc(catalog, plain, kv_cache_memory_gib=10))
    after = _perf(_calc(catalog, margin, kv_cache_memory_gib=10))
    # 5,120 blocks: 5,000 tokens → 313 blocks → 16 requests; 6,250 → 391 blocks → 13
    assert before.ceiling(CeilingKind.MEMORY).value.value == 16
    assert after.ceiling(CeilingKind.MEMORY).value.value == 13
    assert after.ceiling(CeilingKind.MEMORY).value.inputs["planning_tokens"] == 6250
    assert average_tokens(margin).value == 6250  # the 70 % check's average length too
