"""The rows of ``summary.csv``: the plan's inputs and its answer, one figure a row. No Qt.

Long format (``section, field, value, unit, source``) so a spreadsheet filters and pivots it: the
unit sits in its own column, ids come with their names, and the source says where each value
comes from — ``scenario`` (what the plan was asked), ``catalog`` (the GPU, model and engine
tables), ``resolved: …`` (what the engine derives when the scenario leaves it open) or
``<file>.csv: <row>`` for a result, whose formula, inputs and sources that file and
``term_inputs.csv`` give.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpucalc.core.capacity.perf_result import PerformanceResult
from gpucalc.core.common.explain import Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.fleet.fleet import FleetVerdict
from gpucalc.core.fleet.uncertainty import Bands
from gpucalc.core.parallel.expert_parallel import expert_imbalance
from gpucalc.core.parallel.topology import node_summary
from gpucalc.core.specs.inputs import PlanInputs
from gpucalc.core.specs.parallel_inputs import IMBALANCE_DEFAULTS
from gpucalc.core.step.prefix_cache import caching_on, prefix_cache_terms
from gpucalc.plan.disaggregation import disaggregated_figures, disaggregated_units
from gpucalc.report.data import ReportData
from gpucalc.text.catalogue import translate

SummaryValue = str | int | float | bool | None
CSV_FORMAT_VERSION = 2
"""Version of the CSV export's layout: 1 had no summary.csv, term_inputs.csv or README.txt."""

FLEET_UNITS = {"qps_avg": "req/s", "qps_peak": "req/s", "gpus_per_replica": "GPUs",
               "price_usd_per_gpu_hour": "USD/GPU-hour", "output_tokens_per_day": "tokens/day",
               "backfill_tokens_per_day": "tokens/day", "output_tokens_per_gpu_hour": "tokens/GPU-hour",
               "cost_per_hour_usd": "USD/h", "cost_per_hour_deployed_usd": "USD/h",
               "cost_per_month_usd": "USD/month", "cost_per_million_output_tokens_usd": "USD/million tokens"}
"""Units of the fleet verdict's figures where the figure is a plain number or its term's unit
leaves the period out (the verdict's costs are terms in 'USD')."""

FROM_SCENARIO = "scenario"
FROM_CATALOG = "catalog"
LINK_PLAN = QT_TRANSLATE_NOOP("CsvSummary", "link plan")


@dataclass(frozen=True)
class SummaryRow:
    """One row of ``summary.csv``."""

    section: str
    field: str
    value: SummaryValue
    unit: str
    source: str


def _whole(value: float) -> int | float:
    """``value`` as an int when it is a whole number (counts read as counts)."""
    return int(value) if float(value).is_integer() else value


def _result(section: str, field: str, term: Term, file: str, row: str,
            unit: str | None = None) -> SummaryRow:
    return SummaryRow(section, field, _whole(term.value), unit or term.unit, f"{file}.csv: {row}")


def export_rows(data: ReportData) -> list[SummaryRow]:
    """What wrote the files, when, and in which layout."""
    return [SummaryRow("export", "format_version", CSV_FORMAT_VERSION, "", "gpucalc"),
            SummaryRow("export", "gpucalc_version", data.version, "", "gpucalc"),
            SummaryRow("export", "created", data.created.isoformat(), "local time", "gpucalc"),
            SummaryRow("export", "scenario_name", data.scenario.name, "", FROM_SCENARIO)]


def hardware_rows(inputs: PlanInputs) -> list[SummaryRow]:
    """Model, GPU and engine: id and name of each, the GPU count and price."""
    gpu = inputs.gpu
    return [
        SummaryRow("model", "model_id", inputs.model.id, "", FROM_CATALOG),
        SummaryRow("model", "model_name", inputs.model.name, "", FROM_CATALOG),
        SummaryRow("gpu", "gpu_id", gpu.id, "", FROM_CATALOG),
        SummaryRow("gpu", "gpu_name", gpu.name, "", FROM_CATALOG),
        SummaryRow("gpu", "gpu_count", inputs.deployment.num_gpus, "GPUs", FROM_SCENARIO),
        SummaryRow("gpu", "price_per_gpu_hour", gpu.usable_price_usd_per_hour, "USD/GPU-hour",
                   FROM_CATALOG),
        SummaryRow("engine", "engine_id", inputs.engine.id, "", FROM_SCENARIO),
        SummaryRow("engine", "engine_name", inputs.engine.name, "", FROM_CATALOG),
    ]


