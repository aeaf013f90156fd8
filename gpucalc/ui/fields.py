"""Every form field declared once: its path in the Scenario, title, unit and help.

Ranges, defaults and types come from the pydantic schema (see :mod:`gpucalc.ui.binder`);
titles and help are marked for translation here.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from gpucalc.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "Fields"


@dataclass(frozen=True)
class FieldSpec:
    """One form field bound to ``path`` (dotted, e.g. ``deployment.max_model_len``)."""

    path: str
    title: str
    help: str = ""
    unit: str = ""
    decimals: int = 2
    auto: str = QT_TRANSLATE_NOOP("Fields", "auto")
    choices: str = ""  # name of a choice provider: engines, weight_formats, kv_formats, dtypes, gpus


HARDWARE = (
    FieldSpec("gpu", QT_TRANSLATE_NOOP("Fields", "GPU"),
              QT_TRANSLATE_NOOP("Fields", "GPU type from the bundled catalog."), choices="gpus"),
    FieldSpec("deployment.num_gpus", QT_TRANSLATE_NOOP("Fields", "GPUs"),
              QT_TRANSLATE_NOOP("Fields", "GPUs in the deployment (replicas × TP × PP).")),
    FieldSpec("deployment.gpu_memory_gib", QT_TRANSLATE_NOOP("Fields", "Memory override"),
              QT_TRANSLATE_NOOP("Fields", "Total GPU memory as the engine sees it (MIG slice, "
                                          "shared GPU); auto uses the catalog value."),
              unit="GiB", decimals=1, auto=QT_TRANSLATE_NOOP("Fields", "catalog value")),
)

NODES = (
    FieldSpec("deployment.nodes", QT_TRANSLATE_NOOP("Fields", "Nodes"),
              QT_TRANSLATE_NOOP("Fields", "Servers the GPUs sit in (--nnodes); an NVL72 rack "
                                          "counts as one. When set, GPUs = nodes × GPUs per node; "
                                          "auto counts the nodes the GPUs fill."),
              auto=QT_TRANSLATE_NOOP("Fields", "from the GPUs")),
    FieldSpec("deployment.gpus_per_node", QT_TRANSLATE_NOOP("Fields", "GPUs per node"),
              QT_TRANSLATE_NOOP("Fields", "GPUs in one node; auto: the GPU's server (8 on HGX "
                                          "boards and PCIe servers, 72 in an NVL72 rack)."),
              auto=QT_TRANSLATE_NOOP("Fields", "GPU's server")),
    FieldSpec("deployment.network", QT_TRANSLATE_NOOP("Fields", "Network between nodes"),
              QT_TRANSLATE_NOOP("Fields", "Scale-out network (the Networks spec table): "
                                          "collectives that cross nodes run at its per-GPU NIC "
                                          "bandwidth. Tensor parallel across nodes is strongly "
                                          "advised against."),
              choices="networks"),
)
"""The servers the GPUs sit in and the network between them (collapsed under the main inputs)."""

DISAGGREGATION = (
    FieldSpec("deployment.disaggregation.enabled",
              QT_TRANSLATE_NOOP("Fields", "Disaggregated prefill/decode"),
              QT_TRANSLATE_NOOP("Fields", "Prefill and decode on separate pools of replicas (vLLM "
                                          "--kv-transfer-config, SGLang --disaggregation-mode, "
                                          "Dynamo xPyD); the KV cache moves between them.")),
    FieldSpec("deployment.disaggregation.prefill_tp", QT_TRANSLATE_NOOP("Fields", "Prefill TP"),
              QT_TRANSLATE_NOOP("Fields", "--prefill-tp: tensor parallel size of a prefill replica."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as TP")),
    FieldSpec("deployment.disaggregation.decode_tp", QT_TRANSLATE_NOOP("Fields", "Decode TP"),
              QT_TRANSLATE_NOOP("Fields", "--decode-tp: tensor parallel size of a decode replica."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as TP")),
    FieldSpec("deployment.disaggregation.prefill_dp", QT_TRANSLATE_NOOP("Fields", "Prefill DP"),
              QT_TRANSLATE_NOOP("Fields", "--prefill-dp: attention DP ranks of one prefill engine "
                                          "(SGLang --dp with --enable-dp-attention); the pool comes "
                                          "in whole engines of DP × TP × PP GPUs."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as DP")),
    FieldSpec("deployment.disaggregation.decode_dp", QT_TRANSLATE_NOOP("Fields", "Decode DP"),
              QT_TRANSLATE_NOOP("Fields", "--decode-dp: attention DP ranks of one decode engine "
                                          "(SGLang --dp with --enable-dp-attention); the pool comes "
                                          "in whole engines of DP × TP × PP GPUs."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as DP")),
    FieldSpec("deployment.disaggregation.prefill_pp", QT_TRANSLATE_NOOP("Fields", "Prefill PP"),
              QT_TRANSLATE_NOOP("Fields", "--prefill-pp: pipeline stages of a prefill replica."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as PP")),
    FieldSpec("deployment.disaggregation.decode_pp", QT_TRANSLATE_NOOP("Fields", "Decode PP"),
              QT_TRANSLATE_NOOP("Fields", "--decode-pp: pipeline stages of a decode replica."),
              auto=QT_TRANSLATE_NOOP("Fields", "same as PP")),
    FieldSpec("deployment.disaggregation.prefill_replicas",
              QT_TRANSLATE_NOOP("Fields", "Prefill replicas"),
              QT_TRANSLATE_NOOP("Fields", "--prefill-replicas: a fixed prefill pool; auto sizes it "
                                          "from the QPS at the TTFT target."),
              auto=QT_TRANSLATE_NOOP("Fields", "sized from QPS")),
    FieldSpec("deployment.disaggregation.decode_replicas",
              QT_TRANSLATE_NOOP("Fields", "Decode replicas"),
              QT_TRANSLATE_NOOP("Fields", "--decode-replicas: a fixed decode pool; auto sizes it "
                                          "from the QPS at the TPOT target."),
              auto=QT_TRANSLATE_NOOP("Fields", "sized from QPS")),
    FieldSpec("deployment.disaggregation.kv_transfer_gbps", QT_TRANSLATE_NOOP("Fields", "KV link"),
              QT_TRANSLATE_NOOP("Fields", "--kv-transfer-gbps: link between the pools per GPU "
                                          "(400 = NDR InfiniBand); auto uses the GPU's fast link "
                                          "inside one domain, else the scale-out network."),
              unit="Gb/s", decimals=0, auto=QT_TRANSLATE_NOOP("Fields", "from the GPU")),
)
ENGINE = (
    FieldSpec("deployment.engine", QT_TRANSLATE_NOOP("Fields", "Engine"),
              QT_TRANSLATE_NOOP("Fields", "Serving engine whose memory accounting is used."),
              choices="engines"),
    FieldSpec("deployment.tensor_parallel_size", QT_TRANSLATE_NOOP("Fields", "Tensor parallel (TP)"),
              QT_TRANSLATE_NOOP("Fields", "GPUs one layer is split across.")),
    FieldSpec("deployment.pipeline_parallel_size",
              QT_TRANSLATE_NOOP("Fields", "Pipeline parallel (PP)"),
              QT_TRANSLATE_NOOP("Fields", "Stages the layers are split into.")),
    FieldSpec("deployment.weight_format", QT_TRANSLATE_NOOP("Fields", "Weight precision"),
              QT_TRANSLATE_NOOP("Fields", "The checkpoint's own precision, or a what-if "
                                          "quantization (fp8, int8, int4, nvfp4)."),
              choices="weight_formats"),
    FieldSpec("deployment.kv_cache_dtype", QT_TRANSLATE_NOOP("Fields", "KV cache dtype"),
              QT_TRANSLATE_NOOP("Fields", "--kv-cache-dtype: auto keeps the activation dtype."),
              choices="kv_formats"),
    FieldSpec("deployment.max_model_len", QT_TRANSLATE_NOOP("Fields", "Max model length"),
              QT_TRANSLATE_NOOP("Fields", "--max-model-len; auto uses the model's context."),
              unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "model maximum")),
    FieldSpec("deployment.gpu_memory_utilization", QT_TRANSLATE_NOOP("Fields", "Memory fraction"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --gpu-memory-utilization, SGLang "
                                          "--mem-fraction-static, TensorRT-LLM free memory "
                                          "fraction; auto uses the engine default."),
              decimals=2, auto=QT_TRANSLATE_NOOP("Fields", "engine default")),
    FieldSpec("deployment.max_num_batched_tokens", QT_TRANSLATE_NOOP("Fields", "Batched tokens"),
              QT_TRANSLATE_NOOP("Fields", "--max-num-batched-tokens: the token budget of one "
                                          "scheduler step; it sets the activation peak."),
              unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "engine default")),
    FieldSpec("deployment.max_num_seqs", QT_TRANSLATE_NOOP("Fields", "Max sequences"),
              QT_TRANSLATE_NOOP("Fields", "--max-num-seqs: requests running at once."),
              auto=QT_TRANSLATE_NOOP("Fields", "engine default")),
    FieldSpec("deployment.enable_prefix_caching", QT_TRANSLATE_NOOP("Fields", "Prefix caching"),
              QT_TRANSLATE_NOOP("Fields", "Reuse the KV blocks of prompt prefixes already computed "
                                          "(vLLM --[no-]enable-prefix-caching, SGLang "
                                          "--disable-radix-cache); on by default in vLLM V1, "
                                          "SGLang and TensorRT-LLM."), choices="prefix_caching"),
    FieldSpec("deployment.enforce_eager", QT_TRANSLATE_NOOP("Fields", "No CUDA graphs (eager)"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --enforce-eager, SGLang --disable-cuda-graph: "
                                          "frees the CUDA-graph memory but every step pays the "
                                          "kernel launches, which slows small batches.")),
    FieldSpec("deployment.mamba_ssm_cache_dtype", QT_TRANSLATE_NOOP("Fields", "State dtype"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --mamba-ssm-cache-dtype: dtype of the recurrent "
                                          "state of linear-attention / Mamba layers; auto follows "
                                          "the model config, else the model dtype."),
              choices="state_dtypes"),
)
"""The engine, its parallel layout, precisions and scheduler limits."""

EXPERT_AND_CONTEXT_PARALLEL = (
    FieldSpec("deployment.data_parallel_size", QT_TRANSLATE_NOOP("Fields", "Data parallel (DP)"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --data-parallel-size, SGLang --dp-size with "
                                          "--enable-dp-attention: attention ranks of one engine, "
                                          "each with its own KV cache and scheduler; a MoE "
                                          "model's experts shard over DP × TP GPUs.")),
    FieldSpec("deployment.enable_expert_parallel", QT_TRANSLATE_NOOP("Fields", "Expert parallel (EP)"),
              QT_TRANSLATE_NOOP("Fields", "Split the experts of MoE layers across ranks.")),
    FieldSpec("deployment.enable_eplb", QT_TRANSLATE_NOOP("Fields", "Expert load balancer (EPLB)"),
              QT_TRANSLATE_NOOP("Fields", "--enable-eplb: replicates busy experts; the default "
                                          "imbalance drops from 1.4 to 1.08 (measured).")),
    FieldSpec("deployment.num_redundant_experts", QT_TRANSLATE_NOOP("Fields", "Redundant experts"),
              QT_TRANSLATE_NOOP("Fields", "Extra expert copies EPLB spreads over the EP ranks "
                                          "(vLLM --eplb-config num_redundant_experts); they take "
                                          "memory on every GPU.")),
    FieldSpec("deployment.expert_imbalance", QT_TRANSLATE_NOOP("Fields", "Expert imbalance"),
              QT_TRANSLATE_NOOP("Fields", "Busiest EP rank's routed tokens ÷ the mean (1 / the "
                                          "balancedness EPLB logs); it scales the expert GEMMs. "
                                          "Default measured: expert GEMM time under power-law "
                                          "routing (α 1.01) ÷ balanced; the Explanation pane "
                                          "names the source."),
              auto=QT_TRANSLATE_NOOP("Fields", "1.4, 1.08 with EPLB")),
    FieldSpec("deployment.all2all_mode", QT_TRANSLATE_NOOP("Fields", "All-to-all"),
              QT_TRANSLATE_NOOP("Fields", "How tokens reach the experts of other DP ranks: "
                                          "all-gather (vLLM's default), DeepEP normal (high "
                                          "throughput) or DeepEP low latency."),
              choices="all2all_modes"),
    FieldSpec("deployment.decode_context_parallel_size",
              QT_TRANSLATE_NOOP("Fields", "Decode context parallel (DCP)"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --decode-context-parallel-size: shards the KV cache "
                                          "along tokens over this many ranks of the TP group where "
                                          "TP would replicate it (MLA, or GQA with TP above the KV "
                                          "heads): KV per GPU ÷ DCP, KV capacity × DCP.")),
)
"""Data and expert parallelism of MoE models, and decode context parallelism."""

SPECULATIVE = (
    FieldSpec("deployment.speculative_config.method",
              QT_TRANSLATE_NOOP("Fields", "Speculative decoding"),
              QT_TRANSLATE_NOOP("Fields", "vLLM --speculative-config method, SGLang "
                                          "--speculative-algorithm: MTP (the model's own layers), "
                                          "EAGLE, EAGLE-3, n-gram or a draft model; off: plain "
                                          "decoding."), choices="speculative_methods"),
    FieldSpec("deployment.speculative_config.num_speculative_tokens",
              QT_TRANSLATE_NOOP("Fields", "Speculative tokens (k)"),
              QT_TRANSLATE_NOOP("Fields", "Draft tokens per request and step "
                                          "(num_speculative_tokens, --speculative-num-steps).")),
    FieldSpec("deployment.speculative_config.draft_model", QT_TRANSLATE_NOOP("Fields", "Draft model"),
              QT_TRANSLATE_NOOP("Fields", "The draft model of method draft_model (catalog id, "
                                          "Hugging Face id or folder); a label for EAGLE heads."),
              choices="models"),
    FieldSpec("deployment.speculative_config.acceptance_length",
              QT_TRANSLATE_NOOP("Fields", "Acceptance length (τ)"),
              QT_TRANSLATE_NOOP("Fields", "Tokens one target step yields per request, 1 … k+1: the "
                                          "mean acceptance length the engine logs; auto assumes "
                                          "the method's published acceptance rate."),
              unit="tokens", decimals=2, auto=QT_TRANSLATE_NOOP("Fields", "method default")),
)

WORKLOAD = (
    FieldSpec("workload.input_len_p50", QT_TRANSLATE_NOOP("Fields", "Input length P50"),
              QT_TRANSLATE_NOOP("Fields", "Median prompt length."), unit="tokens"),
    FieldSpec("workload.input_len_p95", QT_TRANSLATE_NOOP("Fields", "Input length P95"),
              QT_TRANSLATE_NOOP("Fields", "95th percentile prompt length; auto = P50."),
              unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "same as P50")),
    FieldSpec("workload.output_len_p50", QT_TRANSLATE_NOOP("Fields", "Output length P50"),
              QT_TRANSLATE_NOOP("Fields", "Median generated length."), unit="tokens"),
    FieldSpec("workload.output_len_p95", QT_TRANSLATE_NOOP("Fields", "Output length P95"),
              QT_TRANSLATE_NOOP("Fields", "95th percentile generated length; auto = P50."),
              unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "same as P50")),
    FieldSpec("workload.max_turns", QT_TRANSLATE_NOOP("Fields", "Turns"),
              QT_TRANSLATE_NOOP("Fields", "Turns of a multi-turn chat.")),
    FieldSpec("workload.tokens_per_turn", QT_TRANSLATE_NOOP("Fields", "History per turn"),
              QT_TRANSLATE_NOOP("Fields", "Tokens the history grows by each turn."), unit="tokens"),
    FieldSpec("workload.length_margin", QT_TRANSLATE_NOOP("Fields", "Length margin"),
              QT_TRANSLATE_NOOP("Fields", "Plan every length this share longer (seed 002: 0.2–0.3 "
                                          "when request lengths vary widely); 0 = off.")),
    FieldSpec("workload.qps_avg", QT_TRANSLATE_NOOP("Fields", "QPS average"),
              QT_TRANSLATE_NOOP("Fields", "Average requests per second the fleet must carry; not "
                                          "given = the answer is per replica, no fleet is sized."),
              unit="req/s", auto=QT_TRANSLATE_NOOP("Fields", "not given")),
    FieldSpec("workload.qps_peak", QT_TRANSLATE_NOOP("Fields", "QPS peak"),
              QT_TRANSLATE_NOOP("Fields", "Peak requests per second; auto = average."),
              unit="req/s", auto=QT_TRANSLATE_NOOP("Fields", "same as average")),
    FieldSpec("workload.mode", QT_TRANSLATE_NOOP("Fields", "Traffic"),
              QT_TRANSLATE_NOOP("Fields", "Online: at the latency targets, the watermark's share of "
                                          "the knee online. Offline: no latency targets, memory "
                                          "filled for throughput. Mixed: online at the watermark, "
                                          "batch work backfilled above it."),
              choices="modes"),
    FieldSpec("workload.shared_prefix_len", QT_TRANSLATE_NOOP("Fields", "Shared prefix"),
              QT_TRANSLATE_NOOP("Fields", "Tokens every prompt shares with others (system prompt, "
                                          "few-shot examples, a common document); cached in whole "
                                          "KV blocks and held once per distinct prefix."),
              unit="tokens"),
    FieldSpec("workload.num_prefixes", QT_TRANSLATE_NOOP("Fields", "Distinct prefixes"),
              QT_TRANSLATE_NOOP("Fields", "How many different shared prefixes the traffic uses.")),
    FieldSpec("workload.prefix_hit_rate", QT_TRANSLATE_NOOP("Fields", "Prefix hit rate"),
              QT_TRANSLATE_NOOP("Fields", "Measured share of prompt tokens served from the prefix "
                                          "cache (vLLM logs 'Prefix cache hit rate'); auto derives "
                                          "it from the shared prefix."),
              auto=QT_TRANSLATE_NOOP("Fields", "from shared prefix")),
    FieldSpec("workload.history_cached", QT_TRANSLATE_NOOP("Fields", "Chat history cached"),
              QT_TRANSLATE_NOOP("Fields", "A chat turn finds its earlier turns still in the prefix "
                                          "cache (the next turn arrives before eviction), so the "
                                          "history is not prefilled again.")),
)
TARGETS = (
    FieldSpec("targets.ttft_ms", QT_TRANSLATE_NOOP("Fields", "TTFT target"),
              QT_TRANSLATE_NOOP("Fields", "Time to first token the service must meet."),
              unit="ms", decimals=0),
    FieldSpec("targets.tpot_ms", QT_TRANSLATE_NOOP("Fields", "TPOT target"),
              QT_TRANSLATE_NOOP("Fields", "Time per output token the service must meet."),
              unit="ms", decimals=1),
    FieldSpec("targets.percentile", QT_TRANSLATE_NOOP("Fields", "SLO percentile"),
              QT_TRANSLATE_NOOP("Fields", "Share of requests (P50, P95 or P99) that must meet "
                                          "the TTFT and TPOT targets; seed 000 plans at P95."),
              choices="percentiles"),
    FieldSpec("targets.watermark", QT_TRANSLATE_NOOP("Fields", "Safety watermark"),
              QT_TRANSLATE_NOOP("Fields", "Share of the knee (the recommended concurrency, past which "
                                          "more concurrency only buys latency) planned as online "
                                          "capacity; the rest is left for bursts and long tails.")),
    FieldSpec("targets.planning_memory_share", QT_TRANSLATE_NOOP("Fields", "Planning memory share"),
              QT_TRANSLATE_NOOP("Fields", "Weights + KV at average length + margin must fit "
                                          "this share of GPU memory.")),
)

UNIT_TEXT = {
    "tokens": QT_TRANSLATE_NOOP("Units", "tokens"),
    "req/s": "req/s",
    "ms": "ms",
    "GiB": "GiB",
    "Gb/s": "Gb/s",
}

MODEL = (
    FieldSpec("model", QT_TRANSLATE_NOOP("Fields", "Model"),
              QT_TRANSLATE_NOOP("Fields", "Search the catalog by name, or type a Hugging Face id, "
                                          "a config.json path or a model folder."),
              choices="models"),
    FieldSpec("dtype", QT_TRANSLATE_NOOP("Fields", "Activation dtype"),
              QT_TRANSLATE_NOOP("Fields", "--dtype: auto follows the checkpoint."), choices="dtypes"),
)
EDITABLE_CHOICES = frozenset({"models", "weight_formats"})

ALL_FIELDS = (*HARDWARE, *NODES, *ENGINE, *EXPERT_AND_CONTEXT_PARALLEL, *DISAGGREGATION, *SPECULATIVE,
              *WORKLOAD, *TARGETS, *MODEL)

OTHER_TITLES = {
    "name": QT_TRANSLATE_NOOP("Fields", "Scenario name"),
    "schema_version": QT_TRANSLATE_NOOP("Fields", "File version"),
    "custom_gpu": QT_TRANSLATE_NOOP("Fields", "Custom GPU"),
    "quantization": QT_TRANSLATE_NOOP("Fields", "Weight precision"),
    "deployment": QT_TRANSLATE_NOOP("Fields", "Deployment"),
    "deployment.kv_cache_memory_gib": QT_TRANSLATE_NOOP("Fields", "KV cache memory"),
    "deployment.block_size": QT_TRANSLATE_NOOP("Fields", "KV block size"),
    "deployment.limit_mm_per_prompt": QT_TRANSLATE_NOOP("Fields", "Images per prompt"),
    "deployment.disaggregation": QT_TRANSLATE_NOOP("Fields", "Disaggregated prefill/decode"),
    "deployment.speculative_config": QT_TRANSLATE_NOOP("Fields", "Speculative decoding"),
    "deployment.speculative_config.acceptance_rate": QT_TRANSLATE_NOOP("Fields", "Acceptance rate (α)"),
    "deployment.speculative_config.eagle_topk": QT_TRANSLATE_NOOP("Fields", "EAGLE top-k"),
    "deployment.speculative_config.num_draft_tokens": QT_TRANSLATE_NOOP("Fields", "Draft tokens verified"),
    "workload": QT_TRANSLATE_NOOP("Fields", "Workload"),
    "workload.classes": QT_TRANSLATE_NOOP("Fields", "Request classes"),
    "targets": QT_TRANSLATE_NOOP("Fields", "Targets"),
}
"""Titles of the scenario's parts that have no field in the form (files and the command line set them)."""


def field_title(path: str) -> str:
    """The form's (translated) title of the field at ``path`` or the nearest enclosing one, else ``path``."""
    titles = {**OTHER_TITLES, **{spec.path: spec.title for spec in ALL_FIELDS}}
    probe = path
    while probe:
        if probe in titles:
            return QCoreApplication.translate(CONTEXT, titles[probe])
        probe = probe.rpartition(".")[0]
    return path
