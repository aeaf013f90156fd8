"""Digests of many random answers, to diff between two versions (a speed-up changes no figure).

Run: ``python -m benchmarks.answer_digest [--seed 2] [--count 600] > digests.txt``. Each line
names one random case (model, GPU, layout, workload, targets, max_model_len) and the SHA-256 of
its whole ``calculate`` result as JSON (at a random concurrency or request rate for a third of
them each); every tenth case adds a 48-point context sweep and every 25th a sizing over four
random GPUs. Inputs the rules refuse give the digest of their error. Two versions that print the
same lines give the same answers, bit for bit, on every case.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import precision_tiers, resolve_inputs
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.capacity.sweep import context_sweep
from gpucalc.core.common.errors import PlanError
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.specs.inputs import Deployment, Targets, Workload

SWEEP_EVERY = 10
SIZING_EVERY = 25


def _case(catalog: Catalog, rng: random.Random, index: int) -> tuple[str, str]:
    """(what the case is, its results as text) of the ``index``-th random case."""
    gpus = sorted(catalog.gpus)
    model, gpu = rng.choice(sorted(catalog.models)), rng.choice(gpus)
    tp, dp = rng.choice([1, 1, 2, 4, 8]), rng.choice([1, 1, 1, 2, 4])
    expert_parallel = rng.random() < 0.3
    p50, o50 = rng.choice([100, 300, 800, 2000, 4000]), rng.choice([20, 100, 300, 800])
    lengths = {"input_len_p50": p50, "output_len_p50": o50}
    if rng.random() < 0.6:
        lengths |= {"input_len_p95": p50 * rng.choice([2, 3, 5]),
                    "output_len_p95": o50 * rng.choice([2, 3])}
    targets = {"tpot_ms": rng.choice([15, 25, 40, 60, 100, 200]),
               "ttft_ms": rng.choice([200, 500, 1000, 3000, 10000]),
               "percentile": rng.choice([50, 95, 95, 99])}
    max_model_len = rng.choice([4096, 8192, 16384, 32768])
    what = (f"{index} {model} {gpu} tp{tp} dp{dp} ep{expert_parallel} {lengths} {targets} "
            f"{max_model_len}")
    try:
        inputs = resolve_inputs(catalog, model, gpu, Deployment(
            num_gpus=tp * dp, tensor_parallel_size=tp, data_parallel_size=dp,
            enable_expert_parallel=expert_parallel, max_model_len=max_model_len),
            Workload.model_validate(lengths), Targets.model_validate(targets))
        load = rng.choice([None, LoadRequest(concurrency=rng.choice([1, 8, 64, 300])),
                           LoadRequest(request_rate=rng.choice([0.5, 3.0, 20.0]))])
        text = calculate(inputs, load).model_dump_json()
        if index % SWEEP_EVERY == 0:
            text += context_sweep(inputs, count=48).model_dump_json()
        if index % SIZING_EVERY == 0:
            rows = size_fleet(inputs, [catalog.gpus[g] for g in rng.sample(gpus, 4)],
                              list(precision_tiers(catalog).values()), SizingRequest(qps_avg=5.0))
            text += json.dumps([row.model_dump(mode="json") for row in rows])
    except (PlanError, ValueError) as exc:
        text = f"refused {type(exc).__name__} {exc}"
    return what, text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Digests of many random answers.")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--count", type=int, default=600)
    args = parser.parse_args(argv)
    catalog, rng = Catalog.load(), random.Random(args.seed)
    for index in range(args.count):
        what, text = _case(catalog, rng, index)
        print(what, hashlib.sha256(text.encode()).hexdigest()[:16])


if __name__ == "__main__":
    main()
