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
    ("公式：Mechanism: vLLM profiles one forward pass", ["Mechanism: vLLM profiles one forward pass"]),
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
    "来源：vLLM EngineArgs batch defaults for `vllm serve`: 8192 batched tokens；下一项",
    "来源 [1] estimated: HBM rule, memory_gb x 0.9899 = 79.19 GiB [2] Mechanism: vLLM profiles 显存",
    "vLLM 日志显示 'Graph capturing … took 0.3–1.5 GiB'；调度器（max_num_seqs）",
    "--dataset-name random --request-rate inf --num-prompts 100；gpucalc test-plan；JSON 键：kv_cache_tokens",
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


@pytest.mark.parametrize("hf_id", ["01-ai/Yi-1.5-34B-Chat", "01-ai/Yi-34B-Chat"])
def test_a_catalog_hf_id_is_allowed_whole(hf_id: str) -> None:
    """An id starting with digits ("01-") is not cut into a word that starts after them."""
    assert english_phrases(f"yi-1.5-34b-chat {hf_id}", bundled_allowed()) == []


def test_an_unknown_hf_id_after_a_digit_prefix_is_still_found() -> None:
    assert english_phrases("01-ai/Made-Up-Chat", bundled_allowed()) == ["ai/Made-Up-Chat"]
