"""One formula, two evaluators: Python floats for one point, numpy arrays for many.

The latency checks behind the ceilings run thousands of times per estimate and per sweep. Each
formula is written once against a small namespace of operations: :data:`SCALAR` evaluates it on
Python floats (one point, no numpy overhead on the hot path) and :data:`ARRAY` on numpy arrays
(many points and batches at once, the context sweep). The request-length mix is a row of columns
in both: a 1-D array of the mix's points for one point, a 2-D array (questions × points) for
many; :meth:`Ops.col` lifts a per-question value against those columns and :meth:`Ops.rowsum`
sums a row. The operations keep numpy's semantics where floats and arrays differ (a division by
zero is infinite), so the two evaluators give the same numbers, bit for bit.
"""

from __future__ import annotations

import math
from typing import Protocol, TypeVar

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
V = TypeVar("V", float, FloatArray)

# from here on erf rounds to ±1 in double precision (1 − erf(6) ≈ 2e-17, below half an ulp of 1)
ERF_SATURATED = 6.0
_ERF = np.frompyfunc(math.erf, 1, 1)  # math.erf element-wise: the float evaluator's own function


class Ops(Protocol[V]):
    """The operations a formula may use besides arithmetic (same results on floats and arrays)."""

    def maximum(self, a: V, b: V | float) -> V:
        """Element-wise larger value."""

    def minimum(self, a: V, b: V | float) -> V:
        """Element-wise smaller value."""

    def ceil(self, a: V) -> V:
        """Element-wise ceiling (as a float)."""

    def sqrt(self, a: V) -> V:
        """Element-wise square root of a non-negative value."""

    def log(self, a: V) -> V:
        """Element-wise natural logarithm of a positive value."""

    def erf(self, a: V) -> V:
        """Element-wise error function (math.erf's values)."""

    def hypot(self, a: V, b: V) -> V:
        """Element-wise √(a² + b²)."""

    def select(self, condition: bool | BoolArray, a: V | float, b: V | float) -> V:
        """``a`` where ``condition`` holds, else ``b``."""

    def col(self, a: V) -> V:
        """A per-question value lifted to broadcast against the columns of the length mix."""

    def rowsum(self, a: FloatArray) -> V:
        """Σ over the columns of the length mix, one value per question."""



class _FloatOps:
    """The operations on Python floats (one question; columns are a 1-D array)."""

    @staticmethod
    def maximum(a: float, b: float) -> float:
        return a if a >= b else b

    @staticmethod
    def minimum(a: float, b: float) -> float:
        return a if a <= b else b

    @staticmethod
    def ceil(a: float) -> float:
        return float(math.ceil(a)) if math.isfinite(a) else a

    @staticmethod
    def sqrt(a: float) -> float:
        return math.sqrt(a)

    @staticmethod
    def log(a: float) -> float:
        return math.log(a)

    @staticmethod
    def erf(a: float) -> float:
        return math.erf(a)

    @staticmethod
    def hypot(a: float, b: float) -> float:
        return math.hypot(a, b)

    @staticmethod
    def select(condition: bool | BoolArray, a: float, b: float) -> float:
        return a if condition else b

    @staticmethod
    def col(a: float) -> float:
        return a

    @staticmethod
    def rowsum(a: FloatArray) -> float:
        return float(np.add.reduce(a, axis=-1))



class _ArrayOps:
    """The operations on numpy arrays (one value per question; columns are the last axis)."""

    @staticmethod
    def maximum(a: FloatArray, b: FloatArray | float) -> FloatArray:
        return np.maximum(a, b)

    @staticmethod
    def minimum(a: FloatArray, b: FloatArray | float) -> FloatArray:
        return np.minimum(a, b)

    @staticmethod
    def ceil(a: FloatArray) -> FloatArray:
        return np.ceil(a)

    @staticmethod
    def sqrt(a: FloatArray) -> FloatArray:
        return np.sqrt(a)

    @staticmethod
    def log(a: FloatArray) -> FloatArray:
        return np.log(a)

    @staticmethod
    def erf(a: FloatArray) -> FloatArray:
        values = np.sign(a).astype(np.float64)
        open_ = np.abs(a) < ERF_SATURATED
        if open_.any():
            values[open_] = np.asarray(_ERF(a[open_]), dtype=np.float64)
        return values

    @staticmethod
    def hypot(a: FloatArray, b: FloatArray) -> FloatArray:
        return np.hypot(a, b)

    @staticmethod
    def select(condition: bool | BoolArray, a: FloatArray | float,
               b: FloatArray | float) -> FloatArray:
        return np.where(condition, a, b)

    @staticmethod
    def col(a: FloatArray) -> FloatArray:
        return a[..., None]

    @staticmethod
    def rowsum(a: FloatArray) -> FloatArray:
        summed: FloatArray = np.add.reduce(a, axis=-1)
        return summed



SCALAR: Ops[float] = _FloatOps()
ARRAY: Ops[FloatArray] = _ArrayOps()
