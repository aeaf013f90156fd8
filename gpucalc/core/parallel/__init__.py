"""Parallelism and topology.

TP/PP splits, nodes and links, expert parallel and its all-to-all, decode context parallel.
"""
