"""Run every benchmark: ``python -m benchmarks`` (or ``make bench``)."""

from __future__ import annotations

from benchmarks import kv_accuracy, speed

for name, module in (("KV-capacity accuracy", kv_accuracy), ("Speed", speed)):
    print(f"\n=== {name} ===\n")
    module.main()
