"""Speed of the uncertainty bands, the sensitivity ranking and the length statistics.

Run: ``python -m benchmarks.uncertainty_speed``. Figures are medians over repeated runs on this
machine; the target is well under 100 ms for bands + sensitivity of one plan.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from benchmarks.speed import median_seconds
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.fleet.sensitivity import concurrency_sensitivity
from gpucalc.core.fleet.sizing import SizingRequest
from gpucalc.core.fleet.uncertainty import uncertainty_bands
from gpucalc.core.measured.length_records import LengthRecord
from gpucalc.core.measured.length_stats import length_stats
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload

CASES = (("llama-3.1-8b-instruct", 1), ("llama-3.1-70b-instruct", 4),
         ("mixtral-8x7b-instruct-v0.1", 2))


def _plan(catalog: Catalog, model: str, tp: int) -> PlanInputs:
    return resolve_inputs(catalog, model, "h100-sxm-80gb",
                          Deployment(num_gpus=tp, tensor_parallel_size=tp, max_model_len=8192),
                          Workload(input_len_p50=2000, output_len_p50=300, qps_avg=10),
                          Targets(tpot_ms=50))


def _bands_and_sensitivity(inputs: PlanInputs) -> None:
    uncertainty_bands(inputs, SizingRequest(qps_avg=10))
    concurrency_sensitivity(inputs)


def _synthetic_records(count: int) -> list[LengthRecord]:
    rng = np.random.default_rng(7)
    short = np.exp(rng.normal(np.log(400), 0.5, count * 7 // 10))
    long = np.exp(rng.normal(np.log(12_000), 0.3, count - short.size))
    inputs = np.concatenate([short, long]).astype(int) + 1
    outputs = np.exp(rng.normal(np.log(250), 0.6, count)).astype(int) + 1
    return [LengthRecord(int(i), int(o)) for i, o in zip(inputs, outputs, strict=True)]


def main() -> None:
    catalog = Catalog.load()
    for model, tp in CASES:
        inputs = _plan(catalog, model, tp)
        _bands_and_sensitivity(inputs)
        seconds = median_seconds(partial(_bands_and_sensitivity, inputs), 30)
        bars = len(concurrency_sensitivity(inputs).bars)
        print(f"bands + sensitivity ({bars} bars), {model} TP{tp}: {seconds * 1e3:8.1f} ms "
              "(median of 30)")
    for count in (10_000, 1_000_000):
        records = _synthetic_records(count)
        seconds = median_seconds(partial(length_stats, records), 5)
        print(f"length statistics + suggested workload, {count:>9,} requests: "
              f"{seconds * 1e3:8.1f} ms (median of 5)")


if __name__ == "__main__":
    main()
