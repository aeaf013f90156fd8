"""Terms built without re-validation are indistinguishable from validated ones."""

from __future__ import annotations

import copy
import json
import pickle
from enum import StrEnum

import numpy as np
import pytest

from gpucalc.core.common.explain import InputValue, Term, term


def _validated(key: str, value: float, unit: str, formula: str,
               inputs: dict[str, InputValue] | None, sources: tuple[str, ...]) -> Term:
    return Term(key=key, value=float(value), unit=unit, formula=formula, inputs=inputs or {},
                sources=sources)


class Flavour(StrEnum):
    DENSE = "dense"


@pytest.mark.parametrize(("value", "inputs", "sources"), [
    (1.5, {"tokens": 8192, "share": 0.7, "gpu": "h100", "eager": True}, ("vLLM docs",)),
    (3, {}, ()),
    (0, None, ("a", "b")),
    (-2.25, {"uncapped": 12.34}, ()),
])
def test_fast_term_equals_the_validated_term(
        value: float, inputs: dict[str, InputValue] | None, sources: tuple[str, ...]) -> None:
    fast = term("kv_cache_gib_per_gpu", value, "GiB", "fraction × total", inputs, sources)
    slow = _validated("kv_cache_gib_per_gpu", value, "GiB", "fraction × total", inputs, sources)
    assert fast == slow
    assert type(fast.value) is float
    assert fast.model_dump() == slow.model_dump()
    assert fast.model_dump_json() == slow.model_dump_json()
    assert repr(fast) == repr(slow)
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_copy(update={"value": 9.0}) == slow.model_copy(update={"value": 9.0})
    assert Term.model_validate_json(fast.model_dump_json()) == slow
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert copy.deepcopy(fast) == slow


def test_term_is_frozen_and_keeps_no_alias_of_the_inputs() -> None:
    inputs: dict[str, InputValue] = {"tp": 4}
    made = term("x", 1.0, "GiB", "f", inputs)
    inputs["tp"] = 8
    assert made.inputs == {"tp": 4}
    with pytest.raises(ValueError, match="frozen"):
        made.value = 2.0  # type: ignore[misc]


def test_other_argument_types_are_validated_as_before() -> None:
    """numpy numbers, str subclasses and lists go through pydantic, as every term used to."""
    odd = term("x", np.float64(2.5), "GiB", "f",
               {"n": np.float64(0.5), "flavour": Flavour.DENSE},
               ["source"])  # type: ignore[arg-type]
    assert odd == _validated("x", 2.5, "GiB", "f",
                             {"n": np.float64(0.5), "flavour": Flavour.DENSE},
                             ["source"])  # type: ignore[arg-type]
    assert odd.sources == ("source",)
    assert json.loads(odd.model_dump_json())["inputs"] == {"n": 0.5, "flavour": "dense"}
    with pytest.raises(ValueError, match="inputs"):
        term("x", 1.0, "GiB", "f", {"bad": [1, 2]})  # type: ignore[dict-item]
