"""The window's form: which fields it shows, grouped and in order.

Each field's title, help, unit and choices are declared once, on its knob in
:mod:`gpucalc.engines.vocabulary` (marked for translation, context "Fields"); ranges, defaults and
types come from the pydantic schema (see :mod:`gpucalc.ui.binder`). This module lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from gpucalc.engines.tables import knob
from gpucalc.engines.vocabulary import KNOBS
from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "Fields"


@dataclass(frozen=True)
class FieldSpec:
    """One form field bound to ``path`` (dotted, e.g. ``deployment.max_model_len``)."""

    path: str
    title: str
    help: str = ""
    unit: str = ""
    decimals: int = 2
    auto: str = QT_TRANSLATE_NOOP("Fields", "auto")
    choices: str = ""  # name of a choice provider: engines, weight_formats, kv_formats, dtypes, gpus


def _fields(*paths: str) -> tuple[FieldSpec, ...]:
    """The form fields at ``paths``, each as its knob shows it."""
    specs = []
    for path in paths:
        shown = knob(path).shown
        if shown is None:
            raise LookupError(f"the knob of {path} has no title for the form")
        specs.append(FieldSpec(path, shown.title, shown.help, shown.unit, shown.decimals, shown.auto,
                               shown.choices))
    return tuple(specs)


HARDWARE = _fields("gpu", "deployment.num_gpus", "deployment.gpu_memory_gib", "deployment.nodes",
                   "deployment.gpus_per_node", "deployment.network")
DISAGGREGATION = _fields(
    "deployment.disaggregation.enabled", *(f"deployment.disaggregation.{role}_{size}" for size in (
        "tp", "dp", "pp", "replicas") for role in ("prefill", "decode")),
    "deployment.disaggregation.kv_transfer_gbps")
ENGINE = (
    *_fields("deployment.engine", "deployment.gpu_memory_utilization", "deployment.max_model_len",
             "deployment.max_num_batched_tokens", "deployment.max_num_seqs",
             "deployment.tensor_parallel_size", "deployment.pipeline_parallel_size",
             "deployment.enable_expert_parallel", "deployment.decode_context_parallel_size",
             "deployment.mamba_ssm_cache_dtype", "deployment.data_parallel_size",
             "deployment.enable_eplb", "deployment.num_redundant_experts", "deployment.expert_imbalance",
             "deployment.all2all_mode", "deployment.enforce_eager", "deployment.weight_format",
             "deployment.kv_cache_dtype", "deployment.enable_prefix_caching"),
    *DISAGGREGATION,
    *_fields("deployment.speculative_config.method", "deployment.speculative_config.num_speculative_tokens",
             "deployment.speculative_config.draft_model", "deployment.speculative_config.acceptance_length"),
)
WORKLOAD = _fields("workload.input_len_p50", "workload.input_len_p95", "workload.output_len_p50",
                   "workload.output_len_p95", "workload.max_turns", "workload.tokens_per_turn",
                   "workload.length_margin", "workload.qps_avg", "workload.qps_peak", "workload.mode",
                   "workload.shared_prefix_len", "workload.num_prefixes", "workload.prefix_hit_rate",
                   "workload.history_cached")
TARGETS = _fields("targets.ttft_ms", "targets.tpot_ms", "targets.percentile", "targets.watermark",
                  "targets.planning_memory_share")
MODEL = _fields("model", "dtype")

UNIT_TEXT = {
    "tokens": QT_TRANSLATE_NOOP("Units", "tokens"),
    "req/s": "req/s",
    "ms": "ms",
    "GiB": "GiB",
    "Gb/s": "Gb/s",
}

EDITABLE_CHOICES = frozenset({"models", "weight_formats"})

ALL_FIELDS = (*HARDWARE, *ENGINE, *WORKLOAD, *TARGETS, *MODEL)

_IN_FORM = frozenset(spec.path for spec in ALL_FIELDS)
OTHER_TITLES = {
    "deployment": QT_TRANSLATE_NOOP("Fields", "Deployment"),
    "workload": QT_TRANSLATE_NOOP("Fields", "Workload"),
    "targets": QT_TRANSLATE_NOOP("Fields", "Targets"),
    **{item.path: item.shown.title for item in KNOBS if item.shown and item.path not in _IN_FORM},
}
"""Titles of the scenario's parts that have no field in the form (files and the command line set them)."""


def field_title(path: str) -> str:
    """The form's (translated) title of the field at ``path`` or the nearest enclosing one, else ``path``."""
    titles = {**OTHER_TITLES, **{spec.path: spec.title for spec in ALL_FIELDS}}
    probe = path
    while probe:
        if probe in titles:
            return QCoreApplication.translate(CONTEXT, titles[probe])
        probe = probe.rpartition(".")[0]
    return path
