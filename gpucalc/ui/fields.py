"""The window's form fields, read from the knobs.

Each field's title, help, unit, choices and form group are declared once, on its knob in
:mod:`gpucalc.engines.vocabulary` (marked for translation, context "Fields"); ranges, defaults and
types come from the pydantic schema (see :mod:`gpucalc.ui.binder`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from gpucalc.engines.knobs import FormGroup
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


def _group(group: FormGroup) -> tuple[FieldSpec, ...]:
    """The fields of one form group, in the order the knobs declare them."""
    return tuple(FieldSpec(item.path, item.shown.title, item.shown.help, item.shown.unit,
                           item.shown.decimals, item.shown.auto, item.shown.choices)
                 for item in KNOBS if item.shown is not None and item.shown.form == group)


HARDWARE = _group(FormGroup.HARDWARE)
NODES = _group(FormGroup.NODES)
"""The servers the GPUs sit in and the network between them (folded under the main inputs)."""
ENGINE = _group(FormGroup.ENGINE)
"""The engine, its parallel layout, precisions and scheduler limits."""
EXPERT_AND_CONTEXT_PARALLEL = _group(FormGroup.PARALLEL)
"""Data and expert parallelism of MoE models, and decode context parallelism."""
DISAGGREGATION = _group(FormGroup.POOLS)
SPECULATIVE = _group(FormGroup.SPECULATIVE)
WORKLOAD = _group(FormGroup.WORKLOAD)
TARGETS = _group(FormGroup.TARGETS)
MODEL = _group(FormGroup.MODEL)

UNIT_TEXT = {
    "tokens": QT_TRANSLATE_NOOP("Units", "tokens"),
    "req/s": "req/s",
    "ms": "ms",
    "GiB": "GiB",
    "Gb/s": "Gb/s",
}

EDITABLE_CHOICES = frozenset({"models", "weight_formats"})

ALL_FIELDS = (*HARDWARE, *NODES, *ENGINE, *EXPERT_AND_CONTEXT_PARALLEL, *DISAGGREGATION, *SPECULATIVE,
              *WORKLOAD, *TARGETS, *MODEL)

OTHER_TITLES = {
    "deployment": QT_TRANSLATE_NOOP("Fields", "Deployment"),
    "workload": QT_TRANSLATE_NOOP("Fields", "Workload"),
    "targets": QT_TRANSLATE_NOOP("Fields", "Targets"),
    **{item.path: item.shown.title for item in KNOBS if item.shown and item.shown.form is None},
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
