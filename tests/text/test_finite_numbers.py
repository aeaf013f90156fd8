"""Non-finite numbers: 'unbounded' in text, null in JSON, never inf / nan / -1 / a crash."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucalc.core.capacity.calculate import _summary
from gpucalc.core.capacity.load import OperatingPoint
from gpucalc.text.numbers import (
    compact_number,
    count,
    finite_json,
    gib,
    percent,
    sig3,
    strict_json,
)


def _refuse(name: str) -> float:
    raise AssertionError(name)


@pytest.mark.parametrize("show", [sig3, count, gib, percent, compact_number])
def test_infinite_values_read_unbounded(show: object) -> None:
    assert callable(show)
    assert show(math.inf) == "unbounded"  # count(inf) raised OverflowError
    assert show(math.nan) == "n/a"  # count(nan) raised ValueError


def test_strict_json_turns_non_finite_into_null() -> None:
    text = strict_json({"a": [1.5, math.inf, {"b": -math.inf}], "c": math.nan, "d": (2, 3)})
    assert json.loads(text, parse_constant=_refuse) == {"a": [1.5, None, {"b": None}], "c": None,
                                                        "d": [2, 3]}


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.floats() | st.integers() | st.text(max_size=5) | st.none() | st.booleans(),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=20))
def test_strict_json_is_always_valid_json(value: object) -> None:
    parsed = json.loads(strict_json(value), parse_constant=_refuse)
    assert parsed == json.loads(json.dumps(finite_json(value)))


@settings(max_examples=60, deadline=None)
@given(st.floats())
def test_text_numbers_never_raise(value: float) -> None:
    for show in (sig3, count, gib, percent, compact_number):
        text = show(value)
        assert "inf" not in text
        assert "nan" not in text


def test_an_infinite_latency_is_kept_not_minus_one() -> None:
    stuck = OperatingPoint(5.0, 0.0, math.inf, math.inf, math.inf, 0.0, 0.0, math.inf)
    summary = _summary("at_load", stuck, "no request can run")
    assert summary.ttft_ms.value == math.inf  # was -1.0, an undocumented stand-in
    assert json.loads(strict_json(summary.ttft_ms.model_dump()))["value"] is None
