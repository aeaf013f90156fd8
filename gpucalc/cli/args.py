"""Argument definitions shared by the commands (vLLM flag names, so serve flags paste in)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.inputs import (
    SLO_PERCENTILES,
    Deployment,
    RequestClass,
    StateDtype,
    Targets,
    TrafficMode,
    Workload,
)
from gpucalc.core.specs.parallel_inputs import (
    DEFAULT_IMBALANCE,
    EPLB_IMBALANCE,
    IMBALANCE_DEFAULTS,
    AllToAllMode,
)
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from gpucalc.plan.serve_command import (
    all2all_mode_of,
    attention_tp,
    eplb_config_redundant,
    images_per_prompt,
)
from gpucalc.plan.speculative_config import SpeculativeFlags, speculative_from_flags


def add_deployment_args(parser: argparse.ArgumentParser, searched: bool = False) -> None:
    """Flags describing the deployment, named as ``vllm serve`` names them.

    ``searched`` (``size``): no ``--gpu`` (the command takes a list) and the layout flags pin the
    search instead of describing one deployment; unset, every layout is tried.
    """
    group = parser.add_argument_group("deployment (vLLM flag names)")
    if not searched:
        group.add_argument("--gpu", required=True, help="GPU id or alias, e.g. h100-sxm-80gb")
        group.add_argument("--num-gpus", type=int, default=None, help="GPUs in the deployment")
    layout_help = "pins the layouts searched (default: every one that fits)" if searched else \
        "default 1, or the decode pool's with disaggregation flags"
    group.add_argument("--tensor-parallel-size", "-tp", "--tp-size", "--tp", dest="tensor_parallel_size",
                       type=int, default=None, help=layout_help)
    group.add_argument("--pipeline-parallel-size", "-pp", type=int, default=None, help=layout_help)
    group.add_argument("--enable-expert-parallel", action="store_true")
    group.add_argument("--max-model-len", type=int, default=None)
    group.add_argument("--gpu-memory-utilization", type=float, default=None,
                       help="engine memory fraction (SGLang: --mem-fraction-static)")
    group.add_argument("--mem-fraction-static", dest="gpu_memory_utilization", type=float,
                       help=argparse.SUPPRESS)
    group.add_argument("--max-num-batched-tokens", type=int, default=None)
    group.add_argument("--max-num-seqs", type=int, default=None)
    group.add_argument("--dtype", default=None, help="auto, bfloat16, float16, float32")
    group.add_argument("--quantization", "-q", default=None,
                       help="checkpoint method (awq, gptq, fp8, compressed-tensors, bitsandbytes, "
                            "mxfp4) or a what-if format (fp8, int8, int4, nvfp4)")
    group.add_argument("--kv-cache-dtype", default="auto", help="auto, fp8, fp8_e5m2, int8, nvfp4")
    group.add_argument("--kv-cache-memory", dest="kv_cache_memory_gib", type=float, default=None,
                       help="KV memory per GPU in GiB (overrides the engine budget)")
    group.add_argument("--block-size", type=int, default=None)
    group.add_argument("--enforce-eager", action="store_true",
                       help="no CUDA graphs: no graph memory, a kernel-launch cost per layer and "
                            "step (SGLang: --disable-cuda-graph)")
    group.add_argument("--disable-cuda-graph", dest="enforce_eager", action="store_true",
                       help=argparse.SUPPRESS)
    group.add_argument("--limit-mm-per-prompt", type=image_limit, default=1,
                       help="images per prompt, as a number or vLLM's JSON ('{\"image\": 2}'): "
                            "the profiling pass runs the vision encoder on that many per request")
    group.add_argument("--engine", default="vllm",
                       help="vllm, vllm-v0, sglang, sglang-0.4, trtllm")
    group.add_argument("--gpu-memory-gib", type=float, default=None,
                       help="total GPU memory as the engine sees it (MIG slice, shared GPU)")
    add_disaggregation_args(parser)
    add_node_args(parser)
    add_kv_sharding_args(parser)
    add_expert_parallel_args(parser)
    add_speculative_args(parser)


def add_disaggregation_args(parser: argparse.ArgumentParser) -> None:
    """Prefill/decode disaggregation: two pools and the link between them."""
    group = parser.add_argument_group(
        "prefill/decode disaggregation (vLLM kv-transfer-config, SGLang --disaggregation-mode, "
        "Dynamo xPyD)")
    group.add_argument("--disaggregate", action="store_true",
                       help="plan prefill and decode on separate pools (any pool flag implies it)")
    group.add_argument("--prefill-tp", type=int, default=None, help="TP of a prefill replica")
    group.add_argument("--decode-tp", type=int, default=None, help="TP of a decode replica")
    group.add_argument("--prefill-dp", type=int, default=None,
                       help="attention DP ranks of one prefill engine (default: --data-parallel-size); "
                            "expert parallel follows --enable-expert-parallel")
    group.add_argument("--decode-dp", type=int, default=None,
                       help="attention DP ranks of one decode engine (default: --data-parallel-size)")
    group.add_argument("--prefill-pp", type=int, default=None, help="PP of a prefill replica")
    group.add_argument("--decode-pp", type=int, default=None, help="PP of a decode replica")
    group.add_argument("--prefill-replicas", type=int, default=None,
                       help="fixed prefill replicas (default: sized from --qps)")
    group.add_argument("--decode-replicas", type=int, default=None,
                       help="fixed decode replicas (default: sized from --qps)")
    group.add_argument("--kv-transfer-gbps", type=float, default=None,
                       help="link between the pools, Gb/s per GPU (400 = NDR InfiniBand); default: "
                            "the GPU's fast link inside one domain, else the scale-out network (--network)")


def add_node_args(parser: argparse.ArgumentParser) -> None:
    """Nodes and the scale-out network between them (issue 14 item 6)."""
    group = parser.add_argument_group("nodes and scale-out network")
    group.add_argument("--nodes", "--nnodes", dest="nodes", type=int, default=None,
                       help="nodes (servers; an NVL72 rack counts as one) the GPUs sit in; "
                            "alone it sets --num-gpus = nodes × GPUs per node "
                            "(vLLM/SGLang --nnodes)")
    group.add_argument("--gpus-per-node", type=int, default=None,
                       help="GPUs in one node (default: the GPU's server: 8, or the NVL72 domain)")
    group.add_argument("--network", default=None,
                       help="scale-out network id from the network table, e.g. ib-ndr-400, "
                            "ib-xdr-800, roce-400 (default: the one the GPU's servers ship with)")


def add_kv_sharding_args(parser: argparse.ArgumentParser) -> None:
    """Decode context parallel and the state dtype of linear-attention / Mamba layers (vLLM)."""
    group = parser.add_argument_group("KV sharding and layer state (vLLM flag names)")
    group.add_argument("--decode-context-parallel-size", "-dcp", type=int, default=1,
                       help="shard the KV cache along tokens over this many ranks of the TP group "
                            "(divides TP; at most TP ÷ KV heads, MLA: TP)")
    group.add_argument("--mamba-ssm-cache-dtype", choices=[d.value for d in StateDtype],
                       default=StateDtype.AUTO.value,
                       help="dtype of the recurrent state of Mamba / linear-attention layers "
                            "(auto: the config's mamba_ssm_cache_dtype, else the model dtype)")


def add_expert_parallel_args(parser: argparse.ArgumentParser) -> None:
    """Attention data parallel and expert parallel, in vLLM's words with SGLang's as aliases."""
    group = parser.add_argument_group("data parallel attention + expert parallel")
    group.add_argument("--data-parallel-size", "-dp", "--dp-size", "--dp", dest="data_parallel_size",
                       type=int, default=None,
                       help="DP ranks of one engine (each its own attention TP × PP group, KV cache "
                            "and scheduler); a MoE model's experts shard over DP × TP ranks")
    group.add_argument("--enable-dp-attention", action="store_true",
                       help="SGLang: --tp is the whole DP × attention-TP group; attention TP = tp / dp")
    group.add_argument("--ep-size", "--ep", "--expert-parallel-size", dest="ep_size", type=int,
                       default=None, help="SGLang / TensorRT-LLM: EP size > 1 turns expert parallel "
                                          "on (gpucalc's EP size is DP × attention TP)")
    group.add_argument("--enable-eplb", action="store_true",
                       help=f"expert-parallel load balancer: default imbalance {EPLB_IMBALANCE:g} instead of "
                            f"{DEFAULT_IMBALANCE:g}")
    group.add_argument("--num-redundant-experts", "--ep-num-redundant-experts",
                       dest="num_redundant_experts", type=int, default=0,
                       help="extra expert copies EPLB places over the EP ranks")
    group.add_argument("--eplb-config", type=eplb_redundant_experts, default=None,
                       help="vLLM's JSON, e.g. '{\"num_redundant_experts\": 32}' (implies --enable-eplb)")
    group.add_argument("--expert-imbalance", type=float, default=None,
                       help=f"busiest EP rank's routed tokens ÷ the mean (default {IMBALANCE_DEFAULTS})")
    group.add_argument("--all2all-backend", type=all2all_mode, default=None,
                       help="allgather_reducescatter (default), naive, deepep_high_throughput, "
                            "deepep_low_latency")
    group.add_argument("--deepep-mode", dest="all2all_backend", type=all2all_mode,
                       help="SGLang: normal, low_latency, auto (planned as low-latency)")
    group.add_argument("--moe-a2a-backend", default=None, help=argparse.SUPPRESS)


def all2all_mode(text: str) -> AllToAllMode:
    """An engine's all-to-all backend name (vLLM or SGLang) as gpucalc's mode."""
    try:
        return all2all_mode_of(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def image_limit(text: str) -> int:
    """``--limit-mm-per-prompt``: images per prompt, as a count or vLLM's JSON."""
    try:
        return images_per_prompt(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def eplb_redundant_experts(text: str) -> int:
    """``num_redundant_experts`` of vLLM's ``--eplb-config`` JSON (0 when absent)."""
    try:
        return eplb_config_redundant(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def add_speculative_args(parser: argparse.ArgumentParser) -> None:
    """Speculative decoding: vLLM's JSON, SGLang's flags, TensorRT-LLM's MTP depth."""
    group = parser.add_argument_group("speculative decoding (vLLM / SGLang flag names)")
    group.add_argument("--speculative-config", default=None, metavar="JSON",
                       help='vLLM\'s JSON, e.g. \'{"method": "eagle3", "model": "DRAFT", '
                            '"num_speculative_tokens": 3}\' (method mtp, eagle, eagle3, ngram, '
                            "draft_model)")
    group.add_argument("--speculative-algorithm", default=None,
                       help="SGLang: EAGLE, EAGLE3, NEXTN (MTP), STANDALONE (draft model), NGRAM")
    group.add_argument("--speculative-num-steps", type=int, default=None,
                       help="SGLang: draft steps k per target step")
    group.add_argument("--speculative-eagle-topk", type=int, default=None,
                       help="SGLang: draft branches per step (1: a chain)")
    group.add_argument("--speculative-num-draft-tokens", type=int, default=None,
                       help="SGLang: tokens verified per request and step (default k + 1)")
    group.add_argument("--speculative-draft-model-path", default=None,
                       help="SGLang: the draft model (catalog id, Hugging Face id or folder)")
    group.add_argument("--num-nextn-predict-layers", type=int, default=None,
                       help="TensorRT-LLM MTP: draft tokens per step (speculative_config)")
    group.add_argument("--acceptance-length", type=float, default=None,
                       help="mean acceptance length τ your engine logs (tokens per target step, "
                            "1 … k+1); default from the method's sourced acceptance rate")
    group.add_argument("--acceptance-rate", type=float, default=None,
                       help="per-token acceptance rate α (0–1), instead of the length: "
                            "τ = (1 − α^(k+1)) ÷ (1 − α)")


def add_workload_args(parser: argparse.ArgumentParser) -> None:
    """Request lengths and traffic."""
    group = parser.add_argument_group("workload")
    group.add_argument("--input-len", type=int, default=1024, help="input tokens (P50)")
    group.add_argument("--output-len", type=int, default=256, help="output tokens (P50)")
    group.add_argument("--input-len-p95", type=int, default=None)
    group.add_argument("--output-len-p95", type=int, default=None)
    group.add_argument("--max-turns", type=int, default=1, help="multi-turn chat: turns")
    group.add_argument("--tokens-per-turn", type=int, default=0, help="history growth per turn")
    group.add_argument("--length-margin", type=float, default=0.0,
                       help="plan lengths this share longer, 0–0.5 (seed 002: 0.2–0.3 when "
                            "request lengths vary widely; 0 = off)")
    group.add_argument("--qps", type=float, default=None,
                       help="average requests per second the fleet must carry (none: what one "
                       "replica carries, no fleet sizing)")
    group.add_argument("--qps-peak", type=float, default=None)
    group.add_argument("--mode", choices=[m.value for m in TrafficMode], default="online",
                       help="online: at the latency targets and the watermark; offline: fill memory, "
                            "no latency targets; mixed: online at the watermark plus batch backfill")
    group.add_argument("--request-class", dest="request_classes", action="append", default=None,
                       type=request_class, metavar="SHARE:INPUT:OUTPUT[:NAME]",
                       help="one class of mixed traffic (repeat; shares add up to 1), e.g. "
                            "0.8:300:200:chat --request-class 0.2:6000:500:documents")
    add_prefix_caching_args(parser)
    targets = parser.add_argument_group("targets")
    targets.add_argument("--ttft-ms", type=float, default=None, help="TTFT target (default 2000)")
    targets.add_argument("--tpot-ms", type=float, default=None, help="TPOT target (default 100)")
    targets.add_argument("--tokens-per-s", type=float, default=None,
                         help="per-request generation speed target (sets TPOT = 1000 / value)")
    targets.add_argument("--watermark", type=float, default=None,
                         help="share of the knee planned as online capacity (0.7)")
    targets.add_argument("--slo-percentile", type=int, default=None,
                         choices=SLO_PERCENTILES,
                         help="percentile of requests that must meet TTFT and TPOT (default 95)")


def add_prefix_caching_args(parser: argparse.ArgumentParser) -> None:
    """Prefix caching: the engine flag (vLLM and SGLang spellings) and the shared-prefix workload."""
    group = parser.add_argument_group("prefix caching")
    group.add_argument("--enable-prefix-caching", dest="enable_prefix_caching",
                       action=argparse.BooleanOptionalAction, default=None,
                       help="reuse cached KV blocks of shared prompt prefixes (default: the "
                            "engine's own: on in vLLM V1, SGLang and TensorRT-LLM, off in vLLM V0)")
    group.add_argument("--disable-radix-cache", dest="enable_prefix_caching",
                       action="store_const", const=False, help="SGLang spelling of "
                       "--no-enable-prefix-caching")
    group.add_argument("--prefix-hit-rate", type=float, default=None,
                       help="measured share of prompt tokens served from cache, 0–1 (vLLM logs "
                            "'Prefix cache hit rate'); default: from --shared-prefix-len")
    group.add_argument("--shared-prefix-len", type=int, default=0,
                       help="tokens every prompt shares (system prompt, few-shot, document)")
    group.add_argument("--num-prefixes", type=int, default=1,
                       help="distinct shared prefixes in the traffic")
    group.add_argument("--history-cached", action="store_true",
                       help="multi-turn chat: a turn finds its earlier turns still cached")


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, the range in the error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"give a whole number from {low:,} to {high:,}, not {text[:40]!r}")
        return value
    parse.__name__ = "whole number"  # argparse names the type in its own messages
    return parse


def request_class(text: str) -> RequestClass:
    """Parse ``SHARE:INPUT:OUTPUT[:NAME]`` (share 0–1, token counts)."""
    parts = text.split(":", 3)
    try:
        share, prompt, output = float(parts[0]), int(parts[1]), int(parts[2])
        return RequestClass(share=share, input_len=prompt, output_len=output,
                            name=parts[3] if len(parts) > 3 else "")
    except (IndexError, ValueError) as exc:
        raise argparse.ArgumentTypeError(
            f"a class is SHARE:INPUT:OUTPUT[:NAME], e.g. 0.2:6000:500:documents, not {text!r}"
        ) from exc


def node_gpus(args: argparse.Namespace) -> int | None:
    """GPUs ``--nodes`` alone stands for: nodes × GPUs per node (the GPU's server by default)."""
    if args.nodes is None or getattr(args, "gpu", None) is None:
        return None
    per_node = args.gpus_per_node
    if per_node is None:
        from gpucalc.catalog.layered import load_layered_catalog
        from gpucalc.core.parallel.topology import default_gpus_per_node

        catalog, _ = load_layered_catalog()
        per_node = default_gpus_per_node(catalog.gpu(args.gpu))
    return int(args.nodes * per_node)


def layout_flags(args: argparse.Namespace) -> tuple[int, int, int]:
    """(TP, PP, DP) the flags give: 1 where unset, or a disaggregated decode pool's own layout.

    With ``--prefill-tp/--decode-tp`` and no ``-tp``, the deployment is the decode pool (where
    the KV cache lives), so its memory picture is the pool's, not one of TP 1.
    """
    split = disaggregation_from_args(args)
    tp, pp, dp = args.tensor_parallel_size, args.pipeline_parallel_size, args.data_parallel_size
    if split.enabled:
        tp = tp or split.decode_tp
        pp = pp or split.decode_pp
        dp = dp or split.decode_dp
    return tp or 1, pp or 1, dp or 1


def deployment_from_args(args: argparse.Namespace) -> Deployment:
    """Build a validated :class:`Deployment` from parsed flags."""
    tp_flag, pp, dp = layout_flags(args)
    tp = attention_tp(tp_flag, dp, args.enable_dp_attention)
    per_engine = tp * pp * dp
    redundant = args.num_redundant_experts or (args.eplb_config or 0)
    return Deployment(
        engine=args.engine,
        num_gpus=getattr(args, "num_gpus", None) or node_gpus(args) or per_engine,
        tensor_parallel_size=tp,
        pipeline_parallel_size=pp,
        enable_expert_parallel=args.enable_expert_parallel or (args.ep_size or 1) > 1,
        data_parallel_size=dp,
        enable_eplb=args.enable_eplb or args.eplb_config is not None,
        num_redundant_experts=redundant,
        expert_imbalance=args.expert_imbalance,
        all2all_mode=args.all2all_backend or (all2all_mode_of("auto") if args.moe_a2a_backend == "deepep"
                                              else AllToAllMode.ALLGATHER),
        max_model_len=args.max_model_len,
        gpu_memory_utilization=args.gpu_memory_utilization,
        max_num_batched_tokens=args.max_num_batched_tokens,
        max_num_seqs=args.max_num_seqs,
        kv_cache_dtype=args.kv_cache_dtype,
        gpu_memory_gib=args.gpu_memory_gib,
        kv_cache_memory_gib=args.kv_cache_memory_gib,
        block_size=args.block_size,
        enforce_eager=args.enforce_eager,
        limit_mm_per_prompt=args.limit_mm_per_prompt,
        enable_prefix_caching=getattr(args, "enable_prefix_caching", None),
        disaggregation=disaggregation_from_args(args),
        nodes=args.nodes,
        gpus_per_node=args.gpus_per_node,
        network=args.network,
        decode_context_parallel_size=args.decode_context_parallel_size,
        mamba_ssm_cache_dtype=StateDtype(args.mamba_ssm_cache_dtype),
        speculative_config=speculative_from_args(args),
    )


DISAGGREGATION_FLAGS = ("prefill_tp", "decode_tp", "prefill_pp", "decode_pp", "prefill_replicas",
                        "decode_replicas", "kv_transfer_gbps", "prefill_dp", "decode_dp")


def disaggregation_from_args(args: argparse.Namespace) -> Disaggregation:
    """The pools the disaggregation flags describe (off unless one of them is given)."""
    given = {k: getattr(args, k, None) for k in DISAGGREGATION_FLAGS}
    given = {k: v for k, v in given.items() if v is not None}
    enabled = bool(getattr(args, "disaggregate", False) or given)
    return Disaggregation(enabled=enabled, **given)


def speculative_from_args(args: argparse.Namespace) -> SpeculativeDecoding | None:
    """The speculative set-up the parsed flags describe (None: no speculation)."""
    return speculative_from_flags(SpeculativeFlags(
        config_json=getattr(args, "speculative_config", None),
        algorithm=getattr(args, "speculative_algorithm", None),
        num_steps=getattr(args, "speculative_num_steps", None),
        eagle_topk=getattr(args, "speculative_eagle_topk", None),
        num_draft_tokens=getattr(args, "speculative_num_draft_tokens", None),
        draft_model_path=getattr(args, "speculative_draft_model_path", None),
        nextn_layers=getattr(args, "num_nextn_predict_layers", None),
        acceptance_length=getattr(args, "acceptance_length", None),
        acceptance_rate=getattr(args, "acceptance_rate", None)))


def workload_from_args(args: argparse.Namespace) -> Workload:
    """Build a validated :class:`Workload` from parsed flags."""
    return Workload(
        input_len_p50=args.input_len, output_len_p50=args.output_len,
        input_len_p95=args.input_len_p95, output_len_p95=args.output_len_p95,
        max_turns=args.max_turns, tokens_per_turn=args.tokens_per_turn,
        length_margin=args.length_margin,
        qps_avg=args.qps, qps_peak=args.qps_peak, mode=TrafficMode(args.mode),
        classes=tuple(getattr(args, "request_classes", None) or ()),
        prefix_hit_rate=getattr(args, "prefix_hit_rate", None),
        shared_prefix_len=getattr(args, "shared_prefix_len", 0),
        num_prefixes=getattr(args, "num_prefixes", 1),
        history_cached=getattr(args, "history_cached", False),
    )


def targets_from_args(args: argparse.Namespace) -> Targets:
    """Latency targets (defaults until the performance flags are given)."""
    values = {k: getattr(args, k) for k in ("ttft_ms", "tpot_ms", "watermark")
              if getattr(args, k, None) is not None}
    if getattr(args, "slo_percentile", None) is not None:
        values["percentile"] = args.slo_percentile
    if getattr(args, "tokens_per_s", None):
        values["tpot_ms"] = 1000.0 / args.tokens_per_s
    return Targets(**values)


def add_uncertainty_args(parser: argparse.ArgumentParser) -> None:
    """``--uncertainty``: low / expected / high bands and the sensitivity ranking."""
    parser.add_argument("--uncertainty", action="store_true",
                        help="add low/expected/high bands (KV tokens, recommended concurrency, "
                             "GPUs for --qps) and the sensitivity of the recommended concurrency")


def scenario_from_flags(args: argparse.Namespace) -> Scenario:
    """The scenario MODEL, --gpu and the engine, workload and target flags describe."""
    return Scenario(model=args.model, gpu=args.gpu, quantization=args.quantization, dtype=args.dtype,
                    deployment=deployment_from_args(args), workload=workload_from_args(args),
                    targets=targets_from_args(args))
