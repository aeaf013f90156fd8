"""Simulation.

The discrete-event simulator of continuous batching, its traffic, metrics, rate sweeps and the
capacity at the SLO.
"""