def _chosen_or_resolved(given: object, how: str) -> str:
    return FROM_SCENARIO if given is not None else f"resolved: {how}"


def deployment_rows(inputs: PlanInputs, max_model_len: Term) -> list[SummaryRow]:
    """Precision, parallelism and the context limit."""
    dep = inputs.deployment
    weights_from = _chosen_or_resolved(dep.weight_format,
                                       QT_TRANSLATE_NOOP("CsvSummary", "the checkpoint's format"))
    kv_from = (FROM_SCENARIO if dep.kv_cache_dtype != "auto"
               else "resolved: " + QT_TRANSLATE_NOOP("CsvSummary",
                                                     "kv_cache_dtype auto follows the model's dtype"))
    return [
        SummaryRow("precision", "weight_format_id", inputs.weight_format.id, "", weights_from),
        SummaryRow("precision", "weight_format_name", inputs.weight_format.label, "", weights_from),
        SummaryRow("precision", "weights_as_in_checkpoint", inputs.body_format_is_checkpoint,
                   "", FROM_CATALOG),
        SummaryRow("precision", "kv_format_id", inputs.kv_format.id, "", kv_from),
        SummaryRow("precision", "kv_format_name", inputs.kv_format.label, "", kv_from),
        SummaryRow("parallelism", "tensor_parallel_size", dep.tensor_parallel_size, "GPUs",
                   FROM_SCENARIO),
        SummaryRow("parallelism", "pipeline_parallel_size", dep.pipeline_parallel_size, "stages",
                   FROM_SCENARIO),
        SummaryRow("parallelism", "expert_parallel", dep.enable_expert_parallel, "", FROM_SCENARIO),
        SummaryRow("parallelism", "decode_context_parallel_size", dep.decode_context_parallel_size,
                   "ranks", FROM_SCENARIO),
        SummaryRow("precision", "mamba_ssm_cache_dtype", dep.mamba_ssm_cache_dtype.value, "",
                   FROM_SCENARIO),
        SummaryRow("parallelism", "gpus_per_replica", dep.gpus_per_replica, "GPUs", FROM_SCENARIO),
        SummaryRow("deployment", "prefix_caching", caching_on(dep, inputs.engine), "",
                   FROM_SCENARIO if dep.enable_prefix_caching is not None
                   else "resolved: " + QT_TRANSLATE_NOOP("CsvSummary", "the engine's default")),
        *node_rows(inputs),
        *data_parallel_rows(inputs),
        SummaryRow("deployment", "max_model_len", _whole(max_model_len.value), max_model_len.unit,
                   _chosen_or_resolved(dep.max_model_len, max_model_len.formula)),
    ]


def node_rows(inputs: PlanInputs) -> list[SummaryRow]:
    """Nodes, GPUs per node, the network and what crosses it."""
    dep, nodes = inputs.deployment, node_summary(inputs)
    return [
        SummaryRow("nodes", "nodes", nodes.nodes, "nodes",
                   _chosen_or_resolved(dep.nodes, QT_TRANSLATE_NOOP(
                       "CsvSummary", "GPUs ÷ GPUs per node, rounded up"))),
        SummaryRow("nodes", "gpus_per_node", nodes.gpus_per_node, "GPUs",
                   _chosen_or_resolved(dep.gpus_per_node, QT_TRANSLATE_NOOP(
                       "CsvSummary", "the GPU's server or NVLink domain"))),
        SummaryRow("nodes", "network", nodes.network or "", "",
                   _chosen_or_resolved(dep.network, QT_TRANSLATE_NOOP(
                       "CsvSummary", "the network the GPU's servers ship with"))),
        SummaryRow("nodes", "scale_out_gb_per_s", nodes.scale_out.value, "GB/s",
                   nodes.scale_out.formula),
        SummaryRow("nodes", "tp_spans_nodes", nodes.tp_spans_nodes, "", LINK_PLAN),
        SummaryRow("nodes", "pp_hops_across_nodes", nodes.pp_hops_across_nodes, "hops", LINK_PLAN),
    ]


