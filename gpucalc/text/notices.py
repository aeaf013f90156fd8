"""Sentences for the core's notice and advice codes (en / zh_CN).

The core returns codes with parameters; the CLI, the window and the report turn them into
sentences here, so wording lives in one place.
"""

from __future__ import annotations

from gpucalc.core.explain import Notice

NOTICE_TEXT: dict[str, dict[str, str]] = {
    "kv_budget_negative": {
        "en": "The model does not fit: no memory is left for the KV cache ({kv_gib} GiB on "
              "stage {stage}). Use more GPUs (--tensor-parallel-size), a lower weight precision "
              "(--quantization fp8 / int4), a larger GPU or a higher memory fraction.",
        "zh": "模型放不下：KV 缓存没有剩余显存（第 {stage} 段 {kv_gib} GiB）。请增加卡数（张量并行）、"
              "降低权重精度（fp8 / int4）、换更大显存的卡或提高显存占用比例。",
    },
    "max_model_len_exceeds_kv": {
        "en": "The KV cache holds {kv_tokens} tokens, fewer than one request at max_model_len "
              "{max_model_len}. Lower --max-model-len, quantize the KV cache (--kv-cache-dtype "
              "fp8) or add GPUs.",
        "zh": "KV 缓存只能放 {kv_tokens} 个 token，不够一条 max_model_len={max_model_len} 的请求。"
              "请缩短上下文、将 KV 量化为 fp8 或增加卡数。",
    },
    "cuda_graphs_exceed_headroom": {
        "en": "CUDA graphs (~{graphs_gib} GiB) do not fit in the headroom the memory fraction "
              "leaves ({headroom_gib} GiB left after them): risk of out-of-memory at start-up. "
              "Lower the memory fraction or use --enforce-eager.",
        "zh": "CUDA Graph（约 {graphs_gib} GiB）放不进显存比例留下的余量（剩 {headroom_gib} GiB），"
              "启动时可能 OOM。请调低显存比例或关闭 CUDA Graph。",
    },
    "vision_encoder_profile_not_modelled": {
        "en": "This is a multimodal model: the vision encoder's weights are counted, but the "
              "engine's multimodal profiling peak is not modelled, so the KV estimate may be high.",
        "zh": "多模态模型：已计入视觉编码器权重，但未建模引擎的多模态 profiling 峰值，KV 估计可能偏高。",
    },
    "gpu_spec_low_confidence": {
        "en": "The specs of {gpu} come from a single or unclear source; check them before you rely "
              "on the result.",
        "zh": "{gpu} 的规格来源单一或不明确，使用结果前请核对。",
    },
    "user_table_reset": {
        "en": "Your edited {table} table could not be used ({reason}); it was set aside as "
              "{backup} and the bundled table is loaded.",
        "zh": "您编辑的 {table} 表无法使用（{reason}），已另存为 {backup}，当前加载内置表。",
    },
    "user_table_migration_failed": {
        "en": "Your {table} table at {path} could not be upgraded from version {from_version} "
              "({reason}); the bundled table is loaded and your file is kept.",
        "zh": "{path} 中的 {table} 表无法从版本 {from_version} 升级（{reason}），已加载内置表，原文件保留。",
    },
    "user_table_unreadable": {
        "en": "Your {table} table at {path} cannot be read ({reason}); the bundled table is loaded.",
        "zh": "无法读取 {path} 中的 {table} 表（{reason}），已加载内置表。",
    },
    "user_entry_invalid": {
        "en": "Entry {id} of your {table} table is invalid ({field}: {reason}); it is kept in "
              "the file but not used.",
        "zh": "{table} 表中的条目 {id} 无效（{field}：{reason}），已保留在文件中但不使用。",
    },
    "user_price_unknown_gpu": {
        "en": "A price is set for GPU {id}, which is not in the catalog.",
        "zh": "价格表中的 GPU {id} 不在目录中。",
    },
    "user_alias_conflict": {
        "en": "Alias {alias} of {id} ({table}) is already used by {other}; it keeps naming {other}.",
        "zh": "{table} 中 {id} 的别名 {alias} 已被 {other} 使用，仍指向 {other}。",
    },
}


def notice_text(notice: Notice, lang: str = "en") -> str:
    """The sentence for ``notice`` in ``lang`` (falls back to English, then to the code)."""
    texts = NOTICE_TEXT.get(notice.code)
    if texts is None:
        return notice.code + (f" {notice.params}" if notice.params else "")
    template = texts.get(lang) or texts["en"]
    try:
        return template.format(**notice.params)
    except (KeyError, IndexError):
        return template
