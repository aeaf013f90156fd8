"""Every input of a scenario and every name it goes by, declared once.

Each :class:`~gpucalc.engines.knobs.Knob` names one field of the scenario (its dotted path; the
schema in :mod:`gpucalc.core.specs` holds its type, bounds and default), gpucalc's own flags for it
and its spelling in vLLM, SGLang and TensorRT-LLM: serve flags (the first written in a launch
line), start-up-log keys and how a flag's text becomes the value. The serve-command parser, the
launch-line writer, the start-up-log reader, the command line and the field errors read their
tables from here (:mod:`gpucalc.engines.tables`); ``tests/engines`` checks that every field of the
schema has its knob. docs/ADDING_A_KNOB.md says how to add one.

Flags of value switches are read by every launcher's parser (``--enforce-eager`` pasted into an
SGLang command still means eager mode); value flags only by the engine that declares them.
"""

from __future__ import annotations

from gpucalc.engines.knobs import Conversion as Read
from gpucalc.engines.knobs import Form, Knob, everywhere, sglang, trtllm, vllm

ON, OFF = Form.SWITCH, Form.SWITCH_OFF

SCENARIO: tuple[Knob, ...] = (
    Knob("schema_version", file_only=True),
    Knob("name", file_only=True),
    Knob("model", (vllm("--model", written=False), sglang("--model-path", "--model"))),
    Knob("gpu", cli=("--gpu",)),
    Knob("custom_gpu", file_only=True),
    Knob("quantization", cli=("--quantization", "-q")),
    Knob("dtype", (*everywhere("--dtype", written=False), vllm(keys=("dtype",)),
                   sglang(keys=("dtype",))), cli=("--dtype",)),
)

