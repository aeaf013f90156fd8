"""Reading a model at the input caps: the largest safetensors header and the deepest config.

Builds, in a temporary folder, a safetensors header with ``MAX_TENSORS`` tensors (what the
largest accepted model can list) and a ``config.json`` at the layer and width caps, then times
reading them. Every documented cap must finish within seconds on a laptop.

Run: ``python -m benchmarks.model_import_speed``.
"""

from __future__ import annotations

import json
import struct
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gpucalc.core.memory.params import count_param_breakdown
from gpucalc.core.specs.model_spec import MAX_HIDDEN, MAX_LAYERS, MAX_VOCAB
from gpucalc.io.local_model import load_local_model
from gpucalc.io.safetensors import MAX_TENSORS, read_header


def write_tensor_header(path: Path, tensors: int) -> int:
    """A valid safetensors file with ``tensors`` one-element BF16 tensors; header bytes."""
    entries = b",".join(
        b'"model.layers.%d.weight":{"dtype":"BF16","shape":[1],"data_offsets":[%d,%d]}'
        % (i, 2 * i, 2 * i + 2) for i in range(tensors))
    raw = b"{" + entries + b"}"
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"\0" * (2 * tensors))
    return len(raw)


def seconds(call: Callable[[], object]) -> float:
    """Wall seconds of one call."""
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        header = root / "model.safetensors"
        size = write_tensor_header(header, MAX_TENSORS)
        read_s = seconds(lambda: read_header(header))
        print(f"safetensors header, {MAX_TENSORS:,} tensors ({size / 1e6:.1f} MB): {read_s:.2f} s")
        config = {"model_type": "llama", "hidden_size": MAX_HIDDEN, "num_hidden_layers": MAX_LAYERS,
                  "num_attention_heads": 8192, "num_key_value_heads": 8, "vocab_size": MAX_VOCAB,
                  "intermediate_size": 4 * MAX_HIDDEN, "sliding_window": 4096,
                  "sliding_window_pattern": 4, "max_position_embeddings": 1 << 30}
        header.unlink()
        (root / "config.json").write_text(json.dumps(config), encoding="utf-8")
        load_s = seconds(lambda: count_param_breakdown(load_local_model(root)))
        print(f"config.json at the caps ({MAX_LAYERS:,} layers, hidden {MAX_HIDDEN:,}): {load_s:.3f} s")


if __name__ == "__main__":
    main()
