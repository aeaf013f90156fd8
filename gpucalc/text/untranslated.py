"""Find the English a Chinese reader would have to read in a text gpucalc shows in Chinese.

``english_phrases(text, allowed)`` returns each run of English words left in ``text`` after
setting aside what legitimately stays Latin in a Chinese planning tool:

- units and the abbreviations planners use untranslated (``UNITS``, ``ABBREVIATIONS``, taken from
  the glossary in the UX brief and the engines' own vocabulary), and single letters (the symbols
  of a formula: N, k, T …);
- numbers, also with a short suffix (``8B``, ``32k``, ``2x``), and percentiles (``P95``);
- model, GPU, engine and precision names and ids of the bundled catalog (``catalog_names``),
  and anything the caller adds (a scenario name, the file the user chose);
- placeholders of a template not yet formatted (``{name}``);
- a figure's key in the ``--json`` output, after its "JSON 键" label;
- code a user types: spans in backticks, engine flags (``--max-num-seqs``), engine command lines
  (``vllm serve …``), file names and paths, URLs;
- cited sources, which keep their original wording: the text after a 来源 label and the
  entries of a numbered source list ("[3] vLLM EngineArgs …"), up to where Chinese resumes; spans
  in 《书名号》 and the citations of the bundled catalog;
- a quoted log line ('Graph capturing … took 0.3 GiB'), as the program printed it;
- an English gloss in brackets right after a Chinese term, as a glossary writes it: 拐点（knee）.

Everything else made of letters — an English word, a raw key such as ``kv_blocks`` — is reported,
as the phrase from its first to its last such word within one run of Latin text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpucalc.catalog.bundled import Catalog

UNITS = frozenset({
    "B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "GB/s", "TB/s", "GiB/s", "Gb/s",
    "ms", "s", "us", "µs", "ns", "h", "min", "W", "kW", "USD", "TFLOPS", "PFLOPS", "FLOPS", "FLOP",
    "req/s", "tok/s", "tok", "token", "tokens", "token/s", "tokens/s", "GPU-hour", "FLOPs", "bit",
})
"""Units that stay as written in Chinese ('token' is the glossary's own word: 首 token 时间)."""

ABBREVIATIONS = frozenset({
    # parallelism, memory and latency terms of the glossary (UX.md) and the engines' logs
    "TP", "PP", "DP", "EP", "KV", "TTFT", "TPOT", "ITL", "E2E", "QPS", "SLO", "MoE", "MLA", "GQA",
    "MQA", "MHA", "MLP", "FFN", "LoRA", "RoPE", "OOM",
    # decode context parallel and the state layers' architectures (vLLM flags, model papers)
    "DCP", "DSA", "SSM", "Mamba", "Mamba-2", "DeltaNet",
    # GPU and serving terms Chinese technical writing keeps in Latin
    "kernel", "logit", "logits", "goodput", "all-reduce", "allreduce", "all-to-all", "all-gather",
    "rank", "EPLB", "DeepEP",  # a distributed rank; the expert load balancer and the all-to-all kernels
    # number formats
    "FP4", "FP8", "FP16", "FP32", "BF16", "TF32", "INT3", "INT4", "INT8", "NF4", "NVFP4", "MXFP4",
    "AWQ", "GPTQ", "bnb",
    # hardware and software
    "GPU", "CPU", "NVLink", "NVSwitch", "xGMI", "HCCS", "RoCE", "PCIe", "SXM", "SXM4", "SXM5", "NVL",
    "HBM", "HBM2e", "HBM3", "HBM3e", "GDDR6", "GDDR6X", "GDDR7", "CUDA", "ROCm", "GEMM", "NCCL", "HGX", "DGX",
    "vLLM", "SGLang", "TensorRT-LLM", "TRT-LLM", "LLM", "API", "CLI", "JSON", "CSV", "PDF", "HTML",
    "UTC", "ID", "Ctrl", "Shift", "Alt", "F1", "Esc", "gpucalc", "MIG", "RAG", "torch", "PyTorch",
    "English",  # a language named in its own language (the View → Language menu)
    # tools a user runs, by their command or module name
    "genai-perf", "nvidia-smi", "bitsandbytes", "nccl-tests", "bench_serving", "sglang.bench_serving",
    "trtllm-bench", "eager",
    # disaggregated serving: the framework, its xPyD layouts, KV transfer libraries and links
    "Dynamo", "xPyD", "NIXL", "NixlConnector", "Mooncake", "InfiniBand", "NDR", "DistServe", "OSDI",
    # speculative-decoding methods by the engines' names
    "MTP", "EAGLE", "EAGLE-3", "n-gram", "top-k",
    # dtype values of a model's config.json
    "bfloat16", "float16", "float32", "float8", "max_position_embeddings",
})
"""Abbreviations and names a Chinese planner reads as they are (the glossary keeps them Latin);
matched in any case, since ids write them in lower case (``int4``, ``nvlink``)."""

MATH = frozenset({"max", "min", "ceil", "floor", "round", "log", "ln", "exp", "sqrt", "Gamma", "NK",
                  "e_max", "e_mem", "t_seq", "top_k"})
"""Functions and symbols a formula names as mathematics writes them (a subscripted efficiency
e_max, the config's top_k)."""

BRANDS = frozenset({"NVIDIA", "AMD", "Intel", "Huawei", "GeForce", "RTX", "Ascend", "Gaudi", "Instinct",
                    "AWS", "PRO", "Ampere", "Hopper", "Blackwell", "Ada", "Lovelace", "Gen4", "Gen5",
                    "Python", "C++", "PyTorch", "TensorRT"})
"""Product lines named as the vendors name them (the catalog's full names are allowed as phrases),
and the languages and frameworks the engines are written in, as the sources cite them."""

PHRASES = frozenset({"Hugging Face", "N + k", "CUDA Graph", "CUDA Graphs", "JSON Lines",
                     "Pollaczek–Khinchine", "Kingman–Allen–Cunneen", "Little"})
"""Multi-word names that stay Latin."""

KEPT = UNITS | MATH | BRANDS
KEPT_ANY_CASE = frozenset(a.lower() for a in ABBREVIATIONS)

CODE_SPANS = (
    r"`[^`]*`",                                     # code in backticks
    r"\{\w*\}",                                      # a template's placeholders
    r"(?:https?|file)://\S+",                         # URLs
    # engine flags with their values
    r"(?<![\w-])--[a-z][a-z0-9-]*(?:[ =](?:\d[^\s,;，。；）)]*|[\w.-]*[/._-][\w./-]*|[a-z]+(?= --|$)))?",
    # a flag wrapped after its first dash, which a PDF reader joins again as a hyphenated word
    r"(?<![\w-])-[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?: N)?",
    r"(?:vllm (?:bench )?serve|python3? -m|trtllm-serve|trtllm-bench|genai-perf)[\x20-\x7E]*",  # commands
    r"(?:[A-Za-z]:)?(?:[~.]?[\w.-]*[/\\])+[\w.-]+\.[A-Za-z]\w{0,7}(?![\w-])",  # paths to files
    r"(?<![\w.])(?:[A-Za-z]:\\|~?/)[\w.-]+(?:[/\\][\w.-]+)+",  # absolute paths to folders
    r"[\w.-]+\.(?:json|csv|pdf|zip|log|jsonl|txt|html|gpucalc\.json|yaml|yml|ts|py)\b",  # file names
    r"《[^》]*》",                                    # titles (书名号)
    r"来源[:：\s](?:(?!JSON 键)[^\u4e00-\u9fff])*",     # cited sources after their label
    r"(?:^|(?<=\s))\[\d+\] (?=[A-Za-z])[^\n\u4e00-\u9fff]*",  # an entry of a numbered source list
    r"'[A-Za-z][\x20-\x7E…–—]*?'",                      # a quoted log line
    r"gpucalc [a-z][a-z-]*",                         # a gpucalc command
    r"JSON 键[:：]\s*[\w.\[\]]+",                     # a figure's key in gpucalc's --json output
    r"(?<=[\u4e00-\u9fff>])\s?[（(][A-Za-z][\w /-]*[)）]",  # an English gloss after a Chinese term
)
"""Spans set aside before looking for words: code, flags, commands, paths, URLs and titles."""

WORD = re.compile(r"[A-Za-zµ][\w'’+./-]*[\w+]|[A-Za-zµ]")
NUMBER_LIKE = re.compile(r"^(?:\d+-bit|\d[\d.,]*[A-Za-z]{0,2}|[xX×]\d+|P\d{1,3}(?:\.\d+)?|[vV]\d[\d.]*)$")
LATIN_RUN = re.compile(r"[\x20-\x7E’‘µ]+")


@dataclass(frozen=True)
class Allowed:
    """What may stay Latin: single tokens (exact, or lower-cased for ids) and whole phrases."""

    tokens: frozenset[str] = frozenset()
    phrases: frozenset[str] = frozenset()
    _pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spans = [*CODE_SPANS, *(_bounded(p) for p in sorted(self.phrases | PHRASES, key=len, reverse=True))]
        object.__setattr__(self, "_pattern", re.compile("|".join(spans)))

    def with_names(self, names: Iterable[str]) -> Allowed:
        """These allowances plus ``names`` (a scenario name, a file the user chose …)."""
        kept = {n.strip() for n in names if n and n.strip()}
        words = {n for n in kept if " " not in n}
        return Allowed(self.tokens | {w.lower() for w in words}, self.phrases | (kept - words))

    def set_aside(self, text: str) -> str:
        """``text`` with code, paths, titles and allowed phrases replaced by a separator."""
        return self._pattern.sub(" · ", text)

    def allows(self, word: str) -> bool:
        """Whether ``word`` (one token) may stay as it is."""
        bare = word.rstrip(".,:;")
        return (len(bare) <= 1 or bare in KEPT or bare.lower() in KEPT_ANY_CASE or bare.lower() in self.tokens
                or NUMBER_LIKE.match(bare) is not None or _is_compound_of_allowed(bare, self))


def _bounded(phrase: str) -> str:
    return rf"(?<![\w-]){re.escape(phrase)}(?![\w-])"


def _is_compound_of_allowed(word: str, allowed: Allowed) -> bool:
    """'FP16/BF16', 'FP8-KV', 'TP4' style compounds: every part allowed on its own."""
    parts = [p for p in re.split(r"[-/+]", word) if p]
    if len(parts) == 1:
        parts = [p for p in re.split(r"(?<=[A-Za-z])(?=\d)", word) if p]
    return len(parts) > 1 and all(allowed.allows(p) for p in parts)


def english_phrases(text: str, allowed: Allowed) -> list[str]:
    """The English phrases in ``text`` a Chinese reader would have to read (in order)."""
    found: list[str] = []
    for run in LATIN_RUN.findall(allowed.set_aside(text)):
        for segment in run.split(" · "):
            bad = [m for m in WORD.finditer(segment) if not allowed.allows(m.group())]
            if bad:
                found.append(segment[bad[0].start():bad[-1].end()])
    return found


def catalog_names(catalog: Catalog) -> Allowed:
    """Names, ids, aliases and citations of the bundled models, GPUs, engines, networks, formats."""
    tokens: set[str] = set()
    phrases: set[str] = set()
    entries: list[object] = [*catalog.gpus.values(), *catalog.models.values(), *catalog.engines.values(),
                             *catalog.networks.values()]
    for entry in entries:
        for attr in ("id", "name", "hf_id", "family", "vendor", "architecture", "form_factor", "memory_type",
                     "kind", "version"):
            _add_name(getattr(entry, attr, None), tokens, phrases)
        hf_id = getattr(entry, "hf_id", None)
        if hf_id:  # a whole phrase: "01-ai/Yi-34B-Chat" must not read as the word "ai/Yi-34B-Chat"
            phrases.add(str(hf_id).strip())
        for alias in getattr(entry, "aliases", ()):
            _add_name(alias, tokens, phrases)
        for source in getattr(entry, "sources", ()):
            _add_name(getattr(source, "citation", None), tokens, phrases)
    for gpu in catalog.gpus.values():  # the link kind is an id the spec tables show as typed
        _add_name(gpu.interconnect.kind, tokens, phrases)
        _add_name(gpu.interconnect.name, tokens, phrases)
        if gpu.price is not None and gpu.price.basis:  # where a price comes from is a citation
            _add_name(gpu.price.basis, tokens, phrases)
            _add_name(gpu.price.basis.split(";")[0], tokens, phrases)
    for formats in (catalog.weight_formats, catalog.kv_formats):
        for fmt_id, fmt in formats.items():
            _add_name(fmt_id, tokens, phrases)
            _add_name(getattr(fmt, "label", None), tokens, phrases)
    return Allowed(frozenset(tokens), frozenset(phrases))


def _add_name(value: object, tokens: set[str], phrases: set[str]) -> None:
    text = str(value.value if hasattr(value, "value") else value or "").strip()
    if not text:
        return
    if " " in text:
        phrases.add(text)
    else:
        tokens.add(text.lower())
