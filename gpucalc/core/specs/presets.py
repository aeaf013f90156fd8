"""Workload presets: typical traffic shapes to start from (lengths in tokens, rates in req/s).

The numbers are starting points a planner then replaces with the P50/P95 of their own logs
(seed 000: plan with the real percentile, not the mean); they are not measurements.
"""

from __future__ import annotations

from gpucalc.core.specs.inputs import RequestClass, TrafficMode, Workload

PRESETS: dict[str, Workload] = {
    "short_qa": Workload(input_len_p50=512, input_len_p95=1536, output_len_p50=256,
                         output_len_p95=640, qps_avg=5.0, qps_peak=12.0),
    "long_document": Workload(input_len_p50=8192, input_len_p95=28_000, output_len_p50=512,
                              output_len_p95=1024, qps_avg=0.5, qps_peak=1.5),
    "rag": Workload(input_len_p50=3072, input_len_p95=6144, output_len_p50=320,
                    output_len_p95=800, qps_avg=2.0, qps_peak=5.0),
    "multi_turn_chat": Workload(input_len_p50=600, input_len_p95=1500, output_len_p50=300,
                                output_len_p95=700, max_turns=8, tokens_per_turn=600,
                                qps_avg=3.0, qps_peak=8.0),
    "mixed": Workload(input_len_p50=700, input_len_p95=12_000, output_len_p50=250,
                      output_len_p95=600, qps_avg=4.0, qps_peak=10.0, classes=(
                          RequestClass(name="short", share=0.8, input_len=600, output_len=250),
                          RequestClass(name="long", share=0.2, input_len=12_000, output_len=600))),
    "offline_batch": Workload(input_len_p50=2048, input_len_p95=4096, output_len_p50=512,
                              output_len_p95=1024, qps_avg=1.0, mode=TrafficMode.OFFLINE),
}


def preset_id(workload: Workload) -> str:
    """The id of the preset equal to ``workload`` ('' when it matches none)."""
    return next((key for key, preset in PRESETS.items() if preset == workload), "")
