"""Load a model from a local Hugging Face folder or ``config.json`` file (offline)."""

from __future__ import annotations

from pathlib import Path

from gpucalc.core.model_spec import ModelSpec
from gpucalc.io.bounded_json import read_json_file
from gpucalc.io.errors import InputFileError
from gpucalc.io.hf_config import model_spec_from_config
from gpucalc.io.safetensors import folder_tensor_stats


def load_local_model(path: Path) -> ModelSpec:
    """Read ``config.json`` (and safetensors headers, when present) from ``path``.

    ``path`` is a model folder or a ``config.json`` file. Parameter counts come from the
    safetensors headers when the checkpoint is unquantized; checkpoint bytes are kept either way.
    """
    folder = path if path.is_dir() else path.parent
    config_path = path / "config.json" if path.is_dir() else path
    if not config_path.is_file():
        raise InputFileError(f"no config.json in {path}")
    config = read_json_file(config_path, "config.json")
    if not isinstance(config, dict):
        raise InputFileError(f"{config_path} is not a JSON object")
    quant_path = folder / "hf_quant_config.json"
    quant = read_json_file(quant_path, "hf_quant_config.json") if quant_path.is_file() else None
    name = str(config.get("_name_or_path") or folder.name)
    spec = model_spec_from_config(config, model_id=folder.name.lower() or "local-model", name=name,
                                  hf_id=None, hf_quant_config=quant)
    stats = folder_tensor_stats(folder) if path.is_dir() else None
    if stats is None:
        return spec
    update: dict[str, int] = {"exact_weight_bytes": stats.num_bytes}
    if spec.quantization is None:
        update["exact_total_params"] = stats.num_elements
    return spec.model_copy(update=update)
