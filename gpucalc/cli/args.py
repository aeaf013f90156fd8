"""Argument definitions shared by the commands (vLLM flag names, so serve flags paste in).

The arguments are generated from the knobs of :mod:`gpucalc.engines.vocabulary` (flags, help,
destination; the default is the schema's unless the knob leaves it unset); the ``*_from_args``
functions build the scenario from what they parse.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gpucalc.core.specs.disagg_inputs import Disaggregation
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.inputs import (
    Deployment,
    RequestClass,
    Targets,
    Workload,
)
from gpucalc.core.specs.parallel_inputs import AllToAllMode
from gpucalc.core.specs.scenario import Scenario
from gpucalc.core.specs.speculative_inputs import SpeculativeDecoding
from gpucalc.engines.knobs import SETS_THE_FIELD, CliArg, Conversion, Form, Knob, SpeculativeFlags, Topic
from gpucalc.engines.tables import cli_args, cli_default, cli_value_type, field_choices, flag
from gpucalc.plan.serve_command import (
    all2all_mode_of,
    attention_tp,
    eplb_config_redundant,
    images_per_prompt,
)
from gpucalc.plan.speculative_config import speculative_from_flags

GROUPS: dict[Topic, str] = {
    Topic.DEPLOYMENT: "deployment (vLLM flag names)",
    Topic.DISAGGREGATION: "prefill/decode disaggregation (vLLM kv-transfer-config, SGLang "
                          f"{flag(EngineKind.SGLANG, 'deployment.disaggregation')}, Dynamo xPyD)",
    Topic.NODES: "nodes and scale-out network",
    Topic.KV_SHARDING: "KV sharding and layer state (vLLM flag names)",
    Topic.EXPERT_PARALLEL: "data parallel attention + expert parallel",
    Topic.SPECULATIVE: "speculative decoding (vLLM / SGLang flag names)",
    Topic.WORKLOAD: "workload",
    Topic.PREFIX_CACHING: "prefix caching",
    Topic.TARGETS: "targets",
}
"""The ``--help`` groups, in order; each holds the arguments of its topic."""
DEPLOYMENT_TOPICS = (Topic.DEPLOYMENT, Topic.DISAGGREGATION, Topic.NODES, Topic.KV_SHARDING,
                     Topic.EXPERT_PARALLEL, Topic.SPECULATIVE)
WORKLOAD_TOPICS = (Topic.WORKLOAD, Topic.PREFIX_CACHING, Topic.TARGETS)


def add_deployment_args(parser: argparse.ArgumentParser, searched: bool = False) -> None:
    """Flags describing the deployment, named as ``vllm serve`` names them (from the knobs).

    ``searched`` (``size``): no ``--gpu`` (the command takes a list) and the layout flags pin the
    search instead of describing one deployment; unset, every layout is tried.
    """
    _add_topics(parser, DEPLOYMENT_TOPICS, searched)


def add_workload_args(parser: argparse.ArgumentParser) -> None:
    """Request lengths, traffic, prefix caching and targets (from the knobs)."""
    _add_topics(parser, WORKLOAD_TOPICS, searched=False)


def _add_topics(parser: argparse.ArgumentParser, topics: tuple[Topic, ...], searched: bool) -> None:
    for topic in topics:
        group = parser.add_argument_group(GROUPS[topic])
        for item, argument in cli_args():
            if argument.topic == topic and (argument.in_search or not searched):
                _add_argument(group, item, argument, searched)


_CONVERTERS: dict[Conversion, Callable[[str], object]] = {}  # filled below, once the readers exist


def _add_argument(group: argparse._ArgumentGroup, item: Knob, argument: CliArg, searched: bool) -> None:
    """One argument as its knob declares it."""
    words = argument.searched_help if searched and argument.searched_help else argument.help
    options: dict[str, Any] = {"help": argparse.SUPPRESS if argument.hidden else (words or None)}
    if argument.dest:
        options["dest"] = argument.dest
    if argument.form == Form.SWITCH:
        options["action"] = "store_true"
    elif argument.form == Form.SWITCH_OFF:
        options.update(action="store_const", const=False)
    elif argument.form == Form.SWITCH_PAIR:
        options.update(action=argparse.BooleanOptionalAction, default=None)
    else:
        kind = cli_value_type(item, argument)
        converter = _CONVERTERS.get(argument.convert) or (kind if kind is not str else None)
        if converter is not None:
            options["type"] = converter
        if argument.form == Form.REPEATED:
            options.update(action="append", default=None)
        else:
            options["default"] = cli_default(item, argument)
        if field_choices(item, argument):
            options["choices"] = list(field_choices(item, argument))
        if argument.metavar:
            options["metavar"] = argument.metavar
        if argument.required:
            options["required"] = True
    group.add_argument(*argument.flags, **options)


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


_CONVERTERS.update({Conversion.IMAGE_COUNT: image_limit, Conversion.EPLB_CONFIG: eplb_redundant_experts,
                    Conversion.ALL2ALL_BACKEND: all2all_mode, Conversion.REQUEST_CLASS: request_class})


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


def plain_fields(args: argparse.Namespace, section: str) -> dict[str, Any]:
    """Fields of ``section`` (``deployment``, ``workload.`` …) each set by its knob's own argument.

    The first argument of a knob sets its field as parsed when the argument reads the field's
    value directly; the others (read together, such as ``--ep-size`` or ``--tokens-per-s``) are
    the builders' to combine.
    """
    values: dict[str, Any] = {}
    for item, argument in cli_args():
        head, _, name = item.path.rpartition(".")
        dest = argument.dest or argument.flags[0].removeprefix("--").replace("-", "_")
        if head == section and name not in values and hasattr(args, dest) and \
                argument.convert in SETS_THE_FIELD and argument.form != Form.REPEATED:
            values[name] = getattr(args, dest)
    return values


def deployment_from_args(args: argparse.Namespace) -> Deployment:
    """Build a validated :class:`Deployment` from parsed flags."""
    tp_flag, pp, dp = layout_flags(args)
    tp = attention_tp(tp_flag, dp, args.enable_dp_attention)
    per_engine = tp * pp * dp
    redundant = args.num_redundant_experts or (args.eplb_config or 0)
    return Deployment(**{
        **plain_fields(args, "deployment"),
        "num_gpus": getattr(args, "num_gpus", None) or node_gpus(args) or per_engine,
        "tensor_parallel_size": tp,
        "pipeline_parallel_size": pp,
        "enable_expert_parallel": args.enable_expert_parallel or (args.ep_size or 1) > 1,
        "data_parallel_size": dp,
        "enable_eplb": args.enable_eplb or args.eplb_config is not None,
        "num_redundant_experts": redundant,
        "all2all_mode": args.all2all_backend or (all2all_mode_of("auto") if args.moe_a2a_backend == "deepep"
                                                 else AllToAllMode.ALLGATHER),
        "disaggregation": disaggregation_from_args(args),
        "speculative_config": speculative_from_args(args),
    })


DISAGGREGATION_FLAGS = tuple(item.path.rpartition(".")[2] for item, _ in cli_args()
                             if item.path.startswith("deployment.disaggregation."))
"""The parsed names of the pool arguments (each a field of the disaggregation)."""


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
    return Workload(**plain_fields(args, "workload"),
                    classes=tuple(getattr(args, "request_classes", None) or ()))


def targets_from_args(args: argparse.Namespace) -> Targets:
    """Latency targets (defaults until the performance flags are given)."""
    values = {k: v for k, v in plain_fields(args, "targets").items() if v is not None}
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
