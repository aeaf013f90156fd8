"""Results computed once per frozen object and kept while that object lives.

Catalog models, GPUs and engine profiles are frozen pydantic models that hold dicts, so they
cannot be hashed; a calculation, a context sweep or a fleet sizing asks the same questions of
the same object many times. :class:`PerObject` remembers the answer by the object's identity and
forgets it when the object is collected.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

KeyT = TypeVar("KeyT")
ValueT = TypeVar("ValueT")


class PerObject(Generic[KeyT, ValueT]):
    """``compute(obj)`` evaluated once per live object ``obj`` (which must never change)."""

    def __init__(self, compute: Callable[[KeyT], ValueT]) -> None:
        self._compute = compute
        self._entries: dict[int, tuple[weakref.ref[KeyT], ValueT]] = {}

    def __call__(self, obj: KeyT) -> ValueT:
        """``compute(obj)``, computed on the first call for this object."""
        key = id(obj)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is obj:
            return entry[1]
        value = self._compute(obj)
        self._entries[key] = (weakref.ref(obj, self._forget(key)), value)
        return value

    def __len__(self) -> int:
        """Objects whose result is held."""
        return len(self._entries)

    def _forget(self, key: int) -> Callable[[weakref.ref[KeyT]], None]:
        """Callback that drops the entry of ``key`` once its object is collected."""
        def forget(ref: weakref.ref[KeyT]) -> None:
            entry = self._entries.get(key)
            if entry is not None and entry[0] is ref:
                self._entries.pop(key, None)
        return forget