def data_parallel_rows(inputs: PlanInputs) -> list[SummaryRow]:
    """DP size, EPLB, redundant experts, imbalance and all-to-all mode (none at DP 1)."""
    dep = inputs.deployment
    if dep.data_parallel_size <= 1:
        return []
    imbalance_from = FROM_SCENARIO if dep.expert_imbalance is not None else (
        f"gpucalc default {IMBALANCE_DEFAULTS}")
    return [SummaryRow("parallelism", "data_parallel_size", dep.data_parallel_size, "ranks", FROM_SCENARIO),
            SummaryRow("parallelism", "gpus_per_engine", dep.gpus_per_engine, "GPUs", FROM_SCENARIO),
            SummaryRow("parallelism", "enable_eplb", dep.enable_eplb, "", FROM_SCENARIO),
            SummaryRow("parallelism", "num_redundant_experts", dep.num_redundant_experts, "experts",
                       FROM_SCENARIO),
            SummaryRow("parallelism", "expert_imbalance", expert_imbalance(dep), "", imbalance_from),
            SummaryRow("parallelism", "all2all_mode", dep.all2all_mode.value, "", FROM_SCENARIO)]


def traffic_rows(inputs: PlanInputs) -> list[SummaryRow]:
    """Request lengths, turns, classes and QPS (a P95 or peak left open is the P50 or average)."""
    work = inputs.workload
    p95_from = "scenario (" + QT_TRANSLATE_NOOP("CsvSummary", "none given: the P50") + ")"
    rows = [
        SummaryRow("traffic", "mode", work.mode.value, "", FROM_SCENARIO),
        SummaryRow("traffic", "input_len_p50", work.input_len_p50, "tokens", FROM_SCENARIO),
        SummaryRow("traffic", "input_len_p95", work.input_p95, "tokens",
                   FROM_SCENARIO if work.input_len_p95 is not None else p95_from),
        SummaryRow("traffic", "output_len_p50", work.output_len_p50, "tokens", FROM_SCENARIO),
        SummaryRow("traffic", "output_len_p95", work.output_p95, "tokens",
                   FROM_SCENARIO if work.output_len_p95 is not None else p95_from),
        SummaryRow("traffic", "length_margin", work.length_margin, "fraction", FROM_SCENARIO),
        SummaryRow("traffic", "max_turns", work.max_turns, "turns", FROM_SCENARIO),
        SummaryRow("traffic", "tokens_per_turn", work.tokens_per_turn, "tokens", FROM_SCENARIO),
        SummaryRow("traffic", "shared_prefix_len", work.shared_prefix_len, "tokens", FROM_SCENARIO),
        SummaryRow("traffic", "num_prefixes", work.num_prefixes, "prefixes", FROM_SCENARIO),
        SummaryRow("traffic", "history_cached", work.history_cached, "", FROM_SCENARIO),
        SummaryRow("traffic", "qps_average", work.qps_avg if work.qps_avg is not None else "",
                   "req/s", FROM_SCENARIO if work.qps_avg is not None
                   else "scenario (" + QT_TRANSLATE_NOOP("CsvSummary",
                                                         "none given: no fleet is sized") + ")"),
        SummaryRow("traffic", "qps_peak", work.qps_peak if work.qps_peak is not None else work.qps_avg
                   if work.qps_avg is not None else "",
                   "req/s", FROM_SCENARIO if work.qps_peak is not None
                   else "scenario (" + QT_TRANSLATE_NOOP("CsvSummary", "none given: the average") + ")"),
    ]
    if work.prefix_hit_rate is not None:
        rows.append(SummaryRow("traffic", "prefix_hit_rate", work.prefix_hit_rate, "fraction",
                               FROM_SCENARIO))
    for number, cls in enumerate(work.classes, start=1):
        prefix = f"class_{number}"
        rows += [SummaryRow("traffic", f"{prefix}_name", cls.name, "", FROM_SCENARIO),
                 SummaryRow("traffic", f"{prefix}_share", cls.share, "fraction", FROM_SCENARIO),
                 SummaryRow("traffic", f"{prefix}_input_len", cls.input_len, "tokens", FROM_SCENARIO),
                 SummaryRow("traffic", f"{prefix}_output_len", cls.output_len, "tokens",
                            FROM_SCENARIO)]
    return rows


def target_rows(inputs: PlanInputs) -> list[SummaryRow]:
    """Latency targets, the percentile they hold at and the planning shares."""
    targets = inputs.targets
    return [
        SummaryRow("targets", "ttft", targets.ttft_ms, "ms", FROM_SCENARIO),
        SummaryRow("targets", "tpot", targets.tpot_ms, "ms", FROM_SCENARIO),
        SummaryRow("targets", "percentile", targets.percentile, "percent of requests", FROM_SCENARIO),
        SummaryRow("targets", "watermark", targets.watermark,
                   "fraction of the concurrency and of the rate capacity", FROM_SCENARIO),
        SummaryRow("targets", "planning_memory_share", targets.planning_memory_share,
                   "fraction of GPU memory", FROM_SCENARIO),
    ]


