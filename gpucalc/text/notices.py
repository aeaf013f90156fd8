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
        "en": "vLLM would refuse to start: \"The model's max seq len ({max_model_len}) is larger "
              "than the maximum number of tokens that can be stored in KV cache ({kv_tokens}).\" "
              "Lower --max-model-len, quantize the KV cache (--kv-cache-dtype fp8) or add GPUs.",
        "zh": "vLLM 会拒绝启动：max_model_len（{max_model_len}）超过 KV 缓存能存放的 token 数"
              "（{kv_tokens}）。请缩短上下文、将 KV 量化为 fp8 或增加卡数。",
    },
    "max_model_len_kv_exceeds_memory": {
        "en": "vLLM would refuse to start: one request at max_model_len {max_model_len} needs "
              "{needed_gib} GiB of KV cache, more than the {available_gib} GiB available (vLLM "
              "estimates the longest context that fits at {estimated_max_len} tokens). Lower "
              "--max-model-len to {estimated_max_len}, quantize the KV cache (--kv-cache-dtype "
              "fp8) or add GPUs.",
        "zh": "vLLM 会拒绝启动：一条 max_model_len={max_model_len} 的请求需要 {needed_gib} GiB KV 缓存，"
              "超过可用的 {available_gib} GiB（vLLM 估计能放下的最长上下文为 {estimated_max_len} "
              "token）。请把 --max-model-len 降到 {estimated_max_len}、将 KV 量化为 fp8 或增加卡数。",
    },
    "kv_pool_caps_requests": {
        "en": "{engine} starts with a KV pool of {kv_tokens} tokens, fewer than one request at "
              "max_model_len {max_model_len}: it caps each request at {max_request_tokens} tokens "
              "(longer prompts are rejected or truncated) and admits requests only while the pool "
              "has room. Set the context length to match, quantize the KV cache or add GPUs to "
              "serve full-length requests.",
        "zh": "{engine} 会以 {kv_tokens} 个 token 的 KV 池启动，不够一条 max_model_len={max_model_len} "
              "的请求：每条请求最多 {max_request_tokens} 个 token（更长的输入会被拒绝或截断），"
              "池中有空间时才接纳新请求。要服务满长度请求，请相应缩短上下文、将 KV 量化或增加卡数。",
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
    "import_linear_attention_state_not_counted": {
        "en": "{model}: its linear-attention layers keep a fixed-size state per request instead of "
              "a KV cache; their weights are counted, but that state is not counted in the KV "
              "memory, so the KV capacity is overestimated.",
        "zh": "{model}：线性注意力层为每个请求保存固定大小的状态，而不是 KV 缓存；已计入其权重，"
              "但该状态未计入 KV 显存，KV 容量偏高。",
    },
    "import_mamba_state_not_counted": {
        "en": "{model}: its Mamba (state-space) layers keep a fixed-size state per request instead "
              "of a KV cache; their weights are counted, but that state is not counted in the KV "
              "memory, so the KV capacity is overestimated.",
        "zh": "{model}：Mamba（状态空间）层为每个请求保存固定大小的状态，而不是 KV 缓存；已计入其权重，"
              "但该状态未计入 KV 显存，KV 容量偏高。",
    },
    "import_state_layers_not_counted": {
        "en": "{model}: its state-space (Mamba) layers are counted without their weights and "
              "without their per-request state, because the config does not give their geometry "
              "in a form gpucalc reads; weights and KV capacity are approximate.",
        "zh": "{model}：状态空间（Mamba）层的权重和每个请求的状态均未计入（配置中没有 gpucalc 能读取的"
              "层结构），权重与 KV 容量为近似值。",
    },
    "import_sparse_attention_indexer_not_counted": {
        "en": "{model}: DeepSeek sparse attention's indexer weights are counted, but its per-token "
              "key cache is not counted in the KV memory, and attention is costed over every "
              "token rather than only the top-k it selects.",
        "zh": "{model}：已计入 DeepSeek 稀疏注意力索引器的权重，但其每 token 的键缓存未计入 KV 显存，"
              "且注意力按全部 token 计算，而非只按其选出的 top-k。",
    },
    "import_image_tokens_at_assumed_size": {
        "en": "{model}: the vision encoder takes images at any resolution; its weights are counted "
              "and image tokens are counted for a 448 × 448 image (an assumed size).",
        "zh": "{model}：视觉编码器接受任意分辨率的图像；已计入其权重，图像 token 数按 448 × 448 的图像"
              "（假定尺寸）计算。",
    },
    "import_linear_replacement_not_counted": {
        "en": "{model}: some blocks replace attention or the MLP with a single linear layer; those "
              "parts are counted without weights and without KV cache.",
        "zh": "{model}：部分层用单个线性层替代注意力或 MLP，这些部分未计入权重和 KV 缓存。",
    },
    "import_mixed_kv_heads_counted_at_largest": {
        "en": "{model}: its attention layers have different KV head counts; every attention layer "
              "is counted with the largest, so the KV cache is overestimated.",
        "zh": "{model}：各注意力层的 KV 头数不同，均按最大值计算，KV 缓存偏大。",
    },
    "import_windowed_blocks_counted_as_full": {
        "en": "{model}: some blocks use windowed attention; they are counted as full attention, so "
              "the KV cache is overestimated.",
        "zh": "{model}：部分层使用窗口注意力，按全注意力计算，KV 缓存偏大。",
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
    "log_engine_differs": {
        "en": "The log comes from {log_engine} but the estimate uses the {plan_engine} profile; "
              "pick the matching engine (--engine) before comparing.",
        "zh": ("日志来自 {log_engine}，但估算使用的是 {plan_engine} 配置；"
               "请先选择对应的引擎（--engine）再比较。"),
    },
    "log_total_memory_differs": {
        "en": "The engine saw {log_gib} GiB of GPU memory, the estimate assumes {plan_gib} GiB; set "
              "--gpu-memory-gib {log_gib} to compare like with like.",
        "zh": ("引擎看到的显存为 {log_gib} GiB，估算假设 {plan_gib} GiB；"
               "请设置 --gpu-memory-gib {log_gib} 以便对等比较。"),
    },
    "log_memory_fraction_differs": {
        "en": "The log ran with memory fraction {log_fraction}, the estimate with {plan_fraction}; "
              "the KV figures differ for that reason alone.",
        "zh": "日志中的显存比例为 {log_fraction}，估算为 {plan_fraction}；仅此一项就会让 KV 数值不同。",
    },
    "log_max_model_len_differs": {
        "en": "The log's maximum concurrency is for {log_tokens} tokens per request, the estimate "
              "uses max_model_len {plan_tokens}; that line is left out of the comparison.",
        "zh": "日志中的最大并发按每请求 {log_tokens} token 计算，估算的 max_model_len 为 {plan_tokens}；"
              "该行不参与比较。",
    },
    "calibration_clipped": {
        "en": "The {item} calibration reached its bound; the log differs from the model by more "
              "than a constant can explain — check the inputs match the logged run.",
        "zh": "{item} 校准已达到上下限：日志与模型的差异无法用常数解释，请检查输入是否与日志中的运行一致。",
    },
    "offered_exceeds_capacity": {
        "en": "Offered {offered} req/s exceeds the capacity of about {capacity} req/s at the "
              "P{percentile} SLO ({replicas} replica(s)); goodput collapses: the queue grows for as "
              "long as the load lasts.",
        "zh": "提供的负载 {offered} req/s 超过 P{percentile} SLO 下约 {capacity} req/s 的容量"
              "（{replicas} 个副本）；goodput 会崩溃：负载持续多久，排队就增长多久。",
    },
    "raise_max_num_seqs": {
        "en": "The scheduler binds: the KV cache holds {kv_requests} requests but --max-num-seqs "
              "{max_num_seqs} lets only that many run at once; raise --max-num-seqs if latency "
              "allows.",
        "zh": "调度器是瓶颈：KV 缓存能容纳 {kv_requests} 个请求，但 --max-num-seqs {max_num_seqs} "
              "只允许同时运行这么多；若延迟允许，可调大 --max-num-seqs。",
    },
    "parallel_spans_link_domain": {
        "en": "{gpu} joins only {domain_gpus} GPUs by {link}: a replica of TP {tp} × PP {pp} "
              "({gpus} GPUs) runs its collectives past that domain over PCIe at {host_gb_s} GB/s "
              "instead of {fast_gb_s} GB/s per direction. Keep TP within {domain_gpus} GPUs (more "
              "replicas, or pipeline stages across domains) or use an NVLink board.",
        "zh": "{gpu} 通过 {link} 只连通 {domain_gpus} 张卡：TP {tp} × PP {pp}（{gpus} 张卡）的副本"
              "跨出该互联域后，集合通信走 PCIe，单向 {host_gb_s} GB/s 而非 {fast_gb_s} GB/s。"
              "请把 TP 限制在 {domain_gpus} 张卡以内（多副本，或跨域用流水线并行），或换 NVLink 整机。",
    },
    "memory_above_planning_share": {
        "en": "At {concurrency} requests of average length ({avg_tokens} tokens) weights + KV + "
              "margin take {share_used} of memory, above the {planning_share} planning line "
              "(seed 001): leave the rest for peaks and fragmentation — plan at most "
              "{allowed} requests, or add memory.",
        "zh": "{concurrency} 个平均长度（{avg_tokens} token）请求时，权重 + KV + 余量占显存 "
              "{share_used}，超过 {planning_share} 规划线（种子 001）：剩余部分应留给峰值和碎片——"
              "按不超过 {allowed} 个请求规划，或增加显存。",
    },
    "memory_alarm_average_length": {
        "en": "Alarm: at the average length ({avg_tokens} tokens) {concurrency} requests already "
              "fill {share_used} of memory, past the {alarm_share} line (seed 001): this "
              "configuration is not fit for long-context service — add GPUs or limit the context.",
        "zh": "警报：按平均长度（{avg_tokens} token），{concurrency} 个请求已占显存 {share_used}，"
              "超过 {alarm_share}（种子 001）：这套配置基本无法承担长上下文服务——要么加卡，"
              "要么限制上下文。",
    },
    "quantize_kv_cache": {
        "en": "Memory binds: an fp8 KV cache (--kv-cache-dtype fp8) about doubles the requests that "
              "fit (now {kv_format}).",
        "zh": "显存是瓶颈：把 KV 缓存量化为 fp8（--kv-cache-dtype fp8，当前 {kv_format}）约可使并发翻倍。",
    },
    "quantization_quality_caveat": {
        "en": "A lower precision is a capacity suggestion, not a quality result: measure the "
              "quantized model on your own tasks before you plan on it.",
        "zh": "降低精度只是容量上的建议，不代表质量无损：量化后的效果要在自己的任务上单独评测，"
              "再据此做规划。",
    },
    "quantize_weights": {
        "en": "Memory binds: fp8 or int4 weights free memory for the KV cache.",
        "zh": "显存是瓶颈：把权重量化为 fp8 或 int4，可为 KV 缓存腾出显存。",
    },
    "shorten_context": {
        "en": "Memory binds at {planning_tokens} tokens per request: a shorter context (or a "
              "separate long-context pool) raises concurrency.",
        "zh": ("显存在每请求 {planning_tokens} token 时成为瓶颈：缩短上下文"
               "（或单独设长上下文资源池）可提高并发。"),
    },
    "add_memory": {
        "en": "Memory binds: a GPU with more memory, or more GPUs per replica, adds KV room.",
        "zh": "显存是瓶颈：换更大显存的卡，或每副本用更多卡，可增加 KV 空间。",
    },
    "fewer_tokens_or_smaller_model": {
        "en": "Compute binds at the {tpot_target_ms} ms TPOT target: relax the target, shorten the "
              "prompts, or use a smaller or quantized model.",
        "zh": "在 TPOT 目标 {tpot_target_ms} ms 下算力是瓶颈：放宽目标、缩短提示词，或换更小/量化后的模型。",
    },
    "add_replicas_or_faster_gpu": {
        "en": "Compute binds: add replicas (more GPUs in parallel) or use a faster GPU.",
        "zh": "算力是瓶颈：增加副本（并行更多卡）或换更快的卡。",
    },
    "replicas_instead_of_tp": {
        "en": "The interconnect binds and the model fits on one GPU: run {tp} replicas instead of "
              "tensor parallel {tp}.",
        "zh": "互联是瓶颈且模型单卡放得下：用 {tp} 个副本代替张量并行 {tp}。",
    },
    "use_nvlink": {
        "en": "The interconnect binds on PCIe ({gpu}): an NVLink server cuts the all-reduce time.",
        "zh": "PCIe（{gpu}）互联是瓶颈：NVLink 服务器可大幅缩短 all-reduce 时间。",
    },
    "fewer_tp_ranks": {
        "en": "The interconnect binds at TP {tp}: fewer tensor-parallel ranks per replica (with "
              "more replicas) lower the communication share.",
        "zh": "TP {tp} 时互联是瓶颈：减少每副本的张量并行卡数（增加副本数）可降低通信占比。",
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
