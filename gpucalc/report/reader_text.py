"""Text for a reader outside the project: no repository paths, commands or internal references.

Sources and reasons come from the specification files, written for the people who maintain
them ("seed 001: …", "specs/validation/throughput.jsonl", "(python -m benchmarks.…)",
"DOMAIN.md §4"). The report keeps what they say and the titles they cite and drops the
pointers into the repository. Formula inputs are named in words instead of by their keys.
"""

from __future__ import annotations

import re

_REPO_POINTER = r"(?:specs/|python -m |DOMAIN\.md|seeds?/|benchmarks\.)"
_PARENTHESISED_POINTER = re.compile(r"\s*\([^()]*" + _REPO_POINTER + r"[^()]*\)")
_SEED_LABEL = re.compile(r"\bseed 00\d(?:['’]s)?(?: case)?[:,]?\s*", re.IGNORECASE)
_IN_MEASUREMENT_FILE = re.compile(r"\s+in specs/validation/[\w.-]+")
_MEASUREMENT_FILE = re.compile(r"specs/validation/[\w.-]+")
_SEEDS = re.compile(r"\bthe seeds\b")
_SPEC_FILE = re.compile(r"specs/[\w/.-]+")
_DOC_SECTION = re.compile(r"\s*DOMAIN\.md\s*§\s*\d+")
_EMPTY_BRACKETS = re.compile(r"\s*\(\s*\)")
_KEY_LABEL = re.compile(r"^[a-z]+(?:_[a-z]+)+:\s*")


def reader_text(text: str) -> str:
    """``text`` without repository paths, commands and seed / document references."""
    out = _KEY_LABEL.sub("", _PARENTHESISED_POINTER.sub("", text))
    out = _IN_MEASUREMENT_FILE.sub("", out)
    out = _MEASUREMENT_FILE.sub("the published measurements", out)
    out = _SEEDS.sub("planning guides", out)
    out = _SPEC_FILE.sub("the engine's data", out)
    out = _DOC_SECTION.sub("", out)
    out = _SEED_LABEL.sub("", out)
    out = _EMPTY_BRACKETS.sub("", out)
    return re.sub(r"\s{2,}", " ", out).strip()


INPUT_NAMES: dict[str, str] = {
    "T (max_num_batched_tokens)": "batched tokens T",
    "activation.forward_gib": "forward pass (GiB)",
    "activation.sampler_gib": "sampler (GiB)",
    "activation.moe_workspace_gib": "MoE workspace (GiB)",
    "activation.encoder_gib": "vision encoder (GiB)",
    "weights.embedding": "embedding (GiB)",
    "weights.attention": "attention (GiB)",
    "weights.dense_mlp": "dense MLP (GiB)",
    "weights.experts": "routed experts (GiB)",
    "weights.shared_experts": "shared experts (GiB)",
    "weights.norms_router": "norms and router (GiB)",
    "weights.lm_head": "LM head (GiB)",
    "weights.vision": "vision tower (GiB)",
    "activation_gib": "activation (GiB)",
    "alarm_share": "alarm share",
    "average_tokens": "average tokens",
    "base_gib": "base (GiB)",
    "binding": "binding",
    "block_bytes": "block bytes",
    "block_size": "block size",
    "blocks_per_request": "blocks per request",
    "bytes_per_element": "bytes per element",
    "bytes_per_logit": "bytes per logit",
    "comm_ms": "communication (ms)",
    "compute": "compute",
    "concurrency": "concurrency",
    "decode_step_ms": "decode step (ms)",
    "factor": "factor",
    "format": "format",
    "fraction": "memory fraction",
    "gpu": "GPU",
    "groups": "KV-cache groups",
    "interconnect": "interconnect",
    "intermediate": "intermediate size",
    "knee": "knee",
    "kv_blocks": "KV blocks",
    "kv_format": "KV format",
    "kv_gib": "KV cache (GiB)",
    "kv_per_request_gib": "KV per request (GiB)",
    "layers": "layers",
    "length_margin": "length margin",
    "margin_gib": "margin (GiB)",
    "max_model_len": "max model length",
    "max_num_seqs": "max sequences",
    "mean_input": "mean input",
    "mean_latency_ceiling": "mean-latency ceiling",
    "mean_output": "mean output",
    "memory": "memory",
    "non_torch_gib": "runtime (GiB)",
    "p95_input": "P95 input",
    "p95_tpot_ms": "P95 TPOT (ms)",
    "p95_ttft_ms": "P95 TTFT (ms)",
    "params": "parameters",
    "per_gpu_bytes": "bytes per GPU",
    "percentile": "percentile",
    "planning_share": "planning share",
    "planning_tokens": "planning length",
    "pp": "PP",
    "prefill_queue_utilisation": "prefill queue utilisation",
    "prefill_step_ms": "prefill step (ms)",
    "prefill_step_share": "prefill share of steps",
    "prefill_tokens": "prefill tokens",
    "replicas": "replicas",
    "requests_per_s": "requests/s",
    "running": "running requests",
    "scheduler": "scheduler",
    "share": "share",
    "share_limit": "share limit",
    "single_gib": "single GPU (GiB)",
    "source": "source",
    "step_ms": "step (ms)",
    "token_budget": "token budget",
    "tokens_per_request": "tokens per request",
    "total_gib": "total (GiB)",
    "tp": "TP",
    "tp_extra_gib": "extra with TP (GiB)",
    "tpot_target_ms": "TPOT target (ms)",
    "ttft_target_ms": "TTFT target (ms)",
    "uncapped": "uncapped",
    "vocab": "vocabulary",
    "watermark": "watermark",
    "weights_gib": "weights (GiB)",
}


def input_name(key: str) -> str:
    """The English name of a formula input (words from the key when it has no entry)."""
    return INPUT_NAMES.get(key) or key.rsplit(".", 1)[-1].replace("_", " ")
