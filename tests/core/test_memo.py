"""Per-object memo: once per live object, forgotten with the object."""

from __future__ import annotations

import gc

from gpucalc.core.common.memo import PerObject


class Box:
    def __init__(self, value: int) -> None:
        self.value = value


def test_computes_once_per_object_and_separately_for_equal_objects() -> None:
    calls: list[int] = []

    def double(box: Box) -> int:
        calls.append(box.value)
        return 2 * box.value

    memo = PerObject(double)
    first, second = Box(3), Box(3)
    assert memo(first) == 6
    assert memo(first) == 6
    assert memo(second) == 6
    assert calls == [3, 3]


def test_entries_are_dropped_when_the_object_is_collected() -> None:
    memo: PerObject[Box, int] = PerObject(lambda box: box.value)
    box = Box(5)
    assert memo(box) == 5
    assert len(memo) == 1
    del box
    gc.collect()
    assert len(memo) == 0
    assert memo(Box(7)) == 7
