"""Unit constants. GiB = 2**30 bytes; GB = 10**9 bytes (datasheets use GB and GB/s)."""

from __future__ import annotations

BYTES_PER_GIB = float(2**30)
BYTES_PER_GB = 1e9
FLOPS_PER_TFLOP = 1e12
MS_PER_S = 1000.0


def gib_from_bytes(num_bytes: float) -> float:
    """Convert bytes to GiB (2**30 bytes)."""
    return num_bytes / BYTES_PER_GIB


def bytes_from_gib(gib: float) -> float:
    """Convert GiB (2**30 bytes) to bytes."""
    return gib * BYTES_PER_GIB


def ceil_div(numerator: int, denominator: int) -> int:
    """Integer ceiling division for non-negative integers."""
    return -(-numerator // denominator)
