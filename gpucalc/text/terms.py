"""Names of the figures (terms), of their formulas' inputs, and formulas in the reader's language.

One home for the words the Explanation pane, the tables and the report put next to a number:
``TERM_NAMES`` (context "Terms"), ``INPUT_NAMES`` (context "Inputs"), the formulas the core
marks (context "Formulas") and the sentences it cites as sources (context "Sources"). Every
lookup takes the language ("en", "zh") or the surface's own translate function — the window
passes ``QCoreApplication.translate``, whose installed translator is this same catalogue.
"""

from __future__ import annotations

from collections.abc import Callable

from gpucalc.core.capacity.perf_result import CeilingKind
from gpucalc.core.common.explain import InputValue, Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.text.catalogue import translate
from gpucalc.text.numbers import sig3

__all__ = [
    "ALL2ALL_MODE_NAMES",
    "CEILING_NAMES",
    "INPUT_NAMES",
    "ONE_UNIT_NAMES",
    "PLAIN_CEILING_NAMES",
    "SHORT_CEILING_NAMES",
    "TERM_NAMES",
    "TRAFFIC_MODE_NAMES",
    "UNIT_NAMES",
    "Lookup",
    "all2all_mode_name",
    "as_lookup",
    "ceiling_name",
    "formula_text",
    "input_label",
    "input_name",
    "input_value_text",
    "source_text",
    "term_label",
    "term_name",
    "traffic_mode_name",
    "unit_name",
]

Lookup = Callable[[str, str], str]
"""A translate function: (context, English text) → the text in the reader's language."""

