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

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import SLO_PERCENTILES, Targets
from gpucalc.core.specs.parallel_inputs import DEFAULT_IMBALANCE, EPLB_IMBALANCE, IMBALANCE_DEFAULTS
from gpucalc.engines.knobs import Conversion as Read
from gpucalc.engines.knobs import (
    Form,
    FormGroup,
    Knob,
    Launcher,
    Shown,
    Topic,
    arg,
    everywhere,
    in_form,
    sglang,
    trtllm,
    vllm,
)

LAUNCHERS: tuple[Launcher, ...] = (
    Launcher(EngineKind.VLLM, ("vllm", "serve"), programs=("vllm",), subcommand="serve",
             modules=("vllm.entrypoints",)),
    Launcher(EngineKind.SGLANG, ("python", "-m", "sglang.launch_server"),
             modules=("sglang.launch_server",)),
    Launcher(EngineKind.TRTLLM, ("trtllm-serve",), programs=("trtllm-serve",), subcommand="serve",
             subcommand_optional=True),
)
"""How each engine's server is started: written in launch lines, recognised in pasted commands."""

POOL_ROLE_VALUES = {
    EngineKind.VLLM: {"prefill": '{"kv_connector": "NixlConnector", "kv_role": "kv_both"}',
                      "decode": '{"kv_connector": "NixlConnector", "kv_role": "kv_both"}'},
    EngineKind.SGLANG: {"prefill": "prefill", "decode": "decode"},
}
"""The value of each engine's disaggregation flag in a pool's launch line (vLLM: NIXL both ways, as
in its disaggregation examples; SGLang: the mode)."""

_TARGET_DEFAULTS = Targets()  # the help names the schema's defaults
ON, OFF = Form.SWITCH, Form.SWITCH_OFF
POOL, NODE, KV, EP = Topic.DISAGGREGATION, Topic.NODES, Topic.KV_SHARDING, Topic.EXPERT_PARALLEL
SPEC, LOAD, CACHE, GOAL = Topic.SPECULATIVE, Topic.WORKLOAD, Topic.PREFIX_CACHING, Topic.TARGETS
LAYOUT = "default 1, or the decode pool's with disaggregation flags"
SEARCHED = "pins the layouts searched (default: every one that fits)"

