"""Agreement of the percentile-aware capacity with the simulator.

Run: ``python -m benchmarks.sim_agreement``. For every case — the bundled 70B example scenario,
the report test scenarios, the 15 published runs of the earlier public set in specs/validation
(``EARLIER_PUBLIC_ROWS``) and a fixed-seed spread of random scenarios — one replica's capacity
at the P95 SLO (TTFT and TPOT targets met by 95 % of requests) is computed analytically and
found by bisection in the simulator (Poisson arrivals, fixed seed). The table prints analytic ÷
simulated; the summary gives the median and worst deviation and how many cases fall within the
10 % the plan accepts (outside it the plan states the simulated figure).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.core.common.errors import PlanError
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.core.simulation.capacity import AGREEMENT_TOLERANCE, slo_capacity
from gpucalc.core.specs.inputs import Deployment, PlanInputs, Targets, Workload
from gpucalc.core.specs.scenario import Scenario
from gpucalc.validation.sources import EARLIER_PUBLIC_ROWS
from gpucalc.validation.throughput_cases import load_throughput_cases
from tests.report.scenarios import SMALL_SCENARIO, TP_SCENARIO

SCENARIO_FILES = (Path(__file__).resolve().parents[1] / "resources" / "examples"
                  / "llama-3.1-70b-8xa100.gpucalc.json",)
RANDOM_CASES = 12
RANDOM_SEED = 10
MODELS = (("llama-3.1-8b-instruct", 1), ("llama-3.1-70b-instruct", 4), ("qwen2.5-7b-instruct", 1))
GPUS = ("h100-sxm-80gb", "a100-sxm-80gb", "l40s")


def scenario_files() -> list[tuple[str, Scenario]]:
    """The saved scenario cases (the bundled 70B example)."""
    cases = []
    for path in SCENARIO_FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        cases.append((path.name.split(".gpucalc")[0], Scenario.model_validate(data["scenario"])))
    return cases


def random_scenarios(count: int = RANDOM_CASES, seed: int = RANDOM_SEED) -> list[tuple[str, Scenario]]:
    """A fixed-seed spread of models, GPUs, lengths and targets."""
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        model, tp = rng.choice(MODELS)
        input_p50 = rng.choice((256, 512, 1024, 2048, 4096))
        output_p50 = rng.choice((64, 128, 256, 512))
        workload = Workload(input_len_p50=input_p50, output_len_p50=output_p50,
                            input_len_p95=input_p50 * rng.choice((1, 2, 3)),
                            output_len_p95=output_p50 * rng.choice((1, 2)))
        targets = Targets(ttft_ms=rng.choice((500.0, 1000.0, 2000.0, 4000.0)),
                          tpot_ms=rng.choice((30.0, 50.0, 80.0, 120.0)))
        scenario = Scenario(model=model, gpu=rng.choice(GPUS), workload=workload, targets=targets,
                            deployment=Deployment(num_gpus=tp, tensor_parallel_size=tp,
                                                  max_model_len=16384))
        cases.append((f"random-{index}", scenario))
    return cases


def all_cases(catalog: Catalog) -> list[tuple[str, PlanInputs]]:
    """Every case's resolved inputs (scenarios that do not resolve are skipped)."""
    named = [*scenario_files(), ("report-tp", TP_SCENARIO), ("report-small", SMALL_SCENARIO),
             *random_scenarios()]
    cases = []
    for name, scenario in named:
        try:
            cases.append((name, resolve_scenario(catalog, scenario)))
        except (PlanError, LookupError, ValueError):
            continue
    cases += [(case.id, case.inputs) for case in load_throughput_cases(catalog)
              if case.id in EARLIER_PUBLIC_ROWS]
    return cases


def main() -> None:
    catalog = Catalog.load()
    deviations = []
    print(f"{'case':<44} {'analytic':>9} {'simulated':>9} {'ratio':>6} {'s':>5}")
    for name, inputs in all_cases(catalog):
        memory = calculate_memory(inputs)
        if not memory.fits:
            continue
        start = time.perf_counter()
        try:
            capacity = slo_capacity(inputs, memory)
        except ValueError:
            continue
        seconds = time.perf_counter() - start
        if capacity.simulated.value <= 0:
            continue
        deviations.append(abs(capacity.ratio - 1.0))
        print(f"{name[:44]:<44} {capacity.analytic.value:>9.3f} {capacity.simulated.value:>9.3f} "
              f"{capacity.ratio:>6.3f} {seconds:>5.2f}")
    within = sum(d <= AGREEMENT_TOLERANCE for d in deviations)
    print(f"\ncases {len(deviations)}; |analytic ÷ simulated − 1|: median "
          f"{statistics.median(deviations):.1%}, worst {max(deviations):.1%}; within 10 %: "
          f"{within}/{len(deviations)} (outside it the plan states the simulated capacity)")


if __name__ == "__main__":
    main()