TERM_NAMES = {
    "weights_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Weights"),
    "activation_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Activation peak"),
    "non_torch_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Runtime (non-torch)"),
    "cuda_graphs_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "CUDA graphs"),
    "kv_cache_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "KV cache"),
    "headroom_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Headroom"),
    "total_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "GPU memory (total)"),
    "engine_budget_gib_per_gpu": QT_TRANSLATE_NOOP("Terms", "Engine budget"),
    "memory_fraction": QT_TRANSLATE_NOOP("Terms", "Memory fraction"),
    "max_model_len": QT_TRANSLATE_NOOP("Terms", "Max model length"),
    "max_num_batched_tokens": QT_TRANSLATE_NOOP("Terms", "Batched tokens"),
    "max_num_seqs": QT_TRANSLATE_NOOP("Terms", "Max sequences"),
    "scale_out_gb_per_s": QT_TRANSLATE_NOOP("Terms", "Network between nodes (per GPU)"),
    "kv_cache_bytes_per_token": QT_TRANSLATE_NOOP("Terms", "KV bytes per token"),
    "kv_cache_bytes_per_token_per_gpu": QT_TRANSLATE_NOOP("Terms", "KV bytes per token per GPU"),
    "kv_cache_tokens": QT_TRANSLATE_NOOP("Terms", "KV cache tokens (per replica)"),
    "state_bytes_per_request_per_gpu": QT_TRANSLATE_NOOP("Terms", "Layer state per request per GPU"),
    "kv_cache_tokens_all_replicas": QT_TRANSLATE_NOOP("Terms", "KV cache tokens, all replicas"),
    "max_concurrency": QT_TRANSLATE_NOOP("Terms", "Max concurrency at max model length"),
    "concurrency_p50": QT_TRANSLATE_NOOP("Terms", "Concurrency at P50 length"),
    "concurrency_p95": QT_TRANSLATE_NOOP("Terms", "Concurrency at P95 length"),
    "fits_single_gpu_kv_gib": QT_TRANSLATE_NOOP("Terms", "KV left on a single GPU"),
    "planning_concurrency_at_share": QT_TRANSLATE_NOOP("Terms", "Concurrency within planning share"),
    "alarm_concurrency_at_share": QT_TRANSLATE_NOOP("Terms", "Concurrency at the 80 % alarm"),
    "kv_gib_per_average_request": QT_TRANSLATE_NOOP("Terms", "KV per request at average length"),
    "average_tokens_per_request": QT_TRANSLATE_NOOP("Terms", "Average length"),
    "memory_share_at_planned": QT_TRANSLATE_NOOP("Terms", "Memory share at planned concurrency"),
    "planning_tokens_per_request": QT_TRANSLATE_NOOP("Terms", "Planning length"),
    "params.total": QT_TRANSLATE_NOOP("Terms", "Parameters (total)"),
    "params.active": QT_TRANSLATE_NOOP("Terms", "Parameters (active)"),
    "params.active_without_embedding": QT_TRANSLATE_NOOP("Terms", "Active parameters without embedding"),
    "activation.forward_gib": QT_TRANSLATE_NOOP("Terms", "Forward pass activations"),
    "activation.sampler_gib": QT_TRANSLATE_NOOP("Terms", "Sampler"),
    "activation.moe_workspace_gib": QT_TRANSLATE_NOOP("Terms", "MoE workspace"),
    "activation.encoder_gib": QT_TRANSLATE_NOOP("Terms", "Vision encoder (profiling pass)"),
    "weights.embedding": QT_TRANSLATE_NOOP("Terms", "Embedding"),
    "weights.attention": QT_TRANSLATE_NOOP("Terms", "Attention"),
    "weights.dense_mlp": QT_TRANSLATE_NOOP("Terms", "Dense MLP"),
    "weights.experts": QT_TRANSLATE_NOOP("Terms", "Routed experts"),
    "weights.shared_experts": QT_TRANSLATE_NOOP("Terms", "Shared experts"),
    "weights.norms_router": QT_TRANSLATE_NOOP("Terms", "Norms and router"),
    "weights.lm_head": QT_TRANSLATE_NOOP("Terms", "LM head"),
    "weights.vision": QT_TRANSLATE_NOOP("Terms", "Vision tower"),
    "weights.speculative_draft": QT_TRANSLATE_NOOP("Terms", "Speculative draft"),
    "speculative.acceptance_length": QT_TRANSLATE_NOOP("Terms", "Acceptance length (τ)"),
    "speculative.draft_kv_bytes_per_token": QT_TRANSLATE_NOOP("Terms", "Draft KV bytes per token"),
    "speculative.speedup_at_batch_1": QT_TRANSLATE_NOOP("Terms", "Speculative TPOT gain at batch 1"),
    "speculative.speedup_at_knee": QT_TRANSLATE_NOOP("Terms", "Speculative TPOT gain at the knee"),
    "ceiling.memory": QT_TRANSLATE_NOOP("Terms", "Memory ceiling"),
    "ceiling.compute": QT_TRANSLATE_NOOP("Terms", "Compute ceiling"),
    "ceiling.interconnect": QT_TRANSLATE_NOOP("Terms", "Interconnect ceiling"),
    "ceiling.scheduler": QT_TRANSLATE_NOOP("Terms", "Scheduler cap (max_num_seqs)"),
    "recommended_concurrency": QT_TRANSLATE_NOOP("Terms", "Recommended concurrency"),
    "online_capacity": QT_TRANSLATE_NOOP("Terms", "Online capacity (at the watermark)"),
    "knee_concurrency": QT_TRANSLATE_NOOP("Terms", "Knee (the recommendation)"),
    "rate_capacity.requests_per_s": QT_TRANSLATE_NOOP("Terms", "Rate capacity"),
    "rate_capacity.in_flight": QT_TRANSLATE_NOOP("Terms", "Requests in flight at the rate capacity"),
    "rate_capacity.output_tokens_per_s": QT_TRANSLATE_NOOP("Terms", "Output tokens/s at the rate capacity"),
    "rate_capacity.ttft_ms": QT_TRANSLATE_NOOP("Terms", "TTFT at the rate capacity (percentile)"),
    "rate_capacity.tpot_ms": QT_TRANSLATE_NOOP("Terms", "TPOT at the rate capacity (percentile)"),
    "unreachable.ttft_ms_at_one": QT_TRANSLATE_NOOP("Terms", "TTFT with one request in flight"),
    "unreachable.tpot_ms_at_one": QT_TRANSLATE_NOOP("Terms", "TPOT with one request in flight"),
    "at_recommended.ttft_percentile_ms": QT_TRANSLATE_NOOP("Terms", "TTFT at the percentile"),
    "at_recommended.tpot_percentile_ms": QT_TRANSLATE_NOOP("Terms", "TPOT at the percentile"),
    "fleet.requests_per_s_per_replica_planned": QT_TRANSLATE_NOOP(
        "Terms", "Planned requests/s per replica (watermark)"),
    "fleet.requests_per_s_per_replica_capacity": QT_TRANSLATE_NOOP(
        "Terms", "Rate capacity per replica"),
    "fleet.total_concurrency_max": QT_TRANSLATE_NOOP("Terms", "Concurrency, all replicas"),
    "fleet.replicas_for_average": QT_TRANSLATE_NOOP("Terms", "Replicas for the average"),
    "fleet.replicas_for_peak": QT_TRANSLATE_NOOP("Terms", "Replicas for the peak"),
    "fleet.replicas": QT_TRANSLATE_NOOP("Terms", "Serving replicas (N)"),
    "fleet.spare_replicas": QT_TRANSLATE_NOOP("Terms", "Spare replicas (k)"),
    "fleet.replicas_needed": QT_TRANSLATE_NOOP("Terms", "Replicas needed (N + k)"),
    "fleet.gpus_needed": QT_TRANSLATE_NOOP("Terms", "GPUs needed"),
    "fleet.replicas_deployed": QT_TRANSLATE_NOOP("Terms", "Replicas deployed"),
    "fleet.gpus_deployed": QT_TRANSLATE_NOOP("Terms", "GPUs planned"),
    "fleet.total_concurrency": QT_TRANSLATE_NOOP("Terms", "Online concurrency, all replicas"),
    "fleet.requests_per_s_total": QT_TRANSLATE_NOOP("Terms", "Requests/s, all replicas"),
    "fleet.output_tokens_per_s_total": QT_TRANSLATE_NOOP("Terms", "Output tokens/s, all replicas"),
    "fleet.output_tokens_per_day": QT_TRANSLATE_NOOP("Terms", "Output tokens per day"),
    "fleet.output_tokens_per_gpu_hour": QT_TRANSLATE_NOOP("Terms", "Output tokens per GPU-hour"),
    "fleet.backfill_tokens_per_day": QT_TRANSLATE_NOOP("Terms", "Batch backfill tokens per day"),
    "fleet.cost_per_hour_usd": QT_TRANSLATE_NOOP("Terms", "Cost per hour (GPUs needed)"),
    "fleet.cost_per_month_usd": QT_TRANSLATE_NOOP("Terms", "Cost per month (GPUs needed)"),
    "fleet.cost_per_hour_deployed_usd": QT_TRANSLATE_NOOP("Terms", "Cost per hour (GPUs planned)"),
    "fleet.cost_per_million_output_tokens_usd": QT_TRANSLATE_NOOP(
        "Terms", "Cost per million output tokens (GPUs needed)"),
    # prefill/decode disaggregation
    "disaggregated.kv_transfer_ms": QT_TRANSLATE_NOOP("Terms", "KV transfer to the decode pool"),
    "disaggregated.prefill_ms": QT_TRANSLATE_NOOP("Terms", "Prefill of a P95 prompt"),
    "disaggregated.prefill_tokens_per_s_per_replica": QT_TRANSLATE_NOOP(
        "Terms", "Prompt tokens/s per prefill replica"),
    "disaggregated.prefill_requests_per_s_per_replica": QT_TRANSLATE_NOOP(
        "Terms", "Prompts/s per prefill replica at the TTFT target"),
    "disaggregated.ttft_ms": QT_TRANSLATE_NOOP("Terms", "TTFT, disaggregated"),
    "disaggregated.decode_knee_requests": QT_TRANSLATE_NOOP("Terms", "Decode replica knee"),
    "disaggregated.decode_tpot_ms": QT_TRANSLATE_NOOP("Terms", "TPOT, decode pool"),
    "disaggregated.decode_tokens_per_s_per_replica": QT_TRANSLATE_NOOP(
        "Terms", "Output tokens/s per decode replica"),
    "disaggregated.decode_requests_per_s_per_replica": QT_TRANSLATE_NOOP(
        "Terms", "Requests/s per decode replica"),
    "disaggregated.prefill_replicas_needed": QT_TRANSLATE_NOOP("Terms", "Prefill replicas needed"),
    "disaggregated.decode_replicas_needed": QT_TRANSLATE_NOOP("Terms", "Decode replicas needed"),
    "concurrency_total": QT_TRANSLATE_NOOP("Terms", "Online concurrency, all replicas"),
    "requests_per_s_total": QT_TRANSLATE_NOOP("Terms", "Requests/s, all replicas"),
    "output_tokens_per_s_total": QT_TRANSLATE_NOOP("Terms", "Output tokens/s, all replicas"),
    "comm_share": QT_TRANSLATE_NOOP("Terms", "Communication share of a step"),
    "step.gemm_ms": QT_TRANSLATE_NOOP("Terms", "Step: matrix multiplies"),
    "step.attention_ms": QT_TRANSLATE_NOOP("Terms", "Step: attention"),
    "step.communication_ms": QT_TRANSLATE_NOOP("Terms", "Step: communication"),
    "step.eager_launch_ms": QT_TRANSLATE_NOOP("Terms", "Step: kernel launches without CUDA graphs"),
    "step.alltoall_ms": QT_TRANSLATE_NOOP("Terms", "Step: expert all-to-all"),
    "expert_parallel.size": QT_TRANSLATE_NOOP("Terms", "Expert group (EP) size"),
    "expert_parallel.experts_per_gpu": QT_TRANSLATE_NOOP("Terms", "Experts per GPU"),
    "expert_parallel.imbalance": QT_TRANSLATE_NOOP("Terms", "Expert load imbalance"),
    "expert_parallel.alltoall_ms_per_step": QT_TRANSLATE_NOOP("Terms", "Expert all-to-all per step"),
    "step.overhead_ms": QT_TRANSLATE_NOOP("Terms", "Step: scheduler overhead"),
    "ttft_ms": QT_TRANSLATE_NOOP("Terms", "TTFT"),
    "tpot_ms": QT_TRANSLATE_NOOP("Terms", "TPOT"),
    "itl_ms": QT_TRANSLATE_NOOP("Terms", "Inter-token latency"),
    "output_tokens_per_s": QT_TRANSLATE_NOOP("Terms", "Output tokens/s"),
    "requests_per_s": QT_TRANSLATE_NOOP("Terms", "Requests/s"),
    "params.embedding": QT_TRANSLATE_NOOP("Terms", "Parameters: embedding"),
    "params.attention": QT_TRANSLATE_NOOP("Terms", "Parameters: attention"),
    "params.dense_mlp": QT_TRANSLATE_NOOP("Terms", "Parameters: dense MLP"),
    "params.routed_experts": QT_TRANSLATE_NOOP("Terms", "Parameters: routed experts"),
    "params.shared_experts": QT_TRANSLATE_NOOP("Terms", "Parameters: shared experts"),
    "params.router": QT_TRANSLATE_NOOP("Terms", "Parameters: router"),
    "params.norms": QT_TRANSLATE_NOOP("Terms", "Parameters: norms"),
    "params.lm_head": QT_TRANSLATE_NOOP("Terms", "Parameters: LM head"),
    "params.vision": QT_TRANSLATE_NOOP("Terms", "Parameters: vision tower"),
    "gpus_needed": QT_TRANSLATE_NOOP("Terms", "GPUs needed"),
    "prefix_cache.hit_rate": QT_TRANSLATE_NOOP("Terms", "Prefix cache hit rate"),
    "prefix_cache.cached_tokens_per_request": QT_TRANSLATE_NOOP(
        "Terms", "Cached prompt tokens per request"),
    "prefix_cache.prefill_tokens_saved": QT_TRANSLATE_NOOP(
        "Terms", "Prompt tokens not prefilled (per second)"),
    "prefix_cache.kv_shared_gib": QT_TRANSLATE_NOOP("Terms", "KV held by shared prefixes"),
    "simulation.prefix_hit_rate": QT_TRANSLATE_NOOP("Terms", "Simulated prefix cache hit rate"),
    "slo_capacity": QT_TRANSLATE_NOOP("Terms", "Capacity at the SLO"),
    "slo_capacity.analytic": QT_TRANSLATE_NOOP("Terms", "Capacity at the SLO (analytic)"),
    "slo_capacity.simulated": QT_TRANSLATE_NOOP("Terms", "Capacity at the SLO (simulated)"),
    "sim.slo_capacity": QT_TRANSLATE_NOOP("Terms", "Simulated capacity at the SLO"),
    "sim.ttft_ms": QT_TRANSLATE_NOOP("Terms", "Simulated TTFT"),
    "sim.tpot_ms": QT_TRANSLATE_NOOP("Terms", "Simulated TPOT"),
    "sim.e2e_ms": QT_TRANSLATE_NOOP("Terms", "Simulated end-to-end latency"),
    "sim.queue_ms": QT_TRANSLATE_NOOP("Terms", "Simulated queueing time"),
    "sim.request_throughput": QT_TRANSLATE_NOOP("Terms", "Simulated requests/s"),
    "sim.steady_request_throughput": QT_TRANSLATE_NOOP("Terms", "Simulated requests/s, steady stretch"),
    "sim.output_tokens_per_s": QT_TRANSLATE_NOOP("Terms", "Simulated output tokens/s"),
    "sim.goodput": QT_TRANSLATE_NOOP("Terms", "Goodput"),
    "sim.slo_attainment": QT_TRANSLATE_NOOP("Terms", "Share of requests meeting the targets"),
    "sim.preemptions": QT_TRANSLATE_NOOP("Terms", "Preemptions"),
    "sim.duration_s": QT_TRANSLATE_NOOP("Terms", "Simulated duration"),
    "sim.knee_rate": QT_TRANSLATE_NOOP("Terms", "TTFT knee (request rate)"),
}
STATISTIC_NAMES = {
    "mean": QT_TRANSLATE_NOOP("Terms", "mean"),
    "p50": QT_TRANSLATE_NOOP("Terms", "P50"),
    "p95": QT_TRANSLATE_NOOP("Terms", "P95"),
    "p99": QT_TRANSLATE_NOOP("Terms", "P99"),
    "low": QT_TRANSLATE_NOOP("Terms", "low"),
    "expected": QT_TRANSLATE_NOOP("Terms", "expected"),
    "high": QT_TRANSLATE_NOOP("Terms", "high"),
}
"""Last key segments that name a statistic of a figure (``sim.ttft_ms.p95``, ``kv_cache_tokens.low``)."""
FIGURE_WITH_STATISTIC = QT_TRANSLATE_NOOP("Terms", "{figure} ({statistic})")