def memory_rows(data: ReportData) -> list[SummaryRow]:
    """Whether the model fits, the memory per GPU and the KV cache it leaves (one replica)."""
    memory = data.result.memory
    kv = memory.kv_cache_tokens
    return [SummaryRow("memory", "model_fits", memory.fits, "", "line_items.csv"),
            _result("memory", "total_memory_per_gpu", memory.settings.total_gib, "line_items",
                    "total_gib_per_gpu"),
            SummaryRow("memory", "kv_cache_tokens_per_replica", _whole(kv.value), kv.unit,
                       f"calculated: {kv.formula}"),
            *(SummaryRow("memory", "state_bytes_per_request_per_gpu", _whole(t.value), t.unit,
                         f"calculated: {t.formula}") for t in memory.state_terms)]


def answer_rows(perf: PerformanceResult, bands: Bands | None) -> list[SummaryRow]:
    """The recommendation per replica: concurrency, its range, the binding limit and the rates."""
    binding = next(c for c in perf.ceilings if c.kind == perf.bottleneck)
    point = perf.at_recommended
    rows = [_result("answer", "recommended_concurrency", perf.recommended_concurrency, "answer",
                    "recommended_concurrency")]
    band = bands.band("recommended_concurrency") if bands is not None else None
    if band is not None:
        rows += [_result("answer", "recommended_concurrency_low", band.low, "uncertainty",
                         "recommended_concurrency low"),
                 _result("answer", "recommended_concurrency_high", band.high, "uncertainty",
                         "recommended_concurrency high")]
    rows += [
        SummaryRow("answer", "percentile", perf.percentile, "percent of requests", FROM_SCENARIO),
        SummaryRow("answer", "binding_limit", perf.binding_limit.value, "",
                   "calculated: " + QT_TRANSLATE_NOOP(
                       "CsvSummary", "the limit that binds (memory, ttft, tpot, interconnect or scheduler)")),
        SummaryRow("answer", "binding_ceiling", perf.bottleneck.value, "",
                   f"answer.csv: ceilings.{binding.kind.value}"),
        _result("answer", "binding_ceiling_value", binding.value, "answer",
                f"ceilings.{binding.kind.value}"),
        _result("answer", "online_capacity", perf.online_capacity, "answer", "online_capacity"),
        SummaryRow("answer", "online_capacity_by", perf.rates.planned_by.value, "",
                   "calculated: " + QT_TRANSLATE_NOOP(
                       "CsvSummary",
                       "the rule that sets the planned concurrency (watermark or memory_share)")),
        _result("answer", "requests_per_s_per_replica", point.requests_per_s, "answer",
                point.requests_per_s.key),
        _result("answer", "output_tokens_per_s_per_replica", point.output_tokens_per_s, "answer",
                point.output_tokens_per_s.key),
        _result("answer", "ttft_at_recommendation", point.ttft_ms, "answer", point.ttft_ms.key),
        _result("answer", "tpot_at_recommendation", point.tpot_ms, "answer", point.tpot_ms.key),
        *(_result("answer", f"{name}_percentile_at_recommendation", t, "answer", t.key)
          for name, t in (("ttft", point.ttft_percentile_ms), ("tpot", point.tpot_percentile_ms))
          if t is not None),
    ]
    rate = perf.rate_capacity
    if rate is not None:
        rows += [_result("rate_capacity", name, t, "answer", t.key) for name, t in (
            ("requests_per_s", rate.requests_per_s), ("in_flight", rate.in_flight),
            ("output_tokens_per_s", rate.output_tokens_per_s),
            ("ttft_percentile", rate.ttft_ms), ("tpot_percentile", rate.tpot_ms))]
        rows.append(SummaryRow("rate_capacity", "binding_limit", rate.binding_limit.value, "",
                               "calculated: " + QT_TRANSLATE_NOOP("CsvSummary",
                                                                  "the limit that binds random traffic")))
    rows += [_result("prefix_cache", t.key.split(".", 1)[1], t, "answer", t.key)
             for t in prefix_cache_terms(perf.prefix_cache)]
    rows += [_result("answer", t.key.replace(".", "_"), t, "answer", t.key)
             for t in perf.expert_parallel]
    spec = perf.speculative
    if spec is not None:  # speculative decoding
        rows += [SummaryRow("speculative", "method", spec.method, "", FROM_SCENARIO),
                 SummaryRow("speculative", "num_speculative_tokens", spec.num_speculative_tokens,
                            "tokens", FROM_SCENARIO)]
        rows += [_result("speculative", t.key.split(".")[-1], t, "answer", t.key) for t in (
            spec.acceptance_length, spec.speedup_at_batch_1, spec.speedup_at_knee)]
        rows.append(_result("speculative", "draft_weights_gib", spec.draft_weights_gib,
                            "line_items", spec.draft_weights_gib.key))
    return rows


