"""A finite run of N prompts: at most N run at once, and its throughput counts ramp-up and drain."""

from __future__ import annotations

import dataclasses
import math

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.load import burst, finite_run_request_rate, max_request_rate, open_loop
from gpucalc.core.capacity.perf_model import PerfContext, build_context
from gpucalc.core.memory.memory_plan import calculate_memory
from tests.helpers import plan


def _context(catalog: Catalog) -> PerfContext:
    inputs = plan(catalog, "llama-3.1-8b-instruct", max_model_len=8192)
    return build_context(inputs, calculate_memory(inputs))


def test_one_prompt_runs_alone(catalog: Catalog) -> None:
    """One prompt: the batch is 1, TPOT is one request's decode step, throughput ≈ 1 ÷ TPOT."""
    ctx = _context(catalog)
    shape = ctx.shape(ctx.running_cap())
    point = open_loop(ctx.step, shape, math.inf, 1)
    single_step = ctx.step.step_seconds(1, 0.0, shape.mean_input + shape.mean_output / 2)
    assert point.running == 1
    assert point.tpot_s == pytest.approx(single_step)
    # 256 tokens in TTFT + 255 steps: within 2 % of one stream's 1 ÷ TPOT
    assert point.output_tok_s == pytest.approx(1 / point.tpot_s, rel=0.02)
    assert point.output_tok_s < 1 / point.tpot_s
    # its TTFT is the prefill of its own prompt (one step of 1,024 prompt tokens)
    prefill = ctx.step.step_seconds(0.0, shape.mean_input, 0.0, prefill_context=shape.mean_input / 2)
    assert point.ttft_s == pytest.approx(prefill)


def test_estimate_with_one_prompt_reports_one_stream(catalog: Catalog) -> None:
    inputs = plan(catalog, "llama-3.1-8b-instruct")
    perf = calculate(inputs, LoadRequest(num_prompts=1)).performance
    assert perf is not None
    point = perf.operating_point
    assert point.running == 1
    assert point.tpot_ms.value < perf.offline_max.tpot_ms.value / 4
    assert point.output_tokens_per_s.value == pytest.approx(1000 / point.tpot_ms.value, rel=0.02)


@pytest.mark.parametrize("prompts", [1, 2, 7, 40, 200, 346, 347, 1000, 20000])
def test_batch_never_exceeds_the_prompts(catalog: Catalog, prompts: int) -> None:
    ctx = _context(catalog)
    shape = ctx.shape(ctx.running_cap())
    saturated = max_request_rate(ctx.step, shape)
    point = burst(ctx.step, shape, prompts)
    assert point.running <= prompts
    assert point.running <= shape.running_cap
    # ramp-up and drain: a finite run never beats the endless saturated rate by more than the
    # decode-only steps its last wave enjoys
    assert point.output_tok_s <= saturated.output_tok_s * 1.05


def test_throughput_grows_with_the_run_and_tends_to_saturation(catalog: Catalog) -> None:
    ctx = _context(catalog)
    shape = ctx.shape(ctx.running_cap())
    runs = [burst(ctx.step, shape, n).output_tok_s for n in (1, 4, 16, 64)]
    assert runs == sorted(runs)
    saturated = max_request_rate(ctx.step, shape).output_tok_s
    assert burst(ctx.step, shape, 1_000_000).output_tok_s == pytest.approx(saturated, rel=0.01)


def test_finite_run_at_a_rate_counts_the_drain() -> None:
    # 10 requests at 2 req/s take 5 s to arrive, and the last one 3 s to finish: 10 ÷ 8 s
    assert finite_run_request_rate(2.0, 10, 3.0) == pytest.approx(1.25)
    assert finite_run_request_rate(2.0, None, 3.0) == 2.0


def test_finite_open_loop_holds_at_most_its_prompts(catalog: Catalog) -> None:
    ctx = _context(catalog)
    shape = ctx.shape(ctx.running_cap())
    point = open_loop(ctx.step, shape, 1000.0, 3)
    assert point.running <= 3


def test_a_run_that_cannot_start_reports_no_throughput(catalog: Catalog) -> None:
    ctx = _context(catalog)
    shape = dataclasses.replace(ctx.shape(ctx.running_cap()), running_cap=0.0)
    point = burst(ctx.step, shape, 10)
    assert point.output_tok_s == 0.0
    assert math.isinf(point.ttft_s)


def test_more_prompts_never_shorten_the_wait_and_the_cap_is_no_cliff(catalog: Catalog) -> None:
    ctx = _context(catalog)
    shape = ctx.shape(ctx.running_cap())
    cap = math.floor(shape.running_cap)
    runs = [burst(ctx.step, shape, n) for n in (cap - 1, cap, cap + 1, cap + 2, 2 * cap, 4 * cap)]
    ttfts = [p.ttft_s for p in runs]
    assert ttfts == sorted(ttfts)
    # one prompt past the batch cap moves TTFT and TPOT by well under 1 %
    assert runs[2].ttft_s == pytest.approx(runs[1].ttft_s, rel=0.01)
    assert runs[2].tpot_s == pytest.approx(runs[1].tpot_s, rel=0.01)