INPUT_NAMES = {
    # the two measures and the fleet
    "binding_limit": QT_TRANSLATE_NOOP("Inputs", "binding limit"),
    "binding_target": QT_TRANSLATE_NOOP("Inputs", "binding target"),
    "dp_ranks": QT_TRANSLATE_NOOP("Inputs", "DP ranks"),
    "running_per_dp_rank": QT_TRANSLATE_NOOP("Inputs", "running requests per DP rank"),
    "mean_e2e_ms": QT_TRANSLATE_NOOP("Inputs", "mean end-to-end latency (ms)"),
    "memory_share_requests": QT_TRANSLATE_NOOP("Inputs", "requests within the memory planning share"),
    "planned_by": QT_TRANSLATE_NOOP("Inputs", "planned by"),
    "planned_concurrency": QT_TRANSLATE_NOOP("Inputs", "planned concurrency"),
    "rate_capacity": QT_TRANSLATE_NOOP("Inputs", "rate capacity (req/s)"),
    "qps": QT_TRANSLATE_NOOP("Inputs", "QPS"),
    # the words these inputs take (binding_limit, binding_target, planned_by)
    "ttft": QT_TRANSLATE_NOOP("Inputs", "TTFT target"),
    "tpot": QT_TRANSLATE_NOOP("Inputs", "TPOT target"),
    "memory_share": QT_TRANSLATE_NOOP("Inputs", "memory planning share"),
    # prefix caching
    "shared_prefix_len": QT_TRANSLATE_NOOP("Inputs", "shared prefix"),
    "shared_prefix_tokens": QT_TRANSLATE_NOOP("Inputs", "shared prefix in whole blocks"),
    "shared_tokens": QT_TRANSLATE_NOOP("Inputs", "shared prefix in whole blocks"),
    "num_prefixes": QT_TRANSLATE_NOOP("Inputs", "distinct prefixes"),
    "prefix_hit_rate": QT_TRANSLATE_NOOP("Inputs", "measured hit rate"),
    "history_cached": QT_TRANSLATE_NOOP("Inputs", "chat history cached"),
    "mean_history": QT_TRANSLATE_NOOP("Inputs", "mean chat history"),
    "mean_prompt": QT_TRANSLATE_NOOP("Inputs", "mean prompt"),
    "cached_tokens": QT_TRANSLATE_NOOP("Inputs", "cached tokens"),
    "cached_tokens_per_request": QT_TRANSLATE_NOOP("Inputs", "cached tokens per request"),
    "blocks_per_prefix": QT_TRANSLATE_NOOP("Inputs", "blocks per shared prefix"),
    "blocks_per_shared_prefix": QT_TRANSLATE_NOOP("Inputs", "blocks per shared prefix"),
    "prompt_tokens": QT_TRANSLATE_NOOP("Inputs", "prompt tokens"),
    "T (max_num_batched_tokens)": QT_TRANSLATE_NOOP("Inputs", "batched tokens T"),
    "activation.forward_gib": QT_TRANSLATE_NOOP("Inputs", "forward pass (GiB)"),
    "activation.sampler_gib": QT_TRANSLATE_NOOP("Inputs", "sampler (GiB)"),
    "activation.moe_workspace_gib": QT_TRANSLATE_NOOP("Inputs", "MoE workspace (GiB)"),
    "activation.encoder_gib": QT_TRANSLATE_NOOP("Inputs", "vision encoder (GiB)"),
    "weights.embedding": QT_TRANSLATE_NOOP("Inputs", "embedding (GiB)"),
    "weights.attention": QT_TRANSLATE_NOOP("Inputs", "attention (GiB)"),
    "weights.dense_mlp": QT_TRANSLATE_NOOP("Inputs", "dense MLP (GiB)"),
    "weights.experts": QT_TRANSLATE_NOOP("Inputs", "routed experts (GiB)"),
    "weights.shared_experts": QT_TRANSLATE_NOOP("Inputs", "shared experts (GiB)"),
    "weights.norms_router": QT_TRANSLATE_NOOP("Inputs", "norms and router (GiB)"),
    "weights.lm_head": QT_TRANSLATE_NOOP("Inputs", "LM head (GiB)"),
    "weights.vision": QT_TRANSLATE_NOOP("Inputs", "vision tower (GiB)"),
    "weights.speculative_draft": QT_TRANSLATE_NOOP("Inputs", "speculative draft (GiB)"),
    "method": QT_TRANSLATE_NOOP("Inputs", "speculative method"),
    "draft_model": QT_TRANSLATE_NOOP("Inputs", "draft model"),
    "mtp_layers": QT_TRANSLATE_NOOP("Inputs", "MTP layers"),
    "acceptance_rate": QT_TRANSLATE_NOOP("Inputs", "acceptance rate α"),
    "num_speculative_tokens": QT_TRANSLATE_NOOP("Inputs", "speculative tokens k"),
    "kv_layers": QT_TRANSLATE_NOOP("Inputs", "draft KV layers"),
    "tpot_plain_ms": QT_TRANSLATE_NOOP("Inputs", "TPOT without speculation (ms)"),
    "tpot_speculative_ms": QT_TRANSLATE_NOOP("Inputs", "TPOT with speculation (ms)"),
    "activation_gib": QT_TRANSLATE_NOOP("Inputs", "activation (GiB)"),
    "alarm_share": QT_TRANSLATE_NOOP("Inputs", "alarm share"),
    "average_tokens": QT_TRANSLATE_NOOP("Inputs", "average tokens"),
    "base_gib": QT_TRANSLATE_NOOP("Inputs", "base (GiB)"),
    "binding": QT_TRANSLATE_NOOP("Inputs", "binding"),
    "block_bytes": QT_TRANSLATE_NOOP("Inputs", "block bytes"),
    "block_size": QT_TRANSLATE_NOOP("Inputs", "block size"),
    "blocks_per_request": QT_TRANSLATE_NOOP("Inputs", "blocks per request"),
    "bytes_per_element": QT_TRANSLATE_NOOP("Inputs", "bytes per element"),
    "bytes_per_logit": QT_TRANSLATE_NOOP("Inputs", "bytes per logit"),
    "comm_ms": QT_TRANSLATE_NOOP("Inputs", "communication (ms)"),
    "compute": QT_TRANSLATE_NOOP("Inputs", "compute"),
    "concurrency": QT_TRANSLATE_NOOP("Inputs", "concurrency"),
    "decode_step_ms": QT_TRANSLATE_NOOP("Inputs", "decode step (ms)"),
    "factor": QT_TRANSLATE_NOOP("Inputs", "factor"),
    "format": QT_TRANSLATE_NOOP("Inputs", "format"),
    "fraction": QT_TRANSLATE_NOOP("Inputs", "memory fraction"),
    "gpu": QT_TRANSLATE_NOOP("Inputs", "GPU"),
    "groups": QT_TRANSLATE_NOOP("Inputs", "KV-cache groups"),
    "interconnect": QT_TRANSLATE_NOOP("Inputs", "interconnect"),
    "intermediate": QT_TRANSLATE_NOOP("Inputs", "intermediate size"),
    "knee": QT_TRANSLATE_NOOP("Inputs", "knee"),
    "kv_blocks": QT_TRANSLATE_NOOP("Inputs", "KV blocks"),
    "kv_format": QT_TRANSLATE_NOOP("Inputs", "KV format"),
    "kv_gib": QT_TRANSLATE_NOOP("Inputs", "KV cache (GiB)"),
    "kv_per_request_gib": QT_TRANSLATE_NOOP("Inputs", "KV per request (GiB)"),
    "layers": QT_TRANSLATE_NOOP("Inputs", "layers"),
    "length_margin": QT_TRANSLATE_NOOP("Inputs", "length margin"),
    "margin_gib": QT_TRANSLATE_NOOP("Inputs", "margin (GiB)"),
    "max_model_len": QT_TRANSLATE_NOOP("Inputs", "max model length"),
    "max_num_seqs": QT_TRANSLATE_NOOP("Inputs", "max sequences"),
    "mean_input": QT_TRANSLATE_NOOP("Inputs", "mean input"),
    "mean_latency_ceiling": QT_TRANSLATE_NOOP("Inputs", "mean-latency ceiling"),
    "mean_output": QT_TRANSLATE_NOOP("Inputs", "mean output"),
    "memory": QT_TRANSLATE_NOOP("Inputs", "memory"),
    "non_torch_gib": QT_TRANSLATE_NOOP("Inputs", "runtime (GiB)"),
    "p95_input": QT_TRANSLATE_NOOP("Inputs", "P95 input"),
    "p95_tpot_ms": QT_TRANSLATE_NOOP("Inputs", "P95 TPOT (ms)"),
    "p95_ttft_ms": QT_TRANSLATE_NOOP("Inputs", "P95 TTFT (ms)"),
    "params": QT_TRANSLATE_NOOP("Inputs", "parameters"),
    "per_gpu_bytes": QT_TRANSLATE_NOOP("Inputs", "bytes per GPU"),
    "percentile": QT_TRANSLATE_NOOP("Inputs", "percentile"),
    "planning_share": QT_TRANSLATE_NOOP("Inputs", "planning share"),
    "planning_tokens": QT_TRANSLATE_NOOP("Inputs", "planning length"),
    "pp": QT_TRANSLATE_NOOP("Inputs", "PP"),
    "prefill_queue_utilisation": QT_TRANSLATE_NOOP("Inputs", "prefill queue utilisation"),
    "prefill_step_ms": QT_TRANSLATE_NOOP("Inputs", "prefill step (ms)"),
    "prefill_step_share": QT_TRANSLATE_NOOP("Inputs", "prefill share of steps"),
    "prefill_tokens": QT_TRANSLATE_NOOP("Inputs", "prefill tokens"),
    "replicas": QT_TRANSLATE_NOOP("Inputs", "replicas"),
    "requests_per_s": QT_TRANSLATE_NOOP("Inputs", "requests/s"),
    "running": QT_TRANSLATE_NOOP("Inputs", "running requests"),
    "scheduler": QT_TRANSLATE_NOOP("Inputs", "scheduler"),
    "share": QT_TRANSLATE_NOOP("Inputs", "share"),
    "share_limit": QT_TRANSLATE_NOOP("Inputs", "share limit"),
    "single_gib": QT_TRANSLATE_NOOP("Inputs", "single GPU (GiB)"),
    "source": QT_TRANSLATE_NOOP("Inputs", "source"),
    "step_ms": QT_TRANSLATE_NOOP("Inputs", "step (ms)"),
    "token_budget": QT_TRANSLATE_NOOP("Inputs", "token budget"),
    "tokens_per_request": QT_TRANSLATE_NOOP("Inputs", "tokens per request"),
    "total_gib": QT_TRANSLATE_NOOP("Inputs", "total (GiB)"),
    "tp": QT_TRANSLATE_NOOP("Inputs", "TP"),
    "tp_extra_gib": QT_TRANSLATE_NOOP("Inputs", "extra with TP (GiB)"),
    "tpot_target_ms": QT_TRANSLATE_NOOP("Inputs", "TPOT target (ms)"),
    "ttft_target_ms": QT_TRANSLATE_NOOP("Inputs", "TTFT target (ms)"),
    "uncapped": QT_TRANSLATE_NOOP("Inputs", "uncapped"),
    "vocab": QT_TRANSLATE_NOOP("Inputs", "vocabulary"),
    "watermark": QT_TRANSLATE_NOOP("Inputs", "watermark"),
    "weights_gib": QT_TRANSLATE_NOOP("Inputs", "weights (GiB)"),
    "dcp": QT_TRANSLATE_NOOP("Inputs", "decode context parallel (DCP)"),
    "indexer_bytes_per_token_per_layer": QT_TRANSLATE_NOOP(
        "Inputs", "indexer key bytes per token per layer"),
    "state_layers": QT_TRANSLATE_NOOP("Inputs", "state layers"),
    "conv_state_bytes_per_layer": QT_TRANSLATE_NOOP("Inputs", "convolution state bytes per layer"),
    "recurrent_state_bytes_per_layer": QT_TRANSLATE_NOOP("Inputs", "recurrent state bytes per layer"),
    "recurrent_state_dtype": QT_TRANSLATE_NOOP("Inputs", "recurrent state dtype"),
    "H": QT_TRANSLATE_NOOP("Inputs", "hidden size H"),
    "N": QT_TRANSLATE_NOOP("Inputs", "replicas serving the traffic N"),
    "N (expert width per rank)": QT_TRANSLATE_NOOP("Inputs", "expert width per rank N"),
    "T": QT_TRANSLATE_NOOP("Inputs", "batched tokens T"),
    "activation_peak_factor": QT_TRANSLATE_NOOP("Inputs", "activation peak factor"),
    "non_torch_memory_factor": QT_TRANSLATE_NOOP("Inputs", "runtime memory factor"),
    "cuda_graph_memory_factor": QT_TRANSLATE_NOOP("Inputs", "CUDA-graph memory factor"),
    "gemm_compute_factor": QT_TRANSLATE_NOOP("Inputs", "GEMM efficiency factor"),
    "attention_compute_factor": QT_TRANSLATE_NOOP("Inputs", "attention efficiency factor"),
    "memory_bandwidth_factor": QT_TRANSLATE_NOOP("Inputs", "memory-bandwidth efficiency factor"),
    "comm_bandwidth_factor": QT_TRANSLATE_NOOP("Inputs", "link-bandwidth efficiency factor"),
    "comm_latency_us_factor": QT_TRANSLATE_NOOP("Inputs", "collective latency factor"),
    "step_overhead_ms_factor": QT_TRANSLATE_NOOP("Inputs", "step overhead factor"),
    "analytic": QT_TRANSLATE_NOOP("Inputs", "analytic (req/s)"),
    "simulated": QT_TRANSLATE_NOOP("Inputs", "simulated (req/s)"),
    "ratio": QT_TRANSLATE_NOOP("Inputs", "ratio"),
    "bisection_steps": QT_TRANSLATE_NOOP("Inputs", "bisection steps"),
    "burstiness": QT_TRANSLATE_NOOP("Inputs", "burstiness"),
    "completed_in_window": QT_TRANSLATE_NOOP("Inputs", "completed in the window"),
    "duration_s": QT_TRANSLATE_NOOP("Inputs", "duration (s)"),
    "elements_per_token": QT_TRANSLATE_NOOP("Inputs", "elements per token"),
    "for_average": QT_TRANSLATE_NOOP("Inputs", "replicas for the average"),
    "for_peak": QT_TRANSLATE_NOOP("Inputs", "replicas for the peak"),
    "gpus": QT_TRANSLATE_NOOP("Inputs", "GPUs"),
    "gpus_per_replica": QT_TRANSLATE_NOOP("Inputs", "GPUs per replica"),
    "gpus_per_node": QT_TRANSLATE_NOOP("Inputs", "GPUs per node"),
    "network": QT_TRANSLATE_NOOP("Inputs", "network"),
    "nic_line_rate_gbit_per_s": QT_TRANSLATE_NOOP("Inputs", "NIC line rate (Gb/s)"),
    "nics_per_gpu": QT_TRANSLATE_NOOP("Inputs", "NICs per GPU"),
    "latency_us": QT_TRANSLATE_NOOP("Inputs", "latency (µs)"),
    "hours": QT_TRANSLATE_NOOP("Inputs", "hours"),
    "images": QT_TRANSLATE_NOOP("Inputs", "images"),
    "images_per_prompt": QT_TRANSLATE_NOOP("Inputs", "images per prompt"),
    "images_rule": QT_TRANSLATE_NOOP("Inputs", "image count rule"),
    "k": QT_TRANSLATE_NOOP("Inputs", "spare replicas k"),
    "lowest_rate_ttft_p50_ms": QT_TRANSLATE_NOOP("Inputs", "P50 TTFT at the lowest rate (ms)"),
    "mean_running": QT_TRANSLATE_NOOP("Inputs", "mean running requests"),
    "meeting_slo": QT_TRANSLATE_NOOP("Inputs", "requests meeting the targets"),
    "mlp_width": QT_TRANSLATE_NOOP("Inputs", "MLP width"),
    "num_gpus": QT_TRANSLATE_NOOP("Inputs", "GPUs planned"),
    "online_capacity": QT_TRANSLATE_NOOP("Inputs", "online capacity"),
    "output_features": QT_TRANSLATE_NOOP("Inputs", "output features"),
    "output_tokens": QT_TRANSLATE_NOOP("Inputs", "output tokens"),
    "input_tokens": QT_TRANSLATE_NOOP("Inputs", "input tokens"),
    "per_replica": QT_TRANSLATE_NOOP("Inputs", "req/s per replica"),
    "prompt_tokens_per_image": QT_TRANSLATE_NOOP("Inputs", "prompt tokens per image"),
    "tokens_per_image": QT_TRANSLATE_NOOP("Inputs", "encoder tokens per image"),
    "qps_avg": QT_TRANSLATE_NOOP("Inputs", "average QPS"),
    "qps_peak": QT_TRANSLATE_NOOP("Inputs", "peak QPS"),
    "rates_swept": QT_TRANSLATE_NOOP("Inputs", "rates swept"),
    "request_rate": QT_TRANSLATE_NOOP("Inputs", "request rate (req/s)"),
    "requests": QT_TRANSLATE_NOOP("Inputs", "requests"),
    "requests_per_rate": QT_TRANSLATE_NOOP("Inputs", "requests per rate"),
    "samples": QT_TRANSLATE_NOOP("Inputs", "samples"),
    "saturated_rate": QT_TRANSLATE_NOOP("Inputs", "saturation rate (req/s)"),
    "seed": QT_TRANSLATE_NOOP("Inputs", "random seed"),
    "slot_cap": QT_TRANSLATE_NOOP("Inputs", "running slots"),
    "top_k": QT_TRANSLATE_NOOP("Inputs", "experts per token (top_k)"),
    "usd_per_gpu_hour": QT_TRANSLATE_NOOP("Inputs", "price per GPU-hour (USD)"),
    "cost_per_hour_usd": QT_TRANSLATE_NOOP("Inputs", "cost per hour (USD)"),
    "output_tokens_per_s": QT_TRANSLATE_NOOP("Inputs", "output tokens/s"),
    "mean_output_tokens": QT_TRANSLATE_NOOP("Inputs", "mean output tokens"),
    "width": QT_TRANSLATE_NOOP("Inputs", "width"),
    "window_s": QT_TRANSLATE_NOOP("Inputs", "window (s)"),
    "class": QT_TRANSLATE_NOOP("Inputs", "class"),
    "prefill_queue_wait_ms": QT_TRANSLATE_NOOP("Inputs", "queue wait in front of the prefill (ms)"),
    "scope": QT_TRANSLATE_NOOP("Inputs", "requests counted"),
    "conversations": QT_TRANSLATE_NOOP("Inputs", "conversations"),
    "turn_pairs": QT_TRANSLATE_NOOP("Inputs", "consecutive turn pairs"),
    "centre_tokens": QT_TRANSLATE_NOOP("Inputs", "class centre (tokens)"),
    "components": QT_TRANSLATE_NOOP("Inputs", "classes"),
    "old_gib": QT_TRANSLATE_NOOP("Inputs", "old value (GiB)"),
    "measured_gib": QT_TRANSLATE_NOOP("Inputs", "measured (GiB)"),
    "estimated_gib": QT_TRANSLATE_NOOP("Inputs", "estimated (GiB)"),
    "enforce_eager": QT_TRANSLATE_NOOP("Inputs", "eager mode (no CUDA graphs)"),
    "kv_tokens": QT_TRANSLATE_NOOP("Inputs", "KV cache tokens"),
    "context_len": QT_TRANSLATE_NOOP("Inputs", "context length"),
    "pool_rows": QT_TRANSLATE_NOOP("Inputs", "request pool rows"),
    "p50_tpot_ms": QT_TRANSLATE_NOOP("Inputs", "P50 TPOT (ms)"),
    "p50_ttft_ms": QT_TRANSLATE_NOOP("Inputs", "P50 TTFT (ms)"),
    "p99_tpot_ms": QT_TRANSLATE_NOOP("Inputs", "P99 TPOT (ms)"),
    "p99_ttft_ms": QT_TRANSLATE_NOOP("Inputs", "P99 TTFT (ms)"),
    "data_parallel_size": QT_TRANSLATE_NOOP("Inputs", "DP"),
    "tensor_parallel_size": QT_TRANSLATE_NOOP("Inputs", "TP"),
    "ep": QT_TRANSLATE_NOOP("Inputs", "EP"),
    "experts": QT_TRANSLATE_NOOP("Inputs", "routed experts"),
    "redundant": QT_TRANSLATE_NOOP("Inputs", "redundant experts"),
    "expert_parallel": QT_TRANSLATE_NOOP("Inputs", "expert parallel"),
    "moe_layers": QT_TRANSLATE_NOOP("Inputs", "MoE layers"),
    "bytes_per_token": QT_TRANSLATE_NOOP("Inputs", "bytes per token"),
    "link_gb_per_s": QT_TRANSLATE_NOOP("Inputs", "link (GB/s)"),
    "fixed_ms": QT_TRANSLATE_NOOP("Inputs", "fixed (ms)"),
    "alltoall_mode": QT_TRANSLATE_NOOP("Inputs", "all-to-all mode"),
    "step_tokens": QT_TRANSLATE_NOOP("Inputs", "tokens in the step"),
}
"""Readable names (with units) of the inputs a formula lists."""


