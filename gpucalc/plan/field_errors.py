"""How a computation or validation error maps to a form field and a one-line message. No Qt."""

from __future__ import annotations

import re

from pydantic import ValidationError

from gpucalc.catalog.bundled import CatalogError
from gpucalc.core.errors import PlanError
from gpucalc.core.inputs import Deployment, Targets, Workload
from gpucalc.core.settings import TOKEN_BUDGET_CODE
from gpucalc.io.errors import InputFileError

_PLAN_FIELDS = {"tp_heads": "deployment.tensor_parallel_size",
                "pp_layers": "deployment.pipeline_parallel_size",
                TOKEN_BUDGET_CODE: "deployment.max_num_batched_tokens"}
# Field names of the scenario's sections with an underscore (the ones a message may spell out).
_FIELD_WORD = re.compile(r"\b(?:" + "|".join(sorted(
    (name for model in (Deployment, Workload, Targets) for name in model.model_fields if "_" in name),
    key=len, reverse=True)) + r")\b")
_SECTIONS = frozenset({"deployment", "workload", "targets", "traffic"})  # no flag of their own
# Fields whose command-line flag is not ``--`` + the field name with dashes.
_FLAGS = {"input_len_p50": "--input-len", "output_len_p50": "--output-len",
          "qps_avg": "--qps", "percentile": "--slo-percentile",
          "kv_cache_memory_gib": "--kv-cache-memory", "num_prompts": "--num-prompts",
          "classes": "--request-class", "weight_format": "--quantization"}
_CATALOG_FIELDS = (("unknown model", "model"), ("unknown GPU", "gpu"),
                   ("weight format", "deployment.weight_format"),
                   ("KV cache dtype", "deployment.kv_cache_dtype"),
                   ("unknown engine", "deployment.engine"))


def first_line(text: str) -> str:
    """The first non-blank line of a message, stripped ('' when there is none)."""
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def validation_path(exc: ValidationError) -> tuple[str, str]:
    """The dotted field path of the first error (may be a section) and its message."""
    first = exc.errors()[0]
    path = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return path, message


def error_field(exc: BaseException) -> str:
    """The form field a computation error belongs to ('' when none)."""
    if isinstance(exc, PlanError):
        return _PLAN_FIELDS.get(exc.code, "")
    if isinstance(exc, InputFileError):
        return "model"
    if isinstance(exc, CatalogError):
        text = str(exc)
        return next((field for needle, field in _CATALOG_FIELDS if needle in text), "")
    if isinstance(exc, ValidationError):
        return validation_path(exc)[0]
    return ""


def error_message(exc: BaseException) -> str:
    """A one-line message for ``exc``."""
    if isinstance(exc, ValidationError):
        path, message = validation_path(exc)
        return f"{path}: {message}" if path else message
    return first_line(str(exc)) or type(exc).__name__


def flag_name(path: str) -> str:
    """The command-line flag of a dotted field path, e.g. ``deployment.max_num_seqs`` → ``--max-num-seqs``.

    List indices in the path (a request class's position) are skipped.
    """
    names = [p for p in path.split(".") if p and not p.isdigit()]
    if not names or names[-1] in _SECTIONS:
        return ""
    if len(names) > 1 and names[-2] == "classes":
        return _FLAGS["classes"]
    return _FLAGS.get(names[-1], "--" + names[-1].replace("_", "-"))


def flag_message(exc: ValidationError) -> str:
    """A one-line message for a validation error, naming the flag as the user types it.

    A rule across fields (e.g. ``input_len_p95 must be at least input_len_p50``) names the
    fields in its text; they become flags there too (``--input-len-p95 … --input-len``).
    """
    path, message = validation_path(exc)
    flag = flag_name(path)
    message = with_flags(first_line(message))
    return f"invalid {flag}: {message}" if flag else message


def with_flags(message: str) -> str:
    """``message`` with every field name it spells out (``max_num_seqs``) written as its flag."""
    return _FIELD_WORD.sub(lambda m: flag_name(m.group(0)), message)
