"""How an input is named: gpucalc's own flags and its spelling in each engine.

One :class:`Knob` per field of the scenario (its dotted path): the schema
(:mod:`gpucalc.core.specs.inputs`) holds the field's type, bounds and default; the knob holds every
name the field goes by — the command line's flags, each engine's serve flags, start-up-log keys and
how a flag's text becomes the field's value. :mod:`gpucalc.engines.vocabulary` declares the knobs,
:mod:`gpucalc.engines.tables` builds from them the tables the serve-command parser, the launch-line
writer, the start-up-log reader and the field errors read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.core.specs.engine import EngineKind


class Form(StrEnum):
    """How a flag stands on a command line."""

    VALUE = "value"  # --flag VALUE (or --flag=VALUE)
    SWITCH = "switch"  # a bare --flag: on
    SWITCH_OFF = "switch_off"  # a bare --flag: off
    SWITCH_PAIR = "switch_pair"  # --flag on, --no-flag off, neither: the engine's default (gpucalc's own)
    REPEATED = "repeated"  # --flag VALUE, once per item (gpucalc's own)


class Conversion(StrEnum):
    """How a flag's text becomes the field's value.

    The first four set the field itself; the others are read together with the flags they
    depend on (the serve-command parser says how), under the conversion's own name.
    """

    AS_IS = "as_is"  # the field's own type: a whole number, a number or a word
    BYTES_AS_GIB = "bytes_as_gib"  # a byte count for a GiB field (vLLM --kv-cache-memory-bytes)
    IMAGE_COUNT = "image_count"  # images per prompt: N, '{"image": N}' or image=N
    SPANS_DP = "spans_dp"  # SGLang's TP with DP attention spans the DP ranks: DP × attention TP
    DP_RANKS = "data_parallel_size"  # data-parallel ranks: the world is DP × TP × PP GPUs
    DP_ATTENTION = "dp_attention"  # the switch that makes SGLang's TP span the DP ranks
    EP_SIZE = "expert_parallel_size"  # an expert-parallel size: above 1, expert parallel is on
    EPLB_CONFIG = "eplb_config"  # vLLM's EPLB JSON: redundant experts, and the balancer on
    ALL2ALL_BACKEND = "all2all_backend"  # an all-to-all backend's name in the engine's words
    DEEPEP_BACKEND = "moe_a2a_backend"  # SGLang's MoE all-to-all backend: deepep means DeepEP
    KV_TRANSFER = "kv_transfer_config"  # vLLM's KV-transfer JSON: the pool a server belongs to
    POOL_MODE = "disaggregation_mode"  # SGLang's disaggregation mode: the pool a server belongs to
    NO_EFFECT = "no_effect"  # read and left alone (a setting gpucalc does not model)
    SPECULATIVE = "speculative"  # one of the speculative flags, read together (``part`` names it)
    REQUEST_CLASS = "request_class"  # SHARE:INPUT:OUTPUT[:NAME], one class of mixed traffic


SETS_THE_FIELD = frozenset({Conversion.AS_IS, Conversion.BYTES_AS_GIB, Conversion.IMAGE_COUNT,
                            Conversion.SPANS_DP})
"""Conversions whose flag sets its knob's field directly."""


@dataclass(frozen=True)
class SpeculativeFlags:
    """The speculative flags of one command line, as given (None: not given).

    Each field is the ``part`` of a speculative flag's spelling; the type is the one its text is
    read as. :func:`gpucalc.plan.speculative_config.speculative_from_flags` reads them together.
    """

    config_json: str | None = None  # vLLM --speculative-config
    algorithm: str | None = None  # SGLang --speculative-algorithm
    num_steps: int | None = None  # SGLang --speculative-num-steps
    eagle_topk: int | None = None  # SGLang --speculative-eagle-topk
    num_draft_tokens: int | None = None  # SGLang --speculative-num-draft-tokens
    draft_model_path: str | None = None  # SGLang --speculative-draft-model-path
    nextn_layers: int | None = None  # TensorRT-LLM num_nextn_predict_layers
    acceptance_length: float | None = None  # gpucalc: the engine's mean acceptance length τ
    acceptance_rate: float | None = None  # gpucalc: per-token acceptance α