UNIT_NAMES = {
    "tokens": QT_TRANSLATE_NOOP("Units", "tokens"),
    "requests": QT_TRANSLATE_NOOP("Units", "requests"),
    "params": QT_TRANSLATE_NOOP("Units", "params"),
    "bytes": QT_TRANSLATE_NOOP("Units", "bytes"),
    "GPUs": QT_TRANSLATE_NOOP("Units", "GPUs"),
    "replicas": QT_TRANSLATE_NOOP("Units", "replicas"),
    "ranks": QT_TRANSLATE_NOOP("Units", "ranks"),
    "experts": QT_TRANSLATE_NOOP("Units", "experts"),
}
"""Counted units in words (symbols such as GiB or ms are not translated)."""
ONE_UNIT_NAMES = {
    "tokens": QT_TRANSLATE_NOOP("Units", "token"),
    "requests": QT_TRANSLATE_NOOP("Units", "request"),
    "replicas": QT_TRANSLATE_NOOP("Units", "replica"),
    "GPUs": QT_TRANSLATE_NOOP("Units", "GPU"),
    "ranks": QT_TRANSLATE_NOOP("Units", "rank"),
    "experts": QT_TRANSLATE_NOOP("Units", "expert"),
}
"""The singular of a counted unit (1 replica, 2 replicas)."""
TRAFFIC_MODE_NAMES = {
    "online": QT_TRANSLATE_NOOP("Terms", "online"),
    "offline": QT_TRANSLATE_NOOP("Terms", "offline"),
    "mixed": QT_TRANSLATE_NOOP("Terms", "mixed"),
}
"""The traffic modes by their value (the report's inputs table, the CLI's fleet line)."""
ALL2ALL_MODE_NAMES = {
    "allgather": QT_TRANSLATE_NOOP("Terms", "all-gather (vLLM default)"),
    "normal": QT_TRANSLATE_NOOP("Terms", "DeepEP normal (high throughput)"),
    "low-latency": QT_TRANSLATE_NOOP("Terms", "DeepEP low latency"),
}
"""The expert all-to-all modes by their value (the window's choice, the report's deployment row)."""
CEILING_NAMES = {
    CeilingKind.MEMORY: QT_TRANSLATE_NOOP("Ceilings", "Memory (KV cache)"),
    CeilingKind.COMPUTE: QT_TRANSLATE_NOOP("Ceilings", "Compute (TTFT/TPOT)"),
    CeilingKind.INTERCONNECT: QT_TRANSLATE_NOOP("Ceilings", "Interconnect"),
    CeilingKind.SCHEDULER: QT_TRANSLATE_NOOP("Ceilings", "Scheduler (max_num_seqs)"),
}
"""The four concurrency ceilings by name."""
SHORT_CEILING_NAMES = {
    CeilingKind.MEMORY: QT_TRANSLATE_NOOP("Ceilings", "Memory"),
    CeilingKind.COMPUTE: QT_TRANSLATE_NOOP("Ceilings", "Compute"),
    CeilingKind.INTERCONNECT: QT_TRANSLATE_NOOP("Ceilings", "Interconnect"),
    CeilingKind.SCHEDULER: QT_TRANSLATE_NOOP("Ceilings", "Scheduler"),
}
"""One word per ceiling, where a plot label or a table cell has no room for the full name."""
PLAIN_CEILING_NAMES = {
    CeilingKind.MEMORY: QT_TRANSLATE_NOOP("Report", "GPU memory for the KV cache"),
    CeilingKind.COMPUTE: QT_TRANSLATE_NOOP("Report", "compute speed (the latency targets)"),
    CeilingKind.INTERCONNECT: QT_TRANSLATE_NOOP("Report", "the link between GPUs"),
    CeilingKind.SCHEDULER: QT_TRANSLATE_NOOP("Report", "the engine's cap on running requests"),
}
"""Each ceiling in plain words, for the summary page a manager reads (context "Report")."""


