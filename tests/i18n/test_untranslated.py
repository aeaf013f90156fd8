"""The scanner: English words a reader needs are found; units, names, code and titles are not."""

from __future__ import annotations

import pytest

from gpucalc.text.untranslated import Allowed, english_phrases
from tests.i18n.scan import bundled_allowed


@pytest.mark.parametrize(("text", "english"), [
    ("workload.input_len_p95 无效：input_len_p95 must be at least input_len_p50",
     ["workload.input_len_p95", "input_len_p95 must be at least input_len_p50"]),
    ("未计算：tensor_parallel_size 3 does not divide 64 heads",
     ["tensor_parallel_size 3 does not divide 64 heads"]),
    ("公式：kv_blocks × block_size", ["kv_blocks", "block_size"]),
    ("Pareto", ["Pareto"]),
    ("China variant", ["China variant"]),
    ("forward gib", ["forward gib"]),
    ("来源：Mechanism: vLLM profiles one forward pass", ["Mechanism: vLLM profiles one forward pass"]),
    ("拐点（here: pessimistic）", ["here: pessimistic"]),
    ("--kv-cache-memory overrides it", ["overrides it"]),
])
def test_english_a_reader_needs_is_found(text: str, english: list[str]) -> None:
    assert english_phrases(text, bundled_allowed()) == english


@pytest.mark.parametrize("text", [
    "Llama 3.1 70B Instruct 在 8× NVIDIA H100 SXM 80GB 上：KV 缓存可容纳 123,456 个 token",
    "TP4 · FP8 · P95 TTFT 200 ms · TPOT 40 ms · 3.2 req/s · 1,234 tok/s · 79.2 GiB · 3.35 TB/s · 700 W",
    "权重 BF16，KV 缓存 FP16/BF16；int4、nvfp4、fp8 量化；MoE、MLA、GQA；NVLink 与 PCIe",
    "h100-sxm-80gb、meta-llama/Llama-3.1-8B-Instruct、qwen2.5-7b-instruct",
    "用 `max_model_len` 与 --max-num-seqs 256、--gpu-memory-utilization=0.9 启动",
    "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2",
    "已保存到 /home/user/报告/plan.pdf 与 C:\\plans\\a.gpucalc.json；见 https://example.org/x",
    "见《Efficient Memory Management for Large Language Model Serving with PagedAttention》",
    "安全水位（safety watermark）；拐点（knee）",
    "副本数 = max(ceil(平均 QPS ÷ 每副本 1.90 req/s), 2)；N + k = 3 + 1；成本 $5.98/小时",
    "vLLM、SGLang、TensorRT-LLM；Hugging Face；导出 JSON、CSV、PDF",
    "{name} 嵌套层级过深；修改保存在 /root/.config/gpucalc/tables",
])
def test_what_stays_latin_is_not_reported(text: str) -> None:
    assert english_phrases(text, bundled_allowed()) == []


def test_names_the_caller_adds_are_allowed() -> None:
    text = "场景 My long-context plan 已打开，文件 plan-a"
    assert english_phrases(text, Allowed()) == ["My long-context plan", "plan-a"]
    assert english_phrases(text, Allowed().with_names(["My long-context plan", "plan-a"])) == []


def test_catalog_names_come_from_the_bundled_tables() -> None:
    allowed = bundled_allowed()
    for name in ("Llama 3.1 8B Instruct", "NVIDIA H100 SXM 80GB"):
        assert name in allowed.phrases
    for token in ("h100-sxm-80gb", "vllm", "sglang", "int4-g128"):
        assert token in allowed.tokens
    assert english_phrases("Llama 3.1 8B Instruct 可用", Allowed()) == ["Llama 3.1 8B Instruct"]