def fleet_rows(fleet: FleetVerdict) -> list[SummaryRow]:
    """The fleet verdict: does the deployment carry the traffic, what it needs and costs."""
    rows = [SummaryRow("fleet", "carries_average_qps", fleet.carries_average, "", "fleet.csv: "
                       "carries_average"),
            SummaryRow("fleet", "carries_peak_qps", fleet.carries_peak, "", "fleet.csv: carries_peak")]
    rows += [_result("fleet", key, getattr(fleet, key), "fleet", key) for key in (
        "replicas_needed", "gpus_needed", "replicas_deployed", "gpus_deployed",
        "requests_per_s_total", "output_tokens_per_s_total")]
    costs = (("cost_per_hour", "cost_per_hour_usd", fleet.cost_per_hour_usd),
             ("cost_per_month", "cost_per_month_usd", fleet.cost_per_month_usd),
             ("cost_per_million_output_tokens", "cost_per_million_output_tokens_usd",
              fleet.cost_per_million_output_tokens_usd))
    return rows + [_result("fleet", field, cost, "fleet", key, FLEET_UNITS[key])
                   for field, key, cost in costs if cost is not None]


DISAGGREGATION_SUMMARY = ("ratio", "prefill_replicas", "decode_replicas", "prefill_dp", "decode_dp",
                          "prefill_engines", "decode_engines", "prefill_gpus", "decode_gpus",
                          "gpus", "kv_transfer_ms", "ttft_ms", "decode_tpot_ms", "aggregated_gpus")
"""The figures of ``disaggregated.csv`` the summary repeats."""


def disaggregation_rows(data: ReportData) -> list[SummaryRow]:
    """The pools asked for (the scenario's) and what they come to (``disaggregated.csv``)."""
    pools = data.inputs.deployment.disaggregation
    rows = [SummaryRow("disaggregation", name, getattr(pools, name), "", FROM_SCENARIO)
            for name in type(pools).model_fields if getattr(pools, name) is not None]
    plan = data.plan.disaggregated
    if plan is None:
        return rows
    figures = disaggregated_figures(plan, data.plan.fleet, data.inputs.gpu.usable_price_usd_per_hour)
    units = disaggregated_units(plan)
    return rows + [SummaryRow("disaggregation", name, figures[name], units.get(name, ""),
                              f"disaggregated.csv: {name}") for name in DISAGGREGATION_SUMMARY]


def summary_rows(data: ReportData) -> list[SummaryRow]:
    """Every row of ``summary.csv`` for ``data`` (inputs always; the answer when the model fits)."""
    inputs = data.inputs
    rows = export_rows(data) + hardware_rows(inputs)
    rows += deployment_rows(inputs, data.result.memory.settings.max_model_len)
    rows += traffic_rows(inputs) + target_rows(inputs) + memory_rows(data)
    perf = data.result.performance
    if perf is not None:
        rows += answer_rows(perf, data.bands)
    if data.plan.fleet is not None:
        rows += fleet_rows(data.plan.fleet)
    if data.inputs.deployment.disaggregation.enabled:
        rows += disaggregation_rows(data)
    return rows


_KEPT_SOURCE = re.compile(r"^(?:scenario|catalog|gpucalc|[\w.]+\.csv(?:: .*)?)$")
_EXPLAINED = re.compile(r"^(resolved: |calculated: )(.*)$|^(scenario \()(.*)(\))$")


def _explanation(text: str, lang: str) -> str:
    shown = translate("CsvSummary", text, lang)
    return shown if shown != text else translate("Formulas", text, lang)


def shown_source(source: str, lang: str) -> str:
    """A row's source as the export writes it in ``lang``.

    The kind stays a key ('scenario', 'catalog', 'resolved: …', 'calculated: …', 'FILE.csv: ROW');
    the explanation after 'resolved:' or 'calculated:' (a rule, a formula) is the reader's words.
    """
    if _KEPT_SOURCE.match(source):
        return source
    explained = _EXPLAINED.match(source)
    if explained is None:
        return _explanation(source, lang)
    kind, text, scenario, why, close = explained.groups()
    if kind is not None:
        return f"{kind}{_explanation(text, lang)}"
    return f"{scenario}{_explanation(why, lang)}{close}"