@dataclass(frozen=True, slots=True)
class Spelling:
    """How one engine names a field: flags (the first is the one written) and start-up-log keys.

    ``part``: for a speculative flag, the :class:`~gpucalc.plan.speculative_config.SpeculativeFlags`
    field it fills. ``written``: False for a spelling read from a pasted command but never written
    in a launch line.
    """

    engine: EngineKind
    flags: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()  # the names the engine's start-up log prints the setting by
    form: Form = Form.VALUE
    convert: Conversion = Conversion.AS_IS
    written: bool = True
    part: str = ""


def vllm(*flags: str, keys: tuple[str, ...] = (), form: Form = Form.VALUE,
         convert: Conversion = Conversion.AS_IS, written: bool = True, part: str = "") -> Spelling:
    """VLLM's spelling (``vllm serve`` flags; ``non-default args`` keys)."""
    return Spelling(EngineKind.VLLM, flags, keys, form, convert, written, part)


def sglang(*flags: str, keys: tuple[str, ...] = (), form: Form = Form.VALUE,
           convert: Conversion = Conversion.AS_IS, written: bool = True, part: str = "") -> Spelling:
    """SGLang's spelling (``sglang.launch_server`` flags; ``ServerArgs(…)`` keys)."""
    return Spelling(EngineKind.SGLANG, flags, keys, form, convert, written, part)


def trtllm(*flags: str, keys: tuple[str, ...] = (), form: Form = Form.VALUE,
           convert: Conversion = Conversion.AS_IS, written: bool = True, part: str = "") -> Spelling:
    """TensorRT-LLM's spelling (``trtllm-serve`` flags; the settings its start-up log prints)."""
    return Spelling(EngineKind.TRTLLM, flags, keys, form, convert, written, part)


def everywhere(*flags: str, written: bool = True) -> tuple[Spelling, ...]:
    """The same value flags in every engine's commands."""
    return tuple(Spelling(kind, flags, written=written) for kind in EngineKind)


@dataclass(frozen=True, slots=True)
class Launcher:
    """How a command line starts one engine's server.

    ``written``: the words a launch line starts with. A pasted command is this engine's when a
    word is one of ``programs`` (its last path part) followed by ``subcommand`` (when given; it
    may be left out where ``subcommand_optional``), or ``-m`` followed by a module starting with
    one of ``modules``.
    """

    engine: EngineKind
    written: tuple[str, ...]
    programs: tuple[str, ...] = ()
    subcommand: str = ""
    subcommand_optional: bool = False
    modules: tuple[str, ...] = ()

    def rest(self, words: list[str], i: int) -> list[str] | None:
        """The words after this launcher when it starts at ``words[i]``; None when it does not."""
        word, nxt = words[i], words[i + 1] if i + 1 < len(words) else ""
        if word == "-m" and any(nxt.startswith(module) for module in self.modules):
            return words[i + 2:]
        if word.rsplit("/", 1)[-1] not in self.programs:
            return None
        if not self.subcommand:
            return words[i + 1:]
        if nxt == self.subcommand:
            return words[i + 2:]
        return words[i + 1:] if self.subcommand_optional else None


class Topic(StrEnum):
    """Where an input belongs: its group in the command line's ``--help``."""

    DEPLOYMENT = "deployment"
    DISAGGREGATION = "disaggregation"
    NODES = "nodes"
    KV_SHARDING = "kv_sharding"
    EXPERT_PARALLEL = "expert_parallel"
    SPECULATIVE = "speculative"
    WORKLOAD = "workload"
    PREFIX_CACHING = "prefix_caching"
    TARGETS = "targets"


