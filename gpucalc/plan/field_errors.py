"""How a computation or validation error maps to a form field and a one-line message. No Qt."""

from __future__ import annotations

from pydantic import ValidationError

from gpucalc.catalog.bundled import CatalogError
from gpucalc.core.errors import PlanError
from gpucalc.io.errors import InputFileError

_PLAN_FIELDS = {"tp_heads": "deployment.tensor_parallel_size",
                "pp_layers": "deployment.pipeline_parallel_size"}
_CATALOG_FIELDS = (("unknown model", "model"), ("unknown GPU", "gpu"),
                   ("weight format", "deployment.weight_format"),
                   ("KV cache dtype", "deployment.kv_cache_dtype"),
                   ("unknown engine", "deployment.engine"))


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
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
