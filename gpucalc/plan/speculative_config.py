"""Speculative decoding from the engines' own flags, and back.

vLLM: ``--speculative-config '{"method": "eagle3", "model": "…", "num_speculative_tokens": 3}'``
(methods mtp / eagle / eagle3 / ngram / draft_model; older spellings ``deepseek_mtp`` and the
model-specific ``*_mtp`` mean mtp; without a method vLLM infers eagle / eagle3 from the draft's
name and a draft model otherwise). SGLang: ``--speculative-algorithm EAGLE|EAGLE3|NEXTN|
STANDALONE|NGRAM`` with ``--speculative-num-steps``, ``--speculative-eagle-topk``,
``--speculative-num-draft-tokens`` and ``--speculative-draft-model-path``. TensorRT-LLM's MTP:
``num_nextn_predict_layers`` (its ``speculative_config`` in the extra LLM-API options).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from gpucalc.core.common.errors import error_location
from gpucalc.core.specs.engine import EngineKind
from gpucalc.core.specs.speculative_inputs import SpecMethod, SpeculativeDecoding
from gpucalc.engines.knobs import SpeculativeFlags
from gpucalc.engines.tables import speculative_flag
from gpucalc.io.bounded_json import FlagJsonError, parse_flag_json

MAX_CONFIG_CHARACTERS = 4096
SGLANG_ALGORITHMS = {"EAGLE": SpecMethod.EAGLE, "EAGLE3": SpecMethod.EAGLE3, "NEXTN": SpecMethod.MTP,
                     "STANDALONE": SpecMethod.DRAFT_MODEL, "NGRAM": SpecMethod.NGRAM}
"""SGLang's ``--speculative-algorithm`` names (NEXTN is its MTP; STANDALONE a draft model)."""
SGLANG_NAMES = {method: name for name, method in SGLANG_ALGORITHMS.items()}
_VLLM_ALIASES = {"deepseek_mtp": SpecMethod.MTP, "[ngram]": SpecMethod.NGRAM,
                 "ngram-gpu": SpecMethod.NGRAM, "draft_model": SpecMethod.DRAFT_MODEL}
VLLM_NAMES = {SpecMethod.DRAFT_MODEL: "draft_model"}
"""vLLM's method names where they differ from gpucalc's."""
_UNSUPPORTED = {"medusa", "mlp_speculator", "suffix"}


class SpeculativeConfigError(ValueError):
    """A speculative-decoding flag gpucalc cannot read; the message says why (one line)."""


def vllm_method(name: str, draft: str | None) -> SpecMethod:
    """The method of vLLM's config (without one, what vLLM infers from the draft model's name)."""
    key = name.strip().lower()
    if not key:
        if not draft:
            raise SpeculativeConfigError("--speculative-config names neither a method nor a model")
        lowered = draft.lower()
        return SpecMethod.EAGLE3 if "eagle3" in lowered else (
            SpecMethod.EAGLE if "eagle" in lowered else SpecMethod.DRAFT_MODEL)
    if key in _VLLM_ALIASES:
        return _VLLM_ALIASES[key]
    if key.endswith("_mtp"):
        return SpecMethod.MTP
    if key in _UNSUPPORTED:
        raise SpeculativeConfigError(f"speculative method {key!r} is not modelled; use mtp, eagle, "
                                     "eagle3, ngram or draft_model")
    try:
        return SpecMethod(key)
    except ValueError:
        raise SpeculativeConfigError(
            f"unknown speculative method {name[:40]!r}; expected mtp, eagle, eagle3, ngram or "
            "draft_model") from None


