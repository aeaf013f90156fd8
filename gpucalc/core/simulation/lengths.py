"""Request lengths as benchmark clients draw them.

Fixed, random with a range ratio, normal, or a dataset's length distribution. Pure numpy; the
dataset facts come in as arguments.

Range ratios mean different things per client (each stated where it is used):

* ``vllm bench serve`` (and ``benchmark_serving.py`` since vLLM 0.8.3): uniform integers in
  ``[int(len × (1 − r)), int(len × (1 + r))]`` — ``RandomDataset.sample`` in
  ``vllm/benchmarks/datasets.py``;
* older ``benchmark_serving.py`` and ``sglang.bench_serving``: uniform integers in
  ``[max(int(len × r), 1), len]`` — ``sample_random_requests`` in both scripts (SGLang's
  default r = 0 draws from 1 … len).
"""

from __future__ import annotations

import math
from enum import StrEnum

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]
FIT_SAMPLES = 4096  # quasi-random points the dataset medians are solved on
FIT_ROUNDS = 40


class RangeRule(StrEnum):
    """How a client turns a length and a range ratio into an interval."""

    SYMMETRIC = "symmetric"  # [len·(1 − r), len·(1 + r)]
    BELOW = "below"  # [len·r, len]


def ranged_lengths(length: int, ratio: float, rule: RangeRule, count: int,
                   rng: np.random.Generator) -> IntArray:
    """``count`` lengths drawn uniformly from the interval ``rule`` makes of ``length`` and ``ratio``."""
    if rule is RangeRule.SYMMETRIC:
        low, high = int(length * (1.0 - ratio)), int(length * (1.0 + ratio))
    else:
        low, high = max(int(length * ratio), 1), length
    low = max(low, 1)
    high = max(high, low)
    return np.asarray(rng.integers(low, high + 1, size=count), dtype=np.int64)


def normal_lengths(mean: float, stddev: float, count: int, rng: np.random.Generator) -> IntArray:
    """Lengths from a normal distribution rounded to whole tokens, at least 1.

    genai-perf draws synthetic prompt and output lengths this way.
    """
    if stddev <= 0:
        return np.full(count, max(round(mean), 1), dtype=np.int64)
    values = np.rint(rng.normal(mean, stddev, size=count))
    return np.maximum(values, 1).astype(np.int64)


class DatasetShape:
    """Prompt and output lengths of a chat dataset as a benchmark client filters it.

    Each direction is lognormal with a stated median-to-mean ratio; pairs outside the client's
    filter (too short, prompt too long, prompt + output too long) are dropped, as the client
    drops them, and the medians are solved so that the kept pairs have the stated means.
    """

    def __init__(self, prompt_mean: float, output_mean: float, median_to_mean: float,
                 min_tokens: int, max_prompt: int, max_total: int) -> None:
        self.min_tokens = min_tokens
        self.max_prompt = max_prompt
        self.max_total = max_total
        self.sigma = math.sqrt(-2.0 * math.log(median_to_mean))  # mean/median = exp(σ²/2)
        self.prompt_median, self.output_median = self._solve_medians(prompt_mean, output_mean)

    def _kept(self, prompt: NDArray[np.float64], output: NDArray[np.float64]) -> NDArray[np.bool_]:
        return ((prompt >= self.min_tokens) & (output >= self.min_tokens)
                & (prompt <= self.max_prompt) & (prompt + output <= self.max_total))

    def _solve_medians(self, prompt_mean: float, output_mean: float) -> tuple[float, float]:
        """Medians whose filtered pairs have the given means (fixed-point on a fixed sample)."""
        grid = np.random.default_rng(12345).standard_normal((2, FIT_SAMPLES))
        shape_p, shape_o = np.exp(self.sigma * grid[0]), np.exp(self.sigma * grid[1])
        med_p, med_o = prompt_mean, output_mean
        for _ in range(FIT_ROUNDS):
            prompt, output = np.rint(med_p * shape_p), np.rint(med_o * shape_o)
            kept = self._kept(prompt, output)
            if not kept.any():
                break
            med_p *= prompt_mean / float(prompt[kept].mean())
            med_o *= output_mean / float(output[kept].mean())
        return med_p, med_o

    def sample(self, count: int, rng: np.random.Generator) -> tuple[IntArray, IntArray]:
        """``count`` kept (prompt, output) pairs."""
        prompts: list[IntArray] = []
        outputs: list[IntArray] = []
        have = 0
        while have < count:
            draw = max(2 * (count - have), 64)
            prompt = np.rint(self.prompt_median * rng.lognormal(0.0, self.sigma, draw))
            output = np.rint(self.output_median * rng.lognormal(0.0, self.sigma, draw))
            kept = self._kept(prompt, output)
            prompts.append(prompt[kept].astype(np.int64))
            outputs.append(output[kept].astype(np.int64))
            have += int(kept.sum())
        return np.concatenate(prompts)[:count], np.concatenate(outputs)[:count]
