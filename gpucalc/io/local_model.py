"""Load a model from a local Hugging Face folder or ``config.json`` file (offline)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpucalc.core.specs.model_spec import ModelSpec
from gpucalc.io.bounded_json import MAX_CONFIG_BYTES, parse_json_text, read_bounded_bytes
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config
from gpucalc.io.safetensors import folder_tensor_stats

MAX_NAME_CHARACTERS = 200
"""A name read from ``_name_or_path`` is cut to this length (a label, not a file to open)."""


def _json_object_file(path: Path, what: str) -> dict[str, Any]:
    """The JSON object in ``path``; any other JSON value is refused.

    ``Infinity`` and ``NaN`` are read (NVIDIA's Nemotron-H configs write ``"time_step_limit":
    [0.0, Infinity]``): the importer checks every number it uses to be finite and in range.
    """
    raw = read_bounded_bytes(path, what, MAX_CONFIG_BYTES, kind="config file")
    data = parse_json_text(raw, f"{what} at {path}", non_finite=True)
    if not isinstance(data, dict):
        raise InputFileError(f"{what} at {path} is not a JSON object")
    return data


def _model_name(config: dict[str, Any], folder: Path) -> str:
    """The model's display name: ``_name_or_path`` (one line, shortened) or the folder name."""
    name = " ".join(str(config.get("_name_or_path") or folder.name).split())
    if len(name) > MAX_NAME_CHARACTERS:
        return name[: MAX_NAME_CHARACTERS - 1] + "…"
    return name or "local model"


def load_local_model(path: Path) -> ModelSpec:
    """Read ``config.json`` (and safetensors headers, when present) from ``path``.

    ``path`` is a model folder or a ``config.json`` file. Parameter counts come from the
    safetensors headers when the checkpoint is unquantized; checkpoint bytes are kept either way.
    Every problem, including one the operating system reports, is an :class:`InputFileError`.
    """
    try:
        is_folder = path.is_dir()
        folder = path if is_folder else path.parent
        config_path = path / "config.json" if is_folder else path
        if not config_path.is_file():
            raise InputFileError(f"no config.json in {path}")
        quant_path = folder / "hf_quant_config.json"
        has_quant = quant_path.is_file()
    except OSError as exc:
        raise InputFileError(f"cannot read the model folder {path}: {exc.strerror or exc}") from exc
    config = _json_object_file(config_path, "config.json")
    quant = _json_object_file(quant_path, "hf_quant_config.json") if has_quant else None
    spec = model_spec_from_config(config, model_id=folder.name.lower() or "local-model",
                                  name=_model_name(config, folder), hf_id=None, hf_quant_config=quant)
    stats = folder_tensor_stats(folder) if is_folder else None
    if stats is None:
        return spec
    update: dict[str, int] = {"exact_weight_bytes": stats.num_bytes}
    if spec.quantization is None:
        update["exact_total_params"] = stats.num_elements
    return spec.model_copy(update=update)