@dataclass(frozen=True, slots=True)
class CliArg:
    """One of gpucalc's own command-line arguments for a field.

    ``dest``: the parsed-arguments name ('': argparse's own, from the first long flag). ``unset``:
    its default is None ("not given") rather than the schema's. ``searched_help``: the help of
    ``gpucalc size``, where the argument pins the layouts searched; ``in_search``: False where
    ``size`` has no such argument. ``part``: the speculative setting a speculative flag fills.
    """

    flags: tuple[str, ...]
    help: str = ""
    topic: Topic = Topic.DEPLOYMENT
    form: Form = Form.VALUE
    convert: Conversion = Conversion.AS_IS
    dest: str = ""
    unset: bool = False
    hidden: bool = False
    required: bool = False
    metavar: str = ""
    choices: tuple[int, ...] = ()
    part: str = ""
    searched_help: str = ""
    in_search: bool = True


def arg(*flags: str, help: str = "", topic: Topic = Topic.DEPLOYMENT,  # noqa: A002 - argparse's word
        form: Form = Form.VALUE, convert: Conversion = Conversion.AS_IS, dest: str = "",
        unset: bool = False, hidden: bool = False, required: bool = False, metavar: str = "",
        choices: tuple[int, ...] = (), part: str = "", searched_help: str = "",
        in_search: bool = True) -> CliArg:
    """A command-line argument of gpucalc (see :class:`CliArg`)."""
    return CliArg(flags, help, topic, form, convert, dest, unset, hidden, required, metavar, choices,
                  part, searched_help, in_search)


class FormGroup(StrEnum):
    """The window's groups of input fields."""

    HARDWARE = "hardware"
    NODES = "nodes"
    ENGINE = "engine"
    PARALLEL = "parallel"  # data, expert and decode-context parallel
    POOLS = "pools"  # disaggregated prefill and decode pools
    SPECULATIVE = "speculative"
    WORKLOAD = "workload"
    TARGETS = "targets"
    MODEL = "model"


@dataclass(frozen=True, slots=True)
class Shown:
    """How the window shows a field: its title and help (marked for translation, context "Fields").

    ``unit`` and ``decimals`` present its value, ``auto`` names the value left unset, ``choices``
    the window's list of values for it (a provider name: engines, gpus, models, …); ``form``: the
    form group it has a field in (None: only a title, for messages and the manual).
    """

    title: str
    help: str = ""
    unit: str = ""
    decimals: int = 2
    auto: str = QT_TRANSLATE_NOOP("Fields", "auto")
    choices: str = ""
    form: FormGroup | None = None


@dataclass(frozen=True, slots=True)
class Knob:
    """Every name of one input besides its type, bounds and default (those are the schema's).

    ``path``: the field's dotted path in the scenario. ``cli``: gpucalc's own command-line flags
    that set it (the first is the one an error message names, unless ``named_by`` says another);
    ``file_only``: no command-line flag sets it (a scenario file does, or the window; an error
    names the field itself);
    ``set_by``: another knob's flags set it (``--disaggregate`` turns the pools on); ``shown``:
    its title and help in the window, the manual and error messages.
    """

    path: str
    spellings: tuple[Spelling, ...] = ()
    cli: tuple[CliArg, ...] = ()
    named_by: str = ""
    file_only: bool = False
    set_by: str = ""  # the path of the knob whose flags set this field too
    shown: Shown | None = None

    @property
    def error_flag(self) -> str:
        """The flag an error message names this field by ('' when it has none)."""
        if self.file_only:
            return ""
        return self.named_by or (self.cli[0].flags[0] if self.cli else "")


def in_form(group: FormGroup, *knobs: Knob) -> tuple[Knob, ...]:
    """``knobs`` with a field each in the form's ``group``, in this order."""
    placed = []
    for item in knobs:
        if item.shown is None:
            raise ValueError(f"{item.path} has no title for the form")
        placed.append(replace(item, shown=replace(item.shown, form=group)))
    return tuple(placed)
