"""Speed of the discrete-event traffic simulator.

Run: ``python -m benchmarks.simulate_speed``. Figures are medians over repeated runs on this
machine; the goals are 10,000 simulated requests in at most 0.5 s and ``gpucalc bench`` for
1,000 prompts in at most 2 s as a whole process (start-up, catalog, simulation, printing).
"""

from __future__ import annotations

import subprocess
import sys
import time
from functools import partial

from benchmarks.speed import median_seconds
from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_inputs
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.simulate import simulate
from gpucalc.core.simulation.sweep import rates_up_to, saturation_rate, simulate_rate_sweep
from gpucalc.core.simulation.traffic import Router, TrafficSpec
from gpucalc.core.specs.inputs import Deployment, Workload
from gpucalc.plan.bench_parse import parse_bench_command
from gpucalc.plan.bench_run import predict_bench

REQUESTS = 10_000
BENCH_CLI = [sys.executable, "-m", "gpucalc", "bench", "--gpu", "h100-sxm-80gb", "--",
             "vllm", "bench", "serve", "--model", "meta-llama/Llama-3.1-8B-Instruct",
             "--dataset-name", "sharegpt", "--num-prompts", "1000", "--request-rate", "20"]


def process_seconds(argv: list[str]) -> float:
    """Wall time of one whole process running ``argv``."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    catalog = Catalog.load()
    workload = Workload(input_len_p50=1024, output_len_p50=256, input_len_p95=4096,
                        output_len_p95=1024)
    inputs = resolve_inputs(catalog, "llama-3.1-8b-instruct", "h100-sxm-80gb",
                            Deployment(max_model_len=16384), workload)
    memory = calculate_memory(inputs)
    saturated = saturation_rate(inputs, memory)
    cases = (
        ("all at once", TrafficSpec(num_requests=REQUESTS)),
        ("Poisson at 5 % (decoding nearly alone)", TrafficSpec(request_rate=0.05 * saturated,
                                                              num_requests=REQUESTS)),
        ("Poisson at 50 % of saturation", TrafficSpec(request_rate=0.5 * saturated,
                                                      num_requests=REQUESTS)),
        ("Poisson at 120 % of saturation", TrafficSpec(request_rate=1.2 * saturated,
                                                       num_requests=REQUESTS)),
        ("closed loop, 64 clients", TrafficSpec(concurrency=64, num_requests=REQUESTS)),
        ("4 replicas, least outstanding, 90 %", TrafficSpec(
            request_rate=3.6 * saturated, num_requests=REQUESTS, replicas=4,
            router=Router.LEAST_OUTSTANDING)),
    )
    print(f"Llama 3.1 8B on H100, lognormal lengths (P50 1024/256, P95 4096/1024), "
          f"{REQUESTS:,} requests per run:")
    for label, traffic in cases:
        seconds = median_seconds(partial(simulate, inputs, memory, traffic), 5)
        print(f"  {label:<38} {seconds * 1e3:8.1f} ms (median of 5)")
    rates = rates_up_to(1.25 * saturated, 10)
    sweep_s = median_seconds(lambda: simulate_rate_sweep(
        inputs, memory, rates, TrafficSpec(num_requests=2000)), 3)
    print(f"  10-rate sweep, 2,000 requests per rate    {sweep_s * 1e3:8.1f} ms (median of 3)")
    spec = parse_bench_command("vllm bench serve --model m --dataset-name sharegpt "
                               f"--num-prompts {REQUESTS} --request-rate 40")
    bench_s = median_seconds(partial(predict_bench, inputs, memory, spec), 5)
    print(f"  bench prediction, ShareGPT at 40 req/s   {bench_s * 1e3:8.1f} ms (median of 5)")
    cli_s = median_seconds(partial(process_seconds, BENCH_CLI), 3)
    print(f"gpucalc bench, 1,000 ShareGPT prompts, whole process: {cli_s * 1e3:,.0f} ms "
          "(median of 3)")


if __name__ == "__main__":
    main()