def as_lookup(lang: str | Lookup) -> Lookup:
    """A (context, text) translator for ``lang``, or ``lang`` itself when it is one."""
    if callable(lang):
        return lang
    return lambda context, text: translate(context, text, lang)


def term_label(key: str) -> str | None:
    """The English name of the figure ``key`` (by its full key, then its last segment), if any."""
    return TERM_NAMES.get(key) or TERM_NAMES.get(key.rsplit(".", 1)[-1])


def term_name(key: str, lang: str | Lookup) -> str:
    """The name of the figure ``key`` in the reader's language.

    A key ending in a statistic (``sim.ttft_ms.p95``, ``gpus_needed.low``) is the figure's name
    with the statistic; an unnamed key reads as its last segment in words.
    """
    tr = as_lookup(lang)
    name = TERM_NAMES.get(key)
    if name is not None:
        return tr("Terms", name)
    figure, _, last = key.rpartition(".")
    if figure and last in STATISTIC_NAMES:
        return tr("Terms", FIGURE_WITH_STATISTIC).format(
            figure=term_name(figure, tr), statistic=tr("Terms", STATISTIC_NAMES[last]))
    name = TERM_NAMES.get(last)
    return tr("Terms", name) if name is not None else last.replace("_", " ")


def input_label(key: str) -> str | None:
    """The English name of the formula input ``key``, if it has one."""
    return INPUT_NAMES.get(key)


