"""The metrics a validation row is scored on, and what each one measures.

Apart from :mod:`gpucalc.validation.scoring` (which predicts the rows) so that reading the
residual file, as every plan's bands do, does not load the scoring machinery.
"""

from __future__ import annotations

METRIC_LABELS = {
    "kv_tokens": "KV capacity (start-up logs)",
    "throughput": "output throughput (runs)",
    "ttft": "TTFT (runs)",
    "tpot": "TPOT / ITL (runs)",
    "run_ttft_median": "whole runs: median TTFT",
    "run_ttft_p99": "whole runs: P99 TTFT",
    "run_tpot_median": "whole runs: median TPOT",
    "run_request_throughput": "whole runs: request throughput",
}
METRICS = tuple(METRIC_LABELS)
