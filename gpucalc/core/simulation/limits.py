"""Bounds on one simulated run and one sweep, so every accepted run ends within seconds.

Measured on a laptop core (``python -m benchmarks.cli_fuzz`` prints the slowest accepted
commands): the event loop handles about 50,000–250,000 events a second, and a sweep runs one
simulation per rate. No numpy here: the command line reads these bounds without loading the
simulator.
"""

from __future__ import annotations

MAX_SIMULATED_REQUESTS = 100_000  # requests in one run: a few seconds
MAX_SWEEP_REQUESTS = 200_000  # requests over all the rates of one sweep: ~15 s at worst
MAX_SIMULATION_EVENTS = 1_000_000  # arrivals and engine steps of one run: ~10 s at worst
# Decode steps of one run over all replicas (a fast-forwarded run of steps is one event): one
# inter-token gap is kept per step, ~32 bytes each, so 3,000,000 steps hold ~100 MB and take
# 2–6 s (100,000 lone requests of 256 tokens, 25.6 M steps, took 12 s and 1.3 GB).
MAX_SIMULATED_STEPS = 3_000_000
# Burstiness is a gamma shape; below 0.001 almost every gap is zero and a few are ~1000× the
# mean, so the draws underflow to 0 or overflow (vLLM accepts any positive value).
MIN_BURSTINESS = 1e-3