def input_name(key: str, lang: str | Lookup) -> str:
    """The name of a formula input in the reader's language (words from the key when unnamed)."""
    name = INPUT_NAMES.get(key)
    if name is None:
        return key.rsplit(".", 1)[-1].replace("_", " ")
    return as_lookup(lang)("Inputs", name)


def _formula_value(value: InputValue, tr: Lookup) -> InputValue:
    return tr("Formulas", value) if isinstance(value, str) else value


def formula_text(term: Term, lang: str | Lookup) -> str:
    """The formula of ``term`` in the reader's language.

    A formula filled from a template is translated as the template, then filled with its
    values (text values are themselves marked formulas); a fixed formula is looked up whole.
    """
    tr = as_lookup(lang)
    if term.template is None:
        return tr("Formulas", term.formula)
    values = {key: _formula_value(value, tr) for key, value in term.template.values.items()}
    return tr("Formulas", term.template.text).format(**values)


def source_text(source: str, lang: str | Lookup) -> str:
    """A source as the reader sees it: an explanatory sentence translated, a title as it is.

    A source made of parts joined by '; ' (a kernel table's title before the profile's own
    sentence) that is not in the catalogue whole is translated part by part.
    """
    tr = as_lookup(lang)
    shown = tr("Sources", source)
    if shown != source or "; " not in source:
        return shown
    head, _, tail = source.partition("; ")
    return f"{tr('Sources', head)}; {source_text(tail, tr)}"