def _whole(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise SpeculativeConfigError(f"--speculative-config: {key} must be a whole number, "
                                     f"got {str(value)[:40]!r}")
    try:
        return int(value)
    except ValueError:
        raise SpeculativeConfigError(f"--speculative-config: {key} must be a whole number, "
                                     f"got {str(value)[:40]!r}") from None


def parse_vllm_config(text: str) -> dict[str, Any]:
    """Fields of :class:`SpeculativeDecoding` from vLLM's ``--speculative-config`` JSON."""
    try:
        value = parse_flag_json(text, speculative_flag(EngineKind.VLLM, "config_json"), MAX_CONFIG_CHARACTERS)
    except FlagJsonError as exc:
        if exc.over_limit:
            raise SpeculativeConfigError(str(exc)) from None
        raise SpeculativeConfigError(
            f"{exc}; write it as '{{\"method\": \"eagle3\", \"model\": \"…\", "
            "\"num_speculative_tokens\": 3}'") from None
    if not isinstance(value, dict):
        raise SpeculativeConfigError("--speculative-config must be a JSON object, e.g. "
                                     "'{\"method\": \"mtp\", \"num_speculative_tokens\": 1}'")
    draft = value.get("model")
    if draft is not None and not isinstance(draft, str):
        raise SpeculativeConfigError("--speculative-config: model must be a model id")
    method_name = value.get("method") or ""
    if not isinstance(method_name, str):
        raise SpeculativeConfigError("--speculative-config: method must be a name")
    if draft == "[ngram]":
        method_name, draft = "ngram", None
    fields: dict[str, Any] = {"method": vllm_method(method_name, draft)}
    if draft:
        fields["draft_model"] = draft
    if "num_speculative_tokens" in value:
        fields["num_speculative_tokens"] = _whole(value["num_speculative_tokens"],
                                                  "num_speculative_tokens")
    return fields


def _sglang_fields(flags: SpeculativeFlags) -> dict[str, Any]:
    """Fields from SGLang's ``--speculative-*`` flags."""
    name = (flags.algorithm or "").strip().upper()
    if name not in SGLANG_ALGORITHMS:
        raise SpeculativeConfigError(f"--speculative-algorithm {name[:40]!r} is not one of "
                                     f"{', '.join(SGLANG_ALGORITHMS)}")
    fields: dict[str, Any] = {"method": SGLANG_ALGORITHMS[name]}
    for key, value in (("num_speculative_tokens", flags.num_steps),
                       ("eagle_topk", flags.eagle_topk),
                       ("num_draft_tokens", flags.num_draft_tokens),
                       ("draft_model", flags.draft_model_path)):
        if value is not None:
            fields[key] = value
    return fields


def speculative_from_flags(flags: SpeculativeFlags) -> SpeculativeDecoding | None:
    """The speculative set-up the flags describe; None when they describe none.

    Raises :class:`SpeculativeConfigError` with the flag to fix.
    """
    if flags.config_json is not None:
        fields = parse_vllm_config(flags.config_json)
    elif flags.algorithm is not None:
        fields = _sglang_fields(flags)
    elif flags.nextn_layers:
        fields = {"method": SpecMethod.MTP, "num_speculative_tokens": flags.nextn_layers}
    else:
        if flags.acceptance_length is not None or flags.acceptance_rate is not None:
            raise SpeculativeConfigError("an acceptance length or rate needs a speculative method "
                                         "(--speculative-config or --speculative-algorithm)")
        return None
    fields.setdefault("num_speculative_tokens", 1 if fields["method"] == SpecMethod.MTP else 3)
    if flags.acceptance_length is not None:
        fields["acceptance_length"] = flags.acceptance_length
    if flags.acceptance_rate is not None:
        fields["acceptance_rate"] = flags.acceptance_rate
    try:
        return SpeculativeDecoding(**fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = error_location(first["loc"]) or "speculative decoding"
        raise SpeculativeConfigError(f"{where}: {first['msg']}") from None


def vllm_config_text(spec: SpeculativeDecoding) -> str:
    """The ``--speculative-config`` JSON of vLLM for ``spec``."""
    value: dict[str, Any] = {"method": VLLM_NAMES.get(spec.chosen, spec.chosen.value),
                             "num_speculative_tokens": spec.num_speculative_tokens}
    if spec.draft_model:
        value["model"] = spec.draft_model
    return json.dumps(value)


def sglang_words(spec: SpeculativeDecoding) -> list[str]:
    """SGLang's ``--speculative-*`` flags for ``spec``."""
    values = {"algorithm": SGLANG_NAMES[spec.chosen], "num_steps": str(spec.num_speculative_tokens),
              "eagle_topk": str(spec.eagle_topk), "num_draft_tokens": str(spec.verify_tokens),
              "draft_model_path": spec.draft_model}
    return [word for part, value in values.items() if value
            for word in (speculative_flag(EngineKind.SGLANG, part), value)]