DEPLOYMENT: tuple[Knob, ...] = (
    Knob("deployment.engine", cli=("--engine",)),
    Knob("deployment.num_gpus", cli=("--num-gpus",)),
    Knob("deployment.tensor_parallel_size", (
        vllm("--tensor-parallel-size", "-tp", keys=("tensor_parallel_size",)),
        sglang("--tp", "--tp-size", "--tensor-parallel-size", keys=("tp_size",), convert=Read.SPANS_DP),
        sglang("--enable-dp-attention", form=ON, convert=Read.DP_ATTENTION),
        trtllm("--tp_size", keys=("tp_size",))),
        cli=("--tensor-parallel-size", "-tp", "--tp-size", "--tp", "--enable-dp-attention")),
    Knob("deployment.pipeline_parallel_size", (
        vllm("--pipeline-parallel-size", "-pp", keys=("pipeline_parallel_size",)),
        sglang("--pp", "--pp-size", keys=("pp_size",)),
        trtllm("--pp_size", keys=("pp_size",))), cli=("--pipeline-parallel-size", "-pp")),
    Knob("deployment.data_parallel_size", (
        vllm("--data-parallel-size", "-dp", convert=Read.DP_RANKS),
        sglang("--dp", "--dp-size", convert=Read.DP_RANKS)),
        cli=("--data-parallel-size", "-dp", "--dp-size", "--dp")),
    Knob("deployment.enable_expert_parallel", (
        vllm("--enable-expert-parallel", "-ep", keys=("enable_expert_parallel",), form=ON),
        sglang("--enable-ep-moe", form=ON),
        sglang("--ep", "--ep-size", convert=Read.EP_SIZE),
        trtllm("--ep_size", convert=Read.EP_SIZE)),
        cli=("--enable-expert-parallel", "--ep-size", "--ep", "--expert-parallel-size")),
    Knob("deployment.enable_eplb", (vllm("--enable-eplb", form=ON), sglang("--enable-eplb", form=ON)),
         cli=("--enable-eplb",)),
    Knob("deployment.num_redundant_experts", (
        vllm("--eplb-config", convert=Read.EPLB_CONFIG),
        vllm("--num-redundant-experts", written=False),
        sglang("--ep-num-redundant-experts")),
        cli=("--num-redundant-experts", "--ep-num-redundant-experts", "--eplb-config")),
    Knob("deployment.expert_imbalance", cli=("--expert-imbalance",)),
    Knob("deployment.all2all_mode", (
        vllm("--all2all-backend", convert=Read.ALL2ALL_BACKEND),
        sglang("--moe-a2a-backend", convert=Read.DEEPEP_BACKEND),
        sglang("--deepep-mode", convert=Read.ALL2ALL_BACKEND)),
        cli=("--all2all-backend", "--deepep-mode", "--moe-a2a-backend")),
    Knob("deployment.max_model_len", (
        vllm("--max-model-len", keys=("max_model_len",)),
        sglang("--context-length", keys=("context_length", "context_len")),
        trtllm("--max_seq_len", keys=("max_seq_len",))), cli=("--max-model-len",)),
    Knob("deployment.gpu_memory_utilization", (
        vllm("--gpu-memory-utilization", keys=("gpu_memory_utilization",)),
        sglang("--mem-fraction-static", keys=("mem_fraction_static",)),
        trtllm("--kv_cache_free_gpu_memory_fraction")),
        cli=("--gpu-memory-utilization", "--mem-fraction-static")),
    Knob("deployment.max_num_batched_tokens", (
        vllm("--max-num-batched-tokens", keys=("max_num_batched_tokens",)),
        sglang("--chunked-prefill-size", keys=("chunked_prefill_size",)),
        trtllm("--max_num_tokens", keys=("max_num_tokens",))), cli=("--max-num-batched-tokens",)),
    Knob("deployment.max_num_seqs", (
        vllm("--max-num-seqs", keys=("max_num_seqs",)),
        sglang("--max-running-requests", keys=("max_running_requests",)),
        trtllm("--max_batch_size", keys=("max_num_requests", "max_batch_size"))),
        cli=("--max-num-seqs",)),
    Knob("deployment.weight_format", (
        *everywhere("--quantization", "-q", written=False),
        vllm("--quantization", keys=("quantization",)),
        sglang("--quantization", keys=("quantization",))),
        named_by="--quantization"),
    Knob("deployment.kv_cache_dtype", (
        *everywhere("--kv-cache-dtype", written=False),
        vllm("--kv-cache-dtype", keys=("kv_cache_dtype",)),
        sglang("--kv-cache-dtype", keys=("kv_cache_dtype",))),
        cli=("--kv-cache-dtype",)),
    Knob("deployment.gpu_memory_gib", cli=("--gpu-memory-gib",)),
    Knob("deployment.kv_cache_memory_gib", (
        vllm("--kv-cache-memory-bytes", convert=Read.BYTES_AS_GIB, written=False),
        vllm("--kv-cache-memory", written=False)), cli=("--kv-cache-memory",)),
    Knob("deployment.block_size", (
        vllm("--block-size", keys=("block_size",), written=False),
        sglang("--page-size", keys=("page_size",), written=False)), cli=("--block-size",)),
    Knob("deployment.limit_mm_per_prompt", (vllm("--limit-mm-per-prompt", convert=Read.IMAGE_COUNT),),
         cli=("--limit-mm-per-prompt",)),
    Knob("deployment.enforce_eager", (
        vllm("--enforce-eager", keys=("enforce_eager",), form=ON),
        sglang("--disable-cuda-graph", keys=("disable_cuda_graph",), form=ON)),
        cli=("--enforce-eager", "--disable-cuda-graph")),
    Knob("deployment.enable_prefix_caching", (
        vllm("--enable-prefix-caching", form=ON), vllm("--no-enable-prefix-caching", form=OFF),
        sglang("--disable-radix-cache", form=OFF)),
        cli=("--enable-prefix-caching", "--disable-radix-cache")),
    Knob("deployment.disaggregation", (
        vllm("--kv-transfer-config", convert=Read.KV_TRANSFER),
        sglang("--disaggregation-mode", convert=Read.POOL_MODE),
        sglang("--disaggregation-transfer-backend", convert=Read.NO_EFFECT, written=False)),
        cli=("--disaggregate",)),
    Knob("deployment.disaggregation.enabled"),  # set by --disaggregate or any pool flag
    *(Knob(f"deployment.disaggregation.{role}_{size}", cli=(f"--{role}-{size}",))
      for role in ("prefill", "decode") for size in ("tp", "pp", "dp", "replicas")),
    Knob("deployment.disaggregation.kv_transfer_gbps", cli=("--kv-transfer-gbps",)),
    Knob("deployment.nodes", (vllm("--nnodes"), sglang("--nnodes")), cli=("--nodes", "--nnodes")),
    Knob("deployment.gpus_per_node", cli=("--gpus-per-node",)),
    Knob("deployment.network", cli=("--network",)),
    Knob("deployment.decode_context_parallel_size", (
        vllm("--decode-context-parallel-size", "-dcp"),), cli=("--decode-context-parallel-size", "-dcp")),
    Knob("deployment.mamba_ssm_cache_dtype", (
        vllm("--mamba-ssm-cache-dtype"), sglang("--mamba-ssm-dtype")), cli=("--mamba-ssm-cache-dtype",)),
    Knob("deployment.speculative_config", (
        vllm("--speculative-config", convert=Read.SPECULATIVE, part="config_json"),),
        cli=("--speculative-config",)),
    Knob("deployment.speculative_config.method", (
        sglang("--speculative-algorithm", convert=Read.SPECULATIVE, part="algorithm"),),
        cli=("--speculative-algorithm", "--num-nextn-predict-layers"), named_by="--speculative-config"),
    Knob("deployment.speculative_config.num_speculative_tokens", (
        sglang("--speculative-num-steps", convert=Read.SPECULATIVE, part="num_steps"),),
        cli=("--speculative-num-steps",)),
    Knob("deployment.speculative_config.eagle_topk", (
        sglang("--speculative-eagle-topk", convert=Read.SPECULATIVE, part="eagle_topk"),),
        cli=("--speculative-eagle-topk",)),
    Knob("deployment.speculative_config.num_draft_tokens", (
        sglang("--speculative-num-draft-tokens", convert=Read.SPECULATIVE, part="num_draft_tokens"),),
        cli=("--speculative-num-draft-tokens",)),
    Knob("deployment.speculative_config.draft_model", (
        sglang("--speculative-draft-model-path", convert=Read.SPECULATIVE, part="draft_model_path"),),
        cli=("--speculative-draft-model-path",)),
    Knob("deployment.speculative_config.acceptance_length", cli=("--acceptance-length",)),
    Knob("deployment.speculative_config.acceptance_rate", cli=("--acceptance-rate",)),
)

