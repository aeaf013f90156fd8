"""Hypothesis strategies for hostile JSON files: odd values, huge integers, NaN, deep nesting."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st


def json_values(max_leaves: int = 10) -> st.SearchStrategy[Any]:
    """JSON-shaped values whose leaves include huge integers, NaN/infinity and odd strings."""
    leaves = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
                       st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
        max_leaves=max_leaves)


def documents_with(fields: list[str], wrap: Any = lambda body: body) -> st.SearchStrategy[bytes]:
    """JSON bytes of objects whose keys are drawn from ``fields`` (``wrap`` puts them in a document)."""
    bodies = st.dictionaries(st.sampled_from(fields), json_values(), max_size=5)
    return bodies.map(lambda body: json.dumps(wrap(body), allow_nan=True).encode("utf-8"))


def deep_nesting(opening: bytes = b"[", closing: bytes = b"]",
                 inner: bytes = b"") -> st.SearchStrategy[bytes]:
    """Nesting from just past the reader's depth limit to thousands of levels."""
    return st.integers(min_value=60, max_value=5000).map(lambda n: opening * n + inner + closing * n)


DEEP_JSON = "[" * 3000 + "]" * 3000
HOSTILE_FLAG_JSON = (DEEP_JSON, '{"a":' * 40 + "1" + "}" * 40, "[" + ",".join(["0"] * 5000) + "]",
                     '{"method": "mtp", "num_speculative_tokens": 1e999}',
                     '{"image": ' + "9" * 40 + "}", '{"kv_role": "kv_producer"',
                     '{"num_redundant_experts": ' + "[" * 2000 + "]" * 2000 + "}",
                     '{"k": "' + "x" * 20_000 + '"}')
"""Deep, long and wide JSON for the JSON-valued flags and pasted commands (3,000 levels of
``--kv-transfer-config`` raised RecursionError)."""
