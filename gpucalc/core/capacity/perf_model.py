"""Build the step model and load shape for a plan, and evaluate ceilings on them."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from gpucalc.core.capacity.load import LoadShape, prefill_per_step
from gpucalc.core.capacity.tail_latency import (
    Arrivals,
    LengthMix,
    TailPoint,
    length_mix,
    mean_latency_within,
    prefill_queue,
    single_length,
    steady_steps,
    tail_point,
    tpot_share_within,
)
from gpucalc.core.memory.kv_capacity import KvCapacity, kv_capacity
from gpucalc.core.memory.memory_result import MemoryResult
from gpucalc.core.specs.efficiency import Efficiency, efficiency_for_gpu
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.kernel_surfaces import kernel_profile, measured_levels
from gpucalc.core.specs.workload_shape import mean_lengths, planning_tokens
from gpucalc.core.step.ops import SCALAR
from gpucalc.core.step.prefix_cache import (
    prefix_plan,
    scheduled_prompt_budget,
    with_cached_prefill,
    with_shared_prefix,
)
from gpucalc.core.step.speculative_step import with_speculation
from gpucalc.core.step.step_model import StepModel, build_step_model

MAX_SEARCH_CONCURRENCY = 1 << 17
COMM_SHARE_LIMIT = 0.5  # seed 002: above 50 % communication share the layout is poor


@dataclass(frozen=True, slots=True)
class PerfContext:
    """Everything ceiling and load evaluations need, precomputed once per input."""

    step: StepModel
    capacity: KvCapacity
    mean_input: float
    mean_output: float
    p95_input: float
    planning_tokens: int
    token_budget: int
    max_num_seqs: int
    tpot_target_s: float
    ttft_target_s: float
    efficiency: Efficiency
    percentile: int = 95
    lengths: LengthMix | None = None  # the length distribution (percentile checks)

    def memory_requests(self, tokens: int | None = None) -> float:
        """Requests the KV cache holds at ``tokens`` per request (planning length by default)."""
        return self.capacity.concurrency_for_length(tokens or self.planning_tokens)

    def shape(self, running_cap: float) -> LoadShape:
        """Load shape with the given cap on running requests."""
        return LoadShape(self.mean_input, self.mean_output, self.token_budget, running_cap)

    def running_cap(self) -> float:
        """Requests that can run at once at the mean length (KV and scheduler caps).

        The steady-state load model gives every running request one token of the step's token
        budget. A cap at or above the budget (SGLang's pool-derived running cap can exceed its
        prefill chunk) would leave no room for prompts, so there the batch is the one the budget
        keeps fed: running + running × input ÷ output = budget.
        """
        mean_tokens = int(self.mean_input + self.mean_output)
        cap = max(min(self.capacity.concurrency_for_length(mean_tokens), self.max_num_seqs), 0.0)
        if cap < self.token_budget:
            return cap
        output = max(self.mean_output, 1.0)
        return max(float(int(self.token_budget * output / (output + self.mean_input))), 1.0)

    @property
    def mix(self) -> LengthMix:
        """The length distribution the percentile checks read."""
        return self.lengths or single_length(self.mean_input, self.mean_output)

    def tail_at(self, running: float, arrivals: Arrivals) -> TailPoint:
        """TTFT and TPOT at the targets' percentile with ``running`` requests in the batch."""
        return tail_point(self.step, self.mix, self.token_budget, running, self.percentile,
                          arrivals)

    def percentile_within(self, running: float, arrivals: Arrivals) -> tuple[bool, bool]:
        """(P-th TPOT within target, P-th TTFT within target) at ``running`` under ``arrivals``.

        The TTFT side (the prefill queue, several more step evaluations) is evaluated only when
        the TPOT side holds; otherwise it is reported as failing too.
        """
        mix, step = self.mix, self.step
        steps = steady_steps(SCALAR, step, mix, self.token_budget, running, arrivals)
        if tpot_share_within(SCALAR, mix, steps, self.tpot_target_s) < self.percentile / 100:
            return False, False
        queue = prefill_queue(SCALAR, step, mix, steps, self.percentile, arrivals)
        return True, queue.ttft_s <= self.ttft_target_s

    def meets_percentile(self, running: float, arrivals: Arrivals,
                         meets_latency: Callable[[int], bool] | None = None) -> bool:
        """Mean latency within target and, at the percentile, TTFT and TPOT within target too.

        The checks are evaluated cheapest first (the TPOT share needs only the steady steps, the
        queue behind the TTFT several more); the answer does not depend on the order.
        ``meets_latency`` stands for :meth:`meets_latency` (one that remembers its answers).
        """
        mix, step = self.mix, self.step
        steps = steady_steps(SCALAR, step, mix, self.token_budget, running, arrivals)
        if tpot_share_within(SCALAR, mix, steps, self.tpot_target_s) < self.percentile / 100:
            return False
        if not (meets_latency or self.meets_latency)(math.ceil(running)):
            return False
        queue = prefill_queue(SCALAR, step, mix, steps, self.percentile, arrivals)
        return queue.ttft_s <= self.ttft_target_s

    def mean_latency_within(self, running: int) -> tuple[bool, bool]:
        """(mean TPOT within target, P95 prompt's prefill within the TTFT target)."""
        tpot, ttft = mean_latency_within(
            SCALAR, self.step, self.mix, float(running), self.p95_input,
            self.token_budget, self.tpot_target_s, self.ttft_target_s)
        return bool(tpot), bool(ttft)

    def meets_latency(self, running: int) -> bool:
        """TPOT (mean, with prefill interference) and P95-prompt TTFT within target."""
        tpot, ttft = self.mean_latency_within(running)
        return tpot and ttft

    def comm_seconds_at(self, running: int) -> float:
        """Communication time of one step at ``running`` requests."""
        tokens = running + prefill_per_step(running, self.mean_input, self.mean_output,
                                            self.token_budget)
        return self.step.comm_check_seconds(SCALAR, tokens, float(running))

    def meets_comm(self, running: int) -> bool:
        """Communication fits in half of the per-token time budget."""
        return self.comm_seconds_at(running) <= COMM_SHARE_LIMIT * self.tpot_target_s


