"""Sentences for the core's notice and advice codes, translated through the catalogue.

The core returns codes with parameters; the CLI, the window and the report turn them into
sentences here, so wording lives in one place. Each template is marked for the catalogue in
context "Notices"; :func:`notice_text` translates the template, then fills in the parameters.
"""

from __future__ import annotations

from gpucalc.core.common.explain import InputValue, Notice
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import sig3

NOTICE_CONTEXT = "Notices"
"""The catalogue context of every notice template."""

NOTICE_TEXT: dict[str, str] = {
    "weak_large_moe_dp_ep": QT_TRANSLATE_NOOP(
        "Notices",
        "Weakly validated: a {params_b} B-parameter MoE model under DP {dp} attention + expert "
        "parallel. No such run is in the validation set, and published large-EP runs differ from "
        "the step model by several times; the uncertainty band is widened by ±{widening_pct} %. "
        "Measure one engine before sizing a fleet on this figure."),
    "weak_speculative_high_batch": QT_TRANSLATE_NOOP(
        "Notices",
        "Weakly validated: speculative decoding at {running} running requests per rank. The "
        "verification cost at a large batch is modelled, not measured, and the gain usually shrinks "
        "faster than modelled; the uncertainty band is widened by ±{widening_pct} %."),
    "weak_mapped_kernels": QT_TRANSLATE_NOOP(
        "Notices",
        "This GPU has no measured kernel tables: its GEMM, attention and bandwidth shares are "
        "borrowed from {system} and scaled by the datasheet peaks; the uncertainty band is widened "
        "by ±{widening_pct} %."),
    "kv_budget_negative": QT_TRANSLATE_NOOP(
        "Notices",
        "The model does not fit: {short_gib} GiB short per GPU before any KV cache. Use more "
        "GPUs (--tensor-parallel-size), a lower weight precision "
        "(--quantization fp8 / int4), a larger GPU or a higher memory fraction."),
    "max_model_len_exceeds_kv": QT_TRANSLATE_NOOP(
        "Notices",
        'vLLM would refuse to start: "The model\'s max seq len ({max_model_len}) is larger '
        'than the maximum number of tokens that can be stored in KV cache ({kv_tokens})." '
        "Lower --max-model-len, quantize the KV cache (--kv-cache-dtype fp8) or add GPUs."),
    "max_model_len_kv_exceeds_memory": QT_TRANSLATE_NOOP(
        "Notices",
        "vLLM would refuse to start: one request at max_model_len {max_model_len} needs "
        "{needed_gib} GiB of KV cache, more than the {available_gib} GiB available (vLLM "
        "estimates the longest context that fits at {estimated_max_len} tokens). Lower "
        "--max-model-len to {estimated_max_len}, quantize the KV cache (--kv-cache-dtype fp8)"
        " or add GPUs."),
    "kv_pool_caps_requests": QT_TRANSLATE_NOOP(
        "Notices",
        "{engine} starts with a KV pool of {kv_tokens} tokens, fewer than one request at "
        "max_model_len {max_model_len}: it caps each request at {max_request_tokens} tokens "
        "(longer prompts are rejected or truncated) and admits requests only while the pool "
        "has room. Set the context length to match, quantize the KV cache or add GPUs to "
        "serve full-length requests."),
    "cuda_graphs_exceed_headroom": QT_TRANSLATE_NOOP(
        "Notices",
        "CUDA graphs (~{graphs_gib} GiB) do not fit in the headroom the memory fraction "
        "leaves ({headroom_gib} GiB left after them): risk of out-of-memory at start-up. "
        "Lower the memory fraction or use --enforce-eager."),
    "vision_encoder_profile_not_modelled": QT_TRANSLATE_NOOP(
        "Notices",
        "This is a multimodal model: the vision encoder's weights are counted, but the "
        "engine's multimodal profiling peak is not modelled, so the KV estimate may be high."),
    "gpu_spec_low_confidence": QT_TRANSLATE_NOOP(
        "Notices",
        "The specs of {gpu} come from a single or unclear source; check them before you rely "
        "on the result."),
    "gpu_price_unknown": QT_TRANSLATE_NOOP(
        "Notices",
        "The catalog has no rental price for {gpu}: the fleet's cost per hour, per month and per "
        "million output tokens are left out, and sizing ranks this GPU by GPU count after the "
        "priced ones. Add a price in the Prices tab of the spec tables to compare costs."),
    "weights_run_weight_only": QT_TRANSLATE_NOOP(
        "Notices",
        "{gpu} has no {missing} tensor cores, so {format} weights run weight-only ({scheme}): "
        "they keep their low-bit memory footprint, but each matrix multiply dequantises them and "
        "computes at the GPU's {math} peak. Compute is no faster than {math}; only reading the "
        "weights is (vLLM serves FP8 checkpoints this way, with its FP8 Marlin kernel, below "
        "compute capability 8.9)."),
    "fleet_beyond_reach": QT_TRANSLATE_NOOP(
        "Notices",
        "Unreachable: {qps} req/s need about {gpus} GPUs at {per_replica} req/s per replica, more "
        "than the {limit} GPUs gpucalc sizes a fleet for. Plan less traffic per fleet, shorter "
        "requests or a faster layout; the per-replica answer above still holds."),
    "user_table_skipped": QT_TRANSLATE_NOOP(
        "Notices",
        "Your {table} table at {path} is not used ({detail}); the file is left as it is and the "
        "bundled table is loaded. Saving an edit to this table sets the file aside first."),
    "user_table_reset": QT_TRANSLATE_NOOP(
        "Notices",
        "Your edited {table} table could not be used ({reason}); it was set aside as {backup}"
        " and the bundled table is loaded."),
    "user_table_migration_failed": QT_TRANSLATE_NOOP(
        "Notices",
        "Your {table} table at {path} could not be upgraded from version {from_version} "
        "({reason}); the bundled table is loaded and your file is kept."),
    "user_table_unreadable": QT_TRANSLATE_NOOP(
        "Notices",
        "Your {table} table at {path} cannot be read ({reason}); the bundled table is loaded."),
    "user_entry_invalid": QT_TRANSLATE_NOOP(
        "Notices",
        "Entry {id} of your {table} table is invalid ({field}: {reason}); it is kept in the "
        "file but not used."),
    "log_engine_differs": QT_TRANSLATE_NOOP(
        "Notices",
        "The log comes from {log_engine} but the estimate uses the {plan_engine} profile; "
        "pick the matching engine (--engine) before comparing."),
    "log_total_memory_differs": QT_TRANSLATE_NOOP(
        "Notices",
        "The engine saw {log_gib} GiB of GPU memory, the estimate assumes {plan_gib} GiB; set"
        " --gpu-memory-gib {log_gib} to compare like with like."),
    "log_memory_fraction_differs": QT_TRANSLATE_NOOP(
        "Notices",
        "The log ran with memory fraction {log_fraction}, the estimate with {plan_fraction}; "
        "the KV figures differ for that reason alone."),
    "log_max_model_len_differs": QT_TRANSLATE_NOOP(
        "Notices",
        "The log's maximum concurrency is for {log_tokens} tokens per request, the estimate "
        "uses max_model_len {plan_tokens}; that line is left out of the comparison."),
    "calibration_clipped": QT_TRANSLATE_NOOP(
        "Notices",
        "The {item} calibration reached its bound; the log differs from the model by more "
        "than a constant can explain — check the inputs match the logged run."),
    "offered_exceeds_capacity": QT_TRANSLATE_NOOP(
        "Notices",
        "Offered {offered} req/s exceeds the capacity of about {capacity} req/s at the "
        "P{percentile} SLO ({replicas} replica(s)); goodput collapses: the queue grows for as"
        " long as the load lasts."),
    "raise_max_num_seqs": QT_TRANSLATE_NOOP(
        "Notices",
        "The scheduler binds: the KV cache holds {kv_requests} requests but --max-num-seqs "
        "{max_num_seqs} lets only that many run at once; raise --max-num-seqs if latency "
        "allows."),
    "disaggregated_pool_short": QT_TRANSLATE_NOOP(
        "Notices",
        "The pools are smaller than the traffic needs: {prefill_replicas} prefill replicas for "
        "{prefill_needed} needed, {decode_replicas} decode replicas for {decode_needed} needed."),
    "parallel_spans_link_domain": QT_TRANSLATE_NOOP(
        "Notices",
        "{gpu} joins only {domain_gpus} GPUs by {link}: a replica of TP {tp} × PP {pp} "
        "({gpus} GPUs) runs its collectives past that domain over PCIe at {host_gb_s} GB/s "
        "instead of {fast_gb_s} GB/s per direction. Keep TP within {domain_gpus} GPUs (more "
        "replicas, or pipeline stages across domains) or use an NVLink board."),
    "tp_spans_nodes": QT_TRANSLATE_NOOP(
        "Notices",
        "TP {tp} spans {tp_nodes} nodes of {gpus_per_node} GPUs: every layer's all-reduce crosses "
        "{network} at {scale_out_gb_s} GB/s per GPU and direction instead of {fast_gb_s} GB/s "
        "inside a node. Strongly advised against: keep TP within one node and put pipeline "
        "stages or replicas across nodes."),
    "pp_hops_across_nodes": QT_TRANSLATE_NOOP(
        "Notices",
        "{hops} pipeline stage boundary(ies) of TP {tp} × PP {pp} cross between nodes over "
        "{network} at {scale_out_gb_s} GB/s per GPU and direction ({latency_us} µs per message); "
        "each hop carries one step's activations."),
    "expert_group_spans_link_domain": QT_TRANSLATE_NOOP(
        "Notices",
        "{gpu} joins only {domain_gpus} GPUs by {link}: the expert all-to-all over DP {dp} × TP {tp} "
        "= {ranks} ranks runs past that domain at {host_gb_s} GB/s instead of {fast_gb_s} GB/s per "
        "direction, once per MoE layer and step."),
    "memory_above_planning_share": QT_TRANSLATE_NOOP(
        "Notices",
        "At {concurrency} requests of average length ({avg_tokens} tokens) weights + KV + "
        "margin take {share_used} of memory, above the {planning_share} planning line of the "
        "capacity planning guide: leave the rest for peaks and fragmentation — plan at most "
        "{allowed} requests, or add memory."),
    "memory_alarm_average_length": QT_TRANSLATE_NOOP(
        "Notices",
        "Alarm: at the average length ({avg_tokens} tokens) {concurrency} requests already "
        "fill {share_used} of memory, past the {alarm_share} line of the capacity planning "
        "guide: this configuration is not fit for long-context service — add GPUs or limit "
        "the context."),
    "speculative_tokens_large": QT_TRANSLATE_NOOP(
        "Notices",
        "{k} speculative tokens per step is a long draft: each token beyond the first few is "
        "rarely accepted while the draft passes and the verification grow with k; published "
        "set-ups use at most {large}. Measure the acceptance length before planning on it."),
    "speculative_acceptance_assumed": QT_TRANSLATE_NOOP(
        "Notices",
        "The acceptance length {tau} of {method} is an assumption (per-token acceptance "
        "{alpha}): it depends on the model pair and the traffic. Enter the mean acceptance "
        "length your engine logs for this workload."),
    "speculative_slower_at_knee": QT_TRANSLATE_NOOP(
        "Notices",
        "At {running} running requests speculative decoding is slower than plain decoding "
        "({speedup}× TPOT): verification is compute-bound at this batch. Use fewer speculative "
        "tokens, or turn it off for throughput-bound traffic."),
    "quantize_kv_cache": QT_TRANSLATE_NOOP(
        "Notices",
        "Memory binds: an fp8 KV cache (--kv-cache-dtype fp8) about doubles the requests that"
        " fit (now {kv_format})."),
    "quantization_quality_caveat": QT_TRANSLATE_NOOP(
        "Notices",
        "A lower precision is a capacity suggestion, not a quality result: measure the "
        "quantized model on your own tasks before you plan on it."),
    "quantize_weights": QT_TRANSLATE_NOOP(
        "Notices",
        "Memory binds: fp8 or int4 weights free memory for the KV cache."),
    "shorten_context": QT_TRANSLATE_NOOP(
        "Notices",
        "Memory binds at {planning_tokens} tokens per request: a shorter context (or a "
        "separate long-context pool) raises concurrency."),
    "add_memory": QT_TRANSLATE_NOOP(
        "Notices",
        "Memory binds: a GPU with more memory, or more GPUs per replica, adds KV room."),
    "fewer_tokens_or_smaller_model": QT_TRANSLATE_NOOP(
        "Notices",
        "The P{percentile} TPOT target ({tpot_target_ms} ms) binds: relax it, shorten the prompts "
        "(less chunked prefill beside the decodes), or use a smaller or quantized model."),
    "ttft_binds": QT_TRANSLATE_NOOP(
        "Notices",
        "The P{percentile} TTFT target ({ttft_target_ms} ms) binds: prompts of up to {p95_input} "
        "tokens wait for the prefill of the others. Relax the target, shorten or cache the prompts "
        "(prefix caching), or prefill faster with more GPUs per replica."),
    "add_replicas_or_faster_gpu": QT_TRANSLATE_NOOP(
        "Notices",
        "Compute binds: add replicas (more GPUs in parallel) or use a faster GPU."),
    "replicas_instead_of_tp": QT_TRANSLATE_NOOP(
        "Notices",
        "The interconnect binds and the model fits on one GPU: run {tp} replicas instead of "
        "tensor parallel {tp}."),
    "use_nvlink": QT_TRANSLATE_NOOP(
        "Notices",
        "The interconnect binds on PCIe ({gpu}): an NVLink server cuts the all-reduce time."),
    "fewer_tp_ranks": QT_TRANSLATE_NOOP(
        "Notices",
        "The interconnect binds at TP {tp}: fewer tensor-parallel ranks per replica (with "
        "more replicas) lower the communication share."),
    "user_price_unknown_gpu": QT_TRANSLATE_NOOP(
        "Notices",
        "A price is set for GPU {id}, which is not in the catalog."),
    "user_alias_conflict": QT_TRANSLATE_NOOP(
        "Notices",
        "Alias {alias} of {id} ({table}) is already used by {other}; it keeps naming {other}."),
    "import_state_layers_not_counted": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its state-space (Mamba) layers are counted without their weights and without "
        "their per-request state, because the config does not give their geometry in a form "
        "gpucalc reads; weights and KV capacity are approximate."),
    "import_image_tokens_at_assumed_size": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: the vision encoder takes images at any resolution; its weights are counted and "
        "image tokens are counted for a 448 × 448 image (an assumed size)."),
    "import_linear_replacement_not_counted": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: some blocks replace attention or the MLP with a single linear layer; those "
        "parts are counted without weights and without KV cache."),
    "import_mixed_kv_heads_counted_at_largest": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its attention layers have different KV head counts; every attention layer is "
        "counted with the largest, so the KV cache is overestimated."),
    "import_windowed_blocks_counted_as_full": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: some blocks use windowed attention; they are counted as full attention, so the "
        "KV cache is overestimated."),
    "import_quant_bits_assumed": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its quantization_config gives no bit width; the weights are counted as the "
        "method's default (4-bit GPTQ / AWQ, 8-bit compressed-tensors). Check the checkpoint."),
    "import_quant_group_size_approximated": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its quantization group size has no format of its own; the weights are counted "
        "with 128-element groups, so the memory of the scales is approximate."),
    "import_dtype_not_recognised": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its torch_dtype is not a dtype gpucalc knows; the weights are counted as 16-bit, "
        "the dtype --dtype auto serves. Set --dtype if the checkpoint is stored otherwise."),
    "import_state_dtype_not_recognised": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its mamba_ssm_cache_dtype is not float32, bfloat16 or float16; the recurrent "
        "state is counted in the model dtype, as --mamba-ssm-cache-dtype auto does."),
    "import_model_type_not_recognised": QT_TRANSLATE_NOOP(
        "Notices",
        "{model}: its model_type is not one gpucalc's importer knows; it is read as a standard "
        "decoder from the fields it recognises, so layers of a new kind (compressed or sparse "
        "attention, new state layers) may be missed and weights and KV cache may be off."),
}


FORMATTED_PARAMS = frozenset({"tpot_target_ms", "ttft_target_ms", "p95_input"})
"""Parameters shown through the one number format (the others are quoted as the core gives them)."""


def _param_text(name: str, value: InputValue) -> InputValue:
    """A notice parameter as text shows it."""
    if name not in FORMATTED_PARAMS or isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return sig3(value)


def notice_text(notice: Notice, lang: str = "en") -> str:
    """The sentence for ``notice`` in ``lang`` (English where untranslated; the code if unknown)."""
    template = NOTICE_TEXT.get(notice.code)
    if template is None:
        return notice.code + (f" {notice.params}" if notice.params else "")
    text = translate(NOTICE_CONTEXT, template, lang)
    try:
        return text.format(**{name: _param_text(name, value) for name, value in notice.params.items()})
    except (KeyError, IndexError):
        return text
