"""Run every benchmark: ``python -m benchmarks`` (or ``make bench``)."""

from __future__ import annotations

from benchmarks import kv_accuracy, speed, throughput_accuracy

for name, module in (("KV-capacity accuracy", kv_accuracy),
                     ("Throughput / latency accuracy", throughput_accuracy), ("Speed", speed)):
    print(f"\n=== {name} ===\n")
    module.main()
