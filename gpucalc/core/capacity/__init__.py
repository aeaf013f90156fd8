"""Capacity and latency.

The steady-state load model, the ceilings, the two measures (concurrency and rate capacity), the
whole calculation, its sweeps and its bounds.
"""
