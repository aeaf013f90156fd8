"""KV-capacity accuracy against real engine start-up logs.

Run: ``python -m benchmarks.kv_accuracy [FILE.jsonl]``. Prints the per-case table and the error
summary the README quotes, split into the vLLM 0.19 start-ups (where the constants were fitted)
and everything else (other vLLM versions, SGLang, TensorRT-LLM, other GPUs). FILE defaults to
``specs/validation/kv_capacity.jsonl``.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import numpy as np

from gpucalc.catalog.bundled import Catalog
from gpucalc.core.memory.memory_plan import calculate_memory
from gpucalc.validation.kv_cases import load_kv_cases


def summarise(name: str, errors: list[float]) -> None:
    """Print the error summary of one group of cases."""
    if not errors:
        print(f"{name}: no cases")
        return
    print(f"{name}: {len(errors)} cases, median |error| {statistics.median(errors):.1%}, "
          f"P90 {float(np.percentile(errors, 90)):.1%}, max {max(errors):.1%}")


def main() -> None:
    catalog = Catalog.load()
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    errors: list[float] = []
    groups: dict[str, list[float]] = {"vLLM 0.19": [], "everything else": []}
    header = (f"{'case':<12} {'setup':<58} {'measured':>10} {'gpucalc':>10} {'error':>7} "
              f"{'W meas/est':>12} {'act meas/est':>13} {'nt meas/est':>12}")
    print(header)
    print("-" * len(header))
    for case in load_kv_cases(catalog, path):
        result = calculate_memory(case.inputs)
        predicted = result.kv_cache_tokens.value
        error = (predicted - case.measured_tokens) / case.measured_tokens
        errors.append(abs(error))
        groups["vLLM 0.19" if case.is_vllm_019 else "everything else"].append(abs(error))
        stage = result.binding
        m = case.measured

        def pair(measured: float | None, estimate: float) -> str:
            return f"{measured if measured is not None else '—'}/{estimate:.2f}"

        print(f"{case.id:<12} {case.label[:58]:<58} {case.measured_tokens:>10,} {predicted:>10,.0f} "
              f"{error:>+7.1%} {pair(m.get('model_weights_gib_per_gpu'), stage.weights_total.value):>12} "
              f"{pair(m.get('activation_peak_gib'), stage.activation.value):>13} "
              f"{pair(m.get('non_torch_memory_gib'), stage.non_torch.value):>12}")
    print()
    print(f"cases: {len(errors)}")
    print(f"median absolute error: {statistics.median(errors):.1%}")
    print(f"90th percentile absolute error: {float(np.percentile(errors, 90)):.1%}")
    print(f"max absolute error: {max(errors):.1%}")
    for name, group in groups.items():
        summarise(name, group)


if __name__ == "__main__":
    main()