def largest_satisfying(check: Callable[[int], bool], upper: int = MAX_SEARCH_CONCURRENCY,
                       hint: int | None = None) -> int:
    """Largest n in [0, upper] with check(n) true, for a check that holds up to a point.

    ``hint`` (a value known from a neighbouring evaluation) shortens the search: from it the
    search gallops down or up to bracket the answer, then bisects. For a check that holds up to
    a point the answer is the same with or without a hint.
    """
    if not check(1):
        return 0
    if hint is not None and 1 <= hint < upper:
        if not check(hint + 1):
            if check(hint):
                return hint
            # gallop down from the hint (known to fail) to bracket the answer
            low, high, step = max(hint - 1, 1), hint, 2
            while low > 1 and not check(low):
                high, low, step = low, max(low - step, 1), step * 2
        else:
            low, step = hint + 1, 1  # gallop up from the hint to bracket the answer
            high = low + step
            while high <= upper and check(high):
                low, step = high, step * 2
                high = low + step
            high = min(high, upper + 1)
    else:
        low, high = 1, 2
        while high <= upper and check(high):
            low, high = high, high * 2
        high = min(high, upper + 1)
    while high - low > 1:
        mid = (low + high) // 2
        if check(mid):
            low = mid
        else:
            high = mid
    return low


def plan_efficiency(inputs: PlanInputs) -> Efficiency:
    """The efficiency a plan uses: measured-kernel levels, then the GPU's override on top.

    Where the GPU (or the architecture it maps to) has measured kernels, their asymptotes replace
    the engine's assumed shares (:func:`measured_levels`); a per-GPU override (a calibration)
    still applies last and scales the measured surfaces.
    """
    engine = inputs.engine
    profile = kernel_profile(inputs.kernels, inputs.gpu.id, engine.id)
    return efficiency_for_gpu(measured_levels(engine.efficiency, profile),
                              engine.efficiency_by_gpu, inputs.gpu.id)


def build_context(inputs: PlanInputs, memory: MemoryResult) -> PerfContext:
    """Precompute the step model and capacities of ``inputs``."""
    engine = inputs.engine
    eff = plan_efficiency(inputs)
    stage = memory.binding
    block_size = stage.kv_block_size  # the engine's block (vLLM grows it to hold a state page)
    capacity = kv_capacity(engine, stage.kv_cache.value, stage.kv_groups, block_size)
    mean_in, mean_out = mean_lengths(inputs.workload)
    prefix = prefix_plan(inputs.workload, inputs.deployment, engine, block_size)
    return PerfContext(
        step=with_speculation(with_cached_prefill(build_step_model(inputs, memory, eff), prefix),
                              inputs),
        capacity=with_shared_prefix(capacity, prefix),
        mean_input=mean_in,
        mean_output=mean_out,
        p95_input=float(inputs.workload.input_p95),
        planning_tokens=int(planning_tokens(inputs.workload).value),
        token_budget=scheduled_prompt_budget(int(memory.settings.max_num_batched_tokens.value),
                                             prefix),
        max_num_seqs=int(memory.settings.max_num_seqs.value),
        tpot_target_s=inputs.targets.tpot_ms / 1000,
        ttft_target_s=inputs.targets.ttft_ms / 1000,
        efficiency=eff,
        percentile=inputs.targets.percentile,
        lengths=length_mix(inputs.workload),
    )