HARDWARE: tuple[Knob, ...] = in_form(FormGroup.HARDWARE,
    Knob("gpu", cli=(arg("--gpu", required=True, unset=True, in_search=False,
                         help="GPU id or alias, e.g. h100-sxm-80gb"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "GPU"),
            QT_TRANSLATE_NOOP("Fields", "GPU type from the bundled catalog."),
            choices="gpus")),
    Knob("deployment.num_gpus", cli=(arg("--num-gpus", unset=True, in_search=False,
                                         help="GPUs in the deployment"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "GPUs"),
            QT_TRANSLATE_NOOP("Fields", "GPUs in the deployment (replicas × TP × PP)."))),
    Knob("deployment.gpu_memory_gib", cli=(arg("--gpu-memory-gib", help=(
        "total GPU memory as the engine sees it (MIG slice, shared GPU)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Memory override"),
            QT_TRANSLATE_NOOP("Fields", "Total GPU memory as the engine sees it (MIG slice, shared GPU); "
                                        "auto uses the catalog value."),
            unit="GiB", decimals=1, auto=QT_TRANSLATE_NOOP("Fields", "catalog value"))),
) + in_form(FormGroup.NODES,
    Knob("deployment.nodes", (vllm("--nnodes"), sglang("--nnodes")), cli=(arg(
        "--nodes", "--nnodes", dest="nodes", topic=NODE, help=(
            "nodes (servers; an NVL72 rack counts as one) the GPUs sit in; alone it sets --num-gpus = "
            "nodes × GPUs per node (vLLM/SGLang --nnodes)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Nodes"),
            QT_TRANSLATE_NOOP("Fields", "Servers the GPUs sit in (--nnodes); an NVL72 rack counts as one. "
                                        "When set, GPUs = nodes × GPUs per node; auto counts the nodes the "
                                        "GPUs fill."),
            auto=QT_TRANSLATE_NOOP("Fields", "from the GPUs"))),
    Knob("deployment.gpus_per_node", cli=(arg("--gpus-per-node", topic=NODE, help=(
        "GPUs in one node (default: the GPU's server: 8, or the NVL72 domain)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "GPUs per node"),
            QT_TRANSLATE_NOOP("Fields", "GPUs in one node; auto: the GPU's server (8 on HGX boards and "
                                        "PCIe servers, 72 in an NVL72 rack)."),
            auto=QT_TRANSLATE_NOOP("Fields", "GPU's server"))),
    Knob("deployment.network", cli=(arg("--network", topic=NODE, help=(
        "scale-out network id from the network table, e.g. ib-ndr-400, ib-xdr-800, roce-400 "
        "(default: the one the GPU's servers ship with)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Network between nodes"),
            QT_TRANSLATE_NOOP("Fields", "Scale-out network (the Networks spec table): collectives that "
                                        "cross nodes run at its per-GPU NIC bandwidth. Tensor parallel "
                                        "across nodes is strongly advised against."),
            choices="networks")),
)
"""The form's hardware fields, in order: the GPUs and the nodes they sit in."""

ENGINE: tuple[Knob, ...] = in_form(FormGroup.ENGINE,
    Knob("deployment.engine", cli=(arg("--engine", help="vllm, vllm-v0, sglang, sglang-0.4, trtllm"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Engine"),
            QT_TRANSLATE_NOOP("Fields", "Serving engine whose memory accounting is used."),
            choices="engines")),
    Knob("deployment.gpu_memory_utilization", (
        vllm("--gpu-memory-utilization", keys=("gpu_memory_utilization",)),
        sglang("--mem-fraction-static", keys=("mem_fraction_static",)),
        trtllm("--kv_cache_free_gpu_memory_fraction")), cli=(
        arg("--gpu-memory-utilization", help="engine memory fraction (SGLang: --mem-fraction-static)"),
        arg("--mem-fraction-static", dest="gpu_memory_utilization", hidden=True)),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Memory fraction"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --gpu-memory-utilization, SGLang --mem-fraction-static, "
                                        "TensorRT-LLM free memory fraction; auto uses the engine default."),
            auto=QT_TRANSLATE_NOOP("Fields", "engine default"))),
    Knob("deployment.max_model_len", (
        vllm("--max-model-len", keys=("max_model_len",)),
        sglang("--context-length", keys=("context_length", "context_len")),
        trtllm("--max_seq_len", keys=("max_seq_len",))), cli=(arg("--max-model-len"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Max model length"),
            QT_TRANSLATE_NOOP("Fields", "--max-model-len; auto uses the model's context."),
            unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "model maximum"))),
    Knob("deployment.max_num_batched_tokens", (
        vllm("--max-num-batched-tokens", keys=("max_num_batched_tokens",)),
        sglang("--chunked-prefill-size", keys=("chunked_prefill_size",)),
        trtllm("--max_num_tokens", keys=("max_num_tokens",))), cli=(arg("--max-num-batched-tokens"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Batched tokens"),
            QT_TRANSLATE_NOOP("Fields", "--max-num-batched-tokens: the token budget of one scheduler step; "
                                        "it sets the activation peak."),
            unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "engine default"))),
    Knob("deployment.max_num_seqs", (
        vllm("--max-num-seqs", keys=("max_num_seqs",)),
        sglang("--max-running-requests", keys=("max_running_requests",)),
        trtllm("--max_batch_size", keys=("max_num_requests", "max_batch_size"))),
        cli=(arg("--max-num-seqs"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Max sequences"),
            QT_TRANSLATE_NOOP("Fields", "--max-num-seqs: requests running at once."),
            auto=QT_TRANSLATE_NOOP("Fields", "engine default"))),
    Knob("deployment.tensor_parallel_size", (
        vllm("--tensor-parallel-size", "-tp", keys=("tensor_parallel_size",)),
        sglang("--tp", "--tp-size", "--tensor-parallel-size", keys=("tp_size",), convert=Read.SPANS_DP),
        sglang("--enable-dp-attention", form=ON, convert=Read.DP_ATTENTION),
        trtllm("--tp_size", keys=("tp_size",))), cli=(
        arg("--tensor-parallel-size", "-tp", "--tp-size", "--tp", dest="tensor_parallel_size",
            unset=True, help=LAYOUT, searched_help=SEARCHED),
        arg("--enable-dp-attention", form=ON, topic=EP, convert=Read.DP_ATTENTION,
            help="SGLang: --tp is the whole DP × attention-TP group; attention TP = tp / dp")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Tensor parallel (TP)"),
            QT_TRANSLATE_NOOP("Fields", "GPUs one layer is split across."))),
    Knob("deployment.pipeline_parallel_size", (
        vllm("--pipeline-parallel-size", "-pp", keys=("pipeline_parallel_size",)),
        sglang("--pp", "--pp-size", keys=("pp_size",)),
        trtllm("--pp_size", keys=("pp_size",))),
        cli=(arg("--pipeline-parallel-size", "-pp", unset=True, help=LAYOUT, searched_help=SEARCHED),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Pipeline parallel (PP)"),
            QT_TRANSLATE_NOOP("Fields", "Stages the layers are split into."))),
) + in_form(FormGroup.PARALLEL,
    Knob("deployment.enable_expert_parallel", (
        vllm("--enable-expert-parallel", "-ep", keys=("enable_expert_parallel",), form=ON),
        sglang("--enable-ep-moe", form=ON),
        sglang("--ep", "--ep-size", convert=Read.EP_SIZE),
        trtllm("--ep_size", convert=Read.EP_SIZE)), cli=(
        arg("--enable-expert-parallel", form=ON),
        arg("--ep-size", "--ep", "--expert-parallel-size", dest="ep_size", unset=True,
            convert=Read.EP_SIZE, topic=EP,
            help="SGLang / TensorRT-LLM: EP size > 1 turns expert parallel on (gpucalc's EP size is "
                 "DP × attention TP)")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Expert parallel (EP)"),
            QT_TRANSLATE_NOOP("Fields", "Split the experts of MoE layers across ranks."))),
    Knob("deployment.decode_context_parallel_size", (vllm("--decode-context-parallel-size", "-dcp"),),
         cli=(arg("--decode-context-parallel-size", "-dcp", topic=KV, help=(
             "shard the KV cache along tokens over this many ranks of the TP group (divides TP; at "
             "most TP ÷ KV heads, MLA: TP)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Decode context parallel (DCP)"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --decode-context-parallel-size: shards the KV cache along "
                                        "tokens over this many ranks of the TP group where TP would "
                                        "replicate it (MLA, or GQA with TP above the KV heads): KV per GPU "
                                        "÷ DCP, KV capacity × DCP."))),
) + in_form(FormGroup.ENGINE,
    Knob("deployment.mamba_ssm_cache_dtype", (vllm("--mamba-ssm-cache-dtype"), sglang("--mamba-ssm-dtype")),
         cli=(arg("--mamba-ssm-cache-dtype", topic=KV, help=(
             "dtype of the recurrent state of Mamba / linear-attention layers (auto: the config's "
             "mamba_ssm_cache_dtype, else the model dtype)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "State dtype"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --mamba-ssm-cache-dtype: dtype of the recurrent state of "
                                        "linear-attention / Mamba layers; auto follows the model config, "
                                        "else the model dtype."),
            choices="state_dtypes")),
) + in_form(FormGroup.PARALLEL,
    Knob("deployment.data_parallel_size", (
        vllm("--data-parallel-size", "-dp", convert=Read.DP_RANKS),
        sglang("--dp", "--dp-size", convert=Read.DP_RANKS)), cli=(arg(
        "--data-parallel-size", "-dp", "--dp-size", "--dp", dest="data_parallel_size", unset=True,
        topic=EP, help=(
            "DP ranks of one engine (each its own attention TP × PP group, KV cache and scheduler); "
            "a MoE model's experts shard over DP × TP ranks")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Data parallel (DP)"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --data-parallel-size, SGLang --dp-size with "
                                        "--enable-dp-attention: attention ranks of one engine, each with "
                                        "its own KV cache and scheduler; a MoE model's experts shard over "
                                        "DP × TP GPUs."))),
    Knob("deployment.enable_eplb", (vllm("--enable-eplb", form=ON), sglang("--enable-eplb", form=ON)),
         cli=(arg("--enable-eplb", form=ON, topic=EP, help=(
             f"expert-parallel load balancer: default imbalance {EPLB_IMBALANCE:g} instead of "
             f"{DEFAULT_IMBALANCE:g}")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Expert load balancer (EPLB)"),
            QT_TRANSLATE_NOOP("Fields", "--enable-eplb: replicates busy experts; the default imbalance "
                                        "drops from 1.4 to 1.08 (measured)."))),
    Knob("deployment.num_redundant_experts", (
        vllm("--eplb-config", convert=Read.EPLB_CONFIG),
        vllm("--num-redundant-experts", written=False),
        sglang("--ep-num-redundant-experts")), cli=(
        arg("--num-redundant-experts", "--ep-num-redundant-experts", dest="num_redundant_experts",
            topic=EP, help="extra expert copies EPLB places over the EP ranks"),
        arg("--eplb-config", convert=Read.EPLB_CONFIG, unset=True, topic=EP, help=(
            "vLLM's JSON, e.g. '{\"num_redundant_experts\": 32}' (implies --enable-eplb)"))),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Redundant experts"),
            QT_TRANSLATE_NOOP("Fields", "Extra expert copies EPLB spreads over the EP ranks (vLLM "
                                        "--eplb-config num_redundant_experts); they take memory on every "
                                        "GPU."))),
    Knob("deployment.expert_imbalance", cli=(arg("--expert-imbalance", topic=EP, help=(
        f"busiest EP rank's routed tokens ÷ the mean (default {IMBALANCE_DEFAULTS})")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Expert imbalance"),
            QT_TRANSLATE_NOOP("Fields", "Busiest EP rank's routed tokens ÷ the mean (1 / the balancedness "
                                        "EPLB logs); it scales the expert GEMMs. Default measured: expert "
                                        "GEMM time under power-law routing (α 1.01) ÷ balanced; the "
                                        "Explanation pane names the source."),
            auto=QT_TRANSLATE_NOOP("Fields", "1.4, 1.08 with EPLB"))),
    Knob("deployment.all2all_mode", (
        vllm("--all2all-backend", convert=Read.ALL2ALL_BACKEND),
        sglang("--moe-a2a-backend", convert=Read.DEEPEP_BACKEND),
        sglang("--deepep-mode", convert=Read.ALL2ALL_BACKEND)), cli=(
        arg("--all2all-backend", convert=Read.ALL2ALL_BACKEND, unset=True, topic=EP, help=(
            "allgather_reducescatter (default), naive, deepep_high_throughput, deepep_low_latency")),
        arg("--deepep-mode", dest="all2all_backend", convert=Read.ALL2ALL_BACKEND, unset=True,
            topic=EP, help="SGLang: normal, low_latency, auto (planned as low-latency)"),
        arg("--moe-a2a-backend", convert=Read.DEEPEP_BACKEND, unset=True, hidden=True,
            topic=EP)),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "All-to-all"),
            QT_TRANSLATE_NOOP("Fields", "How tokens reach the experts of other DP ranks: all-gather "
                                        "(vLLM's default), DeepEP normal (high throughput) or DeepEP low "
                                        "latency."),
            choices="all2all_modes")),
) + in_form(FormGroup.ENGINE,
    Knob("deployment.enforce_eager", (
        vllm("--enforce-eager", keys=("enforce_eager",), form=ON),
        sglang("--disable-cuda-graph", keys=("disable_cuda_graph",), form=ON)), cli=(
        arg("--enforce-eager", form=ON, help="no CUDA graphs: no graph memory, a kernel-launch cost "
                                             "per layer and step (SGLang: --disable-cuda-graph)"),
        arg("--disable-cuda-graph", dest="enforce_eager", form=ON, hidden=True)),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "No CUDA graphs (eager)"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --enforce-eager, SGLang --disable-cuda-graph: frees the "
                                        "CUDA-graph memory but every step pays the kernel launches, which "
                                        "slows small batches."))),
    Knob("deployment.weight_format", (  # the pasted command's --quantization: the weight format
        *everywhere("--quantization", "-q", written=False),
        vllm("--quantization", keys=("quantization",)),
        sglang("--quantization", keys=("quantization",))), named_by="--quantization",
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Weight precision"),
            QT_TRANSLATE_NOOP("Fields", "The checkpoint's own precision, or a what-if quantization (fp8, "
                                        "int8, int4, nvfp4)."),
            choices="weight_formats")),
    Knob("deployment.kv_cache_dtype", (
        *everywhere("--kv-cache-dtype", written=False),
        vllm("--kv-cache-dtype", keys=("kv_cache_dtype",)),
        sglang("--kv-cache-dtype", keys=("kv_cache_dtype",))),
        cli=(arg("--kv-cache-dtype", help="auto, fp8, fp8_e5m2, int8, nvfp4"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "KV cache dtype"),
            QT_TRANSLATE_NOOP("Fields", "--kv-cache-dtype: auto keeps the activation dtype."),
            choices="kv_formats")),
    Knob("deployment.enable_prefix_caching", (
        vllm("--enable-prefix-caching", form=ON), vllm("--no-enable-prefix-caching", form=OFF),
        sglang("--disable-radix-cache", form=OFF)), cli=(
        arg("--enable-prefix-caching", dest="enable_prefix_caching", form=Form.SWITCH_PAIR,
            topic=CACHE, help=(
                "reuse cached KV blocks of shared prompt prefixes (default: the engine's own: on in "
                "vLLM V1, SGLang and TensorRT-LLM, off in vLLM V0)")),
        arg("--disable-radix-cache", dest="enable_prefix_caching", form=OFF, topic=CACHE,
            help="SGLang spelling of --no-enable-prefix-caching")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefix caching"),
            QT_TRANSLATE_NOOP("Fields", "Reuse the KV blocks of prompt prefixes already computed (vLLM "
                                        "--[no-]enable-prefix-caching, SGLang --disable-radix-cache); on "
                                        "by default in vLLM V1, SGLang and TensorRT-LLM."),
            choices="prefix_caching")),
) + in_form(FormGroup.POOLS,
    Knob("deployment.disaggregation.enabled", set_by="deployment.disaggregation",
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Disaggregated prefill/decode"),
            QT_TRANSLATE_NOOP("Fields", "Prefill and decode on separate pools of replicas (vLLM "
                                        "--kv-transfer-config, SGLang --disaggregation-mode, Dynamo xPyD); "
                                        "the KV cache moves between them."))),  # or any pool flag
    Knob("deployment.disaggregation.prefill_tp", cli=(arg("--prefill-tp", topic=POOL,
                                                          help="TP of a prefill replica"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefill TP"),
            QT_TRANSLATE_NOOP("Fields", "--prefill-tp: tensor parallel size of a prefill replica."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as TP"))),
    Knob("deployment.disaggregation.decode_tp", cli=(arg("--decode-tp", topic=POOL,
                                                         help="TP of a decode replica"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Decode TP"),
            QT_TRANSLATE_NOOP("Fields", "--decode-tp: tensor parallel size of a decode replica."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as TP"))),
    Knob("deployment.disaggregation.prefill_dp", cli=(arg("--prefill-dp", topic=POOL, help=(
        "attention DP ranks of one prefill engine (default: --data-parallel-size); expert parallel "
        "follows --enable-expert-parallel")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefill DP"),
            QT_TRANSLATE_NOOP("Fields", "--prefill-dp: attention DP ranks of one prefill engine (SGLang "
                                        "--dp with --enable-dp-attention); the pool comes in whole engines "
                                        "of DP × TP × PP GPUs."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as DP"))),
    Knob("deployment.disaggregation.decode_dp", cli=(arg("--decode-dp", topic=POOL, help=(
        "attention DP ranks of one decode engine (default: --data-parallel-size)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Decode DP"),
            QT_TRANSLATE_NOOP("Fields", "--decode-dp: attention DP ranks of one decode engine (SGLang --dp "
                                        "with --enable-dp-attention); the pool comes in whole engines of "
                                        "DP × TP × PP GPUs."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as DP"))),
    Knob("deployment.disaggregation.prefill_pp", cli=(arg("--prefill-pp", topic=POOL,
                                                          help="PP of a prefill replica"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefill PP"),
            QT_TRANSLATE_NOOP("Fields", "--prefill-pp: pipeline stages of a prefill replica."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as PP"))),
    Knob("deployment.disaggregation.decode_pp", cli=(arg("--decode-pp", topic=POOL,
                                                         help="PP of a decode replica"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Decode PP"),
            QT_TRANSLATE_NOOP("Fields", "--decode-pp: pipeline stages of a decode replica."),
            auto=QT_TRANSLATE_NOOP("Fields", "same as PP"))),
    Knob("deployment.disaggregation.prefill_replicas", cli=(arg(
        "--prefill-replicas", topic=POOL, help="fixed prefill replicas (default: sized from --qps)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefill replicas"),
            QT_TRANSLATE_NOOP("Fields", "--prefill-replicas: a fixed prefill pool; auto sizes it from the "
                                        "QPS at the TTFT target."),
            auto=QT_TRANSLATE_NOOP("Fields", "sized from QPS"))),
    Knob("deployment.disaggregation.decode_replicas", cli=(arg(
        "--decode-replicas", topic=POOL, help="fixed decode replicas (default: sized from --qps)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Decode replicas"),
            QT_TRANSLATE_NOOP("Fields", "--decode-replicas: a fixed decode pool; auto sizes it from the "
                                        "QPS at the TPOT target."),
            auto=QT_TRANSLATE_NOOP("Fields", "sized from QPS"))),
    Knob("deployment.disaggregation.kv_transfer_gbps", cli=(arg("--kv-transfer-gbps", topic=POOL, help=(
        "link between the pools, Gb/s per GPU (400 = NDR InfiniBand); default: the GPU's fast link "
        "inside one domain, else the scale-out network (--network)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "KV link"),
            QT_TRANSLATE_NOOP("Fields", "--kv-transfer-gbps: link between the pools per GPU (400 = NDR "
                                        "InfiniBand); auto uses the GPU's fast link inside one domain, "
                                        "else the scale-out network."),
            unit="Gb/s", decimals=0, auto=QT_TRANSLATE_NOOP("Fields", "from the GPU"))),
) + in_form(FormGroup.SPECULATIVE,
    Knob("deployment.speculative_config.method", (
        sglang("--speculative-algorithm", convert=Read.SPECULATIVE, part="algorithm"),), cli=(
        arg("--speculative-algorithm", convert=Read.SPECULATIVE, part="algorithm", topic=SPEC,
            help="SGLang: EAGLE, EAGLE3, NEXTN (MTP), STANDALONE (draft model), NGRAM"),),
        named_by="--speculative-config",
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Speculative decoding"),
            QT_TRANSLATE_NOOP("Fields", "vLLM --speculative-config method, SGLang --speculative-algorithm: "
                                        "MTP (the model's own layers), EAGLE, EAGLE-3, n-gram or a draft "
                                        "model; off: plain decoding."),
            choices="speculative_methods")),
    Knob("deployment.speculative_config.num_speculative_tokens", (
        sglang("--speculative-num-steps", convert=Read.SPECULATIVE, part="num_steps"),), cli=(
        arg("--speculative-num-steps", convert=Read.SPECULATIVE, part="num_steps", topic=SPEC,
            help="SGLang: draft steps k per target step"),
        arg("--num-nextn-predict-layers", convert=Read.SPECULATIVE, part="nextn_layers",
            topic=SPEC, help="TensorRT-LLM MTP: draft tokens per step (speculative_config)")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Speculative tokens (k)"),
            QT_TRANSLATE_NOOP("Fields", "Draft tokens per request and step (num_speculative_tokens, "
                                        "--speculative-num-steps)."))),
    Knob("deployment.speculative_config.draft_model", (
        sglang("--speculative-draft-model-path", convert=Read.SPECULATIVE, part="draft_model_path"),), cli=(
        arg("--speculative-draft-model-path", convert=Read.SPECULATIVE, part="draft_model_path",
            topic=SPEC, help="SGLang: the draft model (catalog id, Hugging Face id or folder)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Draft model"),
            QT_TRANSLATE_NOOP("Fields", "The draft model of method draft_model (catalog id, Hugging Face "
                                        "id or folder); a label for EAGLE heads."),
            choices="models")),
    Knob("deployment.speculative_config.acceptance_length", cli=(
        arg("--acceptance-length", convert=Read.SPECULATIVE, part="acceptance_length", topic=SPEC,
            help="mean acceptance length τ your engine logs (tokens per target step, 1 … k+1); "
                 "default from the method's sourced acceptance rate"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Acceptance length (τ)"),
            QT_TRANSLATE_NOOP("Fields", "Tokens one target step yields per request, 1 … k+1: the mean "
                                        "acceptance length the engine logs; auto assumes the method's "
                                        "published acceptance rate."),
            unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "method default"))),
)
"""The form's engine fields, in order: limits, layout, expert parallel, precision, pools, speculation."""

WORKLOAD: tuple[Knob, ...] = in_form(FormGroup.WORKLOAD,
    Knob("workload.input_len_p50", cli=(arg("--input-len", topic=LOAD, help="input tokens (P50)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Input length P50"),
            QT_TRANSLATE_NOOP("Fields", "Median prompt length."),
            unit="tokens")),
    Knob("workload.input_len_p95", cli=(arg("--input-len-p95", topic=LOAD),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Input length P95"),
            QT_TRANSLATE_NOOP("Fields", "95th percentile prompt length; auto = P50."),
            unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "same as P50"))),
    Knob("workload.output_len_p50", cli=(arg("--output-len", topic=LOAD, help="output tokens (P50)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Output length P50"),
            QT_TRANSLATE_NOOP("Fields", "Median generated length."),
            unit="tokens")),
    Knob("workload.output_len_p95", cli=(arg("--output-len-p95", topic=LOAD),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Output length P95"),
            QT_TRANSLATE_NOOP("Fields", "95th percentile generated length; auto = P50."),
            unit="tokens", auto=QT_TRANSLATE_NOOP("Fields", "same as P50"))),
    Knob("workload.max_turns", cli=(arg("--max-turns", topic=LOAD, help="multi-turn chat: turns"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Turns"),
            QT_TRANSLATE_NOOP("Fields", "Turns of a multi-turn chat."))),
    Knob("workload.tokens_per_turn", cli=(arg("--tokens-per-turn", topic=LOAD,
                                              help="history growth per turn"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "History per turn"),
            QT_TRANSLATE_NOOP("Fields", "Tokens the history grows by each turn."),
            unit="tokens")),
    Knob("workload.length_margin", cli=(arg("--length-margin", topic=LOAD, help=(
        "plan lengths this share longer, 0–0.5 (seed 002: 0.2–0.3 when request lengths vary widely; "
        "0 = off)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Length margin"),
            QT_TRANSLATE_NOOP("Fields", "Plan every length this share longer (seed 002: 0.2–0.3 when "
                                        "request lengths vary widely); 0 = off."))),
    Knob("workload.qps_avg", cli=(arg("--qps", topic=LOAD, help=(
        "average requests per second the fleet must carry (none: what one replica carries, no fleet "
        "sizing)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "QPS average"),
            QT_TRANSLATE_NOOP("Fields", "Average requests per second the fleet must carry; not given = the "
                                        "answer is per replica, no fleet is sized."),
            unit="req/s", auto=QT_TRANSLATE_NOOP("Fields", "not given"))),
    Knob("workload.qps_peak", cli=(arg("--qps-peak", topic=LOAD),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "QPS peak"),
            QT_TRANSLATE_NOOP("Fields", "Peak requests per second; auto = average."),
            unit="req/s", auto=QT_TRANSLATE_NOOP("Fields", "same as average"))),
    Knob("workload.mode", cli=(arg("--mode", topic=LOAD, help=(
        "online: at the latency targets and the watermark; offline: fill memory, no latency targets; "
        "mixed: online at the watermark plus batch backfill")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Traffic"),
            QT_TRANSLATE_NOOP("Fields", "Online: at the latency targets, the watermark's share of the knee "
                                        "online. Offline: no latency targets, memory filled for "
                                        "throughput. Mixed: online at the watermark, batch work backfilled "
                                        "above it."),
            choices="modes")),
    Knob("workload.shared_prefix_len", cli=(arg("--shared-prefix-len", topic=CACHE, help=(
        "tokens every prompt shares (system prompt, few-shot, document)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Shared prefix"),
            QT_TRANSLATE_NOOP("Fields", "Tokens every prompt shares with others (system prompt, few-shot "
                                        "examples, a common document); cached in whole KV blocks and held "
                                        "once per distinct prefix."),
            unit="tokens")),
    Knob("workload.num_prefixes", cli=(arg("--num-prefixes", topic=CACHE,
                                           help="distinct shared prefixes in the traffic"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Distinct prefixes"),
            QT_TRANSLATE_NOOP("Fields", "How many different shared prefixes the traffic uses."))),
    Knob("workload.prefix_hit_rate", cli=(arg("--prefix-hit-rate", topic=CACHE, help=(
        "measured share of prompt tokens served from cache, 0–1 (vLLM logs 'Prefix cache hit rate'); "
        "default: from --shared-prefix-len")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Prefix hit rate"),
            QT_TRANSLATE_NOOP("Fields", "Measured share of prompt tokens served from the prefix cache "
                                        "(vLLM logs 'Prefix cache hit rate'); auto derives it from the "
                                        "shared prefix."),
            auto=QT_TRANSLATE_NOOP("Fields", "from shared prefix"))),
    Knob("workload.history_cached", cli=(arg("--history-cached", form=ON, topic=CACHE, help=(
        "multi-turn chat: a turn finds its earlier turns still cached")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Chat history cached"),
            QT_TRANSLATE_NOOP("Fields", "A chat turn finds its earlier turns still in the prefix cache "
                                        "(the next turn arrives before eviction), so the history is not "
                                        "prefilled again."))),
)
"""The form's workload fields, in order."""

TARGETS: tuple[Knob, ...] = in_form(FormGroup.TARGETS,
    Knob("targets.ttft_ms", cli=(arg("--ttft-ms", unset=True, topic=GOAL,
                                     help=f"TTFT target (default {_TARGET_DEFAULTS.ttft_ms:g})"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "TTFT target"),
            QT_TRANSLATE_NOOP("Fields", "Time to first token the service must meet."),
            unit="ms", decimals=0)),
    Knob("targets.tpot_ms", cli=(
        arg("--tpot-ms", unset=True, topic=GOAL, help=f"TPOT target (default {_TARGET_DEFAULTS.tpot_ms:g})"),
        arg("--tokens-per-s", unset=True, topic=GOAL,
            help="per-request generation speed target (sets TPOT = 1000 / value)")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "TPOT target"),
            QT_TRANSLATE_NOOP("Fields", "Time per output token the service must meet."),
            unit="ms", decimals=1)),
    Knob("targets.percentile", cli=(arg(
        "--slo-percentile", dest="slo_percentile", unset=True, choices=SLO_PERCENTILES, topic=GOAL,
        help=("percentile of requests that must meet TTFT and TPOT "
              f"(default {_TARGET_DEFAULTS.percentile})")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "SLO percentile"),
            QT_TRANSLATE_NOOP("Fields", "Share of requests (P50, P95 or P99) that must meet the TTFT and "
                                        "TPOT targets; seed 000 plans at P95."),
            choices="percentiles")),
    Knob("targets.watermark", cli=(arg("--watermark", unset=True, topic=GOAL,
                                       help=("share of the knee planned as online capacity "
                                             f"({_TARGET_DEFAULTS.watermark:g})")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Safety watermark"),
            QT_TRANSLATE_NOOP("Fields", "Share of the knee (the recommended concurrency, past which more "
                                        "concurrency only buys latency) planned as online capacity; the "
                                        "rest is left for bursts and long tails."))),
    Knob("targets.planning_memory_share", file_only=True,
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Planning memory share"),
            QT_TRANSLATE_NOOP("Fields", "Weights + KV at average length + margin must fit this share of "
                                        "GPU memory."))),
)
"""The form's targets, in order."""

MODEL: tuple[Knob, ...] = in_form(FormGroup.MODEL,
    Knob("model", (vllm("--model", written=False), sglang("--model-path", "--model")),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Model"),
            QT_TRANSLATE_NOOP("Fields", "Search the catalog by name, or type a Hugging Face id, a "
                                        "config.json path or a model folder."),
            choices="models")),
    Knob("dtype", (*everywhere("--dtype", written=False), vllm(keys=("dtype",)), sglang(keys=("dtype",))),
         cli=(arg("--dtype", help="auto, bfloat16, float16, float32"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Activation dtype"),
            QT_TRANSLATE_NOOP("Fields", "--dtype: auto follows the checkpoint."),
            choices="dtypes")),
)
"""The form's model fields."""

NOT_IN_FORM: tuple[Knob, ...] = (
    Knob("schema_version", file_only=True,
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "File version"))),
    Knob("name", file_only=True,
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Scenario name"))),
    Knob("custom_gpu", file_only=True,
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Custom GPU"))),
    Knob("quantization", cli=(arg("--quantization", "-q", help=(
        "checkpoint method (awq, gptq, fp8, compressed-tensors, bitsandbytes, mxfp4) or a what-if "
        "format (fp8, int8, int4, nvfp4)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Weight precision"))),
    Knob("deployment.kv_cache_memory_gib", (
        vllm("--kv-cache-memory-bytes", convert=Read.BYTES_AS_GIB, written=False),
        vllm("--kv-cache-memory", written=False)),
        cli=(arg("--kv-cache-memory", dest="kv_cache_memory_gib",
                 help="KV memory per GPU in GiB (overrides the engine budget)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "KV cache memory"))),
    Knob("deployment.block_size", (
        vllm("--block-size", keys=("block_size",), written=False),
        sglang("--page-size", keys=("page_size",), written=False)), cli=(arg("--block-size"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "KV block size"))),
    Knob("deployment.limit_mm_per_prompt", (vllm("--limit-mm-per-prompt", convert=Read.IMAGE_COUNT),),
         cli=(arg("--limit-mm-per-prompt", convert=Read.IMAGE_COUNT, help=(
             "images per prompt, as a number or vLLM's JSON ('{\"image\": 2}'): the profiling pass "
             "runs the vision encoder on that many per request")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Images per prompt"))),
    Knob("deployment.disaggregation", (
        vllm("--kv-transfer-config", convert=Read.KV_TRANSFER),
        sglang("--disaggregation-mode", convert=Read.POOL_MODE),
        sglang("--disaggregation-transfer-backend", convert=Read.NO_EFFECT, written=False)),
        cli=(arg("--disaggregate", form=ON, topic=POOL,
                 help="plan prefill and decode on separate pools (any pool flag implies it)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Disaggregated prefill/decode"))),
    Knob("deployment.speculative_config", (
        vllm("--speculative-config", convert=Read.SPECULATIVE, part="config_json"),),
        cli=(arg("--speculative-config", convert=Read.SPECULATIVE, part="config_json", metavar="JSON",
                 topic=SPEC, help=(
                     "vLLM's JSON, e.g. '{\"method\": \"eagle3\", \"model\": \"DRAFT\", "
                     "\"num_speculative_tokens\": 3}' (method mtp, eagle, eagle3, ngram, draft_model)")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Speculative decoding"))),
    Knob("deployment.speculative_config.eagle_topk", (
        sglang("--speculative-eagle-topk", convert=Read.SPECULATIVE, part="eagle_topk"),), cli=(
        arg("--speculative-eagle-topk", convert=Read.SPECULATIVE, part="eagle_topk", topic=SPEC,
            help="SGLang: draft branches per step (1: a chain)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "EAGLE top-k"))),
    Knob("deployment.speculative_config.num_draft_tokens", (
        sglang("--speculative-num-draft-tokens", convert=Read.SPECULATIVE, part="num_draft_tokens"),), cli=(
        arg("--speculative-num-draft-tokens", convert=Read.SPECULATIVE, part="num_draft_tokens",
            topic=SPEC, help="SGLang: tokens verified per request and step (default k + 1)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Draft tokens verified"))),
    Knob("deployment.speculative_config.acceptance_rate", cli=(
        arg("--acceptance-rate", convert=Read.SPECULATIVE, part="acceptance_rate", topic=SPEC,
            help="per-token acceptance rate α (0–1), instead of the length: "
                 "τ = (1 − α^(k+1)) ÷ (1 − α)"),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Acceptance rate (α)"))),
    Knob("workload.classes", cli=(arg(
        "--request-class", dest="request_classes", form=Form.REPEATED, convert=Read.REQUEST_CLASS,
        unset=True, metavar="SHARE:INPUT:OUTPUT[:NAME]", topic=LOAD, help=(
            "one class of mixed traffic (repeat; shares add up to 1), e.g. 0.8:300:200:chat "
            "--request-class 0.2:6000:500:documents")),),
        shown=Shown(
            QT_TRANSLATE_NOOP("Fields", "Request classes"))),
)
"""Inputs the form has no field for (the command line, pasted commands and scenario files set them)."""

KNOBS: tuple[Knob, ...] = (*HARDWARE, *ENGINE, *MODEL, *NOT_IN_FORM, *WORKLOAD, *TARGETS)
"""Every input of a scenario, in the order the command line's help lists each group's flags."""