WORKLOAD: tuple[Knob, ...] = (
    Knob("workload.input_len_p50", cli=("--input-len",)),
    Knob("workload.output_len_p50", cli=("--output-len",)),
    Knob("workload.input_len_p95", cli=("--input-len-p95",)),
    Knob("workload.output_len_p95", cli=("--output-len-p95",)),
    Knob("workload.max_turns", cli=("--max-turns",)),
    Knob("workload.tokens_per_turn", cli=("--tokens-per-turn",)),
    Knob("workload.classes", cli=("--request-class",)),
    Knob("workload.length_margin", cli=("--length-margin",)),
    Knob("workload.qps_avg", cli=("--qps",)),
    Knob("workload.qps_peak", cli=("--qps-peak",)),
    Knob("workload.mode", cli=("--mode",)),
    Knob("workload.prefix_hit_rate", cli=("--prefix-hit-rate",)),
    Knob("workload.shared_prefix_len", cli=("--shared-prefix-len",)),
    Knob("workload.num_prefixes", cli=("--num-prefixes",)),
    Knob("workload.history_cached", cli=("--history-cached",)),
)

TARGETS: tuple[Knob, ...] = (
    Knob("targets.ttft_ms", cli=("--ttft-ms",)),
    Knob("targets.tpot_ms", cli=("--tpot-ms", "--tokens-per-s")),
    Knob("targets.watermark", cli=("--watermark",)),
    Knob("targets.planning_memory_share", file_only=True),
    Knob("targets.percentile", cli=("--slo-percentile",)),
)

KNOBS: tuple[Knob, ...] = (*SCENARIO, *DEPLOYMENT, *WORKLOAD, *TARGETS)
"""Every input of a scenario, in the order the command line's help lists them."""