def unit_name(unit: str, lang: str | Lookup, amount: float | None = None) -> str:
    """A unit in the reader's language; singular when ``amount`` is exactly one; a symbol as it is."""
    name = ONE_UNIT_NAMES.get(unit) if amount == 1 else None
    name = name or UNIT_NAMES.get(unit)
    return as_lookup(lang)("Units", name) if name else unit


def ceiling_name(kind: CeilingKind, lang: str | Lookup, short: bool = False, plain: bool = False) -> str:
    """The name of a concurrency ceiling in the reader's language.

    ``short``: its one word; ``plain``: in plain words (the summary page).
    """
    if plain:
        return as_lookup(lang)("Report", PLAIN_CEILING_NAMES[kind])
    return as_lookup(lang)("Ceilings", (SHORT_CEILING_NAMES if short else CEILING_NAMES)[kind])


def input_value_text(value: InputValue, lang: str | Lookup) -> str:
    """A formula input as shown: integers with separators, reals to 3 significant digits.

    A word (a ceiling's kind, a mode) is shown in the reader's language.
    """
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return as_lookup(lang)("Inputs", INPUT_NAMES.get(value, value)) if value else value
    if isinstance(value, int):
        return f"{value:,}"
    return sig3(value)


def traffic_mode_name(mode: str, lang: str | Lookup) -> str:
    """A traffic mode ("online", "offline", "mixed") in the reader's language."""
    name = TRAFFIC_MODE_NAMES.get(mode)
    return as_lookup(lang)("Terms", name) if name else mode


AGGREGATED_LAYOUT = QT_TRANSLATE_NOOP("Terms", "aggregated")
DISAGGREGATED_LAYOUT = QT_TRANSLATE_NOOP("Terms", "{ratio} split")


def layout_name(layout: str, lang: str | Lookup) -> str:
    """A sizing row's layout in the reader's language: 'aggregated' or '2P3D split' (disaggregated)."""
    tr = as_lookup(lang)
    if layout == "aggregated":
        return tr("Terms", AGGREGATED_LAYOUT)
    return tr("Terms", DISAGGREGATED_LAYOUT).format(ratio=layout)


def all2all_mode_name(mode: str, lang: str | Lookup) -> str:
    """An expert all-to-all mode ("allgather", "normal", "low-latency") in the reader's language."""
    name = ALL2ALL_MODE_NAMES.get(mode)
    return as_lookup(lang)("Terms", name) if name else mode
