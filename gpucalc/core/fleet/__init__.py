"""Fleet and sizing.

The fleet verdict, sizing over GPUs and layouts, disaggregated pools and the KV transfer between
them, the uncertainty bands and the sensitivity ranking.
"""
