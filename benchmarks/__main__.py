"""Run every benchmark: ``python -m benchmarks`` (or ``make bench``)."""

from __future__ import annotations

from benchmarks import (
    calibration_accuracy,
    generalisation,
    kv_accuracy,
    report_speed,
    sim_agreement,
    simulate_speed,
    speed,
    startup,
    throughput_accuracy,
    uncertainty_speed,
)

for name, module in (("Generalisation: accuracy per source group, fitted on the other groups",
                      generalisation),
                     ("KV-capacity accuracy", kv_accuracy),
                     ("Throughput / latency accuracy", throughput_accuracy), ("Speed", speed),
                     ("Command-line start-up (whole processes)", startup),
                     ("Uncertainty and length statistics speed", uncertainty_speed),
                     ("Traffic simulator speed", simulate_speed),
                     ("Percentile capacity against the simulator", sim_agreement),
                     ("Report and CSV export speed", report_speed),
                     ("Calibration to measured runs", calibration_accuracy)):
    print(f"\n=== {name} ===\n")
    module.main()
